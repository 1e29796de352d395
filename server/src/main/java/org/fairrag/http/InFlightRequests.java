package org.fairrag.http;

import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.fairrag.failure.ApiException;

/**
 * Counts the requests in flight, so that a stopping server can let them finish: once {@link #drain} is
 * called, new requests are answered 503 {@code shutting_down} (with {@code Connection: close}) while
 * those already in flight, a long dump or summary among them, run to their end.
 */
public final class InFlightRequests implements Handler<RoutingContext> {

    private final AtomicInteger inFlight = new AtomicInteger();
    private volatile boolean draining;
    /** Completed when, once draining, the last request in flight has ended. */
    private final CompletableFuture<Void> drained = new CompletableFuture<>();

    @Override
    public void handle(RoutingContext ctx) {
        if (draining) {
            ctx.response().putHeader("Connection", "close");
            ctx.fail(new ApiException(503, "shutting_down", "The server is stopping; retry shortly.", 5));
            return;
        }
        inFlight.incrementAndGet();
        ctx.addEndHandler(v -> {
            if (inFlight.decrementAndGet() == 0 && draining) {
                drained.complete(null);
            }
        });
        ctx.next();
    }

    /** Requests that have started and not yet ended. */
    public int count() {
        return inFlight.get();
    }

    /**
     * Refuses new requests from now on and waits until those in flight have ended, at most {@code grace}.
     * Blocks the calling thread (a shutdown hook's, never an event loop's).
     *
     * @return whether every request ended in time
     */
    public boolean drain(Duration grace) throws InterruptedException {
        draining = true;
        if (inFlight.get() == 0) {
            drained.complete(null);
        }
        try {
            drained.get(grace.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException | ExecutionException e) {
            // not all ended in time: reported by the count below
        }
        return inFlight.get() == 0;
    }
}
