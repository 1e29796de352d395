package org.fairrag.terms;

import java.io.IOException;
import java.util.Collection;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.fairrag.graph.GraphStore;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.vocab.Concept;
import org.fairrag.vocab.VocabularyGraphReader;
import org.fairrag.vocab.VocabularyIndex;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The vocabulary the server answers from, kept in step with the graph: in memory, with its term lexicon,
 * its snapshot under the data directory and its term vectors. At start it comes from the snapshot when the
 * snapshot is of the graph's vocabulary, else from the graph; after a load, from the concepts just
 * published, without reading the graph back, and its lexicon follows ({@link #derive}). Blocking methods; the vocabulary and lexicon are read from
 * any thread.
 */
public final class VocabularyState {

    private static final Logger LOG = LoggerFactory.getLogger(VocabularyState.class);

    /** Where the vocabulary in memory came from last. */
    public enum Origin { NONE, SNAPSHOT, GRAPH, PUBLISHED }

    private final GraphStore graph;
    private final String vocabularyGraph;
    private final VocabularySnapshot snapshot;
    private final TermIndexer termIndexer;
    private final AtomicReference<VocabularyIndex> vocabulary = new AtomicReference<>(VocabularyIndex.empty());
    private final AtomicReference<TermLexicon> lexicon = new AtomicReference<>(TermLexicon.empty());
    private volatile Origin origin = Origin.NONE;
    /** The snapshot key (checksum) of the graph's vocabulary the one in memory was made from. */
    private volatile String key;

    /** @param termIndexer keeps the term vectors; null without a vector index */
    public VocabularyState(GraphStore graph, String vocabularyGraph, VocabularySnapshot snapshot, TermIndexer termIndexer) {
        this.graph = graph;
        this.vocabularyGraph = vocabularyGraph;
        this.snapshot = snapshot;
        this.termIndexer = termIndexer;
    }

    public VocabularyIndex vocabulary() {
        return vocabulary.get();
    }

    public TermLexicon lexicon() {
        return lexicon.get();
    }

    public Origin origin() {
        return origin;
    }

    /**
     * Takes the vocabulary from {@code saved} (the snapshot, read ahead while the stores started) when it is
     * of the graph's vocabulary, else reads it from the graph and writes the snapshot; then brings the term
     * vectors up to date.
     */
    public synchronized void open(Optional<VocabularySnapshot.Contents> saved, IngestProgress progress) {
        progress.step("Reading the vocabulary");
        long t0 = System.nanoTime();
        String key = VocabularySnapshot.key(VocabularyGraphReader.checksum(graph, vocabularyGraph));
        if (saved.isPresent() && saved.get().key().equals(key)) {
            this.key = key;
            vocabulary.set(saved.get().vocabulary());
            lexicon.set(saved.get().lexicon());
            origin = Origin.SNAPSHOT;
            LOG.info("Vocabulary: {} terms and their lexicon from the snapshot ({} ms)", vocabulary().size(),
                    (System.nanoTime() - t0) / 1_000_000);
        } else {
            if (saved.isPresent()) {
                LOG.info("The vocabulary snapshot is of another vocabulary or version of fairrag: reading the graph");
            }
            VocabularyIndex index = VocabularyGraphReader.read(graph, vocabularyGraph);
            if (!index.isEmpty()) {
                LOG.info("Vocabulary: {} terms read from the graph ({} ms)", index.size(), (System.nanoTime() - t0) / 1_000_000);
            }
            use(index, key, progress);
            origin = Origin.GRAPH;
        }
        progress.step("Checking the term vectors");
        syncTermVectors(vocabulary(), progress);
    }

    /**
     * Writes the term vectors of concepts about to be published (their names are all the vectors need), so
     * that this can run while the graph takes them.
     */
    public void indexAhead(Collection<Concept> concepts, Function<String, String> pidOf, IngestProgress progress) {
        syncTermVectors(vocabulary().withPublished(concepts, pidOf), progress);
    }

    /**
     * Takes {@code published} (now in the graph) into the vocabulary in memory at once; the lexicon, the
     * snapshot and (unless {@code termVectorsCurrent}) the term vectors follow in {@link #derive}.
     */
    public void published(Collection<Concept> published, Function<String, String> pidOf) {
        vocabulary.set(vocabulary().withPublished(published, pidOf));
        origin = Origin.PUBLISHED;
    }

    /**
     * Builds the lexicon of the vocabulary in memory, writes its snapshot and brings the term vectors up to
     * date, unless {@code termVectorsCurrent} (they were written ahead for exactly these terms).
     */
    public synchronized void derive(boolean termVectorsCurrent, IngestProgress progress) {
        VocabularyIndex index = vocabulary();
        use(index, VocabularySnapshot.key(VocabularyGraphReader.checksum(graph, vocabularyGraph)), progress);
        if (!termVectorsCurrent) {
            syncTermVectors(index, progress);
        }
    }

    /**
     * Reads the vocabulary from the graph again when the graph's is no longer the one in memory (another server
     * or a {@code fairrag ingest} process changed it), and brings the lexicon, snapshot and term vectors up to date.
     *
     * @return whether the vocabulary in memory changed
     */
    public synchronized boolean refresh(IngestProgress progress) {
        String now = VocabularySnapshot.key(VocabularyGraphReader.checksum(graph, vocabularyGraph));
        if (now.equals(key)) {
            return false;
        }
        long t0 = System.nanoTime();
        VocabularyIndex index = VocabularyGraphReader.read(graph, vocabularyGraph);
        use(index, now, progress);
        origin = Origin.GRAPH;
        syncTermVectors(index, progress);
        LOG.info("Vocabulary changed in the graph: {} terms read again ({} ms)", index.size(),
                (System.nanoTime() - t0) / 1_000_000);
        return true;
    }

    private void use(VocabularyIndex index, String key, IngestProgress progress) {
        this.key = key;
        vocabulary.set(index);
        if (index.isEmpty()) {
            return;
        }
        progress.step("Building the term lexicon");
        long t0 = System.nanoTime();
        TermLexicon built = TermLexicon.of(index);
        lexicon.set(built);
        LOG.info("Term lexicon built ({} ms)", (System.nanoTime() - t0) / 1_000_000);
        try {
            snapshot.write(key, index, built);
        } catch (IOException | RuntimeException e) {
            LOG.warn("Cannot write the vocabulary snapshot ({}); the next start reads the vocabulary from the graph", e.toString());
        }
    }

    private void syncTermVectors(VocabularyIndex index, IngestProgress progress) {
        if (termIndexer == null || index.isEmpty()) {
            return;
        }
        long t0 = System.nanoTime();
        TermIndexer.Report r = termIndexer.sync(index, progress);
        if (r.embeddedTerms() > 0 || r.deletedTerms() > 0) {
            LOG.info("Term vectors: {} terms ({} names) written, {} removed, {} unchanged ({} s)", r.embeddedTerms(),
                    r.embeddedNames(), r.deletedTerms(), r.unchangedTerms(), (System.nanoTime() - t0) / 1_000_000_000);
        }
    }
}
