package org.fairrag.annotate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.fairrag.embed.Chunker;
import org.fairrag.embed.Embedder;
import org.fairrag.vectors.TermHit;
import org.fairrag.vectors.VectorIndex;
import org.fairrag.vocab.VocabularyIndex;

/**
 * The terms whose names' vectors are nearest to the embedding of a text (its first chunk or its title): subject
 * candidates the text need not name word for word, and need no neighbour to lend. Only the names {@code counted}
 * accepts count: the server's index also holds everyday names, and the suggestion model was fitted on preferred names.
 * Blocking (embeds the text); thread-safe.
 */
public final class NearestNames {

    /** Terms returned for a text. */
    public static final int DEFAULT_K = 20;

    /** A term among the nearest: the similarity of its nearest name (dot product of unit vectors), its rank from 0. */
    public record Match(String termId, float similarity, int rank) {}

    private final VectorIndex index;
    private final Embedder embedder;
    private final Chunker chunker;
    private final Neighbours.Embedded embedded;
    private final int k;
    private final Predicate<TermHit> counted;

    /** @param counted which names found count (e.g. {@link #preferredNames}) */
    public NearestNames(VectorIndex index, Embedder embedder, Chunker chunker, Neighbours.Embedded embedded, int k,
                        Predicate<TermHit> counted) {
        if (embedded == Neighbours.Embedded.NONE || k <= 0) {
            throw new IllegalArgumentException("nearest names need a part of the text to embed and k > 0");
        }
        this.index = index;
        this.embedder = embedder;
        this.chunker = chunker;
        this.embedded = embedded;
        this.k = k;
        this.counted = counted;
    }

    /** Names that are their term's preferred name in the vocabulary. */
    public static Predicate<TermHit> preferredNames(Supplier<VocabularyIndex> vocabulary) {
        return hit -> vocabulary.get().byId(hit.termId()).map(t -> t.label().equals(hit.name())).orElse(false);
    }

    public int k() {
        return k;
    }

    /** The {@link #k} terms nearest to the text's part this was made for; empty when that part is empty. */
    public List<Match> of(String title, String abstractText) {
        return of(title, abstractText, embedded);
    }

    /** The same for another part of the text (the bench compares them on the same texts). */
    public List<Match> of(String title, String abstractText, Neighbours.Embedded part) {
        String text = switch (part) {
            case NONE -> null;
            case TITLE -> title != null && !title.isBlank() ? title : firstChunk(null, abstractText);
            case FIRST_CHUNK -> firstChunk(title, abstractText);
        };
        return text == null ? List.of() : nearest(embedder.embed(text));
    }

    private String firstChunk(String title, String abstractText) {
        List<String> chunks = chunker.chunks(title, abstractText);
        return chunks.isEmpty() || chunks.get(0).isBlank() ? null : chunks.get(0);
    }

    /** The {@link #k} terms with the nearest names to {@code vector}, each once, by its nearest name. */
    List<Match> nearest(float[] vector) {
        // Most terms have one name, so about k names are k terms; when names that do not count or several names of
        // one term leave fewer, the search is made again for more names (each name read costs a stored document).
        List<TermHit> hits = index.nearestTerms(vector, 2 * k);
        Map<String, Float> best = distinct(hits);
        if (best.size() < k && hits.size() == 2 * k) {
            best = distinct(index.nearestTerms(vector, 8 * k));
        }
        List<Match> out = new ArrayList<>(best.size());
        for (Map.Entry<String, Float> e : best.entrySet()) {
            out.add(new Match(e.getKey(), e.getValue(), out.size()));
        }
        return out;
    }

    private Map<String, Float> distinct(List<TermHit> hits) {
        Map<String, Float> best = new LinkedHashMap<>();
        for (TermHit hit : hits) {
            if (!counted.test(hit)) {
                continue;
            }
            best.putIfAbsent(hit.termId(), hit.score());
            if (best.size() == k) {
                break;
            }
        }
        return best;
    }
}
