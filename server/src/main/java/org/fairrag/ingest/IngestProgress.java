package org.fairrag.ingest;

/** Receives the progress of long ingestion work, for progress bars and logs. */
public interface IngestProgress {

    /** A step that is not counted begins (starting a store, reading a snapshot); it ends where the next one begins. */
    default void step(String name) {}

    /** A task begins; {@code total} is in {@code unit}s, or -1 when unknown. */
    void start(String task, long total, String unit);

    /** The current task's total turned out to be {@code total} units (it was unknown, or an estimate). */
    default void adjustTotal(long total) {}

    /** The current task advanced to {@code done} units. */
    void advanceTo(long done);

    /** The current task ended. */
    void finish();

    IngestProgress NONE = new IngestProgress() {
        @Override
        public void start(String task, long total, String unit) {}

        @Override
        public void advanceTo(long done) {}

        @Override
        public void finish() {}
    };
}
