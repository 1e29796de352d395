package org.fairrag.app;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.fairrag.anchor.MentionedConceptArticles;
import org.fairrag.export.ArticleExport;
import org.fairrag.fdo.FdoKind;
import org.fairrag.filter.ArticleRetriever;
import org.fairrag.filter.FilterService;
import org.fairrag.filter.TermSelection;
import org.fairrag.http.CacheHeaders;
import org.fairrag.http.ExportHandler;
import org.fairrag.http.FilterHandler;
import org.fairrag.http.SearchHandler;
import org.fairrag.ingest.ArticleIndex;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.ConsistencyCheck;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.SourceFile;
import org.fairrag.ingest.SubjectSuggestions;
import org.fairrag.search.ArticleIndexer;
import org.fairrag.search.ArticleQuery;
import org.fairrag.search.ArticleSearch;
import org.fairrag.search.ConceptArticles;
import org.fairrag.search.IndexedConceptArticles;
import org.fairrag.search.PublishedArticles;
import org.fairrag.search.VectorIndexFollower;
import org.fairrag.terms.ConceptLinker;
import org.fairrag.vectors.VectorIndex;
import org.fairrag.vectors.VectorStoreSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The articles: ingesting them (and feeding every derived index), the hybrid search over them, filtering and
 * exporting the chosen ones, keeping the vector index in agreement with the graph, and the routes
 * {@code /api/articles/search}, {@code /api/filter} and {@code /api/export}.
 */
public final class ArticlesModule implements FairragModule {

    private static final Logger LOG = LoggerFactory.getLogger(ArticlesModule.class);
    /** Articles read back from the graph and indexed per step when the vector index is filled again. */
    private static final int REINDEX_BATCH = 500;

    private final Lifecycle lifecycle;
    private final TripleStoreModule store;
    private final VectorsModule vectors;
    private final RegistryModule records;
    private final VocabularyModule vocabulary;
    private final AnnotationModule annotation;
    private final List<ArticleIndex> indexes = new CopyOnWriteArrayList<>();
    private ArticleSearch search;

    public ArticlesModule(Lifecycle lifecycle, TripleStoreModule store, VectorsModule vectors, RegistryModule records,
                          VocabularyModule vocabulary, AnnotationModule annotation) {
        this.lifecycle = lifecycle;
        this.store = store;
        this.vectors = vectors;
        this.records = records;
        this.vocabulary = vocabulary;
        this.annotation = annotation;
    }

    @Override
    public String name() {
        return "articles";
    }

    @Override
    public void open(IngestProgress progress) {
        vectors.articleIndexer().ifPresent(indexes::add);
        indexes.addAll(annotation.articleIndexes());
        this.search = vectors.vectorIndex().map(this::articleSearch).orElse(null);
        progress.step("Checking the vector index");
        indexMissingArticles();
    }

    private ArticleSearch articleSearch(VectorIndex index) {
        FairragConfig config = lifecycle.config();
        ConceptLinker linker = new ConceptLinker(vocabulary::lexicon, vocabulary::vocabulary, Optional.of(index),
                ConceptLinker.Options.DEFAULT, config.queryCacheSize());
        linker.bindTo(lifecycle.metrics());
        List<ConceptArticles> conceptArticles = new ArrayList<>();
        conceptArticles.add(new IndexedConceptArticles(index));
        annotation.anchoredContext().ifPresent(context ->
                conceptArticles.add(new MentionedConceptArticles(context, MentionedConceptArticles.DEFAULT_WEIGHT)));
        return new ArticleSearch(vectors.queryEmbedder().orElseThrow(), index, vocabulary::vocabulary, Optional.of(linker),
                conceptArticles, ArticleSearch.Options.DEFAULT);
    }

    /**
     * Gives the vector index the published articles it lacks, read from the graph: all of them after a switch to
     * another vector store, embedding model or index format, the rest after a re-index stopped half-way (Ctrl-C in
     * {@code check --repair}). The articles are published; only their vectors are missing.
     */
    private void indexMissingArticles() {
        if (vectors.articleIndexer().isEmpty()) {
            return;
        }
        VectorIndex index = vectors.vectorIndex().orElseThrow();
        // The registry's count of active articles decides cheaply whether the graph must be read (it was 1.3 s of
        // every start when read each time).
        if (index.articleCount() >= records.registry().countByKind().await().getOrDefault(FdoKind.ARTICLE, 0L)) {
            return;
        }
        ArticleIndexer indexer = vectors.articleIndexer().orElseThrow();
        PublishedArticles published = new PublishedArticles(store.graph(), store.graphs());
        List<String> all = published.pids();
        Set<String> indexed = index.articlePids();
        List<String> pids = all.stream().filter(pid -> !indexed.contains(pid)).toList();
        if (pids.isEmpty()) {
            return;
        }
        LOG.info("The vector index ({}) lacks {} of the graph's {} articles: indexing them again", index.describe(),
                pids.size(), all.size());
        long t0 = System.nanoTime();
        for (int from = 0; from < pids.size(); from += REINDEX_BATCH) {
            indexer.index(published.read(pids.subList(from, Math.min(pids.size(), from + REINDEX_BATCH)),
                    vocabulary.vocabulary()));
            LOG.info("Indexed {} of {} articles", Math.min(pids.size(), from + REINDEX_BATCH), pids.size());
        }
        LOG.info("Vector index filled again in {} s", (System.nanoTime() - t0) / 1_000_000_000);
    }

    @Override
    public void addRoutes(ApiContext api) {
        FairragConfig config = api.config();
        var graphs = store.graphs();
        var contentGraphs = ApiContext.contentGraphs(graphs);
        SearchHandler searchHandler = new SearchHandler(articleSearch(), api.pools().search(), vocabulary::vocabulary);
        FilterHandler filter = new FilterHandler(new FilterService(store.graph(), graphs, vocabulary::vocabulary),
                articleSearch().map(ArticlesModule::retriever).orElse(null), records.registry(), vocabulary::vocabulary,
                api.pools().api(), api.pools().heavyFilter(), config.baseUrl(), contentGraphs);
        ExportHandler export = new ExportHandler(new ArticleExport(store.graph(), vocabulary::vocabulary), api.pools().api(),
                config.baseUrl(), contentGraphs);
        // What these answer depends on what the caller's key may read (CacheHeaders::privateToCaller).
        api.routes(router -> {
            router.get("/api/articles/search").handler(CacheHeaders::privateToCaller).handler(searchHandler::handle);
            router.post("/api/filter").handler(CacheHeaders::privateToCaller).handler(filter::handle);
            router.post("/api/export").handler(CacheHeaders::privateToCaller).handler(export::handle);
        });
    }

    /** Filtering inside retrieval: the search with the term selection as its filter, over the caller's access levels. */
    private static ArticleRetriever retriever(ArticleSearch search) {
        return (q, k, selection, yearFrom, yearTo, accessLevels, concepts) -> {
            ArticleSearch.Result r = search.search(new ArticleQuery(q, k, selection.terms(),
                    selection.mode() == TermSelection.Mode.ALL, selection.explode(), selection.exclude(), yearFrom, yearTo,
                    accessLevels, selection.withSuggested(), concepts));
            return new ArticleRetriever.Retrieved(r.hits().stream()
                    .map(hit -> new FilterService.Candidate(hit.pid(), hit.score())).toList(), r.concepts(), r.off());
        };
    }

    /**
     * With an external PostgreSQL, other servers (and {@code fairrag ingest}) may change the shared collection:
     * this server's own embedded vector index follows their article changes (Weaviate is shared already).
     */
    @Override
    public void beforeServing(ApiContext api) {
        FairragConfig config = api.config();
        if (config.pgUrl().isEmpty() || config.vectors().kind() != VectorStoreSettings.Kind.LUCENE
                || vectors.vectorIndex().isEmpty() || vectors.articleIndexer().isEmpty()) {
            return;
        }
        VectorIndexFollower follower = new VectorIndexFollower(api.vertx(), records.database().connectOptions(),
                records.registry(), new PublishedArticles(store.graph(), store.graphs()), vectors.articleIndexer().get(),
                vectors.vectorIndex().get(), vocabulary::vocabulary, id -> records.publisher().pidUrl(id),
                api.pool("follow", 1, 4));
        api.closeWith(follower);
        follower.start().await();
    }

    /**
     * Ingests a file of article records, then describes its run and the dataset again and counts the
     * associations again. Blocking.
     */
    public ArticleIngest.Report ingest(SourceFile file, ArticleIngest.Options options, IngestProgress progress)
            throws IOException {
        ArticleIngest.Report report = articleIngest().ingest(file, options, progress);
        if (!report.alreadyIngested()) {
            progress.step("Describing the dataset");
            records.publishRun(ArticleIngest.runId(report.checksum(), options.accessLevel()));
            records.refreshDataset();
            annotation.refreshAssociations();
        }
        return report;
    }

    private ArticleIngest articleIngest() {
        return new ArticleIngest(records.publisher(), records.registry(), records.sourceRecords(), records.runs(),
                store.graphs(), vocabulary::vocabulary, indexes,
                lifecycle.config().mentions()
                        ? article -> annotation.subjectSuggester().forArticle(article) : SubjectSuggestions.NONE,
                records.datasetFdo().pid());
    }

    /** Verifies and repairs the agreement of the triple store, the vector index and the PID registry. */
    public ConsistencyCheck consistencyCheck() {
        return new ConsistencyCheck(store.graph(), store.graphs(), records.registry(), vectors.vectorIndex(),
                vectors.articleIndexer(), vocabulary::vocabulary, pmids -> articleIngest().republish(pmids),
                records.publisher()::pidUrl);
    }

    /** Registers a derived index to feed on every ingestion and withdrawal, after those there are. */
    public void addIndex(ArticleIndex index) {
        indexes.add(index);
    }

    /** Every derived index an ingestion or a withdrawal feeds, in order. */
    public List<ArticleIndex> indexes() {
        return List.copyOf(indexes);
    }

    /** The article search the API runs (concept-aware hybrid); empty when FAIRRAG_VECTORS=none. */
    public Optional<ArticleSearch> articleSearch() { return Optional.ofNullable(search); }
}
