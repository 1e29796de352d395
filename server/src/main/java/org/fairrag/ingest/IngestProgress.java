package org.fairrag.ingest;

/** Receives the progress of long ingestion work, for progress bars and logs. */
public interface IngestProgress {

    /** A task begins; {@code total} is in {@code unit}s, or -1 when unknown. */
    void start(String task, long total, String unit);

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
