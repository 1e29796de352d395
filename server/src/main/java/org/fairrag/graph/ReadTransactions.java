package org.fairrag.graph;

import java.util.function.Supplier;
import org.apache.jena.query.TxnType;
import org.apache.jena.sparql.core.Transactional;

/**
 * Read transactions that are always ended, never aborted, even when the action throws (a dump whose client
 * went away, a query stopped by its time limit). Jena's {@code Txn} aborts on an exception, and jena-text's
 * TDB2 component answers every abort, of a read too, by rolling back the one shared Lucene index writer:
 * that discards the text-index changes of a write transaction running at the same time, and two such
 * aborts at once fail half-way, leaving the worker thread marked as inside a transaction, so that every
 * later read on that thread fails at once.
 */
public final class ReadTransactions {

    private ReadTransactions() {}

    public static <T> T read(Transactional dataset, Supplier<T> action) {
        dataset.begin(TxnType.READ);
        try {
            return action.get();
        } finally {
            dataset.end();
        }
    }

    public static void run(Transactional dataset, Runnable action) {
        read(dataset, () -> {
            action.run();
            return null;
        });
    }
}
