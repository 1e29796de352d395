package org.fairrag.http;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import java.util.concurrent.Callable;
import java.util.concurrent.Semaphore;

/**
 * A named pool of worker threads for blocking work (Jena, Lucene, ONNX inference, file I/O), with a
 * bound on how much may wait: when {@code threads + queue} tasks are already in, {@link #submit}
 * fails at once with a 503 {@link ApiException} instead of queueing without bound.
 */
public final class WorkerPool implements AutoCloseable {

    private final String name;
    private final WorkerExecutor executor;
    private final Semaphore permits;
    private final int capacity;

    public WorkerPool(Vertx vertx, String name, int threads, int queue) {
        this.name = name;
        this.executor = vertx.createSharedWorkerExecutor("fairrag-" + name, threads);
        this.capacity = threads + queue;
        this.permits = new Semaphore(capacity);
    }

    /** Runs {@code task} on a worker thread; the future completes on the caller's context. */
    public <T> Future<T> submit(Callable<T> task) {
        if (!permits.tryAcquire()) {
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

    @Override
    public void close() {
        executor.close();
    }
}
