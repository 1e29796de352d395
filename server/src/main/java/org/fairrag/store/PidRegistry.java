package org.fairrag.store;

import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.fairrag.fdo.FdoKind;

/** The PID registry in PostgreSQL: mints nothing itself, records every PID and its kernel attributes. */
public final class PidRegistry {

    /** A PID to register or refresh; {@code sourceKey} is null for objects without a natural key. */
    public record Registration(String id, FdoKind kind, String sourceKey, String target, String checksum,
                               String accessLevel) {}

    /** What a batch registration changed. */
    public record Outcome(List<String> created, List<String> updated, int unchanged) {}

    private static final String UPSERT = """
            INSERT INTO pid (id, kind, source_key, target, checksum, access_level, run_id)
            SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
            ON CONFLICT (id) DO UPDATE
               SET target = excluded.target, checksum = excluded.checksum, access_level = excluded.access_level,
                   run_id = excluded.run_id, modified_at = now()
             WHERE pid.source_key IS NOT DISTINCT FROM excluded.source_key
               AND pid.status = 'active'
               AND (pid.checksum IS DISTINCT FROM excluded.checksum
                    OR pid.target IS DISTINCT FROM excluded.target
                    OR pid.access_level IS DISTINCT FROM excluded.access_level)
            RETURNING id, (xmax = 0) AS inserted
            """;

    private static final String COLUMNS = """
            id, kind, source_key, target, checksum, status, access_level, created_at, modified_at, run_id,
            tombstone_reason, tombstoned_at""";

    /** Where a change of a vocabulary is announced, with the PID of its scheme. */
    public static final String VOCABULARY_CHANNEL = "fairrag_vocabulary_changes";

    private final Pool pool;

    public PidRegistry(Pool pool) {
        this.pool = pool;
    }

    /**
     * Tells the servers sharing this database that a vocabulary has changed in the graph (once the graph has
     * committed it): each reads it again ({@code terms.VocabularyFollower}).
     */
    public Future<Void> announceVocabularyChange(String schemePid) {
        return pool.preparedQuery("SELECT pg_notify($1, $2)").execute(Tuple.of(VOCABULARY_CHANNEL, schemePid))
                .mapEmpty();
    }

    /**
     * Registers new PIDs and refreshes changed ones in one statement. A row whose checksum, target and
     * access level are unchanged is left alone, so registering the same objects twice changes nothing.
     * Fails if an id is already registered for another source key (an id is never reused).
     */
    public Future<Outcome> register(List<Registration> registrations, String runId) {
        if (registrations.isEmpty()) {
            return Future.succeededFuture(new Outcome(List.of(), List.of(), 0));
        }
        int n = registrations.size();
        String[] ids = new String[n], kinds = new String[n], keys = new String[n], targets = new String[n],
                sums = new String[n], access = new String[n], runs = new String[n];
        for (int i = 0; i < n; i++) {
            Registration r = registrations.get(i);
            ids[i] = r.id();
            kinds[i] = r.kind().code();
            keys[i] = r.sourceKey();
            targets[i] = r.target();
            sums[i] = r.checksum();
            access[i] = r.accessLevel();
            runs[i] = runId;
        }
        return pool.withTransaction(conn -> conn.preparedQuery(UPSERT)
                        .execute(Tuple.tuple().addArrayOfString(ids).addArrayOfString(kinds).addArrayOfString(keys)
                                .addArrayOfString(targets).addArrayOfString(sums).addArrayOfString(access)
                                .addArrayOfString(runs))
                        .compose(rows -> {
                            List<String> created = new ArrayList<>();
                            List<String> updated = new ArrayList<>();
                            for (Row row : rows) {
                                (row.getBoolean("inserted") ? created : updated).add(row.getString("id"));
                            }
                            return checkNoIdCollision(conn, registrations)
                                    .map(v -> new Outcome(created, updated, n - created.size() - updated.size()));
                        }));
    }

    private static Future<Void> checkNoIdCollision(io.vertx.sqlclient.SqlConnection conn, List<Registration> regs) {
        List<Registration> keyed = regs.stream().filter(r -> r.sourceKey() != null).toList();
        if (keyed.isEmpty()) {
            return Future.succeededFuture();
        }
        String[] ids = keyed.stream().map(Registration::id).toArray(String[]::new);
        String[] keys = keyed.stream().map(Registration::sourceKey).toArray(String[]::new);
        return conn.preparedQuery("""
                        SELECT p.id, p.source_key FROM pid p JOIN unnest($1::text[], $2::text[]) AS r(id, key)
                          ON p.id = r.id WHERE p.source_key IS DISTINCT FROM r.key LIMIT 1""")
                .execute(Tuple.tuple().addArrayOfString(ids).addArrayOfString(keys))
                .compose(rows -> rows.size() == 0
                        ? Future.succeededFuture()
                        : Future.failedFuture(new IllegalStateException("PID id collision: " + rows.iterator().next()
                                .getString("id") + " is already registered for " + rows.iterator().next()
                                .getString("source_key"))));
    }

    public Future<Optional<PidRecord>> find(String id) {
        return pool.preparedQuery("SELECT " + COLUMNS + " FROM pid WHERE id = $1")
                .execute(Tuple.of(id))
                .map(rows -> rows.size() == 0 ? Optional.empty() : Optional.of(toRecord(rows.iterator().next())));
    }

    /** The registered records among {@code ids}, keyed by id; unknown ids are absent. */
    public Future<Map<String, PidRecord>> findAll(Collection<String> ids) {
        if (ids.isEmpty()) {
            return Future.succeededFuture(Map.of());
        }
        return pool.preparedQuery("SELECT " + COLUMNS + " FROM pid WHERE id = ANY($1)")
                .execute(Tuple.tuple().addArrayOfString(ids.toArray(String[]::new)))
                .map(rows -> {
                    Map<String, PidRecord> out = new HashMap<>();
                    rows.forEach(row -> out.put(row.getString("id"), toRecord(row)));
                    return out;
                });
    }

    /**
     * Marks an active PID tombstoned with its reason and time, and records the checksum of the metadata
     * kept. Returns the record as it now stands: an already tombstoned PID keeps its first reason and
     * date; empty when the id is unknown.
     */
    public Future<Optional<PidRecord>> tombstone(String id, String reason, OffsetDateTime at, String checksum) {
        return pool.preparedQuery("""
                        UPDATE pid SET status = 'tombstoned', tombstone_reason = $2, tombstoned_at = $3,
                               checksum = $4, modified_at = $3
                         WHERE id = $1 AND status = 'active'""")
                .execute(Tuple.of(id, reason, at, checksum))
                .compose(v -> find(id));
    }

    /** Every registered article, active or tombstoned, of any access level. */
    public Future<List<PidRecord>> articles() {
        return pool.preparedQuery("SELECT " + COLUMNS + " FROM pid WHERE kind = $1").execute(Tuple.of(FdoKind.ARTICLE.code()))
                .map(rows -> {
                    List<PidRecord> out = new ArrayList<>(rows.size());
                    rows.forEach(row -> out.add(toRecord(row)));
                    return out;
                });
    }

    /** One page of the active public PIDs in id order, for the sitemap. */
    public Future<List<PidRecord>> listed(long offset, int limit) {
        return pool.preparedQuery("SELECT " + COLUMNS + " FROM pid WHERE status = 'active' AND access_level = 'public'"
                        + " ORDER BY id OFFSET $1 LIMIT $2")
                .execute(Tuple.of(offset, limit))
                .map(rows -> {
                    List<PidRecord> out = new ArrayList<>(rows.size());
                    rows.forEach(row -> out.add(toRecord(row)));
                    return out;
                });
    }

    /** Number of active public PIDs: what the sitemap lists. */
    public Future<Long> countListed() {
        return pool.query("SELECT count(*) AS n FROM pid WHERE status = 'active' AND access_level = 'public'").execute()
                .map(rows -> rows.iterator().next().getLong("n"));
    }

    /** Number of active PIDs of each kind, of any access level. */
    public Future<Map<FdoKind, Long>> countByKind() {
        return countByKind("SELECT kind, count(*) AS n FROM pid WHERE status = 'active' GROUP BY kind");
    }

    /** Number of active public PIDs of each kind: what the dataset's public description may count. */
    public Future<Map<FdoKind, Long>> countPublicByKind() {
        return countByKind("SELECT kind, count(*) AS n FROM pid WHERE status = 'active' AND access_level = 'public' GROUP BY kind");
    }

    private Future<Map<FdoKind, Long>> countByKind(String sql) {
        return pool.query(sql).execute()
                .map(rows -> {
                    Map<FdoKind, Long> out = new HashMap<>();
                    rows.forEach(r -> out.put(FdoKind.fromCode(r.getString("kind")), r.getLong("n")));
                    return out;
                });
    }

    private static PidRecord toRecord(Row row) {
        return new PidRecord(
                row.getString("id"),
                FdoKind.fromCode(row.getString("kind")),
                row.getString("source_key"),
                row.getString("target"),
                row.getString("checksum"),
                PidRecord.Status.valueOf(row.getString("status").toUpperCase()),
                row.getString("access_level"),
                row.getOffsetDateTime("created_at"),
                row.getOffsetDateTime("modified_at"),
                row.getString("run_id"),
                row.getString("tombstone_reason"),
                row.getOffsetDateTime("tombstoned_at"));
    }
}
