package org.fairrag.generate;

import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Tells work in progress that nobody wants its result any more (the client went away), so that it stops
 * spending (a chat model's tokens) and publishes nothing. Thread-safe; each action runs once.
 */
public final class Cancellation {

    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final List<Runnable> actions = new CopyOnWriteArrayList<>();

    public void cancel() {
        if (cancelled.compareAndSet(false, true)) {
            actions.forEach(Runnable::run);
        }
    }

    public boolean isCancelled() {
        return cancelled.get();
    }

    /** Runs {@code action} once when cancelled (at once if it already is). */
    public void onCancel(Runnable action) {
        AtomicBoolean ran = new AtomicBoolean();
        Runnable once = () -> {
            if (ran.compareAndSet(false, true)) {
                action.run();
            }
        };
        actions.add(once);
        if (cancelled.get()) {
            once.run();
        }
    }

    /** Throws when cancelled: a point at which work stops. */
    public void check() {
        if (cancelled.get()) {
            throw new CancellationException("the client went away");
        }
    }
}
