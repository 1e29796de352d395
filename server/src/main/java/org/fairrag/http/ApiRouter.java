package org.fairrag.http;

import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import io.vertx.ext.web.handler.CorsHandler;
import io.vertx.ext.web.impl.Origin;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The frame of the HTTP surface: the guards every request passes, health and metrics, the routes the
 * capabilities add, then the web app's files and the error handlers. The guards and the path of a request
 * are described in {@code docs/architecture.md}, with the routes each capability adds.
 */
public final class ApiRouter {

    /** The handlers of the server itself, ahead of what the modules add: health, metrics, the API's description. */
    public record Handlers(
            Handler<RoutingContext> health,
            Handler<RoutingContext> metrics,
            Handler<RoutingContext> openApi) {}

    /**
     * What every request passes before its handler: the count of requests in flight (for a graceful stop),
     * request line limits, the caller's key, and the rate limits ({@code null} when off).
     */
    public record Guards(InFlightRequests inFlight, RequestLimitsHandler requestLimits, long maxBodyBytes, ApiKeyHandler apiKeys,
                         Handler<RoutingContext> apiRateLimit, Handler<RoutingContext> sparqlRateLimit) {}

    /** The methods whose form bodies Vert.x decodes. */
    private static final Set<HttpMethod> FORM_METHODS = Set.of(HttpMethod.POST, HttpMethod.PUT, HttpMethod.PATCH,
            HttpMethod.DELETE);
    private static final List<String> API_PREFIXES = List.of("/api/", "/pid/", "/dataset", "/sitemap");

    private ApiRouter() {}

    /** The rate limit of a path: SPARQL's, the API's (API, PIDs, dataset, sitemaps), or none (static files, health). */
    private static Handler<RoutingContext> rateLimitOf(String path, Guards g) {
        if (path.startsWith("/sparql")) {
            return g.sparqlRateLimit();
        }
        return API_PREFIXES.stream().anyMatch(path::startsWith) ? g.apiRateLimit() : null;
    }

    /**
     * @param routes what each capability adds (its module's routes, see {@code docs/architecture.md}), in the
     *               order given; after the guards, before the web app's files
     */
    public static Router create(Vertx vertx, Handlers h, Guards g, List<Consumer<Router>> routes) {
        Router router = Router.router(vertx);
        router.route().handler(new RequestLogHandler());
        router.route().handler(ApiRouter::knownMethod);
        router.route().handler(g.inFlight());
        router.route().handler(g.requestLimits());
        router.route().handler(ApiRouter::ignoreInvalidOrigin);
        router.route().handler(CorsHandler.create()
                .allowedMethods(Set.of(HttpMethod.GET, HttpMethod.POST, HttpMethod.HEAD, HttpMethod.OPTIONS))
                .allowedHeaders(Set.of("Content-Type", "Accept", "Authorization", "X-API-Key", "If-None-Match"))
                .exposedHeaders(Set.of("Link", "ETag", "Vary", "Server-Timing", "X-Request-Id", "Retry-After", SparqlHandler.RESULT_CAP_HEADER)));
        router.get("/health").handler(h.health());
        router.get("/metrics").handler(h.metrics());
        router.route().handler(ApiRouter::ignoreFormTypeWithoutBodyMethod);
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
        routes.forEach(addRoutes -> addRoutes.accept(router));
        WebApp app = new WebApp();
        // What the SPARQL endpoint passes on: a browser asking for the query page.
        router.route("/sparql").method(HttpMethod.GET).method(HttpMethod.HEAD).handler(app::securityHeaders)
                .handler(app::queryPage);
        router.route("/sparql/").method(HttpMethod.GET).method(HttpMethod.HEAD).handler(app::securityHeaders)
                .handler(app::queryPage);

        router.route("/webjars/*").method(HttpMethod.GET).method(HttpMethod.HEAD).handler(app.webjars());
        router.route("/*").handler(app::securityHeaders).handler(app.files());

        router.route().failureHandler(Errors::handleFailure);
        for (int status : new int[] {404, 405, 413, 414, 415, 431}) {
            router.errorHandler(status, Errors::handleFailure);
        }
        return router;
    }

    /**
     * A method no route takes and HTTP does not define (any token is a method on the wire) is a 501, before
     * anything counts it against a route.
     */
    private static void knownMethod(RoutingContext ctx) {
        if (HttpMetricTags.isStandard(ctx.request().method().name())) {
            ctx.next();
        } else {
            ctx.fail(501);
        }
    }

    /**
     * An {@code Origin} that is not an origin ({@code x}, {@code *}, {@code file://}, {@code javascript:...}) is
     * dropped, and the request answered as one without it: without CORS headers, which no browser page can
     * use. Vert.x's CORS handler would otherwise fail every such request. Ignoring rather than refusing keeps
     * tools that send a junk header working, and gives a page of a bad origin nothing more than before.
     */
    private static void ignoreInvalidOrigin(RoutingContext ctx) {
        String origin = ctx.request().getHeader(HttpHeaders.ORIGIN);
        if (origin != null && !isOrigin(origin)) {
            ctx.request().headers().remove(HttpHeaders.ORIGIN);
        }
        ctx.next();
    }

    /** Whether Vert.x's CORS handler can read {@code origin}: its own check, which throws on some ({@code http://}). */
    static boolean isOrigin(String origin) {
        try {
            return Origin.isValid(origin) && Origin.parse(origin) != null;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /**
     * A form content type on a request whose method has no body to decode (GET, HEAD, OPTIONS): the body is
     * ignored, as GET's is, rather than making the body handler fail the request.
     */
    private static void ignoreFormTypeWithoutBodyMethod(RoutingContext ctx) {
        HttpMethod method = ctx.request().method();
        String type = ctx.request().getHeader(HttpHeaders.CONTENT_TYPE);
        if (type != null && !FORM_METHODS.contains(method)) {
            String lower = type.toLowerCase(Locale.ROOT);
            if (lower.startsWith("application/x-www-form-urlencoded") || lower.startsWith("multipart/")) {
                ctx.request().headers().remove(HttpHeaders.CONTENT_TYPE);
            }
        }
        ctx.next();
    }
}
