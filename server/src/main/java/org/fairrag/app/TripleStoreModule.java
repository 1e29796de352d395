package org.fairrag.app;

import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.fairrag.graph.EmbeddedDataset;
import org.fairrag.graph.GraphStore;
import org.fairrag.graph.Graphs;
import org.fairrag.graph.RemoteGraphStore;
import org.fairrag.graph.TdbGraphStore;
import org.fairrag.ingest.IngestProgress;

/** The RDF store every description lives in: embedded TDB2 with jena-text in this process, or a remote SPARQL endpoint. */
public final class TripleStoreModule implements FairragModule {

    private static final Query PROBE = QueryFactory.create("ASK {}");

    private final Lifecycle lifecycle;
    private final Graphs graphs;
    private GraphStore graph;
    private EmbeddedDataset embedded;

    public TripleStoreModule(Lifecycle lifecycle) {
        this.lifecycle = lifecycle;
        this.graphs = new Graphs(lifecycle.config().baseUrl());
    }

    @Override
    public String name() {
        return "triple store";
    }

    @Override
    public void open(IngestProgress progress) throws IOException {
        FairragConfig config = lifecycle.config();
        progress.step("Starting the stores");
        if (config.embeddedTripleStore()) {
            EmbeddedDataset store = EmbeddedDataset.open(EmbeddedDataset.bundledConfig(),
                    config.dataDir().resolve("fuseki"), config.textIndex());
            lifecycle.closeWith(store);
            this.embedded = store;
            this.graph = new TdbGraphStore(store.dataset(), config.textIndex()
                    ? "embedded TDB2 + jena-text, in-process" : "embedded TDB2, in-process",
                    // Mentions and associations hold no text the index searches; writing them past it saves time.
                    Set.of(graphs.restrictedContent(), graphs.publicMentions(), graphs.restrictedMentions(),
                            graphs.publicAssociations(), graphs.restrictedAssociations(), graphs.typedRelations()));
        } else {
            this.graph = new RemoteGraphStore(config.sparqlUrl().orElseThrow(),
                    config.sparqlUpdateUrl().orElseThrow(), config.sparqlTimeout());
            lifecycle.closeWith(graph);
        }
    }

    @Override
    public void addRoutes(ApiContext api) {
        // Probes run on a pool of their own, so that a saturated SPARQL pool reads as busy, not as a store down.
        api.health().component("triplestore", () -> api.pools().health().submit(() -> graph.ask(PROBE, Map.of()))
                .map(ok -> new JsonObject().put("store", graph.describe())));
    }

    public GraphStore graph() { return graph; }
    /** The embedded TDB2 database, or empty when the store is a remote endpoint (which compacts itself, if at all). */
    public Optional<EmbeddedDataset> embedded() { return Optional.ofNullable(embedded); }
    /** The named graphs, under the base URL. */
    public Graphs graphs() { return graphs; }
}
