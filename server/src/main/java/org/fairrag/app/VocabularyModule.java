package org.fairrag.app;

import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.fairrag.http.CacheHeaders;
import org.fairrag.http.TermsHandler;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.VocabularyIngest;
import org.fairrag.terms.TermDetails;
import org.fairrag.terms.TermLexicon;
import org.fairrag.terms.TermSearch;
import org.fairrag.terms.VocabularyFollower;
import org.fairrag.terms.VocabularySnapshot;
import org.fairrag.terms.VocabularyState;
import org.fairrag.vocab.Concept;
import org.fairrag.vocab.VocabularyIndex;
import org.fairrag.vocab.VocabularyInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The vocabulary in memory with its lexicon (read from the snapshot, else from the graph), loading a vocabulary,
 * finding terms from plain words, and the {@code /api/terms} routes. The snapshot is read in the background from
 * the constructor, while the stores open.
 */
public final class VocabularyModule implements FairragModule {

    private static final Logger LOG = LoggerFactory.getLogger(VocabularyModule.class);

    private final Lifecycle lifecycle;
    private final TripleStoreModule store;
    private final VectorsModule vectors;
    private final RegistryModule records;
    private final VocabularySnapshot snapshot;
    private final Background<Optional<VocabularySnapshot.Contents>> saved;
    private VocabularyState state;
    private TermSearch termSearch;
    private TermDetails termDetails;

    public VocabularyModule(Lifecycle lifecycle, TripleStoreModule store, VectorsModule vectors, RegistryModule records) {
        this.lifecycle = lifecycle;
        this.store = store;
        this.vectors = vectors;
        this.records = records;
        this.snapshot = new VocabularySnapshot(lifecycle.config().dataDir().resolve(Fairrag.VOCABULARY_SNAPSHOT));
        this.saved = Background.start("read the vocabulary snapshot", snapshot::read);
    }

    @Override
    public String name() {
        return "vocabulary";
    }

    @Override
    public void open(IngestProgress progress) throws IOException {
        this.state = new VocabularyState(store.graph(), store.graphs().vocabulary(), snapshot,
                vectors.termIndexer().orElse(null));
        state.open(saved.await(), progress);
        this.termSearch = new TermSearch(this::lexicon, this::vocabulary, vectors.queryEmbedder(), vectors.vectorIndex());
        this.termDetails = new TermDetails(this::vocabulary, vectors.vectorIndex());
    }

    @Override
    public void settle() {
        saved.awaitQuietly();
    }

    @Override
    public void addRoutes(ApiContext api) {
        api.health().component("vocabulary", () -> vocabulary().isEmpty()
                ? Future.failedFuture("no vocabulary loaded")
                : Future.succeededFuture(new JsonObject().put("terms", vocabulary().size())
                        .put("from", state.origin().name().toLowerCase(Locale.ROOT))));
        TermsHandler terms = new TermsHandler(termSearch, termDetails, api.pools().search(), this::vocabulary);
        api.routes(router -> {
            router.get("/api/terms/search").handler(terms::search);
            // What a term's detail answers depends on what the caller's key may read (its article counts).
            router.get("/api/terms/:id").handler(CacheHeaders::privateToCaller).handler(terms::detail);
            router.get("/api/terms/:id/narrower").handler(terms::narrower);
        });
    }

    /** With an external PostgreSQL, other servers may load a vocabulary: this server's follows their loads. */
    @Override
    public void beforeServing(ApiContext api) {
        if (api.config().pgUrl().isPresent()) {
            VocabularyFollower follower = new VocabularyFollower(api.vertx(), records.database().connectOptions(), state,
                    api.pool("follow-vocabulary", 1, 2));
            api.closeWith(follower);
            follower.start().await();
        }
    }

    /**
     * Publishes a vocabulary's concepts as term FDOs, then holds it in memory with its lexicon and term
     * vectors. The term vectors are written while the graph takes the concepts.
     */
    public VocabularyIngest.Report load(VocabularyInfo info, List<Concept> concepts, IngestProgress progress) {
        Load load = startLoad(info, concepts, progress);
        load.finish(progress);
        records.refreshDataset();
        announceChange(load.report().schemePid());
        return load.report();
    }

    /** Servers sharing the stores read the vocabulary again (nobody listens to an embedded PostgreSQL but this server). */
    private void announceChange(String schemePid) {
        try {
            records.registry().announceVocabularyChange(schemePid).await();
        } catch (RuntimeException e) {
            LOG.warn("Could not announce the vocabulary change to other servers ({}); they read it at their next start",
                    e.toString());
        }
    }

    /**
     * Publishes the concepts and takes them into the vocabulary in memory; returns before the lexicon is built
     * ({@link Load#finish}), so that articles can be ingested meanwhile.
     */
    public Load startLoad(VocabularyInfo info, List<Concept> concepts, IngestProgress progress) {
        VocabularyIngest ingest = new VocabularyIngest(records.publisher(), store.graphs());
        List<Concept> prefixed = VocabularyIngest.prefixed(info, concepts);
        // The term vectors need the names only: they are written while the graph takes the concepts.
        Background<Boolean> termVectors = Background.start("write the term vectors", () -> {
            state.indexAhead(prefixed, ingest.pidOf(info), IngestProgress.NONE);
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
        state.published(report.published(), ingest.pidOf(info));
        boolean vectorsCurrent = report.rejected() == 0;
        Background<Boolean> derived = Background.start("build the term lexicon", () -> {
            state.derive(vectorsCurrent, IngestProgress.NONE);
            return true;
        });
        return new Load(report, derived);
    }

    /** A vocabulary published and in memory, whose lexicon, snapshot and term vectors are being made. */
    public static final class Load {
        private final VocabularyIngest.Report report;
        private final Background<Boolean> derived;

        private Load(VocabularyIngest.Report report, Background<Boolean> derived) {
            this.report = report;
            this.derived = derived;
        }

        public VocabularyIngest.Report report() {
            return report;
        }

        /** Waits for the lexicon, the snapshot and the term vectors. */
        public void finish(IngestProgress progress) {
            progress.step("Building the term lexicon");
            try {
                derived.await();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** Waits for them however they end, before failing for a reason of the caller's own. */
        public void abandon() {
            derived.awaitQuietly();
        }
    }

    public VocabularyIndex vocabulary() { return state.vocabulary(); }
    public TermLexicon lexicon() { return state.lexicon(); }
    /** Where the vocabulary in memory came from: the snapshot, the graph, or the concepts just published. */
    public VocabularyState.Origin origin() { return state.origin(); }
    public VocabularyState state() { return state; }
    /** Finds terms from plain words: the lexicon fused with the name vectors. */
    public TermSearch termSearch() { return termSearch; }
}
