package org.fairrag.app;

import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.fairrag.anchor.AnchoredContext;
import org.fairrag.anchor.MentionMap;
import org.fairrag.annotate.MentionBackfill;
import org.fairrag.annotate.MentionCheck;
import org.fairrag.annotate.MentionIndex;
import org.fairrag.annotate.MentionStore;
import org.fairrag.annotate.NearestNames;
import org.fairrag.annotate.Neighbours;
import org.fairrag.annotate.StatisticsCache;
import org.fairrag.annotate.SubjectModel;
import org.fairrag.annotate.SubjectStatistics;
import org.fairrag.annotate.SubjectSuggester;
import org.fairrag.embed.Chunker;
import org.fairrag.generate.ChatModels;
import org.fairrag.generate.Prompts;
import org.fairrag.http.AnnotateHandler;
import org.fairrag.http.CacheHeaders;
import org.fairrag.http.HealthChecksFactory;
import org.fairrag.http.RelatedConceptsHandler;
import org.fairrag.ingest.ArticleIndex;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.relate.AssociationRefresher;
import org.fairrag.relate.AssociationStore;
import org.fairrag.relate.RelatedConcepts;
import org.fairrag.relate.RelationTyper;
import org.fairrag.search.PublishedArticles;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the text of the articles says about the concepts: the concept mentions (found at ingestion, kept in the
 * graph and in memory), the contexts anchored on them, subject suggestions, the associations between concepts
 * with their evidence, and the routes {@code /api/annotate} and {@code /api/terms/:id/related}.
 */
public final class AnnotationModule implements FairragModule {

    private static final Logger LOG = LoggerFactory.getLogger(AnnotationModule.class);

    private final Lifecycle lifecycle;
    private final TripleStoreModule store;
    private final VectorsModule vectors;
    private final RegistryModule records;
    private final VocabularyModule vocabulary;
    private final AtomicReference<String> literatureVersion = new AtomicReference<>();
    private MentionStore mentionStore;
    private MentionIndex mentionIndex;
    private MentionMap mentionMap;
    private AnchoredContext anchoredContext;
    private StatisticsCache subjectStatistics;
    private AssociationStore associationStore;
    private RelatedConcepts relatedConcepts;
    private AssociationRefresher associationRefresher;
    private MentionBackfill mentionBackfill;
    private SubjectSuggester subjectSuggester;

    public AnnotationModule(Lifecycle lifecycle, TripleStoreModule store, VectorsModule vectors, RegistryModule records,
                            VocabularyModule vocabulary) {
        this.lifecycle = lifecycle;
        this.store = store;
        this.vectors = vectors;
        this.records = records;
        this.vocabulary = vocabulary;
    }

    @Override
    public String name() {
        return "annotation";
    }

    @Override
    public void open(IngestProgress progress) {
        var graph = store.graph();
        var graphs = store.graphs();
        this.mentionMap = new MentionMap(graph, graphs, vocabulary::vocabulary);
        lifecycle.closeWith(mentionMap);
        this.anchoredContext = vectors.vectorIndex().map(index -> new AnchoredContext(mentionMap, index,
                vocabulary::vocabulary, graph, graphs, vectors.queryEmbedder().orElseThrow())).orElse(null);
        this.mentionStore = new MentionStore(graph, graphs);
        this.mentionIndex = new MentionIndex(mentionStore, vocabulary::vocabulary);
        this.subjectStatistics = new StatisticsCache(() -> SubjectStatistics.of(graph, graphs, vocabulary.vocabulary()),
                () -> mentionIndex.counts().articles());
        this.associationStore = new AssociationStore(graph, graphs, records.datasetFdo().pid(), vocabulary::vocabulary,
                Clock.systemUTC());
        this.relatedConcepts = new RelatedConcepts(graph, graphs, associationStore, vocabulary::vocabulary);
        this.associationRefresher = new AssociationRefresher(associationStore);
        lifecycle.closeWith(associationRefresher);
        // Every change of mentions is counted into associations after it: then the map reads them again too,
        // whoever wrote them.
        associationRefresher.afterEachCount(mentionMap::requestLoad);
        associationRefresher.afterEachCount(() -> literatureVersion.set(associationStore.publicVersion()));
        // The dataset counts the mentions and associations its dump holds.
        associationRefresher.afterEachCount(records::refreshDataset);
        this.mentionBackfill = new MentionBackfill(mentionCheck());
        lifecycle.closeWith(mentionBackfill);
        literatureVersion.set(associationStore.publicVersion());
    }

    @Override
    public void addRoutes(ApiContext api) {
        // A server answers from the concept mentions in memory: read them now, and follow every change from here on.
        mentionMap.follow();
        api.health().background("annotating", () -> annotating()
                .map(p -> new HealthChecksFactory.Work(p.done(), p.of())));
        AnnotateHandler annotate = new AnnotateHandler(this::subjectSuggester, api.pools().annotate());
        RelatedConceptsHandler related = new RelatedConceptsHandler(relatedConcepts, api.pools().search(),
                vocabulary::vocabulary);
        api.routes(router -> {
            router.get("/api/terms/:id/related").handler(CacheHeaders::privateToCaller).handler(related::related);
            router.post("/api/annotate").handler(CacheHeaders::privateToCaller).handler(annotate::handle);
        });
    }

    @Override
    public void serving() {
        annotateMissingInBackground().whenComplete((result, failure) -> {
            if (failure != null) {
                LOG.warn("Annotating the articles without concept mentions failed; the next start resumes it", failure);
            }
        });
    }

    /**
     * What ingestion and withdrawal feed besides the vector index: the mention index (only its removals without
     * annotation at ingest, since a withdrawn article must still lose the mentions it was given before), then the
     * map in memory, which reads what that index has just written.
     */
    public List<ArticleIndex> articleIndexes() {
        return List.of(lifecycle.config().mentions() ? mentionIndex : mentionIndex.removalsOnly(), mentionMap);
    }

    /**
     * Annotates, in the background, the active articles without concept mentions (the demo's when it was loaded
     * with its mentions deferred, a collection from before mentions were kept, a run stopped halfway), then
     * counts the associations again; also counts them when mentions exist and associations were never counted.
     * Without annotation at ingest (FAIRRAG_MENTIONS=false) it does nothing. The future completes when done.
     */
    public CompletableFuture<MentionBackfill.Result> annotateMissingInBackground() {
        if (!lifecycle.config().mentions()) {
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

    /** Asks for the associations to be counted again soon, without waiting for it. */
    public void requestAssociations() {
        associationRefresher.request();
    }

    /** Types associations with the configured language model ({@code fairrag relations --typed}). */
    public RelationTyper relationTyper() {
        FairragConfig.Llm llm = lifecycle.config().llm();
        if (!llm.enabled()) {
            throw new IllegalStateException("no language model is configured (FAIRRAG_LLM)");
        }
        ChatModels.ConfiguredBlocking chat = ChatModels.createBlocking(llm.provider(), llm.baseUrl().orElse(null),
                llm.model().orElse(null), llm.apiKey().orElse(null), llm.timeout());
        return new RelationTyper(store.graph(), store.graphs(), associationStore, relatedConcepts, vocabulary::vocabulary,
                chat.model(), chat.name(), Prompts.bundled(), Clock.systemUTC());
    }

    /** Verifies and repairs the concept mentions against the published articles ({@code check}, {@code annotate}). */
    public MentionCheck mentionCheck() {
        return new MentionCheck(records.registry(), new PublishedArticles(store.graph(), store.graphs()), mentionStore,
                mentionIndex, vocabulary::vocabulary, records.publisher()::pidUrl);
    }

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
                vectors.vectorIndex().map(index -> new Neighbours(index, vectors.embedder().orElseThrow(), new Chunker(),
                        Neighbours.Settings.DEFAULT)),
                vectors.vectorIndex().map(index -> new NearestNames(index, vectors.embedder().orElseThrow(), new Chunker(),
                        Neighbours.Embedded.TITLE, NearestNames.DEFAULT_K, NearestNames.preferredNames(vocabulary::vocabulary))),
                subjectStatistics, model, vocabulary::vocabulary);
    }

    /** Finds and keeps the concepts each article's text mentions. */
    public MentionIndex mentionIndex() { return mentionIndex; }
    /** The concept mentions in memory, by concept and by article. */
    public MentionMap mentionMap() { return mentionMap; }
    /** The chunks and sentences that mention a concept, chosen per concept; empty when FAIRRAG_VECTORS=none. */
    public Optional<AnchoredContext> anchoredContext() { return Optional.ofNullable(anchoredContext); }
    public AssociationRefresher associationRefresher() { return associationRefresher; }
    /** The associations between concepts that sentences mention together. */
    public AssociationStore associationStore() { return associationStore; }
    /** Reads the concepts most associated with a concept, with evidence. */
    public RelatedConcepts relatedConcepts() { return relatedConcepts; }
    /** How indexers use each term in the public articles, counted again as the collection grows. */
    public StatisticsCache subjectStatistics() { return subjectStatistics; }
    /**
     * The version of the public associations (when they were counted, and the typed relations), read at start and
     * after each count: a term's landing page shows them, so its entity tag changes with it.
     */
    public String literatureVersion() { return literatureVersion.get(); }
}
