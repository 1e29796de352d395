package org.fairrag.http;

import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.Set;
import org.fairrag.graph.Graphs;
import org.fairrag.store.ApiKeys;

/**
 * Who is asking: anonymous, or the holder of an API key with what it grants. Decides which content
 * graphs and access levels a request may see. Set on every request by {@link ApiKeyHandler}.
 *
 * @param keyId       the id of the key presented, or null for an anonymous caller
 * @param accessLevel {@code public} or {@code restricted}
 * @param admin       whether the admin API is open to the caller
 */
public record Caller(String keyId, String accessLevel, boolean admin) {

    public static final Caller ANONYMOUS = new Caller(null, ApiKeys.PUBLIC, false);
    private static final String KEY = "fairrag.caller";

    public static Caller of(ApiKeys.Grant grant) {
        return new Caller(grant.keyId(), grant.accessLevel(), grant.admin());
    }

    /** The caller of this request; anonymous when no key was presented. */
    public static Caller of(RoutingContext ctx) {
        Caller caller = ctx.get(KEY);
        return caller == null ? ANONYMOUS : caller;
    }

    void attachTo(RoutingContext ctx) {
        ctx.put(KEY, this);
    }

    public boolean anonymous() {
        return keyId == null;
    }

    /** Whether content of this access level may be shown to the caller. */
    public boolean mayRead(String level) {
        return ApiKeys.PUBLIC.equals(level) || ApiKeys.RESTRICTED.equals(accessLevel);
    }

    /** The access levels of the articles the caller may see. */
    public Set<String> accessLevels() {
        return mayRead(ApiKeys.RESTRICTED) ? Set.of(ApiKeys.PUBLIC, ApiKeys.RESTRICTED) : Set.of(ApiKeys.PUBLIC);
    }

    /** The content graphs (articles, summaries) the caller may see. */
    public List<String> contentGraphs(Graphs graphs) {
        return mayRead(ApiKeys.RESTRICTED) ? List.of(graphs.publicContent(), graphs.restrictedContent())
                : List.of(graphs.publicContent());
    }

    /**
     * Every graph the caller may query: the vocabulary, the content graphs, the mentions found in their
     * articles and the associations counted over them.
     */
    public List<String> allGraphs(Graphs graphs) {
        return mayRead(ApiKeys.RESTRICTED)
                ? List.of(graphs.vocabulary(), graphs.publicContent(), graphs.restrictedContent(), graphs.publicMentions(),
                        graphs.restrictedMentions(), graphs.publicAssociations(), graphs.restrictedAssociations(),
                        graphs.typedRelations())
                : graphs.publicGraphs();
    }

    /** What the rate limiter counts the request against: the key, else the client's address. */
    public String rateKey(RoutingContext ctx) {
        return keyId != null ? "key:" + keyId : "ip:" + ctx.request().remoteAddress().hostAddress();
    }
}
