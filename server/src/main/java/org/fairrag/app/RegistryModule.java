package org.fairrag.app;

import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.security.SecureRandom;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.fairrag.fdo.DatasetFdo;
import org.fairrag.fdo.FdoKind;
import org.fairrag.fdo.FdoPublisher;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.store.ApiKeys;
import org.fairrag.store.Database;
import org.fairrag.store.IngestionRuns;
import org.fairrag.store.InstanceSecrets;
import org.fairrag.store.PidRegistry;
import org.fairrag.store.PostgresServer;
import org.fairrag.store.SourceRecords;

/**
 * The records kept in PostgreSQL (the PID registry, source records, ingestion runs, API keys), the publisher
 * that writes an FDO to the graph and then to the registry, and the dataset FDO that describes the collection.
 * PostgreSQL starts in the background from the constructor, while the modules before this one open.
 */
public final class RegistryModule implements FairragModule {

    private final Lifecycle lifecycle;
    private final TripleStoreModule store;
    private final AtomicReference<PostgresServer> embeddedPostgres = new AtomicReference<>();
    private final Background<Database> starting;
    private final DatasetFdo datasetFdo;
    private Database database;
    private PidRegistry registry;
    private IngestionRuns runs;
    private SourceRecords sourceRecords;
    private FdoPublisher publisher;
    private ApiKeys apiKeys;
    private InstanceSecrets secrets;

    public RegistryModule(Lifecycle lifecycle, TripleStoreModule store) {
        this.lifecycle = lifecycle;
        this.store = store;
        this.datasetFdo = new DatasetFdo(lifecycle.config().baseUrl());
        this.starting = Background.start("start PostgreSQL", this::openDatabase);
    }

    @Override
    public String name() {
        return "registry";
    }

    /** Starts the embedded PostgreSQL (or takes the configured one) and migrates its schema; both close with the instance. */
    private Database openDatabase() throws IOException {
        FairragConfig config = lifecycle.config();
        String pgUrl;
        if (config.embeddedPostgres()) {
            PostgresServer server = PostgresServer.start(config.dataDir().resolve("postgres"));
            lifecycle.closeWith(server);
            embeddedPostgres.set(server);
            pgUrl = server.url();
        } else {
            pgUrl = config.pgUrl().orElseThrow();
        }
        Database db = Database.open(lifecycle.vertx(), pgUrl, 16);
        lifecycle.closeWith(db);
        return db;
    }

    @Override
    public void open(IngestProgress progress) throws IOException {
        this.database = starting.await();
        this.registry = new PidRegistry(database.pool());
        this.runs = new IngestionRuns(database.pool());
        this.sourceRecords = new SourceRecords(database.pool());
        this.publisher = new FdoPublisher(store.graph(), registry, lifecycle.config().baseUrl());
        this.apiKeys = new ApiKeys(database.pool(), new SecureRandom());
        this.secrets = new InstanceSecrets(database.pool(), new SecureRandom());
    }

    @Override
    public void settle() {
        starting.awaitQuietly();
    }

    @Override
    public void addRoutes(ApiContext api) {
        api.health().component("postgres", () -> database.ping()
                .map(v -> new JsonObject().put("database", database.describe())));
    }

    /**
     * Recomputes the dataset FDO's counts and runs, and republishes it if they changed. It is public, so it
     * counts public objects only: how many restricted articles exist is not told either. Blocking.
     */
    public void refreshDataset() {
        var graph = store.graph();
        var graphs = store.graphs();
        Map<FdoKind, Long> counts = registry.countPublicByKind().await();
        // What the public dump holds (the dataset's own description as it was before this refresh).
        long triples = graph.size(graphs.publicGraphs());
        Map<String, Long> bySource = ArticleSources.count(graph, graphs.publicContent());
        var stats = new DatasetFdo.Statistics(counts.getOrDefault(FdoKind.ARTICLE, 0L),
                counts.getOrDefault(FdoKind.TERM, 0L), counts.getOrDefault(FdoKind.SUMMARY, 0L), triples, bySource);
        List<IngestionRuns.Run> publicRuns = runs.all().await().stream().filter(r -> "public".equals(r.accessLevel())).toList();
        publisher.publish(graphs.publicContent(), List.of(datasetFdo.draft(stats, publicRuns)), null).await();
    }

    /** Describes an ingestion run as an FDO of its own, in the graph of its access level. Blocking. */
    public void publishRun(String runId) {
        runs.find(runId).await().ifPresent(run -> publisher.publish(store.graphs().contentFor(run.accessLevel()),
                List.of(datasetFdo.runDraft(run)), null).await());
    }

    /** The embedded PostgreSQL; empty when an external one is configured. */
    public Optional<PostgresServer> embeddedPostgres() { return Optional.ofNullable(embeddedPostgres.get()); }
    public Database database() { return database; }
    public PidRegistry registry() { return registry; }
    public IngestionRuns runs() { return runs; }
    public SourceRecords sourceRecords() { return sourceRecords; }
    public FdoPublisher publisher() { return publisher; }
    public DatasetFdo datasetFdo() { return datasetFdo; }
    public ApiKeys apiKeys() { return apiKeys; }
    public InstanceSecrets secrets() { return secrets; }
}
