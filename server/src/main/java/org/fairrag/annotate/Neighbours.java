package org.fairrag.annotate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fairrag.embed.Chunker;
import org.fairrag.embed.Embedder;
import org.fairrag.vectors.ArticleFields;
import org.fairrag.vectors.ArticleFilter;
import org.fairrag.vectors.ChunkHit;
import org.fairrag.vectors.VectorIndex;

/**
 * The tagged articles most like a text, by embedding: the text is cut as articles are ({@link Chunker}), the
 * first {@link #QUERY_CHUNKS} chunks are embedded, and each indexed article scores by the best similarity
 * of one of its chunks to one of them. Articles without subjects are left out: they have nothing to lend.
 * Blocking.
 */
public final class Neighbours {

    /** Chunks of the text embedded: the title and first sentences say most of what an article is about. */
    static final int QUERY_CHUNKS = 1;
    /** Articles kept, best first. */
    static final int K = 20;

    private final VectorIndex index;
    private final Embedder embedder;
    private final Chunker chunker;

    /** A similar article, its similarity to the text and its indexers' subjects. */
    public record Neighbour(String pid, String title, float similarity, List<String> termIds) {}

    public Neighbours(VectorIndex index, Embedder embedder, Chunker chunker) {
        this.index = index;
        this.embedder = embedder;
        this.chunker = chunker;
    }

    /** The neighbours of a text, among articles of the given access levels, {@code exclude} left out. */
    public List<Neighbour> of(String title, String abstractText, Set<String> accessLevels, Set<String> exclude) {
        List<String> chunks = chunker.chunks(title, abstractText);
        if (chunks.isEmpty()) {
            return List.of();
        }
        return of(embedder.embedAll(chunks.subList(0, Math.min(QUERY_CHUNKS, chunks.size()))), accessLevels, exclude);
    }

    /** The neighbours of a text whose chunk vectors are given (an article already embedded). */
    public List<Neighbour> of(List<float[]> vectors, Set<String> accessLevels, Set<String> exclude) {
        ArticleFilter filter = new ArticleFilter(List.of(), Set.of(), null, null, accessLevels);
        Map<String, Float> best = new HashMap<>();
        int fetch = 2 * K + exclude.size();
        for (float[] v : vectors) {
            for (ChunkHit hit : index.nearestChunks(v, fetch, filter)) {
                if (!exclude.contains(hit.articlePid())) {
                    best.merge(hit.articlePid(), hit.score(), Math::max);
                }
            }
        }
        List<Map.Entry<String, Float>> ranked = new ArrayList<>(best.entrySet());
        ranked.sort(Map.Entry.<String, Float>comparingByValue(Comparator.reverseOrder()).thenComparing(Map.Entry::getKey));
        Map<String, ArticleFields> fields = index.articles(ranked.stream().map(Map.Entry::getKey).toList());
        Map<String, Neighbour> out = new LinkedHashMap<>();
        for (Map.Entry<String, Float> e : ranked) {
            ArticleFields f = fields.get(e.getKey());
            if (f != null && !f.termIds().isEmpty()) {
                out.put(e.getKey(), new Neighbour(e.getKey(), f.title(), e.getValue(), f.termIds()));
                if (out.size() == K) {
                    break;
                }
            }
        }
        return List.copyOf(out.values());
    }
}
