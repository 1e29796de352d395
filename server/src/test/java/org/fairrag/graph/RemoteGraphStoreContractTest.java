package org.fairrag.graph;

import java.io.IOException;
import java.time.Duration;
import org.apache.jena.fuseki.main.FusekiServer;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The graph store contract over the SPARQL protocol: a Fuseki server on loopback holds the same TDB2 +
 * jena-text dataset the embedded store uses, and {@link RemoteGraphStore} reads and writes it over HTTP.
 */
class RemoteGraphStoreContractTest extends GraphStoreContract {

    private static EmbeddedDataset dataset;
    private static FusekiServer fuseki;
    private static GraphStore store;

    @BeforeAll
    static void start() throws IOException {
        dataset = EmbeddedDataset.open(EmbeddedDataset.bundledConfig(), TestFairrag.newDir("remote-contract"), true);
        fuseki = FusekiServer.create().loopback(true).port(0).add("/ds", dataset.dataset(), true).build().start();
        String base = "http://127.0.0.1:" + fuseki.getHttpPort() + "/ds";
        store = new RemoteGraphStore(base + "/query", base + "/update", Duration.ofSeconds(30));
    }

    @AfterAll
    static void stop() {
        fuseki.stop();
        dataset.close();
    }

    @Override
    GraphStore store() {
        return store;
    }
}
