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
 * The tagged articles most like a text, from the vector index: by meaning (the chunks nearest to the
 * embedding of the text's first chunk or title) and by words (BM25 of the whole text against the chunks),
 * as {@link Settings} say, each article scoring by its best chunk in each list; the two scores, each divided
 * by the best of its list, are added. Articles without subjects are left out: they have nothing to lend.
 * Blocking.
 */
public final class Neighbours {

    /** How the neighbours are found: which part of the text is embedded, whether words count too, how many are kept. */
    public record Settings(Embedded embedded, boolean byWords, int k) {
        /**
         * BM25 alone, the 30 best: on dev (bench annotate --compare-neighbours) every way of finding neighbours
         * gave micro-F1 0.463-0.469, and this one needs no embedding, so it is the fastest by far.
         */
        public static final Settings DEFAULT = new Settings(Embedded.NONE, true, 30);

        public String label() {
            return (embedded == Embedded.NONE ? "" : embedded.name().toLowerCase().replace('_', ' ') + " embedding")
                    + (byWords ? (embedded == Embedded.NONE ? "" : " + ") + "BM25" : "") + ", k " + k;
        }
    }

    /** What of the text is embedded to find neighbours by meaning. */
    public enum Embedded { NONE, TITLE, FIRST_CHUNK }

    private final VectorIndex index;
    private final Embedder embedder;
    private final Chunker chunker;
    private final Settings settings;

    /**
     * A similar article: its similarity to the text by embedding (0 when found by words only), the weight its
     * subjects get (the fused score, at most 2), and its indexers' subjects.
     */
    public record Neighbour(String pid, String title, float similarity, double weight, List<String> termIds) {}

    /** What the index returned for a text, before fusing: the best chunk per article by meaning and by words. */
    public record Found(List<ChunkHit> byMeaning, List<ChunkHit> byWords) {}

    public Neighbours(VectorIndex index, Embedder embedder, Chunker chunker, Settings settings) {
        this.index = index;
        this.embedder = embedder;
        this.chunker = chunker;
        this.settings = settings;
    }

    public Settings settings() {
        return settings;
    }

    /** The neighbours of a text, among articles of the given access levels, {@code exclude} left out. */
    public List<Neighbour> of(String title, String abstractText, Set<String> accessLevels, Set<String> exclude) {
        return fuse(find(title, abstractText, settings, accessLevels, exclude.size()), exclude);
    }

    /** Searches the index as {@code s} says, before fusing; for comparing settings on the same searches. */
    public Found find(String title, String abstractText, Settings s, Set<String> accessLevels, int excluded) {
        ArticleFilter filter = new ArticleFilter(List.of(), Set.of(), null, null, accessLevels);
        int fetch = 2 * s.k() + excluded;
        List<ChunkHit> meaning = List.of();
        String embedded = switch (s.embedded()) {
            case NONE -> null;
            case TITLE -> title != null && !title.isBlank() ? title : firstChunk(null, abstractText);
            case FIRST_CHUNK -> firstChunk(title, abstractText);
        };
        if (embedded != null) {
            meaning = index.nearestChunks(embedder.embed(embedded), fetch, filter);
        }
        List<ChunkHit> words = List.of();
        if (s.byWords()) {
            String text = (title == null ? "" : title) + "\n" + (abstractText == null ? "" : abstractText);
            words = index.matchingChunks(text, fetch, filter);
        }
        return new Found(meaning, words);
    }

    private String firstChunk(String title, String abstractText) {
        List<String> chunks = chunker.chunks(title, abstractText);
        return chunks.isEmpty() ? null : chunks.get(0);
    }

    /** The best {@code k} tagged articles of what was found, by the sum of their max-normalised scores. */
    public List<Neighbour> fuse(Found found, Set<String> exclude) {
        return fuse(found, exclude, settings.k());
    }

    public List<Neighbour> fuse(Found found, Set<String> exclude, int k) {
        Map<String, Float> similarity = new HashMap<>();
        Map<String, Double> score = new HashMap<>();
        for (List<ChunkHit> list : List.of(found.byMeaning(), found.byWords())) {
            float best = (float) list.stream().mapToDouble(ChunkHit::score).max().orElse(1);
            for (ChunkHit hit : list) {
                if (!exclude.contains(hit.articlePid()) && best > 0) {
                    score.merge(hit.articlePid(), (double) hit.score() / best, Double::sum);
                }
            }
        }
        found.byMeaning().forEach(h -> similarity.merge(h.articlePid(), h.score(), Math::max));
        List<Map.Entry<String, Double>> ranked = new ArrayList<>(score.entrySet());
        ranked.sort(Map.Entry.<String, Double>comparingByValue(Comparator.reverseOrder()).thenComparing(Map.Entry::getKey));
        Map<String, Neighbour> out = new LinkedHashMap<>();
        // Fields are read a slice at a time: most of what a long list of hits holds is never needed.
        for (int from = 0; from < ranked.size() && out.size() < k; from += 2 * k) {
            List<Map.Entry<String, Double>> slice = ranked.subList(from, Math.min(ranked.size(), from + 2 * k));
            Map<String, ArticleFields> fields = index.articles(slice.stream().map(Map.Entry::getKey).toList());
            for (Map.Entry<String, Double> e : slice) {
                ArticleFields f = fields.get(e.getKey());
                if (f != null && !f.termIds().isEmpty() && out.size() < k) {
                    out.put(e.getKey(), new Neighbour(e.getKey(), f.title(), similarity.getOrDefault(e.getKey(), 0f),
                            e.getValue(), f.termIds()));
                }
            }
        }
        return List.copyOf(out.values());
    }
}
