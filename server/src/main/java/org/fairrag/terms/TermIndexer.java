package org.fairrag.terms;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.fairrag.embed.Embedder;
import org.fairrag.fdo.Checksums;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.vectors.IndexedTerm;
import org.fairrag.vectors.VectorIndex;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyIndex;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the term vectors in step with the vocabulary: embeds the preferred names and the bundled lay names
 * ({@link LayNames}) of new and changed terms, and drops the vectors of terms the vocabulary no longer has; terms
 * whose names did not change are not embedded again. MeSH's entry terms are not embedded: they are matched by the
 * lexicon, and embedding them did not help article search (measured) for minutes more of first start, while the
 * lay names, in the words people use, let a description find its concept by meaning. Blocking.
 */
public final class TermIndexer {

    private static final Logger LOG = LoggerFactory.getLogger(TermIndexer.class);
    /** Names embedded per step: how often progress advances. */
    private static final int EMBED_NAMES = 512;
    /**
     * Names written per commit: fewer commits make fewer segments, whose HNSW graphs are merged by inserting
     * their vectors again; MeSH's preferred names fit in one.
     */
    private static final int WRITE_NAMES = 32_768;

    private final VectorIndex index;
    private final Embedder embedder;
    private final AtomicLong embeddedNames = new AtomicLong();

    /** The bundled lay-name table, whose names are embedded beside the preferred names (a vectors file depends on it). */
    public static final String LAY_NAMES = LayNames.RESOURCE;

    /** The bundled lay names, every one that a term of some vocabulary may have embedded. */
    public static List<String> bundledLayNames() {
        return LayNames.bundled().names();
    }

    public TermIndexer(VectorIndex index, Embedder embedder) {
        this.index = index;
        this.embedder = embedder;
    }

    /** What a synchronisation did. */
    public record Report(int embeddedTerms, int embeddedNames, int deletedTerms, int unchangedTerms) {}

    public Report sync(VocabularyIndex vocabulary, IngestProgress progress) {
        Map<String, String> stored = index.termChecksums();
        List<Term> changed = new ArrayList<>();
        Map<String, List<String>> namesById = new java.util.HashMap<>();
        Map<String, String> checksums = new java.util.HashMap<>();
        int names = 0;
        Map<String, List<String>> layNames = LayNames.bundled().byTermId(vocabulary);
        for (Term t : vocabulary.terms()) {
            List<String> n = names(t, layNames.getOrDefault(t.id(), List.of()));
            String checksum = Checksums.of(embedder.modelName() + "\n" + String.join("\n", n));
            if (!checksum.equals(stored.get(t.id()))) {
                changed.add(t);
                namesById.put(t.id(), n);
                checksums.put(t.id(), checksum);
                names += n.size();
            }
        }
        Set<String> gone = new HashSet<>(stored.keySet());
        vocabulary.terms().forEach(t -> gone.remove(t.id()));
        if (!gone.isEmpty()) {
            index.deleteTerms(gone);
        }
        if (!changed.isEmpty()) {
            changed.sort(java.util.Comparator.comparing(Term::id));
            LOG.info("Embedding {} names of {} terms with {}", names, changed.size(), embedder.modelName());
            progress.start("Term vectors", names, "names");
            try {
                int done = 0;
                List<Term> batch = new ArrayList<>();
                int batchNames = 0;
                for (Term t : changed) {
                    batch.add(t);
                    batchNames += namesById.get(t.id()).size();
                    if (batchNames >= WRITE_NAMES) {
                        done = write(batch, namesById, checksums, done, progress);
                        batch.clear();
                        batchNames = 0;
                    }
                }
                write(batch, namesById, checksums, done, progress);
            } finally {
                progress.finish();
            }
        }
        if (!changed.isEmpty() || !gone.isEmpty()) {
            // Once per synchronisation, not per batch: a crash before it loses term vectors that the next start's
            // synchronisation writes again (checksums against the vocabulary), at the cost of embedding them.
            index.commit();
        }
        return new Report(changed.size(), names, gone.size(), vocabulary.size() - changed.size());
    }

    /** The names of a term that are embedded: its preferred name first, then its lay names, each once. */
    static List<String> names(Term term, List<String> layNames) {
        List<String> out = new ArrayList<>(1 + layNames.size());
        out.add(term.label());
        for (String lay : layNames) {
            if (!out.contains(lay)) {
                out.add(lay);
            }
        }
        return out;
    }

    /** Embeds the names of {@code batch} a step at a time, then writes them at once. */
    private int write(List<Term> batch, Map<String, List<String>> namesById, Map<String, String> checksums, int done,
                      IngestProgress progress) {
        List<String> texts = new ArrayList<>();
        batch.forEach(t -> texts.addAll(namesById.get(t.id())));
        List<float[]> vectors = new ArrayList<>(texts.size());
        for (int from = 0; from < texts.size(); from += EMBED_NAMES) {
            vectors.addAll(embedder.embedAll(texts.subList(from, Math.min(texts.size(), from + EMBED_NAMES))));
            progress.advanceTo(done + vectors.size());
        }
        embeddedNames.addAndGet(texts.size());
        List<IndexedTerm> terms = new ArrayList<>(batch.size());
        int i = 0;
        for (Term t : batch) {
            List<IndexedTerm.Name> named = new ArrayList<>();
            for (String n : namesById.get(t.id())) {
                named.add(new IndexedTerm.Name(n, vectors.get(i++)));
            }
            terms.add(new IndexedTerm(t.id(), checksums.get(t.id()), named));
        }
        if (!terms.isEmpty()) {
            index.upsertTerms(terms);
        }
        return done + texts.size();
    }

    /** Names embedded since this indexer was made. */
    public long embeddedNames() {
        return embeddedNames.get();
    }
}
