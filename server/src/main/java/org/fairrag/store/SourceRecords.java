package org.fairrag.store;

import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The records each source gave for each PMID, kept so that an article can always be derived again
 * from everything known about it, whatever order its sources were ingested in.
 */
public final class SourceRecords {

    /** One source's record of one PMID, serialised as JSON. */
    public record Stored(String pmid, String source, String checksum, String json) {}

    private final Pool pool;

    public SourceRecords(Pool pool) {
        this.pool = pool;
    }

    /** Inserts or replaces records; a record with the same checksum is left untouched. */
    public Future<Void> upsert(List<Stored> records, String runId) {
        if (records.isEmpty()) {
            return Future.succeededFuture();
        }
        int n = records.size();
        String[] pmids = new String[n], sources = new String[n], sums = new String[n], json = new String[n],
                runs = new String[n];
        for (int i = 0; i < n; i++) {
            Stored r = records.get(i);
            pmids[i] = r.pmid();
            sources[i] = r.source();
            sums[i] = r.checksum();
            json[i] = r.json();
            runs[i] = runId;
        }
        return pool.preparedQuery("""
                        INSERT INTO source_record (pmid, source, checksum, record, run_id)
                        SELECT p, s, c, r::jsonb, run
                          FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) AS t(p, s, c, r, run)
                        ON CONFLICT (pmid, source) DO UPDATE
                           SET checksum = excluded.checksum, record = excluded.record, run_id = excluded.run_id,
                               updated_at = now()
                         WHERE source_record.checksum <> excluded.checksum""")
                .execute(Tuple.tuple().addArrayOfString(pmids).addArrayOfString(sources).addArrayOfString(sums)
                        .addArrayOfString(json).addArrayOfString(runs))
                .mapEmpty();
    }

    /** Every stored record of the given PMIDs. */
    public Future<List<Stored>> forPmids(Collection<String> pmids) {
        return pool.preparedQuery("SELECT pmid, source, checksum, record::text AS json FROM source_record WHERE pmid = ANY($1)")
                .execute(Tuple.tuple().addArrayOfString(pmids.toArray(String[]::new)))
                .map(rows -> {
                    List<Stored> out = new ArrayList<>();
                    rows.forEach(r -> out.add(new Stored(r.getString("pmid"), r.getString("source"),
                            r.getString("checksum"), r.getString("json"))));
                    return out;
                });
    }
}
