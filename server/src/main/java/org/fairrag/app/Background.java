package org.fairrag.app;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * A piece of start-up or loading work running on a thread of its own while the caller does something else;
 * {@link #await} gives its result or throws its failure in the caller's thread.
 */
final class Background<T> {

    private final FutureTask<T> task;

    private Background(FutureTask<T> task) {
        this.task = task;
    }

    /** Starts {@code work} at once on a new thread named after it. */
    static <T> Background<T> start(String name, Callable<T> work) {
        FutureTask<T> task = new FutureTask<>(work);
        Thread thread = new Thread(task, "fairrag-" + name.replace(' ', '-'));
        thread.setDaemon(true);
        thread.start();
        return new Background<>(task);
    }

    /** Waits for the work and gives its result; its failure is thrown here. */
    T await() throws IOException {
        try {
            return task.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for work in the background", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof UncheckedIOException io) {
                throw io;
            }
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        }
    }

    /** Waits for the work to end, however it ends: before closing what it may still be using. */
    void awaitQuietly() {
        try {
            task.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            // The caller is already failing for a reason of its own.
        }
    }
}
