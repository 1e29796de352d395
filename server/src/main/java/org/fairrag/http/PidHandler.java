package org.fairrag.http;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.fairrag.fdo.ArticleIds;
import org.fairrag.fdo.FdoKind;
import org.fairrag.fdo.PidScheme;
import org.fairrag.pid.ArticleLookup;
import org.fairrag.pid.EntityTags;
import org.fairrag.pid.ErrorPage;
import org.fairrag.pid.MediaFormat;
import org.fairrag.pid.Negotiation;
import org.fairrag.pid.PidRepresentations;
import org.fairrag.store.ApiKeys;
import org.fairrag.store.PidRecord;
import org.fairrag.store.PidRegistry;
import org.fairrag.work.WorkerPool;

/**
 * Resolves PIDs: {@code /pid/{id}} (landing page or RDF by negotiation or {@code ?format=}, 410 for a
 * tombstone), {@code /pid/{id}/linkset} (Signposting level 2) and {@code /dataset} (the dataset FDO).
 * A malformed or unknown id is a 404 that says so, naming the PIDs a one-character typo may have meant.
 * A restricted object shows its content only to a caller whose key may read it; anyone else gets its
 * registry record with 401 (no key) or 403 (a key that does not reach that far).
 */
public final class PidHandler {

    /** JSON first: an error is an HTML page only for a client that prefers HTML (a browser), as everywhere. */
    private static final List<MediaFormat> ERROR_FORMATS = List.of(
            new MediaFormat("json", "application/json", List.of(), "JSON", null), MediaFormat.HTML);

    private final PidRegistry registry;
    private final PidRepresentations representations;
    private final WorkerPool pool;
    private final String baseUrl;
    private final String datasetId;
    private final ArticleLookup lookup;
    private final Function<RoutingContext, List<String>> contentGraphs;
    private final Supplier<String> literatureVersion;

    /** @param literatureVersion the version of the public associations, which a term's HTML page shows */
    public PidHandler(PidRegistry registry, PidRepresentations representations, WorkerPool pool, String baseUrl,
                      String datasetId, ArticleLookup lookup, Function<RoutingContext, List<String>> contentGraphs,
                      Supplier<String> literatureVersion) {
        this.literatureVersion = literatureVersion;
        this.registry = registry;
        this.lookup = lookup;
        this.contentGraphs = contentGraphs;
        this.representations = representations;
        this.pool = pool;
        this.baseUrl = baseUrl;
        this.datasetId = datasetId;
    }

    public void landing(RoutingContext ctx) {
        serve(ctx, ctx.pathParam("id"), false);
    }

    public void linkset(RoutingContext ctx) {
        serve(ctx, ctx.pathParam("id"), true);
    }

    public void dataset(RoutingContext ctx) {
        serve(ctx, datasetId, false);
    }

    /**
     * {@code /pid/lookup?pmid=} or {@code ?doi=}: 303 to the article's PID. A PMID finds any article issued
     * here (its PID is derived from the PMID, so this tells nothing the PMID does not); a DOI is looked up
     * among the articles the caller may read.
     */
    public void lookup(RoutingContext ctx) {
        ctx.response().putHeader(HttpHeaders.CACHE_CONTROL, CacheHeaders.PRIVATE)
                .putHeader(HttpHeaders.VARY, "Accept, " + CacheHeaders.VARY_BY_KEY);
        String pmid = ctx.request().getParam("pmid");
        String doi = ctx.request().getParam("doi");
        if ((pmid == null) == (doi == null)) {
            fail(ctx, 400, "lookup_identifier", "No identifier", "Give one identifier: ?pmid=12345678 or ?doi=10.1000/xyz.",
                    List.of());
            return;
        }
        if (pmid != null) {
            String digits = pmid.strip();
            if (!ArticleLookup.PMID.matcher(digits).matches()) {
                fail(ctx, 400, "invalid_parameter", "Not a PMID", "A PMID is a positive whole number, such as 31978945.",
                        List.of());
                return;
            }
            String id = ArticleIds.forPmid(digits);
            registry.find(id).onSuccess(found -> {
                if (found.isPresent() && found.get().kind() == FdoKind.ARTICLE) {
                    seeOther(ctx, baseUrl + "/pid/" + id);
                } else {
                    notFound(ctx, "unknown_article", "Unknown article", "No article with PMID " + digits + " was ingested here.",
                            List.of());
                }
            }).onFailure(ctx::fail);
            return;
        }
        String asked = doi.strip().replaceFirst("(?i)^(https?://(dx\\.)?doi\\.org/|doi:\\s*)", "");
        if (!ArticleLookup.DOI.matcher(asked).matches()) {
            fail(ctx, 400, "invalid_parameter", "Not a DOI", "A DOI starts with 10., a registrant code and a slash, such as"
                    + " 10.1056/NEJMoa2001017.", List.of());
            return;
        }
        List<String> graphs = contentGraphs.apply(ctx);
        pool.submit(() -> lookup.byDoi(asked, graphs)).onSuccess(found -> {
            if (found.isPresent()) {
                seeOther(ctx, found.get());
            } else {
                notFound(ctx, "unknown_article", "Unknown article", "No article with DOI " + asked + " is here for you to see.",
                        List.of());
            }
        }).onFailure(ctx::fail);
    }

    private static void seeOther(RoutingContext ctx, String location) {
        ctx.response().setStatusCode(303).putHeader(HttpHeaders.LOCATION, location).end();
    }

    private void serve(RoutingContext ctx, String id, boolean linkset) {
        ctx.response().putHeader(HttpHeaders.VARY, "Accept");
        if (!PidScheme.isValid(id)) {
            malformed(ctx, id);
            return;
        }
        registry.findAll(List.of(id, datasetId)).onSuccess(found -> {
            PidRecord record = found.get(id);
            if (record == null) {
                notFound(ctx, "unknown_pid", "Unknown PID", baseUrl + "/pid/" + id + " is well formed but was never issued here.",
                        List.of());
                return;
            }
            List<MediaFormat> offered = linkset ? PidRepresentations.linksetFormats()
                    : PidRepresentations.offered(record.kind());
            Optional<MediaFormat> format = choose(ctx, offered);
            if (format.isEmpty()) {
                return;
            }
            Caller caller = Caller.of(ctx);
            boolean full = caller.mayRead(record.accessLevel());
            int denied = caller.anonymous() ? 401 : 403;
            String etag = EntityTags.of(record, format.get(), found.get(datasetId), full, literatureVersion.get());
            ctx.response().putHeader(HttpHeaders.ETAG, etag)
                    .putHeader(HttpHeaders.CACHE_CONTROL, EntityTags.cacheControl(record));
            if (!ApiKeys.PUBLIC.equals(record.accessLevel())) {
                ctx.response().headers().set(HttpHeaders.VARY, "Accept, Authorization, X-API-Key");
            }
            if (!full && caller.anonymous()) {
                ctx.response().putHeader("WWW-Authenticate", "Bearer realm=\"fairrag\"");
            }
            if (EntityTags.matches(ctx.request().getHeader(HttpHeaders.IF_NONE_MATCH), etag)) {
                ctx.response().setStatusCode(304).end();
                return;
            }
            pool.submit(() -> linkset ? representations.linkset(record, format.get(), full, denied)
                            : representations.render(record, format.get(), full, denied))
                    .onSuccess(r -> {
                        if (r.linkHeader() != null) {
                            ctx.response().putHeader("Link", r.linkHeader());
                        }
                        ctx.response().setStatusCode(r.status())
                                .putHeader(HttpHeaders.CONTENT_TYPE, r.format().contentType());
                        end(ctx, r.body());
                    })
                    .onFailure(ctx::fail);
        }).onFailure(ctx::fail);
    }

    /** Ends the response with {@code body}, or for a HEAD request with only its length. */
    private static void end(RoutingContext ctx, String body) {
        if (ctx.request().method() == HttpMethod.HEAD) {
            Buffer bytes = Buffer.buffer(body);
            ctx.response().putHeader(HttpHeaders.CONTENT_LENGTH, Integer.toString(bytes.length())).end();
        } else {
            ctx.response().end(body);
        }
    }

    /** The format asked for by {@code ?format=}, else by {@code Accept}; empty after answering 400 or 406. */
    private Optional<MediaFormat> choose(RoutingContext ctx, List<MediaFormat> offered) {
        String key = ctx.request().getParam("format");
        String keys = String.join(", ", offered.stream().map(MediaFormat::key).toList());
        if (key != null) {
            Optional<MediaFormat> format = MediaFormat.byKey(offered, key);
            if (format.isEmpty()) {
                fail(ctx, 400, "unknown_format", "Unknown format", "format must be one of " + keys + ".", List.of());
            }
            return format;
        }
        Optional<MediaFormat> format = Negotiation.choose(ctx.parsedHeaders().accept(), offered);
        if (format.isEmpty()) {
            Errors.send(ctx, 406, "not_acceptable", "This resource is available as "
                    + String.join(", ", offered.stream().map(MediaFormat::mediaType).toList())
                    + " (or ?format=" + keys + ").");
        }
        return format;
    }

    private void malformed(RoutingContext ctx, String id) {
        List<String> candidates = PidScheme.singleCharacterCorrections(id);
        Future<Map<String, PidRecord>> known = registry.findAll(candidates);
        known.onSuccess(found -> {
            List<String> suggestions = candidates.stream().filter(found::containsKey).map(c -> baseUrl + "/pid/" + c).toList();
            String message = "This is not a valid PID: its id must be " + PidScheme.ID_LENGTH
                    + " characters of 0-9 and consonants without l, the last one a check character."
                    + (suggestions.isEmpty() ? "" : " One character may have been mistyped; the PID meant is probably "
                    + String.join(" or ", suggestions) + ".");
            notFound(ctx, "malformed_pid", "Malformed PID", message, suggestions);
        }).onFailure(ctx::fail);
    }

    private void notFound(RoutingContext ctx, String code, String title, String message, List<String> suggestions) {
        fail(ctx, 404, code, title, message, suggestions);
    }

    /** An error as an HTML page for a client that prefers HTML, as JSON for anything else (no Accept, curl's). */
    private void fail(RoutingContext ctx, int status, String code, String title, String message, List<String> suggestions) {
        boolean html = Negotiation.choose(ctx.parsedHeaders().accept(), ERROR_FORMATS).orElse(null) == MediaFormat.HTML;
        ctx.response().setStatusCode(status).putHeader(HttpHeaders.CACHE_CONTROL, "no-store");
        if (html) {
            String page = representations.errorPage(new ErrorPage(status, title, message, suggestions, baseUrl + "/"));
            ctx.response().putHeader(HttpHeaders.CONTENT_TYPE, MediaFormat.HTML.contentType()).end(page);
        } else {
            JsonObject body = Errors.body(code, message);
            body.getJsonObject("error").put("suggestions", new JsonArray(suggestions));
            ctx.response().putHeader(HttpHeaders.CONTENT_TYPE, "application/json; charset=utf-8").end(body.encode());
        }
    }
}
