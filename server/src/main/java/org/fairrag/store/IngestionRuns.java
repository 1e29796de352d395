package org.fairrag.store;

import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

/** Ingestion runs, their rejected records and their warnings, in PostgreSQL. */
public final class IngestionRuns {

    /** One run as stored. */
    public record Run(String id, String sourceName, String sourceChecksum, String format, String accessLevel,
                      String status, OffsetDateTime startedAt, OffsetDateTime endedAt, Counts counts) {
        public boolean completed() {
            return "completed".equals(status);
        }
    }

    /** The tallies of a run. */
    public record Counts(int read, int accepted, int rejected, int created, int updated, int unchanged) {
        public static final Counts ZERO = new Counts(0, 0, 0, 0, 0, 0);

        public Counts plus(Counts o) {
            return new Counts(read + o.read, accepted + o.accepted, rejected + o.rejected, created + o.created,
                    updated + o.updated, unchanged + o.unchanged);
        }
    }

    public record Rejection(String locator, String reason) {}

    /** Something a run reports about a record it kept: where, and what. */
    public record Warning(String locator, String message) {}

    private final Pool pool;

    public IngestionRuns(Pool pool) {
        this.pool = pool;
    }

    public Future<Optional<Run>> find(String id) {
        return pool.preparedQuery("SELECT * FROM ingestion_run WHERE id = $1").execute(Tuple.of(id))
                .map(rows -> rows.size() == 0 ? Optional.empty() : Optional.of(toRun(rows.iterator().next())));
    }

    public Future<List<Run>> all() {
        return pool.query("SELECT * FROM ingestion_run ORDER BY started_at").execute()
                .map(rows -> {
                    var out = new java.util.ArrayList<Run>();
                    rows.forEach(r -> out.add(toRun(r)));
                    return out;
                });
    }

    /**
     * Marks the run as running, creating it if new. A rerun of an interrupted or completed run keeps its
     * start time and clears the rejections and warnings it recorded before, which the rerun records again.
     */
    public Future<Void> start(String id, String sourceName, String sourceChecksum, String format, String accessLevel) {
        return pool.withTransaction(conn -> conn.preparedQuery("""
                        INSERT INTO ingestion_run (id, source_name, source_checksum, format, access_level, status)
                        VALUES ($1, $2, $3, $4, $5, 'running')
                        ON CONFLICT (id) DO UPDATE SET status = 'running', source_name = excluded.source_name""")
                .execute(Tuple.of(id, sourceName, sourceChecksum, format, accessLevel))
                .compose(v -> conn.preparedQuery("DELETE FROM ingestion_rejection WHERE run_id = $1")
                        .execute(Tuple.of(id)))
                .compose(v -> conn.preparedQuery("DELETE FROM ingestion_warning WHERE run_id = $1")
                        .execute(Tuple.of(id)))
                .mapEmpty());
    }

    public Future<Void> reject(String runId, List<Rejection> rejections) {
        if (rejections.isEmpty()) {
            return Future.succeededFuture();
        }
        List<Tuple> batch = rejections.stream().map(r -> Tuple.of(runId, r.locator(), r.reason())).toList();
        return pool.preparedQuery("""
                        INSERT INTO ingestion_rejection (run_id, locator, reason) VALUES ($1, $2, $3)
                        ON CONFLICT (run_id, locator) DO UPDATE SET reason = excluded.reason""")
                .executeBatch(batch).mapEmpty();
    }

    public Future<Void> warn(String runId, List<Warning> warnings) {
        if (warnings.isEmpty()) {
            return Future.succeededFuture();
        }
        List<Tuple> batch = warnings.stream().map(w -> Tuple.of(runId, w.locator(), w.message())).toList();
        return pool.preparedQuery("""
                        INSERT INTO ingestion_warning (run_id, locator, message) VALUES ($1, $2, $3)
                        ON CONFLICT DO NOTHING""")
                .executeBatch(batch).mapEmpty();
    }

    public Future<List<Warning>> warnings(String runId) {
        return pool.preparedQuery("SELECT locator, message FROM ingestion_warning WHERE run_id = $1 ORDER BY locator, message")
                .execute(Tuple.of(runId))
                .map(rows -> {
                    var out = new java.util.ArrayList<Warning>();
                    rows.forEach(r -> out.add(new Warning(r.getString("locator"), r.getString("message"))));
                    return out;
                });
    }

    public Future<List<Rejection>> rejections(String runId) {
        return pool.preparedQuery("SELECT locator, reason FROM ingestion_rejection WHERE run_id = $1 ORDER BY locator")
                .execute(Tuple.of(runId))
                .map(rows -> {
                    var out = new java.util.ArrayList<Rejection>();
                    rows.forEach(r -> out.add(new Rejection(r.getString("locator"), r.getString("reason"))));
                    return out;
                });
    }

    /**
     * A completed run whose file was ingested again at its level (its articles had moved to the other level since):
     * it ends again now, so that it reads as the later of the file's two runs. Its counts stay those of its first pass.
     */
    public Future<Void> endedAgain(String id) {
        return pool.preparedQuery("UPDATE ingestion_run SET ended_at = now() WHERE id = $1 AND status = 'completed'")
                .execute(Tuple.of(id)).mapEmpty();
    }

    /**
     * Records the outcome of an attempt. An interrupted run that is resumed accumulates what each attempt
     * created or updated. A run that already completed is left as it was: re-verifying a source that is
     * already in changes nothing.
     */
    public Future<Void> finish(String id, String status, Counts c) {
        return pool.preparedQuery("""
                        UPDATE ingestion_run SET status = $2, ended_at = now(),
                               records_read = $3, records_accepted = $4, records_rejected = $5,
                               objects_created = objects_created + $6,
                               objects_updated = objects_updated + $7,
                               objects_unchanged = greatest(0, $4 - objects_created - $6 - objects_updated - $7)
                         WHERE id = $1 AND (ended_at IS NULL OR status <> 'completed')""")
                .execute(Tuple.of(id, status, c.read(), c.accepted(), c.rejected(), c.created(), c.updated()))
                .mapEmpty();
    }

    private static Run toRun(Row r) {
        return new Run(r.getString("id"), r.getString("source_name"), r.getString("source_checksum"),
                r.getString("format"), r.getString("access_level"), r.getString("status"),
                r.getOffsetDateTime("started_at"), r.getOffsetDateTime("ended_at"),
                new Counts(r.getInteger("records_read"), r.getInteger("records_accepted"),
                        r.getInteger("records_rejected"), r.getInteger("objects_created"),
                        r.getInteger("objects_updated"), r.getInteger("objects_unchanged")));
    }
}
