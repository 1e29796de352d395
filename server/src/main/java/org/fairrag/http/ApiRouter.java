package org.fairrag.http;

import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import io.vertx.ext.web.handler.CorsHandler;
import io.vertx.ext.web.impl.Origin;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.regex.Pattern;

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
        router.route("/*").method(HttpMethod.GET).method(HttpMethod.HEAD).handler(app::securityHeaders).handler(app.files());
        headWhereverGet(router);

        router.route().failureHandler(Errors::handleFailure);
        router.errorHandler(405, ctx -> {
            String allow = allowedMethods(router, ctx.normalizedPath());
            if (allow.isEmpty()) {
                Errors.send(ctx, 404, Errors.codeFor(404), Errors.messageFor(404));
            } else {
                ctx.response().putHeader("Allow", allow);
                Errors.handleFailure(ctx);
            }
        });
        for (int status : new int[] {404, 413, 414, 415, 431}) {
            router.errorHandler(status, Errors::handleFailure);
        }
        return router;
    }

    /**
     * RFC 9110 requires HEAD wherever GET is answered: every route of GET takes HEAD too (the server sends the
     * headers of the GET and no body).
     */
    static void headWhereverGet(Router router) {
        for (Route route : router.getRoutes()) {
            Set<HttpMethod> methods = route.methods();
            if (methods != null && methods.contains(HttpMethod.GET) && !methods.contains(HttpMethod.HEAD)) {
                route.method(HttpMethod.HEAD);
            }
        }
    }

    /**
     * The methods the routes of {@code path} take, for the {@code Allow} header of a 405; empty when only the
     * web app's catch-all route matched (no resource is known there: a 404). Route paths are read as Vert.x
     * reads them: exact, a prefix (a final {@code *}), or with {@code :param} segments.
     */
    static String allowedMethods(Router router, String path) {
        Set<String> allowed = new TreeSet<>();
        for (Route route : router.getRoutes()) {
            Set<HttpMethod> methods = route.methods();
            String routePath = route.getPath();
            if (methods == null || methods.isEmpty() || routePath == null || isCatchAll(route)) {
                continue;
            }
            boolean matches = routePath.contains(":") ? paramPattern(routePath).matcher(path).matches()
                    : route.isExactPath() ? routePath.equals(path) : path.startsWith(routePath);
            if (matches) {
                methods.forEach(m -> allowed.add(m.name()));
            }
        }
        if (!allowed.isEmpty()) {
            allowed.add(HttpMethod.OPTIONS.name()); // CORS preflights are answered on every path
        }
        return String.join(", ", allowed);
    }

    private static boolean isCatchAll(Route route) {
        return "/".equals(route.getPath()) && !route.isExactPath();
    }

    private static Pattern paramPattern(String routePath) {
        StringBuilder regex = new StringBuilder();
        for (String part : routePath.split("(?=[:/])|(?<=/)")) {
            regex.append(part.startsWith(":") ? "[^/]+" : Pattern.quote(part));
        }
        return Pattern.compile(regex.toString());
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
