package org.fairrag.app;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.Vertx;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.fairrag.anchor.AnchoredContext;
import org.fairrag.anchor.MentionMap;
import org.fairrag.annotate.MentionBackfill;
import org.fairrag.annotate.MentionCheck;
import org.fairrag.annotate.MentionIndex;
import org.fairrag.annotate.StatisticsCache;
import org.fairrag.annotate.SubjectModel;
import org.fairrag.annotate.SubjectSuggester;
import org.fairrag.embed.Embedder;
import org.fairrag.fdo.DatasetFdo;
import org.fairrag.fdo.FdoPublisher;
import org.fairrag.graph.EmbeddedDataset;
import org.fairrag.graph.GraphStore;
import org.fairrag.graph.Graphs;
import org.fairrag.ingest.ArticleIndex;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.ConsistencyCheck;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.SourceFile;
import org.fairrag.ingest.VocabularyIngest;
import org.fairrag.pid.Tombstones;
import org.fairrag.relate.AssociationRefresher;
import org.fairrag.relate.AssociationStore;
import org.fairrag.relate.RelatedConcepts;
import org.fairrag.relate.RelationTyper;
import org.fairrag.search.ArticleIndexer;
import org.fairrag.search.ArticleSearch;
import org.fairrag.sparql.SparqlQueryService;
import org.fairrag.store.ApiKeys;
import org.fairrag.store.Database;
import org.fairrag.store.IngestionRuns;
import org.fairrag.store.PidRegistry;
import org.fairrag.store.PostgresServer;
import org.fairrag.terms.TermIndexer;
import org.fairrag.terms.TermLexicon;
import org.fairrag.terms.VocabularyState;
import org.fairrag.vectors.VectorIndex;
import org.fairrag.vocab.Concept;
import org.fairrag.vocab.VocabularyIndex;
import org.fairrag.vocab.VocabularyInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One fairrag instance: the capabilities ({@link FairragModule}s) in the order they depend on each other, and
 * their lifecycle. {@link #open} builds the modules, then opens them in order (the stores, the vocabulary, the
 * mentions, the articles, ...); {@link #close} closes what they opened, in reverse. The HTTP server is built on
 * top by {@link HttpServerLauncher}, which asks each module for its routes. The methods below the modules only
 * hand on to the module that does the work, so that commands, benchmarks and tests reach it by one name.
 *
 * <p>An instance holds its data directory's lock while open and closes itself from a shutdown hook, so
 * every command (serve, ingest, bench, ...) stops its embedded PostgreSQL when the process is told to
 * stop; after a kill that runs no hook, the next instance stops the PostgreSQL left behind.
 */
public final class Fairrag implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Fairrag.class);

    public static final String DEMO_ARTICLES = "/fairrag/demo/articles.jsonl.gz";
    public static final String BUNDLED_MESH = "/fairrag/ontologies/mesh/mesh2024_descriptors.tsv.gz";
    /**
     * The vectors of the bundled MeSH's preferred names and lay names and of the demo articles' chunks, made ahead
     * ({@code fairrag demo-vectors}).
     */
    public static final String MESH_NAME_VECTORS = "/fairrag/demo/mesh-names.vectors";
    public static final String DEMO_CHUNK_VECTORS = "/fairrag/demo/demo-chunks.vectors";
    /** The vocabulary snapshot, under the data directory. */
    public static final String VOCABULARY_SNAPSHOT = "snapshots/vocabulary.snapshot";

    private final Lifecycle lifecycle;
    private final TripleStoreModule store;
    private final VectorsModule vectors;
    private final RegistryModule records;
    private final VocabularyModule vocabulary;
    private final AnnotationModule annotation;
    private final ArticlesModule articles;
    private final PublicationModule publication;
    private final SparqlModule sparql;
    private final DemoModule demo;
    private final List<FairragModule> modules;

    private Fairrag(Lifecycle lifecycle, IngestProgress progress) throws IOException {
        this.lifecycle = lifecycle;
        // Every module is built before any opens: PostgreSQL and the vocabulary snapshot begin in the background
        // at once, and do not wait for the triple store and the model, nor they for them.
        this.store = new TripleStoreModule(lifecycle);
        this.vectors = new VectorsModule(lifecycle);
        this.records = new RegistryModule(lifecycle, store);
        this.vocabulary = new VocabularyModule(lifecycle, store, vectors, records);
        this.annotation = new AnnotationModule(lifecycle, store, vectors, records, vocabulary);
        this.articles = new ArticlesModule(lifecycle, store, vectors, records, vocabulary, annotation);
        this.publication = new PublicationModule(lifecycle, store, records, annotation, articles);
        this.sparql = new SparqlModule(lifecycle, store);
        GenerationModule generation = new GenerationModule(store, vectors, records, vocabulary, annotation, sparql);
        this.demo = new DemoModule(lifecycle, vectors, records, vocabulary, annotation, articles);
        this.modules = List.of(store, vectors, records, vocabulary, annotation, articles, publication, sparql, generation,
                demo);
        try {
            for (FairragModule module : modules) {
                module.open(progress);
            }
        } catch (IOException | RuntimeException e) {
            modules.forEach(FairragModule::settle);
            close();
            throw e;
        }
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

    /** The modules, in the order they open and add their routes. */
    public List<FairragModule> modules() { return modules; }

    /** Tells every module that the API is open. */
    void serving() {
        modules.forEach(FairragModule::serving);
    }

    @Override
    public void close() {
        lifecycle.close();
        LOG.info("fairrag stopped");
    }

    // What commands, benchmarks and tests use, each from the module that owns it.

    /** As {@link #loadDemoIfEmpty(IngestProgress, boolean)}, with the concept mentions stored as the articles are. */
    public boolean loadDemoIfEmpty(IngestProgress progress) throws IOException { return demo.loadIfEmpty(progress, false); }
    /** See {@link DemoModule#loadIfEmpty}. */
    public boolean loadDemoIfEmpty(IngestProgress progress, boolean annotateLater) throws IOException {
        return demo.loadIfEmpty(progress, annotateLater);
    }
    /** See {@link VocabularyModule#load}. */
    public VocabularyIngest.Report loadVocabulary(VocabularyInfo info, List<Concept> concepts, IngestProgress progress) {
        return vocabulary.load(info, concepts, progress);
    }
    /** See {@link ArticlesModule#ingest}. */
    public ArticleIngest.Report ingest(SourceFile file, ArticleIngest.Options options, IngestProgress progress)
            throws IOException {
        return articles.ingest(file, options, progress);
    }
    public ConsistencyCheck consistencyCheck() { return articles.consistencyCheck(); }
    public void refreshDataset() { records.refreshDataset(); }
    public CompletableFuture<MentionBackfill.Result> annotateMissingInBackground() {
        return annotation.annotateMissingInBackground();
    }
    public Optional<MentionBackfill.Progress> annotating() { return annotation.annotating(); }
    public AssociationStore.Report refreshAssociations() { return annotation.refreshAssociations(); }
    public RelationTyper relationTyper() { return annotation.relationTyper(); }
    public MentionCheck mentionCheck() { return annotation.mentionCheck(); }
    public void addArticleIndex(ArticleIndex index) { articles.addIndex(index); }
    /** Closes {@code resource} with this instance, before everything opened earlier. */
    public void closeWithInstance(AutoCloseable resource) { lifecycle.closeWith(resource); }

    public FairragConfig config() { return lifecycle.config(); }
    Lifecycle lifecycle() { return lifecycle; }
    /** Every meter of this instance: Vert.x HTTP metrics, worker pools, caches, JVM; scraped at /metrics. */
    public PrometheusMeterRegistry metrics() { return lifecycle.metrics(); }
    public Vertx vertx() { return lifecycle.vertx(); }
    public Optional<PostgresServer> embeddedPostgres() { return records.embeddedPostgres(); }
    public Database database() { return records.database(); }
    public GraphStore graph() { return store.graph(); }
    /** The embedded TDB2 database (to compact it), or empty with a remote SPARQL store. */
    public Optional<EmbeddedDataset> embeddedTripleStore() { return store.embedded(); }
    public Graphs graphs() { return store.graphs(); }
    public PidRegistry registry() { return records.registry(); }
    public IngestionRuns runs() { return records.runs(); }
    public FdoPublisher publisher() { return records.publisher(); }
    public DatasetFdo datasetFdo() { return records.datasetFdo(); }
    public ApiKeys apiKeys() { return records.apiKeys(); }
    public VocabularyIndex vocabulary() { return vocabulary.vocabulary(); }
    public TermLexicon termLexicon() { return vocabulary.lexicon(); }
    public VocabularyState.Origin vocabularyOrigin() { return vocabulary.origin(); }
    public VocabularyState vocabularyState() { return vocabulary.state(); }
    public Optional<VectorIndex> vectorIndex() { return vectors.vectorIndex(); }
    public Optional<Embedder> embedder() { return vectors.embedder(); }
    public Optional<Embedder> queryEmbedder() { return vectors.queryEmbedder(); }
    public Optional<ArticleIndexer> articleIndexer() { return vectors.articleIndexer(); }
    public Optional<TermIndexer> termIndexer() { return vectors.termIndexer(); }
    public Optional<ArticleSearch> articleSearch() { return articles.articleSearch(); }
    public Tombstones tombstones() { return publication.tombstones(); }
    public MentionIndex mentionIndex() { return annotation.mentionIndex(); }
    public String literatureVersion() { return annotation.literatureVersion(); }
    public MentionMap mentionMap() { return annotation.mentionMap(); }
    public Optional<AnchoredContext> anchoredContext() { return annotation.anchoredContext(); }
    public AssociationRefresher associationRefresher() { return annotation.associationRefresher(); }
    public AssociationStore associationStore() { return annotation.associationStore(); }
    public RelatedConcepts relatedConcepts() { return annotation.relatedConcepts(); }
    public StatisticsCache subjectStatistics() { return annotation.subjectStatistics(); }
    public SubjectSuggester subjectSuggester() { return annotation.subjectSuggester(); }
    public SubjectSuggester subjectSuggester(SubjectModel model) { return annotation.subjectSuggester(model); }
    public SparqlQueryService sparqlQueryService() { return sparql.queries(); }
}
