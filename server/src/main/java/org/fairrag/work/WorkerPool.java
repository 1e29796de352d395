package org.fairrag.work;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import java.util.concurrent.Callable;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.fairrag.failure.ApiException;

/**
 * A named pool of worker threads for blocking work (Jena, Lucene, ONNX inference, file I/O), with a
 * bound on how much may wait: when {@code threads + queue} tasks are already in, {@link #submit}
 * fails at once with a 503 {@link ApiException} instead of queueing without bound.
 */
public final class WorkerPool implements AutoCloseable {

    private final String name;
    private final WorkerExecutor executor;
    private final Semaphore permits;
    private final int threads;
    private final int capacity;
    private final AtomicLong refused = new AtomicLong();

    public WorkerPool(Vertx vertx, String name, int threads, int queue) {
        this.name = name;
        this.executor = vertx.createSharedWorkerExecutor("fairrag-" + name, threads);
        this.threads = threads;
        this.capacity = threads + queue;
        this.permits = new Semaphore(capacity);
    }

    /** Runs {@code task} on a worker thread; the future completes on the caller's context. */
    public <T> Future<T> submit(Callable<T> task) {
        if (!permits.tryAcquire()) {
            refused.incrementAndGet();
            return Future.failedFuture(new ApiException(503, "busy",
                    "The server is busy (" + name + " pool full); retry shortly."));
        }
        return executor.<T>executeBlocking(task, false).andThen(ar -> permits.release());
    }

    public String name() {
        return name;
    }

    /** Tasks running or waiting. */
    public int inFlight() {
        return capacity - permits.availablePermits();
    }

    public int capacity() {
        return capacity;
    }

    public int threads() {
        return threads;
    }

    /** Whether every thread is taken: new tasks wait for one (or are refused once the queue is full too). */
    public boolean saturated() {
        return inFlight() >= threads;
    }

    /** Publishes the pool's use: tasks in flight, its capacity, and tasks refused because it was full. */
    public WorkerPool bindTo(MeterRegistry registry) {
        Gauge.builder("fairrag.pool.in.flight", this, WorkerPool::inFlight).tag("pool", name)
                .description("Tasks running or waiting in the pool").register(registry);
        Gauge.builder("fairrag.pool.capacity", this, WorkerPool::capacity).tag("pool", name)
                .description("Tasks the pool takes before it refuses with 503").register(registry);
        FunctionCounter.builder("fairrag.pool.refused", refused, AtomicLong::get).tag("pool", name)
                .description("Tasks refused with 503 because the pool was full").register(registry);
        return this;
    }

    @Override
    public void close() {
        executor.close();
    }
}
