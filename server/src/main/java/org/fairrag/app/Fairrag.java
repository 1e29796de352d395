package org.fairrag.app;

import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.file.FileSystemOptions;
import io.vertx.micrometer.Label;
import io.vertx.micrometer.MicrometerMetricsFactory;
import io.vertx.micrometer.MicrometerMetricsOptions;
import java.util.EnumSet;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.fairrag.annotate.MentionCheck;
import org.fairrag.annotate.MentionIndex;
import org.fairrag.annotate.MentionStore;
import org.fairrag.annotate.Neighbours;
import org.fairrag.annotate.StatisticsCache;
import org.fairrag.annotate.SubjectModel;
import org.fairrag.annotate.SubjectStatistics;
import org.fairrag.annotate.SubjectSuggester;
import org.fairrag.embed.CachingEmbedder;
import org.fairrag.embed.Chunker;
import org.fairrag.embed.Embedder;
import org.fairrag.embed.LangChainEmbedder;
import org.fairrag.fdo.DatasetFdo;
import org.fairrag.fdo.FdoKind;
import org.fairrag.fdo.FdoPublisher;
import org.fairrag.graph.EmbeddedDataset;
import org.fairrag.graph.GraphStore;
import org.fairrag.graph.Graphs;
import org.fairrag.graph.RemoteGraphStore;
import org.fairrag.graph.TdbGraphStore;
import org.fairrag.generate.ChatModels;
import org.fairrag.generate.Prompts;
import org.fairrag.ingest.ArticleIndex;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.ConsistencyCheck;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.SourceFile;
import org.fairrag.ingest.SubjectSuggestions;
import org.fairrag.ingest.VocabularyIngest;
import org.fairrag.pid.Tombstones;
import org.fairrag.relate.AssociationRefresher;
import org.fairrag.relate.AssociationStore;
import org.fairrag.relate.RelatedConcepts;
import org.fairrag.relate.RelationTyper;
import org.fairrag.store.ApiKeys;
import org.fairrag.store.Database;
import org.fairrag.store.IngestionRuns;
import org.fairrag.store.PidRegistry;
import org.fairrag.store.PostgresServer;
import org.fairrag.search.ArticleIndexer;
import org.fairrag.sparql.InProcessSparqlService;
import org.fairrag.sparql.RemoteSparqlService;
import org.fairrag.sparql.SparqlQueryService;
import org.fairrag.search.PublishedArticles;
import org.fairrag.store.SourceRecords;
import org.fairrag.terms.TermIndexer;
import org.fairrag.terms.TermLexicon;
import org.fairrag.vectors.LuceneVectorIndex;
import org.fairrag.vectors.VectorIndex;
import org.fairrag.vectors.VectorStoreSettings;
import org.fairrag.vectors.WeaviateVectorIndex;
import org.fairrag.vocab.Concept;
import org.fairrag.vocab.VocabularyGraphReader;
import org.fairrag.vocab.VocabularyIndex;
import org.fairrag.vocab.VocabularyInfo;
import org.fairrag.vocab.read.MeshTsvReader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One fairrag instance: owns the lifecycle of every part. {@link #open} starts the stores (PostgreSQL,
 * then the triple store, then the vector index) and loads the vocabulary; {@link #close} stops them in
 * reverse order. The HTTP server is started on top by {@link HttpServerLauncher}.
 *
 * <p>An instance holds its data directory's lock while open and closes itself from a shutdown hook, so
 * every command (serve, ingest, bench, ...) stops its embedded PostgreSQL when the process is told to
 * stop; after a kill that runs no hook, the next instance stops the PostgreSQL left behind.
 */
public final class Fairrag implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Fairrag.class);

    public static final String DEMO_ARTICLES = "/fairrag/demo/articles.jsonl.gz";
    public static final String BUNDLED_MESH = "/fairrag/ontologies/mesh/mesh2024_descriptors.tsv.gz";
    private static final String INSTANCE_FILE = "fairrag-instance.properties";
    /** Articles read back from the graph and indexed per step when the vector index is filled again. */
    private static final int REINDEX_BATCH = 500;

    private final FairragConfig config;
    private final Vertx vertx;
    private final PrometheusMeterRegistry metrics = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final List<AutoCloseable> closeables = new ArrayList<>();
    private final Thread shutdownHook = new Thread(this::closeQuietly, "fairrag-shutdown");
    private final PostgresServer embeddedPostgres;
    private final Database database;
    private final GraphStore graph;
    private final Graphs graphs;
    private final PidRegistry registry;
    private final IngestionRuns runs;
    private final SourceRecords sourceRecords;
    private final FdoPublisher publisher;
    private final DatasetFdo datasetFdo;
    private final AtomicReference<VocabularyIndex> vocabulary = new AtomicReference<>(VocabularyIndex.empty());
    private final List<ArticleIndex> articleIndexes = new ArrayList<>();
    private final ApiKeys apiKeys;
    private final Tombstones tombstones;
    private final AtomicReference<TermLexicon> termLexicon = new AtomicReference<>(TermLexicon.empty());
    private final Embedder embedder;
    private final Embedder queryEmbedder;
    private final VectorIndex vectorIndex;
    private final ArticleIndexer articleIndexer;
    private final TermIndexer termIndexer;
    private final MentionStore mentionStore;
    private final MentionIndex mentionIndex;
    private final StatisticsCache subjectStatistics;
    private final AssociationStore associationStore;
    private final RelatedConcepts relatedConcepts;
    private final AssociationRefresher associationRefresher;
    private SubjectSuggester subjectSuggester;

    private Fairrag(FairragConfig config) throws IOException {
        this.config = config;
        Files.createDirectories(config.dataDir());
        DataDirectoryLock lock = DataDirectoryLock.acquire(config.dataDir());
        closeables.add(lock);
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        try {
            checkBaseUrl(config);
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
        this.vertx = Vertx.builder()
                .with(new VertxOptions()
                        .setFileSystemOptions(new FileSystemOptions().setFileCacheDir(config.dataDir().resolve("cache").toString()))
                        // Vert.x keeps backends by registry name: a name of its own per instance, so that
                        // several instances in one JVM (tests) each count their own requests.
                        .setMetricsOptions(new MicrometerMetricsOptions().setEnabled(true)
                                .setRegistryName("fairrag-" + UUID.randomUUID())
                                .setLabels(EnumSet.of(Label.HTTP_ROUTE, Label.HTTP_METHOD, Label.HTTP_CODE, Label.POOL_TYPE, Label.POOL_NAME))))
                .withMetrics(new MicrometerMetricsFactory(metrics))
                .build();
        closeables.add(() -> vertx.close().await());
        new JvmMemoryMetrics().bindTo(metrics);
        new JvmGcMetrics().bindTo(metrics);
        new JvmThreadMetrics().bindTo(metrics);
        new ProcessorMetrics().bindTo(metrics);
        try {
            this.graphs = new Graphs(config.baseUrl());
            String pgUrl;
            if (config.embeddedPostgres()) {
                this.embeddedPostgres = PostgresServer.start(config.dataDir().resolve("postgres"));
                closeables.add(embeddedPostgres);
                pgUrl = embeddedPostgres.url();
            } else {
                this.embeddedPostgres = null;
                pgUrl = config.pgUrl().orElseThrow();
            }
            this.database = Database.open(vertx, pgUrl, 16);
            closeables.add(database);

            if (config.embeddedTripleStore()) {
                EmbeddedDataset store = EmbeddedDataset.open(EmbeddedDataset.bundledConfig(),
                        config.dataDir().resolve("fuseki"), config.textIndex());
                closeables.add(store);
                this.graph = new TdbGraphStore(store.dataset(), config.textIndex()
                        ? "embedded TDB2 + jena-text, in-process" : "embedded TDB2, in-process",
                        // Mentions and associations hold no text the index searches; writing them past it saves time.
                        Set.of(graphs.restrictedContent(), graphs.publicMentions(), graphs.restrictedMentions(),
                                graphs.publicAssociations(), graphs.restrictedAssociations(), graphs.typedRelations()));
            } else {
                this.graph = new RemoteGraphStore(config.sparqlUrl().orElseThrow(),
                        config.sparqlUpdateUrl().orElseThrow(), config.sparqlTimeout());
                closeables.add(graph);
            }
            this.registry = new PidRegistry(database.pool());
            this.runs = new IngestionRuns(database.pool());
            this.sourceRecords = new SourceRecords(database.pool());
            this.publisher = new FdoPublisher(graph, registry, config.baseUrl());
            this.datasetFdo = new DatasetFdo(config.baseUrl());
            this.apiKeys = new ApiKeys(database.pool(), new SecureRandom());
            this.tombstones = new Tombstones(graph, graphs, registry, () -> List.copyOf(articleIndexes),
                    this::afterTombstone, Clock.systemUTC(), config.baseUrl());
            if (config.vectors().kind() == VectorStoreSettings.Kind.NONE) {
                this.embedder = null;
                this.queryEmbedder = null;
                this.vectorIndex = null;
                this.articleIndexer = null;
                this.termIndexer = null;
            } else {
                this.embedder = LangChainEmbedder.create(config.embedding());
                CachingEmbedder cached = new CachingEmbedder(embedder, config.queryCacheSize());
                cached.bindTo(metrics);
                this.queryEmbedder = cached;
                this.vectorIndex = openVectorIndex(config, embedder);
                closeables.add(vectorIndex);
                this.articleIndexer = new ArticleIndexer(vectorIndex, embedder, new Chunker());
                this.termIndexer = new TermIndexer(vectorIndex, embedder);
                articleIndexes.add(articleIndexer);
            }
            this.mentionStore = new MentionStore(graph, graphs);
            this.mentionIndex = new MentionIndex(mentionStore, vocabulary::get);
            if (config.mentions()) {
                articleIndexes.add(mentionIndex);
            }
            this.subjectStatistics = new StatisticsCache(() -> SubjectStatistics.of(graph, graphs, vocabulary.get()),
                    () -> mentionIndex.counts().articles());
            this.associationStore = new AssociationStore(graph, graphs, datasetFdo.pid(), vocabulary::get, Clock.systemUTC());
            this.relatedConcepts = new RelatedConcepts(graph, graphs, associationStore, vocabulary::get);
            this.associationRefresher = new AssociationRefresher(associationStore);
            closeables.add(associationRefresher);
            reloadVocabulary(IngestProgress.NONE);
            reindexIfEmpty();
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
    }

    /** Starts the stores and reads the vocabulary. Blocks for a few seconds. */
    public static Fairrag open(FairragConfig config) throws IOException {
        return new Fairrag(config);
    }

    /**
     * On a collection with no articles and no terms, loads the bundled MeSH vocabulary and demo articles.
     *
     * @return whether anything was loaded
     */
    public boolean loadDemoIfEmpty(IngestProgress progress) throws IOException {
        Map<FdoKind, Long> counts = registry.countByKind().await();
        boolean loaded = false;
        if (counts.getOrDefault(FdoKind.TERM, 0L) == 0) {
            LOG.info("No vocabulary yet: loading the bundled MeSH 2024 descriptors");
            try (InputStream in = Fairrag.class.getResourceAsStream(BUNDLED_MESH)) {
                if (in == null) {
                    throw new IOException("Missing bundled MeSH vocabulary " + BUNDLED_MESH);
                }
                loadVocabulary(VocabularyInfo.MESH_2024, MeshTsvReader.read(org.fairrag.ingest.read.SourceFormats.decompressed(in)), progress);
            }
            loaded = true;
        }
        if (counts.getOrDefault(FdoKind.ARTICLE, 0L) == 0) {
            LOG.info("No articles yet: loading the bundled demo slice");
            long mentionNanos = mentionIndex.counts().nanos();
            ArticleIngest.Report report = ingest(SourceFile.ofResource(DEMO_ARTICLES), ArticleIngest.Options.DEFAULT, progress);
            if (config.mentions()) {
                double mentions = (mentionIndex.counts().nanos() - mentionNanos) / 1e9;
                double total = report.took().toNanos() / 1e9;
                LOG.info("Demo articles ingested in {} s, of which concept mentions {} s (+{}% over the rest)",
                        String.format("%.1f", total), String.format("%.1f", mentions),
                        String.format("%.0f", 100 * mentions / Math.max(1e-9, total - mentions)));
            }
            loaded = true;
        }
        return loaded;
    }

    public VocabularyIngest.Report loadVocabulary(VocabularyInfo info, List<Concept> concepts, IngestProgress progress) {
        VocabularyIngest.Report report = new VocabularyIngest(publisher, graphs).load(info, concepts, progress);
        reloadVocabulary(progress);
        refreshDataset();
        return report;
    }

    public ArticleIngest.Report ingest(SourceFile file, ArticleIngest.Options options, IngestProgress progress)
            throws IOException {
        ArticleIngest.Report report = articleIngest().ingest(file, options, progress);
        if (!report.alreadyIngested()) {
            runs.find(ArticleIngest.runId(report.checksum(), options.accessLevel())).await()
                    .ifPresent(run -> publisher.publish(graphs.contentFor(run.accessLevel()), List.of(datasetFdo.runDraft(run)),
                            null).await());
            refreshDataset();
            refreshAssociations();
        }
        return report;
    }

    /** Verifies and repairs the agreement of the triple store, the vector index and the PID registry. */
    public ConsistencyCheck consistencyCheck() {
        return new ConsistencyCheck(graph, graphs, registry, vectorIndex(), articleIndexer(), vocabulary::get,
                pmids -> articleIngest().republish(pmids), publisher::pidUrl);
    }

    private ArticleIngest articleIngest() {
        return new ArticleIngest(publisher, registry, sourceRecords, runs, graphs, vocabulary::get, articleIndexes,
                config.mentions() ? article -> subjectSuggester().forArticle(article) : SubjectSuggestions.NONE,
                datasetFdo.pid());
    }

    /**
     * Recomputes the dataset FDO's counts and runs, and republishes it if they changed. It is public, so it
     * counts public objects only: how many restricted articles exist is not told either.
     */
    public void refreshDataset() {
        Map<FdoKind, Long> counts = registry.countPublicByKind().await();
        long triples = graph.size(List.of(graphs.vocabulary(), graphs.publicContent()));
        Map<String, Long> bySource = ArticleSources.count(graph, graphs.publicContent());
        var stats = new DatasetFdo.Statistics(counts.getOrDefault(FdoKind.ARTICLE, 0L),
                counts.getOrDefault(FdoKind.TERM, 0L), counts.getOrDefault(FdoKind.SUMMARY, 0L), triples, bySource);
        List<IngestionRuns.Run> publicRuns = runs.all().await().stream().filter(r -> "public".equals(r.accessLevel())).toList();
        publisher.publish(graphs.publicContent(), List.of(datasetFdo.draft(stats, publicRuns)), null).await();
    }

    /** Reads the vocabulary into memory, rebuilds the term lexicon and brings the term vectors up to date. */
    private void reloadVocabulary(IngestProgress progress) {
        long t0 = System.nanoTime();
        VocabularyIndex index = VocabularyGraphReader.read(graph, graphs.vocabulary());
        vocabulary.set(index);
        if (index.isEmpty()) {
            return;
        }
        LOG.info("Vocabulary: {} terms in memory ({} ms)", index.size(), (System.nanoTime() - t0) / 1_000_000);
        long t1 = System.nanoTime();
        termLexicon.set(TermLexicon.of(index));
        LOG.info("Term lexicon built ({} ms)", (System.nanoTime() - t1) / 1_000_000);
        if (termIndexer != null) {
            long t2 = System.nanoTime();
            TermIndexer.Report r = termIndexer.sync(index, progress);
            if (r.embeddedTerms() > 0 || r.deletedTerms() > 0) {
                LOG.info("Term vectors: {} terms ({} names) embedded, {} removed, {} unchanged ({} s)", r.embeddedTerms(),
                        r.embeddedNames(), r.deletedTerms(), r.unchangedTerms(), (System.nanoTime() - t2) / 1_000_000_000);
            }
        }
    }

    /**
     * Fills an empty vector index from the graph, as after a switch to another vector store, embedding
     * model or index format: the articles are published, only their vectors are missing.
     */
    private void reindexIfEmpty() {
        if (articleIndexer == null || vectorIndex.articleCount() > 0
                || registry.countByKind().await().getOrDefault(FdoKind.ARTICLE, 0L) == 0) {
            return;
        }
        PublishedArticles published = new PublishedArticles(graph, graphs);
        List<String> pids = published.pids();
        LOG.info("The vector index ({}) has no articles but the graph has {}: indexing them again", vectorIndex.describe(),
                pids.size());
        long t0 = System.nanoTime();
        for (int from = 0; from < pids.size(); from += REINDEX_BATCH) {
            articleIndexer.index(published.read(pids.subList(from, Math.min(pids.size(), from + REINDEX_BATCH)),
                    vocabulary.get()));
            LOG.info("Indexed {} of {} articles", Math.min(pids.size(), from + REINDEX_BATCH), pids.size());
        }
        LOG.info("Vector index filled again in {} s", (System.nanoTime() - t0) / 1_000_000_000);
    }

    /**
     * Annotates the articles of a collection published before concept mentions were kept, once: when no
     * article has mentions yet. Articles ingested since are annotated as they are published.
     */
    public void annotateIfNone(IngestProgress progress) {
        if (!config.mentions() || !mentionStore.isEmpty() || registry.countByKind().await().getOrDefault(FdoKind.ARTICLE, 0L) == 0) {
            return;
        }
        LOG.info("The articles have no concept mentions yet: annotating them");
        long t0 = System.nanoTime();
        int n = mentionCheck().annotateAll(progress);
        LOG.info("Concept mentions of {} articles found in {} s", n, (System.nanoTime() - t0) / 1_000_000_000);
    }

    /**
     * Counts the associations between concepts again from the concept mentions (after an ingestion, a
     * tombstone, {@code fairrag annotate}, {@code fairrag relations} or {@code check --repair}). Blocking.
     */
    public AssociationStore.Report refreshAssociations() {
        return associationRefresher.refreshNow();
    }

    /** Counts the associations of a collection whose articles have mentions and no associations yet, once. */
    public void countAssociationsIfNone() {
        if (associationStore.isEmpty(AssociationStore.View.PUBLIC) && !mentionStore.isEmpty()) {
            LOG.info("The concept mentions have not been counted into associations yet: counting them");
            refreshAssociations();
        }
    }

    /** Types associations with the configured language model ({@code fairrag relations --typed}). */
    public RelationTyper relationTyper() {
        FairragConfig.Llm llm = config.llm();
        if (!llm.enabled()) {
            throw new IllegalStateException("no language model is configured (FAIRRAG_LLM)");
        }
        ChatModels.ConfiguredBlocking chat = ChatModels.createBlocking(llm.provider(), llm.baseUrl().orElse(null),
                llm.model().orElse(null), llm.apiKey().orElse(null), llm.timeout());
        return new RelationTyper(graph, graphs, associationStore, relatedConcepts, vocabulary::get, chat.model(), chat.name(),
                Prompts.bundled(), Clock.systemUTC());
    }

    /** A withdrawn article leaves the dataset's counts at once and the associations with the next count, soon after. */
    private void afterTombstone() {
        refreshDataset();
        associationRefresher.request();
    }

    /** Verifies and repairs the concept mentions against the published articles ({@code check}, {@code annotate}). */
    public MentionCheck mentionCheck() {
        return new MentionCheck(registry, new PublishedArticles(graph, graphs), mentionStore, mentionIndex, vocabulary::get,
                publisher::pidUrl);
    }

    private static VectorIndex openVectorIndex(FairragConfig config, Embedder embedder) {
        VectorStoreSettings v = config.vectors();
        return switch (v.kind()) {
            case LUCENE -> LuceneVectorIndex.open(config.dataDir().resolve("vectors"), embedder.modelName(), embedder.dimension());
            case WEAVIATE -> WeaviateVectorIndex.connect(v.weaviateUrl().orElseThrow(), v.weaviateApiKey(),
                    WeaviateVectorIndex.DEFAULT_PREFIX, embedder.modelName(), embedder.dimension());
            case NONE -> throw new IllegalArgumentException("no vector index is configured");
        };
    }

    /** Registers a derived index to feed on every ingestion (the vector index). */
    public void addArticleIndex(ArticleIndex index) {
        articleIndexes.add(index);
    }

    /** Closes {@code resource} with this instance, before everything opened earlier. */
    public void closeWithInstance(AutoCloseable resource) {
        closeables.add(resource);
    }

    private static void checkBaseUrl(FairragConfig config) throws IOException {
        Path file = config.dataDir().resolve(INSTANCE_FILE);
        Properties p = new Properties();
        if (Files.exists(file)) {
            try (InputStream in = Files.newInputStream(file)) {
                p.load(in);
            }
            String minted = p.getProperty("baseUrl");
            if (minted != null && !minted.equals(config.baseUrl())) {
                throw new IllegalStateException("The data in " + config.dataDir() + " was published under the base URL "
                        + minted + ", so its PIDs start with " + minted + "/pid/. Start with FAIRRAG_BASE_URL=" + minted
                        + " (or --base-url), or use another FAIRRAG_DATA_DIR for " + config.baseUrl() + ".");
            }
        } else {
            p.setProperty("baseUrl", config.baseUrl());
            try (var out = Files.newOutputStream(file)) {
                p.store(out, "fairrag instance: PIDs in this data directory are minted under this base URL");
            }
        }
    }

    public FairragConfig config() { return config; }
    /** Every meter of this instance: Vert.x HTTP metrics, worker pools, caches, JVM; scraped at /metrics. */
    public PrometheusMeterRegistry metrics() { return metrics; }
    /** The embedded PostgreSQL; empty when an external one is configured. */
    public Optional<PostgresServer> embeddedPostgres() { return Optional.ofNullable(embeddedPostgres); }
    public Vertx vertx() { return vertx; }
    public Database database() { return database; }
    public GraphStore graph() { return graph; }
    public Graphs graphs() { return graphs; }
    public PidRegistry registry() { return registry; }
    public IngestionRuns runs() { return runs; }
    public FdoPublisher publisher() { return publisher; }
    public DatasetFdo datasetFdo() { return datasetFdo; }
    public VocabularyIndex vocabulary() { return vocabulary.get(); }
    public ApiKeys apiKeys() { return apiKeys; }
    /** Withdraws articles and summaries; blocking. */
    public Tombstones tombstones() { return tombstones; }
    public TermLexicon termLexicon() { return termLexicon.get(); }
    /** The vector index; empty when FAIRRAG_VECTORS=none. */
    public Optional<VectorIndex> vectorIndex() { return Optional.ofNullable(vectorIndex); }
    /** The embedder for bulk text (no cache); empty when FAIRRAG_VECTORS=none. */
    public Optional<Embedder> embedder() { return Optional.ofNullable(embedder); }
    /** The embedder for queries, with its cache; empty when FAIRRAG_VECTORS=none. */
    public Optional<Embedder> queryEmbedder() { return Optional.ofNullable(queryEmbedder); }
    public Optional<ArticleIndexer> articleIndexer() { return Optional.ofNullable(articleIndexer); }
    public Optional<TermIndexer> termIndexer() { return Optional.ofNullable(termIndexer); }
    /** Finds and keeps the concepts each article's text mentions. */
    public MentionIndex mentionIndex() { return mentionIndex; }
    /** Counts the associations again, one count at a time. */
    public AssociationRefresher associationRefresher() { return associationRefresher; }
    /** The associations between concepts that sentences mention together. */
    public AssociationStore associationStore() { return associationStore; }
    /** Reads the concepts most associated with a concept, with evidence. */
    public RelatedConcepts relatedConcepts() { return relatedConcepts; }
    /** How indexers use each term in the public articles, counted again as the collection grows. */
    public StatisticsCache subjectStatistics() { return subjectStatistics; }

    /** Suggests subject terms for a text with the bundled model; built on first use. */
    public synchronized SubjectSuggester subjectSuggester() {
        if (subjectSuggester == null) {
            subjectSuggester = subjectSuggester(SubjectModel.bundled());
        }
        return subjectSuggester;
    }

    /** A suggester over this collection with another model (benchmarks compare models). */
    public SubjectSuggester subjectSuggester(SubjectModel model) {
        return new SubjectSuggester(mentionIndex::finder,
                vectorIndex == null ? Optional.empty() : Optional.of(new Neighbours(vectorIndex, embedder, new Chunker(),
                        Neighbours.Settings.DEFAULT)),
                subjectStatistics, model, vocabulary::get);
    }

    /**
     * The service that runs public SPARQL queries: in this process on the embedded store, or forwarded to the
     * configured external endpoint. Queries the time limit stops are counted in {@code fairrag.sparql.timeouts}.
     */
    public SparqlQueryService sparqlQueryService() {
        Counter timeouts = Counter.builder("fairrag.sparql.timeouts").description("SPARQL queries stopped by the time limit")
                .register(metrics);
        return graph instanceof TdbGraphStore tdb
                ? new InProcessSparqlService(tdb.dataset().asDatasetGraph(), config.sparqlTimeout(), timeouts)
                : new RemoteSparqlService(config.sparqlUrl().orElseThrow(), config.sparqlTimeout(), timeouts);
    }

    @Override
    public void close() {
        closeQuietly();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // The JVM is shutting down: the hook is running or has run.
        }
        LOG.info("fairrag stopped");
    }

    private synchronized void closeQuietly() {
        for (int i = closeables.size() - 1; i >= 0; i--) {
            try {
                closeables.get(i).close();
            } catch (Exception e) {
                LOG.warn("Error while stopping {}: {}", closeables.get(i), e.toString());
            }
        }
        closeables.clear();
    }
}
