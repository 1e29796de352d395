package org.fairrag.http;

import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.util.UUID;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The request handler of a server that listens before its stores are ready. Until {@link #open} is
 * called: {@code /health} answers {@code 503} with {@code {"status": "STARTING", "startup": ...}} (what the
 * start-up is doing, as the given supplier tells), the web app's files are served, and every other
 * request gets {@code 503} {@code starting} with {@code Retry-After}. From then on every request goes to
 * the API's router.
 */
public final class ReadinessGate implements Handler<HttpServerRequest> {

    private static final Logger LOG = LoggerFactory.getLogger(ReadinessGate.class);

    /** Seconds a client is asked to wait before it tries again. */
    public static final int RETRY_AFTER_SECONDS = 5;

    private final Router starting;
    private volatile Handler<HttpServerRequest> api;

    private ReadinessGate(Router starting) {
        this.starting = starting;
    }

    /** A closed gate; {@code progress} describes the start-up for {@code /health}, called on the event loop. */
    public static ReadinessGate create(Vertx vertx, Supplier<JsonObject> progress) {
        Router router = Router.router(vertx);
        router.route().handler(new RequestLogHandler());
        router.get("/health").handler(ctx -> ctx.response()
                .setStatusCode(503)
                .putHeader("Content-Type", "application/json; charset=utf-8")
                .putHeader("Cache-Control", "no-store")
                .putHeader("Retry-After", Integer.toString(RETRY_AFTER_SECONDS))
                .end(new JsonObject().put("status", "STARTING").put("startup", progress.get()).encode()));
        WebApp app = new WebApp();
        router.route("/webjars/*").method(HttpMethod.GET).method(HttpMethod.HEAD).handler(app.webjars());
        // A path that is no file of the app goes on to the next route.
        router.route("/*").method(HttpMethod.GET).method(HttpMethod.HEAD).handler(app::securityHeaders)
                .handler(app.files());
        router.route().handler(ReadinessGate::starting);
        router.route().failureHandler(Errors::handleFailure);
        return new ReadinessGate(router);
    }

    private static void starting(RoutingContext ctx) {
        ctx.response().putHeader("Retry-After", Integer.toString(RETRY_AFTER_SECONDS));
        Errors.send(ctx, 503, "starting", "fairrag is starting and will answer in a moment; GET /health tells how far it is.");
    }

    /** From now on, every request goes to {@code api}. */
    public void open(Handler<HttpServerRequest> api) {
        this.api = api;
    }

    /**
     * An HTTP/1.1 request must name its host (RFC 9112, 3.2); the router fails one that does not before any
     * route runs, so it is answered here: a JSON 400 with its request id, like every other error.
     */
    private static void refuseWithoutHost(HttpServerRequest request) {
        String id = UUID.randomUUID().toString();
        LOG.info("{} {} [{}]: HTTP/1.1 request without Host refused", request.method(), request.path(), id);
        request.response().setStatusCode(400)
                .putHeader(RequestLogHandler.HEADER, id)
                .putHeader("Content-Type", "application/json; charset=utf-8")
                .putHeader("Cache-Control", "no-store")
                .end(Errors.body("missing_host", "An HTTP/1.1 request needs a Host header naming this server.").encode());
    }

    public boolean isOpen() {
        return api != null;
    }

    @Override
    public void handle(HttpServerRequest request) {
        if (request.version() == HttpVersion.HTTP_1_1 && request.authority() == null) {
            refuseWithoutHost(request);
            return;
        }
        Handler<HttpServerRequest> open = api;
        (open != null ? open : starting).handle(request);
    }
}
