package org.fairrag.graph;

import java.io.IOException;
import java.util.Set;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The graph store contract on the embedded TDB2 dataset with its jena-text index, in-process. */
class TdbGraphStoreContractTest extends GraphStoreContract {

    private static EmbeddedDataset dataset;
    private static GraphStore store;

    @BeforeAll
    static void open() throws IOException {
        dataset = EmbeddedDataset.open(EmbeddedDataset.bundledConfig(), TestFairrag.newDir("tdb-contract"), true);
        store = new TdbGraphStore(dataset.dataset(), "contract", Set.of());
    }

    @AfterAll
    static void close() {
        dataset.close();
    }

    @Override
    GraphStore store() {
        return store;
    }
}
