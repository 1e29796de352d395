package org.fairrag.relate;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the counts of {@link AssociationStore#rebuild} one at a time, on a thread of its own, so that two
 * never overwrite each other with counts of different moments. A count can be waited for (after an
 * ingestion) or only asked for (after a tombstone, whose caller should not wait half a minute): requests
 * that arrive while one is waiting to start share it.
 */
public final class AssociationRefresher implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(AssociationRefresher.class);

    private final AssociationStore store;
    private final ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "fairrag-associations");
        t.setDaemon(true);
        return t;
    });
    private final AtomicBoolean waiting = new AtomicBoolean();
    private final AtomicLong finished = new AtomicLong();
    private final List<Runnable> afterEachCount = new CopyOnWriteArrayList<>();

    public AssociationRefresher(AssociationStore store) {
        this.store = store;
    }

    /** Counts again and waits for it. Blocking. */
    public AssociationStore.Report refreshNow() {
        try {
            return executor.submit(this::count).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while counting associations", e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
    }

    /** Asks for a count after the ones already started; returns at once. */
    public void request() {
        if (waiting.compareAndSet(false, true)) {
            executor.submit(() -> {
                waiting.set(false);
                try {
                    count();
                } catch (RuntimeException e) {
                    LOG.warn("Counting the concept associations failed; fairrag relations counts them again", e);
                }
            });
        }
    }

    /** Runs {@code action} after each count, on the counting thread (quickly: the next count waits for it). */
    public void afterEachCount(Runnable action) {
        afterEachCount.add(action);
    }

    /** How many counts have finished, for waiting on one. */
    public long finished() {
        return finished.get();
    }

    private AssociationStore.Report count() {
        try {
            return store.rebuild();
        } finally {
            finished.incrementAndGet();
            afterEachCount.forEach(Runnable::run);
        }
    }

    @Override
    public void close() throws InterruptedException {
        executor.shutdown();
        if (!executor.awaitTermination(2, TimeUnit.MINUTES)) {
            executor.shutdownNow();
        }
    }
}
