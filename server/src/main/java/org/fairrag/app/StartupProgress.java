package org.fairrag.app;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import org.fairrag.ingest.IngestProgress;

/**
 * How far a starting server is: the steps it has finished (with their times) and the one it is doing (with
 * its done and total counts, for a counted task), for {@code /health} and the web app while the API is not
 * ready. Everything is also passed on to the console's progress. Thread-safe: the start-up thread
 * reports, event-loop threads read.
 */
public final class StartupProgress implements IngestProgress {

    /** A step or task as {@code /health} shows it; {@code total} is -1 when unknown, {@code unit} null for a step. */
    public record Task(String name, long done, long total, String unit, long startedNanos) {}

    /** A finished step or task and how long it took. */
    public record Finished(String name, long millis) {}

    private final IngestProgress console;
    private final LongSupplier nanoTime;
    private final long began;
    private final List<Finished> finished = new ArrayList<>();
    private Task current;
    private long readyAfterMillis = -1;

    public StartupProgress(IngestProgress console, LongSupplier nanoTime) {
        this.console = console;
        this.nanoTime = nanoTime;
        this.began = nanoTime.getAsLong();
    }

    public StartupProgress(IngestProgress console) {
        this(console, System::nanoTime);
    }

    // The state changes under the lock, which /health takes on the event loop; the console is told outside it.

    @Override
    public void step(String name) {
        synchronized (this) {
            end();
            current = new Task(name, 0, -1, null, nanoTime.getAsLong());
        }
        console.step(name);
    }

    @Override
    public void start(String task, long total, String unit) {
        synchronized (this) {
            end();
            current = new Task(task, 0, total, unit, nanoTime.getAsLong());
        }
        console.start(task, total, unit);
    }

    @Override
    public void adjustTotal(long total) {
        synchronized (this) {
            if (current != null) {
                current = new Task(current.name(), current.done(), total, current.unit(), current.startedNanos());
            }
        }
        console.adjustTotal(total);
    }

    @Override
    public void advanceTo(long done) {
        synchronized (this) {
            if (current != null) {
                current = new Task(current.name(), done, current.total(), current.unit(), current.startedNanos());
            }
        }
        console.advanceTo(done);
    }

    @Override
    public void finish() {
        synchronized (this) {
            end();
        }
        console.finish();
    }

    private void end() {
        if (current != null) {
            finished.add(new Finished(current.name(), (nanoTime.getAsLong() - current.startedNanos()) / 1_000_000));
        }
        current = null;
    }

    /** The start-up is over: the API serves. */
    public void ready() {
        finish();
        synchronized (this) {
            readyAfterMillis = (nanoTime.getAsLong() - began) / 1_000_000;
        }
    }

    /** The steps finished so far with their times, e.g. {@code Starting the stores 2.1 s, Reading the vocabulary 0.4 s}. */
    public synchronized String finishedSteps() {
        return String.join(", ", finished.stream().map(f -> String.format("%s %.1f s", f.name(), f.millis() / 1000.0)).toList());
    }

    /** Milliseconds from the start to now, or to readiness once ready. */
    public synchronized long elapsedMillis() {
        return readyAfterMillis >= 0 ? readyAfterMillis : (nanoTime.getAsLong() - began) / 1_000_000;
    }

    /**
     * The progress as JSON: {@code {"elapsedMs", "step": {"name", "elapsedMs", "done", "total", "unit"}, "finished":
     * [{"name", "ms"}]}}; a step without counts has no done, total or unit, a task of unknown size no total.
     */
    public synchronized JsonObject toJson() {
        JsonObject out = new JsonObject().put("elapsedMs", elapsedMillis());
        Task t = current;
        if (t != null) {
            JsonObject step = new JsonObject().put("name", t.name()).put("elapsedMs",
                    (nanoTime.getAsLong() - t.startedNanos()) / 1_000_000);
            if (t.unit() != null) {
                step.put("done", t.done()).put("unit", t.unit());
                if (t.total() >= 0) {
                    step.put("total", t.total());
                }
            }
            out.put("step", step);
        }
        JsonArray done = new JsonArray();
        finished.forEach(f -> done.add(new JsonObject().put("name", f.name()).put("ms", f.millis())));
        return out.put("finished", done);
    }
}
