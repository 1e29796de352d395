package org.fairrag.app;

import io.vertx.core.Vertx;
import io.micrometer.core.instrument.Counter;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.fairrag.annotate.MentionBackfill;
import org.fairrag.annotate.MentionCheck;
import org.fairrag.anchor.AnchoredContext;
import org.fairrag.anchor.MentionedConceptArticles;
import org.fairrag.anchor.MentionMap;
import org.fairrag.annotate.MentionIndex;
import org.fairrag.annotate.MentionStore;
import org.fairrag.annotate.Neighbours;
import org.fairrag.annotate.StatisticsCache;
import org.fairrag.annotate.SubjectModel;
import org.fairrag.annotate.SubjectStatistics;
import org.fairrag.annotate.SubjectSuggester;
import org.fairrag.embed.BundledVectors;
import org.fairrag.embed.CachingEmbedder;
import org.fairrag.embed.PrecomputedEmbedder;
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
import org.fairrag.search.ArticleSearch;
import org.fairrag.search.IndexedConceptArticles;
import org.fairrag.terms.ConceptLinker;
import org.fairrag.terms.TermLexicon;
import org.fairrag.terms.VocabularySnapshot;
import org.fairrag.terms.VocabularyState;
import org.fairrag.vectors.LuceneVectorIndex;
import org.fairrag.vectors.VectorIndex;
import org.fairrag.vectors.VectorStoreSettings;
import org.fairrag.vectors.WeaviateVectorIndex;
import org.fairrag.vocab.Concept;
import org.fairrag.vocab.VocabularyIndex;
import org.fairrag.vocab.VocabularyInfo;
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
    /** The vectors of the bundled MeSH's preferred names and of the demo articles' chunks, made ahead ({@code fairrag demo-vectors}). */
    public static final String MESH_NAME_VECTORS = "/fairrag/demo/mesh-names.vectors";
    public static final String DEMO_CHUNK_VECTORS = "/fairrag/demo/demo-chunks.vectors";
    /** The vocabulary snapshot, under the data directory. */
    public static final String VOCABULARY_SNAPSHOT = "snapshots/vocabulary.snapshot";
    /** Articles read back from the graph and indexed per step when the vector index is filled again. */
    private static final int REINDEX_BATCH = 500;

    private final Lifecycle lifecycle;
    private final FairragConfig config;
    private final Vertx vertx;
    private final PrometheusMeterRegistry metrics;
    private final AtomicReference<PostgresServer> embeddedPostgres = new AtomicReference<>();
    private final Database database;
    private final GraphStore graph;
    private final Graphs graphs;
    private final PidRegistry registry;
    private final IngestionRuns runs;
    private final SourceRecords sourceRecords;
    private final FdoPublisher publisher;
    private final DatasetFdo datasetFdo;
    private final List<ArticleIndex> articleIndexes = new ArrayList<>();
    private final ApiKeys apiKeys;
    private final Tombstones tombstones;
    private final Embedder embedder;
    private final Embedder queryEmbedder;
    private final VectorIndex vectorIndex;
    private final ArticleIndexer articleIndexer;
    private final TermIndexer termIndexer;
    private final ArticleSearch articleSearch;
    private final BundledVectors bundledVectors;
    private final VocabularyState vocabularyState;
    private final MentionStore mentionStore;
    private final MentionIndex mentionIndex;
    private final StatisticsCache subjectStatistics;
    private final AssociationStore associationStore;
    private final RelatedConcepts relatedConcepts;
    private final AssociationRefresher associationRefresher;
    private final MentionMap mentionMap;
    private final AtomicReference<String> literatureVersion = new AtomicReference<>();
    private final AnchoredContext anchoredContext;
    private final MentionBackfill mentionBackfill;
    private SubjectSuggester subjectSuggester;

    private Fairrag(Lifecycle lifecycle, IngestProgress progress) throws IOException {
        this.lifecycle = lifecycle;
        this.config = lifecycle.config();
        this.vertx = lifecycle.vertx();
        this.metrics = lifecycle.metrics();
        // Started at once and waited for where needed: PostgreSQL and the snapshot do not wait for the triple
        // store and the model, nor they for them.
        VocabularySnapshot snapshot = new VocabularySnapshot(config.dataDir().resolve(VOCABULARY_SNAPSHOT));
        Background<Optional<VocabularySnapshot.Contents>> saved = Background.start("read the vocabulary snapshot", snapshot::read);
        Background<Database> startingDatabase = Background.start("start PostgreSQL", this::openDatabase);
        try {
            this.graphs = new Graphs(config.baseUrl());
            progress.step("Starting the stores");
            if (config.embeddedTripleStore()) {
                EmbeddedDataset store = EmbeddedDataset.open(EmbeddedDataset.bundledConfig(),
                        config.dataDir().resolve("fuseki"), config.textIndex());
                lifecycle.closeWith(store);
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
            TermIndexer terms;
            if (config.vectors().kind() == VectorStoreSettings.Kind.NONE) {
                this.embedder = null;
                this.queryEmbedder = null;
                this.vectorIndex = null;
                this.articleIndexer = null;
                this.bundledVectors = null;
                terms = null;
            } else {
                this.embedder = LangChainEmbedder.create(config.embedding());
                CachingEmbedder cached = new CachingEmbedder(embedder, config.queryCacheSize());
                cached.bindTo(metrics);
                this.queryEmbedder = cached;
                this.vectorIndex = openVectorIndex(config, embedder);
                lifecycle.closeWith(vectorIndex);
                Chunker chunker = new Chunker();
                this.bundledVectors = new BundledVectors(List.of(
                        new BundledVectors.Source(MESH_NAME_VECTORS, List.of(BUNDLED_MESH)),
                        new BundledVectors.Source(DEMO_CHUNK_VECTORS, List.of(DEMO_ARTICLES))), embedder, chunker.version());
                PrecomputedEmbedder indexing = new PrecomputedEmbedder(embedder, bundledVectors);
                indexing.bindTo(metrics);
                this.articleIndexer = new ArticleIndexer(vectorIndex, indexing, chunker.using(bundledVectors));
                terms = new TermIndexer(vectorIndex, indexing);
                articleIndexes.add(articleIndexer);
            }
            this.termIndexer = terms;
            this.database = startingDatabase.await();
            this.registry = new PidRegistry(database.pool());
            this.runs = new IngestionRuns(database.pool());
            this.sourceRecords = new SourceRecords(database.pool());
            this.publisher = new FdoPublisher(graph, registry, config.baseUrl());
            this.datasetFdo = new DatasetFdo(config.baseUrl());
            this.apiKeys = new ApiKeys(database.pool(), new SecureRandom());
            this.tombstones = new Tombstones(graph, graphs, registry, () -> List.copyOf(articleIndexes),
                    this::afterTombstone, Clock.systemUTC(), config.baseUrl());
            this.mentionMap = new MentionMap(graph, graphs, this::vocabulary);
            lifecycle.closeWith(mentionMap);
            if (vectorIndex == null) {
                this.articleSearch = null;
                this.anchoredContext = null;
            } else {
                ConceptLinker linker = new ConceptLinker(this::termLexicon, this::vocabulary, Optional.of(vectorIndex),
                        ConceptLinker.Options.DEFAULT, config.queryCacheSize());
                linker.bindTo(metrics);
                this.anchoredContext = new AnchoredContext(mentionMap, vectorIndex, this::vocabulary, graph, graphs,
                        queryEmbedder);
                this.articleSearch = new ArticleSearch(queryEmbedder, vectorIndex, this::vocabulary, Optional.of(linker),
                        List.of(new IndexedConceptArticles(vectorIndex),
                                new MentionedConceptArticles(anchoredContext, MentionedConceptArticles.DEFAULT_WEIGHT)),
                        ArticleSearch.Options.DEFAULT);
            }
            this.mentionStore = new MentionStore(graph, graphs);
            this.mentionIndex = new MentionIndex(mentionStore, this::vocabulary);
            // Without annotation at ingest, a withdrawn article must still lose the mentions it was given before.
            articleIndexes.add(config.mentions() ? mentionIndex : mentionIndex.removalsOnly());
            // After the mention index, so that it reads what that index has just written.
            articleIndexes.add(mentionMap);
            this.subjectStatistics = new StatisticsCache(() -> SubjectStatistics.of(graph, graphs, vocabulary()),
                    () -> mentionIndex.counts().articles());
            this.associationStore = new AssociationStore(graph, graphs, datasetFdo.pid(), this::vocabulary, Clock.systemUTC());
            this.relatedConcepts = new RelatedConcepts(graph, graphs, associationStore, this::vocabulary);
            this.associationRefresher = new AssociationRefresher(associationStore);
            lifecycle.closeWith(associationRefresher);
            // Every change of mentions is counted into associations after it: then the map reads them again too,
            // whoever wrote them.
            associationRefresher.afterEachCount(mentionMap::requestLoad);
            associationRefresher.afterEachCount(() -> literatureVersion.set(associationStore.publicVersion()));
            this.mentionBackfill = new MentionBackfill(mentionCheck());
            lifecycle.closeWith(mentionBackfill);
            this.vocabularyState = new VocabularyState(graph, graphs.vocabulary(), snapshot, terms);
            vocabularyState.open(saved.await(), progress);
            progress.step("Checking the vector index");
            reindexIfEmpty();
            literatureVersion.set(associationStore.publicVersion());
        } catch (IOException | RuntimeException e) {
            startingDatabase.awaitQuietly();
            close();
            throw e;
        }
    }

    /** Starts the embedded PostgreSQL (or takes the configured one) and migrates its schema; both close with the instance. */
    private Database openDatabase() throws IOException {
        String pgUrl;
        if (config.embeddedPostgres()) {
            PostgresServer server = PostgresServer.start(config.dataDir().resolve("postgres"));
            lifecycle.closeWith(server);
            embeddedPostgres.set(server);
            pgUrl = server.url();
        } else {
            pgUrl = config.pgUrl().orElseThrow();
        }
        Database db = Database.open(vertx, pgUrl, 16);
        lifecycle.closeWith(db);
        return db;
    }

    /** Takes the data directory, starts the stores and reads the vocabulary. Blocks for a few seconds. */
    public static Fairrag open(FairragConfig config) throws IOException {
        return open(Lifecycle.begin(config), IngestProgress.NONE);
    }

    /**
     * Starts the stores on a begun lifecycle and reads the vocabulary, telling {@code progress} what it is
     * doing. Blocks for a few seconds. The instance closes the lifecycle when it closes, and so does a failure.
     */
    public static Fairrag open(Lifecycle lifecycle, IngestProgress progress) throws IOException {
        return new Fairrag(lifecycle, progress);
    }

    /**
     * On a collection with no articles and no terms, loads the bundled MeSH vocabulary and demo articles,
     * with their concept mentions.
     *
     * @return whether anything was loaded
     */
    public boolean loadDemoIfEmpty(IngestProgress progress) throws IOException {
        return loadDemoIfEmpty(progress, false);
    }

    /**
     * As {@link #loadDemoIfEmpty(IngestProgress)}; with {@code annotateLater}, the demo articles' concept mentions
     * (and their associations) are left to {@link #annotateMissingInBackground}: storing them took three
     * quarters of the demo's first ingest.
     */
    public boolean loadDemoIfEmpty(IngestProgress progress, boolean annotateLater) throws IOException {
        Map<FdoKind, Long> counts = registry.countByKind().await();
        boolean loaded = false;
        VocabularyLoad mesh = null;
        // By the graph, not the registry: a vocabulary load that did not commit leaves PIDs registered ahead.
        if (vocabulary().isEmpty()) {
            LOG.info("No vocabulary yet: loading the bundled MeSH 2024 descriptors");
            progress.step("Reading the bundled MeSH");
            mesh = startVocabularyLoad(VocabularyInfo.MESH_2024, DemoData.meshConcepts(), progress);
            loaded = true;
        }
        // The articles need the vocabulary in memory, not its lexicon: that is built meanwhile.
        boolean articles = counts.getOrDefault(FdoKind.ARTICLE, 0L) == 0;
        if (articles) {
            LOG.info("No articles yet: loading the bundled demo slice");
            try {
                long mentionNanos = mentionIndex.counts().nanos();
                ArticleIngest.Report report = annotateLater
                        ? mentionIndex.deferring(() -> ingest(SourceFile.ofResource(DEMO_ARTICLES), ArticleIngest.Options.DEFAULT, progress))
                        : ingest(SourceFile.ofResource(DEMO_ARTICLES), ArticleIngest.Options.DEFAULT, progress);
                if (config.mentions() && !annotateLater) {
                    double mentions = (mentionIndex.counts().nanos() - mentionNanos) / 1e9;
                    double total = report.took().toNanos() / 1e9;
                    LOG.info("Demo articles ingested in {} s, of which concept mentions {} s (+{}% over the rest)",
                            String.format("%.1f", total), String.format("%.1f", mentions),
                            String.format("%.0f", 100 * mentions / Math.max(1e-9, total - mentions)));
                }
            } catch (IOException | RuntimeException e) {
                if (mesh != null) {
                    mesh.derived().awaitQuietly();
                }
                throw e;
            }
            loaded = true;
        }
        if (mesh != null) {
            mesh.finish(progress);
            if (!articles) {
                refreshDataset();
            }
        }
        if (bundledVectors != null) {
            bundledVectors.release();
        }
        return loaded;
    }

    /**
     * Publishes a vocabulary's concepts as term FDOs, then holds it in memory with its lexicon and term
     * vectors. The term vectors are written while the graph takes the concepts.
     */
    public VocabularyIngest.Report loadVocabulary(VocabularyInfo info, List<Concept> concepts, IngestProgress progress) {
        VocabularyLoad load = startVocabularyLoad(info, concepts, progress);
        load.finish(progress);
        refreshDataset();
        announceVocabularyChange(load.report().schemePid());
        return load.report();
    }

    /** Servers sharing the stores read the vocabulary again (nobody listens to an embedded PostgreSQL but this server). */
    private void announceVocabularyChange(String schemePid) {
        try {
            registry.announceVocabularyChange(schemePid).await();
        } catch (RuntimeException e) {
            LOG.warn("Could not announce the vocabulary change to other servers ({}); they read it at their next start",
                    e.toString());
        }
    }

    /**
     * Publishes the concepts and takes them into the vocabulary in memory; returns before the lexicon is built
     * ({@link VocabularyLoad#finish}), so that articles can be ingested meanwhile.
     */
    private VocabularyLoad startVocabularyLoad(VocabularyInfo info, List<Concept> concepts, IngestProgress progress) {
        VocabularyIngest ingest = new VocabularyIngest(publisher, graphs);
        List<Concept> prefixed = VocabularyIngest.prefixed(info, concepts);
        // The term vectors need the names only: they are written while the graph takes the concepts.
        Background<Boolean> termVectors = Background.start("write the term vectors", () -> {
            vocabularyState.indexAhead(prefixed, ingest.pidOf(info), IngestProgress.NONE);
            return true;
        });
        VocabularyIngest.Report report;
        try {
            report = ingest.load(info, concepts, progress);
            termVectors.await();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (RuntimeException e) {
            termVectors.awaitQuietly();
            throw e;
        }
        vocabularyState.published(report.published(), ingest.pidOf(info));
        boolean vectorsCurrent = report.rejected() == 0;
        Background<Boolean> derived = Background.start("build the term lexicon", () -> {
            vocabularyState.derive(vectorsCurrent, IngestProgress.NONE);
            return true;
        });
        return new VocabularyLoad(report, derived);
    }

    /** A vocabulary published and in memory, whose lexicon, snapshot and term vectors are being made. */
    private record VocabularyLoad(VocabularyIngest.Report report, Background<Boolean> derived) {
        void finish(IngestProgress progress) {
            progress.step("Building the term lexicon");
            try {
                derived.await();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    public ArticleIngest.Report ingest(SourceFile file, ArticleIngest.Options options, IngestProgress progress)
            throws IOException {
        ArticleIngest.Report report = articleIngest().ingest(file, options, progress);
        if (!report.alreadyIngested()) {
            progress.step("Describing the dataset");
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
        return new ConsistencyCheck(graph, graphs, registry, vectorIndex(), articleIndexer(), this::vocabulary,
                pmids -> articleIngest().republish(pmids), publisher::pidUrl);
    }

    private ArticleIngest articleIngest() {
        return new ArticleIngest(publisher, registry, sourceRecords, runs, graphs, this::vocabulary, articleIndexes,
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
                    vocabulary()));
            LOG.info("Indexed {} of {} articles", Math.min(pids.size(), from + REINDEX_BATCH), pids.size());
        }
        LOG.info("Vector index filled again in {} s", (System.nanoTime() - t0) / 1_000_000_000);
    }

    /**
     * Annotates, in the background, the active articles without concept mentions (the demo's after {@code
     * loadDemoIfEmpty(progress, true)}, a collection from before mentions were kept, a run stopped halfway), then
     * counts the associations again; also counts them when mentions exist and associations were never counted.
     * Without annotation at ingest (FAIRRAG_MENTIONS=false) it does nothing. The future completes when done.
     */
    public CompletableFuture<MentionBackfill.Result> annotateMissingInBackground() {
        if (!config.mentions()) {
            return CompletableFuture.completedFuture(new MentionBackfill.Result(0, false));
        }
        return mentionBackfill.start(() -> associationStore.isEmpty(AssociationStore.View.PUBLIC) && !mentionStore.isEmpty(),
                this::refreshAssociations);
    }

    /** The background annotation under way, for {@code /health}. */
    public Optional<MentionBackfill.Progress> annotating() {
        return mentionBackfill.progress();
    }

    /**
     * Counts the associations between concepts again from the concept mentions (after an ingestion, a
     * tombstone, {@code fairrag annotate}, {@code fairrag relations} or {@code check --repair}). Blocking.
     */
    public AssociationStore.Report refreshAssociations() {
        return associationRefresher.refreshNow();
    }

    /** Types associations with the configured language model ({@code fairrag relations --typed}). */
    public RelationTyper relationTyper() {
        FairragConfig.Llm llm = config.llm();
        if (!llm.enabled()) {
            throw new IllegalStateException("no language model is configured (FAIRRAG_LLM)");
        }
        ChatModels.ConfiguredBlocking chat = ChatModels.createBlocking(llm.provider(), llm.baseUrl().orElse(null),
                llm.model().orElse(null), llm.apiKey().orElse(null), llm.timeout());
        return new RelationTyper(graph, graphs, associationStore, relatedConcepts, this::vocabulary, chat.model(), chat.name(),
                Prompts.bundled(), Clock.systemUTC());
    }

    /** A withdrawn article leaves the dataset's counts at once and the associations with the next count, soon after. */
    private void afterTombstone() {
        refreshDataset();
        associationRefresher.request();
    }

    /** Verifies and repairs the concept mentions against the published articles ({@code check}, {@code annotate}). */
    public MentionCheck mentionCheck() {
        return new MentionCheck(registry, new PublishedArticles(graph, graphs), mentionStore, mentionIndex, this::vocabulary,
                publisher::pidUrl);
    }

    private static VectorIndex openVectorIndex(FairragConfig config, Embedder embedder) {
        VectorStoreSettings v = config.vectors();
        return switch (v.kind()) {
            case LUCENE -> LuceneVectorIndex.open(config.dataDir().resolve("vectors"), embedder.modelName(), embedder.dimension(),
                    LuceneVectorIndex.Options.DEFAULT.withQuantization(v.quantization()));
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
        lifecycle.closeWith(resource);
    }

    public FairragConfig config() { return config; }
    Lifecycle lifecycle() { return lifecycle; }
    /** Every meter of this instance: Vert.x HTTP metrics, worker pools, caches, JVM; scraped at /metrics. */
    public PrometheusMeterRegistry metrics() { return metrics; }
    /** The embedded PostgreSQL; empty when an external one is configured. */
    public Optional<PostgresServer> embeddedPostgres() { return Optional.ofNullable(embeddedPostgres.get()); }
    public Vertx vertx() { return vertx; }
    public Database database() { return database; }
    public GraphStore graph() { return graph; }
    public Graphs graphs() { return graphs; }
    public PidRegistry registry() { return registry; }
    public IngestionRuns runs() { return runs; }
    public FdoPublisher publisher() { return publisher; }
    public DatasetFdo datasetFdo() { return datasetFdo; }
    public VocabularyIndex vocabulary() { return vocabularyState.vocabulary(); }
    public ApiKeys apiKeys() { return apiKeys; }
    /** Withdraws articles and summaries; blocking. */
    public Tombstones tombstones() { return tombstones; }
    public TermLexicon termLexicon() { return vocabularyState.lexicon(); }
    /** Where the vocabulary in memory came from: the snapshot, the graph, or the concepts just published. */
    public VocabularyState.Origin vocabularyOrigin() { return vocabularyState.origin(); }

    public VocabularyState vocabularyState() { return vocabularyState; }
    /** The vector index; empty when FAIRRAG_VECTORS=none. */
    public Optional<VectorIndex> vectorIndex() { return Optional.ofNullable(vectorIndex); }
    /** The embedder for bulk text (no cache); empty when FAIRRAG_VECTORS=none. */
    public Optional<Embedder> embedder() { return Optional.ofNullable(embedder); }
    /** The embedder for queries, with its cache; empty when FAIRRAG_VECTORS=none. */
    public Optional<Embedder> queryEmbedder() { return Optional.ofNullable(queryEmbedder); }
    public Optional<ArticleIndexer> articleIndexer() { return Optional.ofNullable(articleIndexer); }
    public Optional<TermIndexer> termIndexer() { return Optional.ofNullable(termIndexer); }
    /** The article search the API runs (concept-aware hybrid); empty when FAIRRAG_VECTORS=none. */
    public Optional<ArticleSearch> articleSearch() { return Optional.ofNullable(articleSearch); }
    /** Finds and keeps the concepts each article's text mentions. */
    public MentionIndex mentionIndex() { return mentionIndex; }
    /**
     * The version of the public associations (when they were counted, and the typed relations), read at start and
     * after each count: a term's landing page shows them, so its entity tag changes with it.
     */
    public String literatureVersion() { return literatureVersion.get(); }
    /** The concept mentions in memory, by concept and by article. */
    public MentionMap mentionMap() { return mentionMap; }
    /** The chunks and sentences that mention a concept, chosen per concept; empty when FAIRRAG_VECTORS=none. */
    public Optional<AnchoredContext> anchoredContext() { return Optional.ofNullable(anchoredContext); }
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
                subjectStatistics, model, this::vocabulary);
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
        lifecycle.close();
        LOG.info("fairrag stopped");
    }
}
