package org.fairrag.http;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.fairrag.failure.ApiException;

/**
 * Runs rare administrative tasks that block on both stores, one at a time, on a plain thread of its
 * own: such tasks await the PostgreSQL client, which Vert.x forbids on its event loops and worker
 * threads. Running them serially also keeps two of them from interleaving. At most {@code queue}
 * tasks wait; beyond that {@link #submit} fails at once with a 503.
 */
public final class SerialTaskRunner implements AutoCloseable {

    private final String name;
    private final ThreadPoolExecutor executor;

    public SerialTaskRunner(String name, int queue) {
        this.name = name;
        this.executor = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(queue),
                r -> {
                    Thread t = new Thread(r, "fairrag-" + name);
                    t.setDaemon(true);
                    return t;
                });
    }

    /** Runs {@code task}; the future completes on {@code context}. */
    public <T> Future<T> submit(Context context, Callable<T> task) {
        Promise<T> promise = Promise.promise();
        try {
            executor.execute(() -> {
                try {
                    T result = task.call();
                    context.runOnContext(v -> promise.complete(result));
                } catch (Throwable e) {
                    context.runOnContext(v -> promise.fail(e));
                }
            });
        } catch (RejectedExecutionException e) {
            return Future.failedFuture(new ApiException(503, "busy", "The server is busy (" + name + " queue full); retry shortly."));
        }
        return promise.future();
    }

    /** Lets the running task finish (a tombstone half written is completed, not abandoned). */
    @Override
    public void close() throws InterruptedException {
        executor.shutdown();
        executor.awaitTermination(30, TimeUnit.SECONDS);
    }
}
