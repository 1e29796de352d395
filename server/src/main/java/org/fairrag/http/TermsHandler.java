package org.fairrag.http;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.function.Supplier;
import org.fairrag.terms.TermDetails;
import org.fairrag.terms.TermMatch;
import org.fairrag.terms.TermRef;
import org.fairrag.terms.TermSearch;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyIndex;
import org.fairrag.failure.ApiException;
import org.fairrag.work.WorkerPool;

/**
 * The vocabulary routes: {@code GET /api/terms/search} (terms from plain words), {@code GET
 * /api/terms/:id} (one term, its neighbours and article counts), {@code GET /api/terms/:id/narrower}
 * (the narrower tree); {@link RelatedConceptsHandler} answers {@code GET /api/terms/:id/related}. Validates,
 * runs the work on the search pool, writes JSON.
 */
public final class TermsHandler {

    public static final int DEFAULT_K = 10;
    public static final int MAX_K = 100;
    public static final int MAX_DEPTH = 5;

    private final TermSearch search;
    private final TermDetails details;
    private final WorkerPool pool;
    private final Supplier<VocabularyIndex> vocabulary;

    public TermsHandler(TermSearch search, TermDetails details, WorkerPool pool, Supplier<VocabularyIndex> vocabulary) {
        this.search = search;
        this.details = details;
        this.pool = pool;
        this.vocabulary = vocabulary;
    }

    public void search(RoutingContext ctx) {
        long start = System.nanoTime();
        QueryParams p = new QueryParams(ctx);
        String q = p.requiredText("q");
        int k = p.integer("k", DEFAULT_K, 1, MAX_K);
        pool.submit(() -> search.search(q, k)).onSuccess(matches -> {
            JsonArray results = new JsonArray();
            for (TermMatch m : matches) {
                results.add(new JsonObject().put("id", m.id()).put("label", m.label()).put("matched", m.matched())
                        .put("score", m.score()).put("treeNumbers", new JsonArray(m.treeNumbers())));
            }
            json(ctx, new JsonObject().put("query", q).put("results", results),
                    new ServerTiming().add("total", System.nanoTime() - start).toString());
        }).onFailure(ctx::fail);
    }

    public void detail(RoutingContext ctx) {
        String id = termId(ctx, vocabulary);
        var accessLevels = Caller.of(ctx).accessLevels();
        pool.submit(() -> details.detail(id, accessLevels).orElseThrow()).onSuccess(d -> {
            Term t = d.term();
            JsonObject body = new JsonObject().put("id", t.id()).put("pid", t.pid()).put("label", t.label())
                    .put("altLabels", new JsonArray(t.altLabels())).put("treeNumbers", new JsonArray(t.treeNumbers()))
                    .put("broader", refs(d.broader())).put("narrower", refs(d.narrower()))
                    .put("scopeNote", t.scopeNote()).put("articleCount", d.articleCount())
                    .put("articleCountExploded", d.articleCountExploded());
            if (t.sourceIri() != null) {
                body.put("sourceIri", t.sourceIri());
            }
            json(ctx, body, null);
        }).onFailure(ctx::fail);
    }

    public void narrower(RoutingContext ctx) {
        String id = termId(ctx, vocabulary);
        int depth = new QueryParams(ctx).integer("depth", 1, 1, MAX_DEPTH);
        pool.submit(() -> details.narrower(id, depth).orElseThrow()).onSuccess(tree -> json(ctx, node(tree), null))
                .onFailure(ctx::fail);
    }

    /** The path's term id: malformed is a 400, unknown a 404. */
    static String termId(RoutingContext ctx, Supplier<VocabularyIndex> vocabulary) {
        String id = ctx.pathParam("id");
        if (id == null || !QueryParams.TERM_ID.matcher(id).matches()) {
            throw ApiException.badRequest("malformed_term_id",
                    id + " is not a term id (a MeSH descriptor UI such as D009062, or vocabulary:id).");
        }
        if (vocabulary.get().byId(id).isEmpty()) {
            throw ApiException.notFound("No term " + id + " in the vocabulary.");
        }
        return id;
    }

    private static JsonObject node(TermDetails.Node n) {
        JsonArray children = new JsonArray();
        n.children().forEach(c -> children.add(node(c)));
        return new JsonObject().put("id", n.id()).put("label", n.label()).put("hasChildren", n.hasChildren())
                .put("children", children);
    }

    private static JsonArray refs(List<TermRef> refs) {
        JsonArray out = new JsonArray();
        refs.forEach(r -> out.add(new JsonObject().put("id", r.id()).put("label", r.label())));
        return out;
    }

    static void json(RoutingContext ctx, JsonObject body, String serverTiming) {
        var response = ctx.response().putHeader("Content-Type", "application/json; charset=utf-8");
        if (serverTiming != null) {
            response.putHeader("Server-Timing", serverTiming);
        }
        response.end(body.encode());
    }
}
