package org.fairrag.app;

import io.micrometer.core.instrument.Counter;
import io.vertx.core.json.JsonObject;
import org.fairrag.graph.TdbGraphStore;
import org.fairrag.http.PerClientLimit;
import org.fairrag.http.SparqlHandler;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.sparql.InProcessSparqlService;
import org.fairrag.sparql.RemoteSparqlService;
import org.fairrag.sparql.SparqlQueryService;

/**
 * The public SPARQL endpoint: queries run in this process on the embedded store, or are forwarded to the
 * configured external endpoint; {@code /sparql} (the query page for a browser is the web app's).
 */
public final class SparqlModule implements FairragModule {

    private final Lifecycle lifecycle;
    private final TripleStoreModule store;
    private SparqlQueryService queries;

    public SparqlModule(Lifecycle lifecycle, TripleStoreModule store) {
        this.lifecycle = lifecycle;
        this.store = store;
    }

    @Override
    public String name() {
        return "sparql";
    }

    /** Queries the time limit stops are counted in {@code fairrag.sparql.timeouts}. */
    @Override
    public void open(IngestProgress progress) {
        FairragConfig config = lifecycle.config();
        Counter timeouts = Counter.builder("fairrag.sparql.timeouts").description("SPARQL queries stopped by the time limit")
                .register(lifecycle.metrics());
        this.queries = store.graph() instanceof TdbGraphStore tdb
                ? new InProcessSparqlService(tdb.dataset().asDatasetGraph(), config.sparqlTimeout(), timeouts)
                : new RemoteSparqlService(config.sparqlUrl().orElseThrow(), config.sparqlTimeout(), timeouts);
    }

    @Override
    public void addRoutes(ApiContext api) {
        FairragConfig config = api.config();
        var pool = api.pools().sparql();
        api.health().load("sparql", pool::saturated, () -> new JsonObject().put("inFlight", pool.inFlight())
                .put("threads", pool.threads()).put("capacity", pool.capacity()));
        SparqlHandler sparql = new SparqlHandler(queries, pool, config.sparqlMaxRows(), config.sparqlTimeout(),
                ApiContext.allGraphs(store.graphs()), new PerClientLimit(config.sparqlPerClient()), api.streamer(),
                config.baseUrl(), config.pidUrl(org.fairrag.fdo.DatasetFdo.ID));
        api.routes(router -> {
            router.route("/sparql").handler(sparql::handle);
            router.route("/sparql/").handler(sparql::handle);
        });
    }

    /** The service that runs public SPARQL queries. */
    public SparqlQueryService queries() { return queries; }
}
