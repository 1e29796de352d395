package org.fairrag.app;

import java.io.IOException;
import java.util.concurrent.Callable;
import org.fairrag.graph.EmbeddedDataset;
import org.fairrag.vectors.VectorStoreSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code fairrag compact}: gives back the disk space that the embedded triple store's past writes left behind. */
@Command(name = "compact", description = "Compact the embedded triple store (TDB2): write its live data into a new "
        + "generation and delete the old one, giving back the space earlier write transactions left behind. "
        + "fairrag ingest does it by itself after large ingests. Stop the server first.")
final class CompactCommand implements Callable<Integer> {

    /** Records an ingest must add before it compacts the store at its end: below, the space left behind is small. */
    static final int AFTER_RECORDS = 5_000;

    @Mixin
    ConfigOptions options;

    @Override
    public Integer call() throws Exception {
        // Only the stores: no vector index to open (or to fill, were it empty), no vocabulary follower, no demo.
        try (Fairrag fairrag = Fairrag.open(options.offline(false).toBuilder()
                .vectors(VectorStoreSettings.Kind.NONE).build())) {
            if (fairrag.embeddedTripleStore().isEmpty()) {
                System.out.println("The triple store is a remote SPARQL endpoint (FAIRRAG_SPARQL_URL): compact it with "
                        + "its own tools (Fuseki: POST /$/compact/<dataset>).");
                return 1;
            }
            compact(fairrag);
        }
        return 0;
    }

    /** Compacts the embedded store, if there is one, and says what it gained. */
    static void compact(Fairrag fairrag) throws IOException {
        for (EmbeddedDataset store : fairrag.embeddedTripleStore().stream().toList()) {
            System.out.println("Compacting the triple store ...");
            EmbeddedDataset.Compaction c = store.compact();
            System.out.printf("Triple store compacted: %,d MB to %,d MB in %.1f s%n", c.bytesBefore() >> 20,
                    c.bytesAfter() >> 20, c.millis() / 1000.0);
        }
    }
}
