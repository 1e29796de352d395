package org.fairrag.http;

import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.fairrag.failure.ApiException;

/**
 * Counts the requests in flight, so that a stopping server can let them finish: once {@link #drain} is
 * called, new requests are answered 503 {@code shutting_down} (with {@code Connection: close}) while
 * those already in flight, a long dump or summary among them, run to their end.
 */
public final class InFlightRequests implements Handler<RoutingContext> {

    private static final long POLL_MS = 50;

    private final AtomicInteger inFlight = new AtomicInteger();
    private volatile boolean draining;

    @Override
    public void handle(RoutingContext ctx) {
        if (draining) {
            ctx.response().putHeader("Connection", "close");
            ctx.fail(new ApiException(503, "shutting_down", "The server is stopping; retry shortly.", 5));
            return;
        }
        inFlight.incrementAndGet();
        ctx.addEndHandler(v -> inFlight.decrementAndGet());
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
        long deadline = System.nanoTime() + grace.toNanos();
        while (inFlight.get() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(POLL_MS);
        }
        return inFlight.get() == 0;
    }
}
