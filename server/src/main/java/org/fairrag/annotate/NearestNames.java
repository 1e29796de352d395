package org.fairrag.annotate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fairrag.embed.Chunker;
import org.fairrag.embed.Embedder;
import org.fairrag.vectors.TermHit;
import org.fairrag.vectors.VectorIndex;

/**
 * The terms whose names' vectors are nearest to the embedding of a text (its first chunk or its title): subject
 * candidates the text need not name word for word, and need no neighbour to lend. Blocking (embeds the text);
 * thread-safe.
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

    public NearestNames(VectorIndex index, Embedder embedder, Chunker chunker, Neighbours.Embedded embedded, int k) {
        if (embedded == Neighbours.Embedded.NONE || k <= 0) {
            throw new IllegalArgumentException("nearest names need a part of the text to embed and k > 0");
        }
        this.index = index;
        this.embedder = embedder;
        this.chunker = chunker;
        this.embedded = embedded;
        this.k = k;
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
        // The server indexes one name per term, so k names are k terms; should a term come with several names, the
        // search is made again for more names than terms wanted (each name read costs a stored document).
        List<TermHit> hits = index.nearestTerms(vector, k);
        Map<String, Float> best = distinct(hits);
        if (best.size() < k && hits.size() == k) {
            best = distinct(index.nearestTerms(vector, 3 * k));
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
            best.putIfAbsent(hit.termId(), hit.score());
            if (best.size() == k) {
                break;
            }
        }
        return best;
    }
}
