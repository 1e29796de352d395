package org.fairrag.app;

import io.vertx.core.Vertx;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import org.fairrag.graph.Graphs;
import org.fairrag.http.Caller;
import org.fairrag.http.HealthChecksFactory;
import org.fairrag.http.ResponseStreamer;
import org.fairrag.http.TokenBuckets;
import org.fairrag.work.WorkerPool;

/**
 * What a module is given to build its handlers: the instance's settings, the shared worker pools and
 * response streamer, the health checks to add its own to, and the routes it adds, which the router places
 * after its guards and before the web app's files, in the order of the modules.
 */
public final class ApiContext {

    /** Clients whose token buckets are remembered at most; the least recently seen are forgotten first. */
    private static final int MAX_RATE_LIMITED_CLIENTS = 100_000;

    /**
     * The worker pools, each bounded, shared by the modules' handlers. Separate pools, so that heavy SPARQL,
     * dumps or summaries cannot take the threads search needs.
     */
    public record Pools(WorkerPool sparql, WorkerPool search, WorkerPool api, WorkerPool heavyFilter, WorkerPool pid,
                        WorkerPool dump, WorkerPool ask, WorkerPool annotate, WorkerPool health) {}

    private final Lifecycle lifecycle;
    private final Pools pools;
    private final ResponseStreamer streamer;
    private final HealthChecksFactory health;
    private final List<Consumer<Router>> routes = new ArrayList<>();

    ApiContext(Lifecycle lifecycle, Pools pools, ResponseStreamer streamer, HealthChecksFactory health) {
        this.lifecycle = lifecycle;
        this.pools = pools;
        this.streamer = streamer;
        this.health = health;
    }

    public FairragConfig config() { return lifecycle.config(); }
    public Vertx vertx() { return lifecycle.vertx(); }
    public Pools pools() { return pools; }
    /** Sends large answers with back-pressure. */
    public ResponseStreamer streamer() { return streamer; }
    /** The components {@code /health} checks. */
    public HealthChecksFactory health() { return health; }

    /** Adds routes to the API; they are added to the router in the order they were given here. */
    public void routes(Consumer<Router> addRoutes) {
        routes.add(addRoutes);
    }

    List<Consumer<Router>> routes() {
        return List.copyOf(routes);
    }

    /** Closes {@code resource} with the instance, before everything opened earlier. */
    public void closeWith(AutoCloseable resource) {
        lifecycle.closeWith(resource);
    }

    /** A worker pool of the instance's own, closed with it. */
    public WorkerPool pool(String name, int threads, int queue) {
        return pool(lifecycle, name, threads, queue);
    }

    static WorkerPool pool(Lifecycle lifecycle, String name, int threads, int queue) {
        WorkerPool pool = new WorkerPool(lifecycle.vertx(), name, threads, queue).bindTo(lifecycle.metrics());
        lifecycle.closeWith(pool);
        return pool;
    }

    /** The content graphs a request's caller may read (public, and restricted with a key that grants it). */
    public static Function<RoutingContext, List<String>> contentGraphs(Graphs graphs) {
        return ctx -> Caller.of(ctx).contentGraphs(graphs);
    }

    /** Every graph a request's caller may read. */
    public static Function<RoutingContext, List<String>> allGraphs(Graphs graphs) {
        return ctx -> Caller.of(ctx).allGraphs(graphs);
    }

    /** Token buckets for at most {@link #MAX_RATE_LIMITED_CLIENTS} clients, or null when the rate is 0 (off). */
    public static TokenBuckets buckets(double rate, int burst) {
        return rate <= 0 ? null : new TokenBuckets(rate, burst, MAX_RATE_LIMITED_CLIENTS, System::nanoTime);
    }
}
