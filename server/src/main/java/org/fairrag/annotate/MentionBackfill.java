package org.fairrag.annotate;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Annotates, on a thread of its own while the server already serves, the active articles that have no
 * concept mentions: the demo's on a first start (ingested with annotation deferred, so that the API opens
 * a minute sooner), a collection from before mentions were kept, or what a stopped run left undone. Each
 * batch is committed on its own and an article is annotated once, so a run stopped halfway is resumed by
 * the next. Then {@code afterwards} runs (counting the associations), also when nothing was missing but it
 * is {@code wanted}.
 */
public final class MentionBackfill implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(MentionBackfill.class);

    /** How far a run is: articles annotated and to annotate; {@code running} until its afterwards step ends. */
    public record Progress(long done, long of, boolean running) {}

    /** What a run did: articles annotated, and whether the afterwards step ran. */
    public record Result(int annotated, boolean countedAfterwards) {}

    private final MentionCheck check;
    private final ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "fairrag-annotating");
        t.setDaemon(true);
        return t;
    });
    private final AtomicReference<Progress> progress = new AtomicReference<>();
    private volatile boolean closing;

    public MentionBackfill(MentionCheck check) {
        this.check = check;
    }

    /**
     * Starts a run; the future completes when it has ended (or failed: the next start resumes it).
     *
     * @param wanted     whether {@code afterwards} must run even when no article is missing
     * @param afterwards what depends on every article's mentions (counting associations)
     */
    public CompletableFuture<Result> start(BooleanSupplier wanted, Runnable afterwards) {
        return CompletableFuture.supplyAsync(() -> run(wanted, afterwards), executor);
    }

    /** The run under way, if any. */
    public Optional<Progress> progress() {
        return Optional.ofNullable(progress.get()).filter(Progress::running);
    }

    private Result run(BooleanSupplier wanted, Runnable afterwards) {
        List<String> missing = check.missing();
        boolean count = !missing.isEmpty() || wanted.getAsBoolean();
        if (!count) {
            return new Result(0, false);
        }
        progress.set(new Progress(0, missing.size(), true));
        try {
            int annotated = 0;
            if (!missing.isEmpty()) {
                LOG.info("{} articles have no concept mentions yet: annotating them while the API serves", missing.size());
                long t0 = System.nanoTime();
                annotated = check.annotate(missing, done -> progress.set(new Progress(done, missing.size(), true)), () -> closing);
                LOG.info("Concept mentions of {} articles found and stored in {} s", annotated,
                        String.format("%.1f", (System.nanoTime() - t0) / 1e9));
            }
            if (closing) {
                return new Result(annotated, false);
            }
            afterwards.run();
            return new Result(annotated, true);
        } finally {
            Progress last = progress.get();
            progress.set(new Progress(last.done(), last.of(), false));
        }
    }

    /** Stops after the batch under way (the next start resumes) and waits for it. */
    @Override
    public void close() throws InterruptedException {
        closing = true;
        executor.shutdown();
        if (!executor.awaitTermination(2, TimeUnit.MINUTES)) {
            executor.shutdownNow();
        }
    }
}
