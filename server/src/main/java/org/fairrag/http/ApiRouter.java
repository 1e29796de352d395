package org.fairrag.http;

import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import io.vertx.ext.web.handler.CorsHandler;
import java.util.List;
import java.util.Set;

/**
 * The whole HTTP surface in one place; it reads like the README's "HTTP API" table. The guards and the
 * path of a request are described in {@code docs/architecture.md}.
 */
public final class ApiRouter {

    /** The handlers the router dispatches to, built by the application wiring. */
    public record Handlers(
            Handler<RoutingContext> health,
            Handler<RoutingContext> metrics,
            SparqlHandler sparql,
            Handler<RoutingContext> openApi,
            FilterHandler filter,
            SummarizeHandler summarize,
            PidHandler pid,
            DatasetHandler dataset,
            CrawlerHandler crawler,
            AdminHandler admin,
            SearchHandler articleSearch,
            TermsHandler terms,
            ExportHandler export,
            AnnotateHandler annotate,
            AskHandler ask) {}

    /**
     * What every request passes before its handler: the count of requests in flight (for a graceful stop),
     * request line limits, the caller's key, and the rate limits ({@code null} when off).
     */
    public record Guards(InFlightRequests inFlight, RequestLimitsHandler requestLimits, long maxBodyBytes, ApiKeyHandler apiKeys,
                         Handler<RoutingContext> apiRateLimit, Handler<RoutingContext> sparqlRateLimit) {}

    private static final List<String> API_PREFIXES = List.of("/api/", "/pid/", "/dataset", "/sitemap");

    private ApiRouter() {}

    /** The rate limit of a path: SPARQL's, the API's (API, PIDs, dataset, sitemaps), or none (static files, health). */
    private static Handler<RoutingContext> rateLimitOf(String path, Guards g) {
        if (path.startsWith("/sparql")) {
            return g.sparqlRateLimit();
        }
        return API_PREFIXES.stream().anyMatch(path::startsWith) ? g.apiRateLimit() : null;
    }

    public static Router create(Vertx vertx, Handlers h, Guards g) {
        Router router = Router.router(vertx);
        router.route().handler(new RequestLogHandler());
        router.route().handler(g.inFlight());
        router.route().handler(g.requestLimits());
        router.route().handler(CorsHandler.create()
                .allowedMethods(Set.of(HttpMethod.GET, HttpMethod.POST, HttpMethod.HEAD, HttpMethod.OPTIONS))
                .allowedHeaders(Set.of("Content-Type", "Accept", "Authorization", "X-API-Key", "If-None-Match"))
                .exposedHeaders(Set.of("Link", "ETag", "Vary", "Server-Timing", "X-Request-Id", "Retry-After", SparqlHandler.RESULT_CAP_HEADER)));
        router.get("/health").handler(h.health());
        router.get("/metrics").handler(h.metrics());
        router.route().handler(BodyHandler.create(false).setBodyLimit(g.maxBodyBytes()));
        router.route().handler(g.apiKeys());
        // One route without a path, so that the rate limits stay out of the route label of the metrics.
        router.route().handler(ctx -> {
            Handler<RoutingContext> limit = rateLimitOf(ctx.normalizedPath(), g);
            if (limit == null) {
                ctx.next();
            } else {
                limit.handle(ctx);
            }
        });

        router.get("/openapi.yaml").handler(h.openApi());
        router.route("/sparql").handler(h.sparql()::handle);
        router.route("/sparql/").handler(h.sparql()::handle);
        WebApp app = new WebApp();
        // What SparqlHandler passes on: a browser asking for the query page.
        router.route("/sparql").method(HttpMethod.GET).method(HttpMethod.HEAD).handler(app::securityHeaders)
                .handler(app::queryPage);
        router.route("/sparql/").method(HttpMethod.GET).method(HttpMethod.HEAD).handler(app::securityHeaders)
                .handler(app::queryPage);

        // What these answer depends on what the caller's key may read (CacheHeaders::privateToCaller).
        router.get("/api/articles/search").handler(CacheHeaders::privateToCaller).handler(h.articleSearch()::handle);
        router.get("/api/terms/search").handler(h.terms()::search);
        router.get("/api/terms/:id").handler(CacheHeaders::privateToCaller).handler(h.terms()::detail);
        router.get("/api/terms/:id/narrower").handler(h.terms()::narrower);
        router.get("/api/terms/:id/related").handler(CacheHeaders::privateToCaller).handler(h.terms()::related);
        router.post("/api/filter").handler(CacheHeaders::privateToCaller).handler(h.filter()::handle);
        router.post("/api/summarize").handler(CacheHeaders::privateToCaller).handler(h.summarize()::handle);
        router.get("/api/summarize/prompt").handler(h.summarize()::defaultPrompt);
        router.post("/api/export").handler(CacheHeaders::privateToCaller).handler(h.export()::handle);
        router.post("/api/annotate").handler(CacheHeaders::privateToCaller).handler(h.annotate()::handle);
        router.post("/api/ask").handler(CacheHeaders::privateToCaller).handler(h.ask()::handle);

        // Before /pid/:id; "lookup" is no PID id (ids have no vowels).
        router.route("/pid/lookup").method(HttpMethod.GET).method(HttpMethod.HEAD).handler(h.pid()::lookup);
        router.route("/pid/:id").method(HttpMethod.GET).method(HttpMethod.HEAD).handler(h.pid()::landing);
        router.route("/pid/:id/linkset").method(HttpMethod.GET).method(HttpMethod.HEAD).handler(h.pid()::linkset);
        router.route("/dataset").method(HttpMethod.GET).method(HttpMethod.HEAD).handler(h.pid()::dataset);
        router.route("/dataset/dump").method(HttpMethod.GET).method(HttpMethod.HEAD).handler(h.dataset()::dump);
        router.get("/sitemap.xml").handler(h.crawler()::index);
        router.get("/sitemap/:page").handler(h.crawler()::page);
        router.get("/robots.txt").handler(h.crawler()::robots);
        router.post("/api/admin/pid/:id/tombstone").handler(h.admin()::requireAdmin).handler(h.admin()::tombstone);

        router.route("/webjars/*").method(HttpMethod.GET).method(HttpMethod.HEAD).handler(app.webjars());
        router.route("/*").handler(app::securityHeaders).handler(app.files());

        router.route().failureHandler(Errors::handleFailure);
        for (int status : new int[] {404, 405, 413, 414, 415, 431}) {
            router.errorHandler(status, Errors::handleFailure);
        }
        return router;
    }
}
