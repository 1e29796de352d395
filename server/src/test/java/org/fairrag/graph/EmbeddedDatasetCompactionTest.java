package org.fairrag.graph;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.apache.jena.query.Dataset;
import org.apache.jena.query.ReadWrite;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ResourceFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedDatasetCompactionTest {

    private static final String NS = "https://example.org/compaction/";

    @Test
    void compactionGivesBackTheSpaceOfPastTransactionsAndKeepsEveryCommittedTriple(@TempDir Path dir) throws Exception {
        try (EmbeddedDataset store = EmbeddedDataset.open(EmbeddedDataset.bundledConfig(), dir, true)) {
            Dataset ds = store.dataset();
            // Many small transactions, as an ingest in batches makes: each rewrites the index blocks it touches.
            for (int batch = 0; batch < 200; batch++) {
                ds.begin(ReadWrite.WRITE);
                try {
                    Model m = ds.getNamedModel(NS + "graph/" + (batch % 5));
                    for (int i = 0; i < 50; i++) {
                        m.add(ResourceFactory.createResource(NS + "s" + batch + "-" + i),
                                ResourceFactory.createProperty(NS + "p" + (i % 7)),
                                ResourceFactory.createPlainLiteral("value " + batch + " " + i));
                    }
                    ds.commit();
                } finally {
                    ds.end();
                }
            }

            EmbeddedDataset.Compaction c = store.compact();

            assertThat(c.bytesBefore()).isPositive();
            assertThat(c.bytesAfter()).as("size after, of %d bytes before", c.bytesBefore()).isLessThan(c.bytesBefore());
            assertThat(store.databaseBytes()).isEqualTo(c.bytesAfter());
            ds.begin(ReadWrite.READ);
            try {
                long triples = 0;
                for (int g = 0; g < 5; g++) {
                    triples += ds.getNamedModel(NS + "graph/" + g).size();
                }
                assertThat(triples).isEqualTo(200L * 50);
            } finally {
                ds.end();
            }
        }
    }
}
