package org.fairrag.app;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.micrometer.PrometheusScrapingHandler;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.fairrag.http.ApiKeyHandler;
import org.fairrag.http.ApiRouter;
import org.fairrag.http.HealthChecksFactory;
import org.fairrag.http.InFlightRequests;
import org.fairrag.http.InvalidRequests;
import org.fairrag.http.OpenApiDocument;
import org.fairrag.http.RateLimitHandler;
import org.fairrag.http.ReadinessGate;
import org.fairrag.http.RequestLimitsHandler;
import org.fairrag.http.ResponseStreamer;
import org.fairrag.work.WorkerPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts listening, and builds the HTTP API over a running {@link Fairrag}: the worker pools and the guards
 * here, the routes from each of its modules ({@link FairragModule#addRoutes}) in their order.
 */
public final class HttpServerLauncher {

    private static final Logger LOG = LoggerFactory.getLogger(HttpServerLauncher.class);

    private HttpServerLauncher() {}

    /** A listening server and the router behind it. */
    public record Running(HttpServer server, Router router) {
        public int port() {
            return server.actualPort();
        }
    }

    /** A server that listens while the instance starts: its gate answers {@code starting} until the API opens. */
    public record Listening(HttpServer server, ReadinessGate gate) {
        public int port() {
            return server.actualPort();
        }
    }

    /**
     * Starts listening before the stores are ready: {@code /health} tells {@code progress}, the web app's
     * files are served, the API answers 503 {@code starting}. Blocks until listening; the server closes
     * with the lifecycle.
     */
    public static Listening listen(Lifecycle lifecycle, Supplier<JsonObject> progress) {
        FairragConfig config = lifecycle.config();
        ReadinessGate gate = ReadinessGate.create(lifecycle.vertx(), progress);
        HttpServer server = lifecycle.vertx().createHttpServer(protocolOptions()
                        .setHost(config.host())
                        .setPort(config.port())
                        // Form-encoded SPARQL queries may be as long as any body.
                        .setMaxFormAttributeSize((int) config.limits().maxBodyBytes())
                        .setMaxFormBufferedBytes((int) config.limits().maxBodyBytes())
                        .setIdleTimeout((int) config.connections().idleTimeout().toMillis())
                        .setIdleTimeoutUnit(TimeUnit.MILLISECONDS)
                        // The router answers an over-long request line with a JSON 414; this is only the backstop.
                        .setMaxInitialLineLength(Math.max(8192, config.limits().maxUriLength() * 2)))
                .requestHandler(gate)
                .invalidRequestHandler(InvalidRequests::answer)
                .listen()
                .await();
        lifecycle.closeWith(() -> server.close().await());
        return new Listening(server, gate);
    }

    /**
     * The protocol settings of every fairrag server, whatever its address and limits. An h2c upgrade request
     * is answered over HTTP/1.1, as the protocol allows: Vert.x's upgraded answer sometimes ended in EOF for
     * bodies of tens of KB (Java's default HttpClient asks for h2c; about 3 in 1,000 {@code /openapi.yaml}
     * requests failed, none of 2,000 once declined).
     */
    public static HttpServerOptions protocolOptions() {
        return new HttpServerOptions().setCompressionSupported(true).setHttp2ClearTextEnabled(false);
    }

    /** Starts the server; it stops when {@code fairrag} closes, letting requests in flight finish. Blocks until listening. */
    public static Running start(Fairrag fairrag) {
        return start(fairrag, listen(fairrag.lifecycle(), JsonObject::new));
    }

    /**
     * Builds the API over {@code fairrag} and opens the gate of the {@code listening} server to it; the
     * server stops when {@code fairrag} closes, letting requests in flight finish.
     */
    public static Running start(Fairrag fairrag, Listening listening) {
        Lifecycle lifecycle = fairrag.lifecycle();
        FairragConfig config = lifecycle.config();
        FairragConfig.Limits limits = config.limits();
        var metrics = lifecycle.metrics();
        HealthChecksFactory health = new HealthChecksFactory();
        ApiContext api = new ApiContext(lifecycle, pools(lifecycle, config),
                new ResponseStreamer(config.connections().writeTimeout(), metrics), health);
        for (FairragModule module : fairrag.modules()) {
            module.addRoutes(api);
        }

        ApiKeyHandler apiKeys = new ApiKeyHandler(fairrag.apiKeys(), config.quotas().apiKeyCacheTime(),
                ApiContext.buckets(config.quotas().keyLookupRate(), config.quotas().keyLookupBurst()), metrics);
        InFlightRequests inFlight = new InFlightRequests();
        Gauge.builder("fairrag.http.in.flight", inFlight, InFlightRequests::count)
                .description("HTTP requests started and not yet ended").register(metrics);
        Router router = ApiRouter.create(lifecycle.vertx(),
                new ApiRouter.Handlers(health.handler(apiKeys::isAdmin), PrometheusScrapingHandler.create(metrics),
                        OpenApiDocument.bundled()::handle),
                new ApiRouter.Guards(inFlight, new RequestLimitsHandler(limits.maxUriLength()), limits.maxBodyBytes(),
                        apiKeys,
                        rateLimit(limits.apiRate(), limits.apiBurst(), "api", metrics),
                        rateLimit(limits.sparqlRate(), limits.sparqlBurst(), "sparql", metrics)),
                api.routes());

        HttpServer server = listening.server();
        lifecycle.closeWith(() -> {
            LOG.info("Stopping the HTTP server: {} requests in flight have {} s to finish", inFlight.count(),
                    limits.shutdownGrace().toSeconds());
            if (!inFlight.drain(limits.shutdownGrace())) {
                LOG.warn("{} requests were still in flight after {} s; closing them", inFlight.count(),
                        limits.shutdownGrace().toSeconds());
            }
            server.close().await();
        });
        for (FairragModule module : fairrag.modules()) {
            module.beforeServing(api);
        }
        listening.gate().open(router);
        return new Running(server, router);
    }

    /** Separate pools, so that heavy SPARQL, dumps or summaries cannot take the threads search needs. */
    private static ApiContext.Pools pools(Lifecycle lifecycle, FairragConfig config) {
        int threads = config.workerThreads();
        int queue = config.workerQueue();
        return new ApiContext.Pools(
                pool(lifecycle, "sparql", threads, queue),
                // Embedding and index searches: CPU-bound, so no more threads than cores by default.
                pool(lifecycle, "search", threads, queue),
                pool(lifecycle, "api", threads, queue),
                // Costly filters wait for each other here, not in front of light filters, summaries and exports.
                pool(lifecycle, "filter-heavy", Math.max(1, threads / 2), 8),
                pool(lifecycle, "pid", threads, queue),
                // A dump holds its thread for as long as the client reads, so dumps get a small pool of their own.
                pool(lifecycle, "dump", 2, 2),
                // Questions may wait seconds for a chat model: a pool of their own, so that filter and summarize keep theirs.
                pool(lifecycle, "ask", threads, queue),
                // Annotating a whole abstract (mentions, a BM25 query of its words, the subject model) costs far more
                // than a search: a pool of its own, so that a burst of annotations cannot take the threads search needs.
                pool(lifecycle, "annotate", Math.max(1, threads / 2), queue),
                // Health probes, so that a saturated SPARQL pool reads as busy, not as a store down.
                pool(lifecycle, "health", 1, 4));
    }

    private static WorkerPool pool(Lifecycle lifecycle, String name, int threads, int queue) {
        return ApiContext.pool(lifecycle, name, threads, queue);
    }

    /** A per-client rate limit, or null when its rate is 0 (off). */
    private static RateLimitHandler rateLimit(double rate, int burst, String name, MeterRegistry metrics) {
        if (rate <= 0) {
            return null;
        }
        return new RateLimitHandler(ApiContext.buckets(rate, burst),
                Counter.builder("fairrag.rate.limited").tag("limit", name)
                        .description("Requests refused with 429 by a per-client rate limit").register(metrics));
    }
}
