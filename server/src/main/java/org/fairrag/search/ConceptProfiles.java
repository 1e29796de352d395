package org.fairrag.search;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.fairrag.vectors.ArticleFields;
import org.fairrag.vectors.ArticleFilter;
import org.fairrag.vectors.IndexedChunk;
import org.fairrag.vectors.VectorIndex;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyIndex;

/**
 * The language of the literature about each concept: a concept's profile is the mean vector of the public
 * articles indexed with it or a narrower term, and a query is near a concept when it is near that mean. This
 * finds the concept of a query that describes it in words none of its names is near ("cancer coming back after
 * treatment" and the articles about Neoplasm Recurrence, Local), from the collection itself. Only concepts with
 * at least {@code minArticles} articles get a profile. Built from the index when first asked, and again when it
 * is older than {@code refresh} and the number of indexed articles changed or the vocabulary did. Thread-safe;
 * blocking (a build reads every public article's chunks).
 */
public final class ConceptProfiles {

    /** A concept whose profile is near the query, and the cosine similarity of the two. */
    public record Near(String conceptId, float similarity) {}

    private record Built(VocabularyIndex vocabulary, long articles, long builtAt, List<String> ids, float[][] vectors) {}

    /** The articles a concept needs for a profile: fewer say too little about its language. */
    public static final int MIN_ARTICLES = 5;
    /** How old profiles may get before a changed index has them built again. */
    public static final Duration REFRESH = Duration.ofMinutes(10);
    private static final int BATCH = 500;

    private final VectorIndex index;
    private final Supplier<VocabularyIndex> vocabulary;
    private final int minArticles;
    private final long refreshNanos;
    private final LongSupplier clock;
    private volatile Built built;

    /**
     * @param minArticles  the articles a concept needs for a profile
     * @param refreshNanos how old profiles may get before a changed index has them built again
     * @param clock        nanoseconds, for the age of the profiles
     */
    public ConceptProfiles(VectorIndex index, Supplier<VocabularyIndex> vocabulary, int minArticles, long refreshNanos,
                           LongSupplier clock) {
        this.index = index;
        this.vocabulary = vocabulary;
        this.minArticles = minArticles;
        this.refreshNanos = refreshNanos;
        this.clock = clock;
    }

    /** The {@code k} concepts whose profiles are nearest to the query's vector (a unit vector), nearest first. */
    public List<Near> nearest(float[] query, int k) {
        Built b = current();
        PriorityQueue<Near> best = new PriorityQueue<>(Comparator.comparingDouble(Near::similarity));
        for (int i = 0; i < b.vectors.length; i++) {
            float[] v = b.vectors[i];
            float dot = 0;
            for (int d = 0; d < v.length; d++) {
                dot += v[d] * query[d];
            }
            if (best.size() < k) {
                best.add(new Near(b.ids.get(i), dot));
            } else if (dot > best.peek().similarity()) {
                best.poll();
                best.add(new Near(b.ids.get(i), dot));
            }
        }
        List<Near> out = new ArrayList<>(best);
        out.sort(Comparator.comparingDouble((Near n) -> -n.similarity()).thenComparing(Near::conceptId));
        return out;
    }

    /** How many concepts have a profile. */
    public int size() {
        return current().ids.size();
    }

    private Built current() {
        Built b = built;
        VocabularyIndex vocab = vocabulary.get();
        if (b != null && b.vocabulary == vocab && clock.getAsLong() - b.builtAt < refreshNanos) {
            return b;
        }
        synchronized (this) {
            b = built;
            if (b == null || b.vocabulary != vocab
                    || clock.getAsLong() - b.builtAt >= refreshNanos && index.articleCount() != b.articles) {
                b = build(vocab);
            } else if (clock.getAsLong() - b.builtAt >= refreshNanos) {
                b = new Built(b.vocabulary, b.articles, clock.getAsLong(), b.ids, b.vectors);
            }
            built = b;
            return b;
        }
    }

    private Built build(VocabularyIndex vocab) {
        long articles = index.articleCount();
        long now = clock.getAsLong();
        Map<String, double[]> sums = new HashMap<>();
        Map<String, Integer> counts = new HashMap<>();
        Map<String, Set<String>> ancestors = new HashMap<>();
        List<String> pids = new ArrayList<>(index.articlePids());
        pids.sort(null);
        for (int from = 0; from < pids.size(); from += BATCH) {
            Collection<ArticleFields> batch = index.articles(pids.subList(from, Math.min(pids.size(), from + BATCH))).values();
            for (ArticleFields fields : batch) {
                if (!ArticleFilter.PUBLIC.equals(fields.accessLevel()) || fields.termIds().isEmpty()) {
                    continue;
                }
                float[] vector = meanOfChunks(index.chunks(fields.pid()));
                if (vector == null) {
                    continue;
                }
                Set<String> concepts = new HashSet<>();
                for (String id : fields.termIds()) {
                    concepts.addAll(ancestors.computeIfAbsent(id, t -> withAncestors(t, vocab)));
                }
                for (String id : concepts) {
                    double[] sum = sums.computeIfAbsent(id, x -> new double[vector.length]);
                    for (int d = 0; d < vector.length; d++) {
                        sum[d] += vector[d];
                    }
                    counts.merge(id, 1, Integer::sum);
                }
            }
        }
        List<String> ids = new ArrayList<>();
        List<float[]> vectors = new ArrayList<>();
        sums.keySet().stream().sorted().forEach(id -> {
            if (counts.get(id) >= minArticles) {
                ids.add(id);
                vectors.add(unit(sums.get(id)));
            }
        });
        return new Built(vocab, articles, now, List.copyOf(ids), vectors.toArray(float[][]::new));
    }

    /** The term and every term above it, following broader links to the top. */
    private static Set<String> withAncestors(String id, VocabularyIndex vocab) {
        Set<String> out = new HashSet<>();
        Deque<String> todo = new ArrayDeque<>(List.of(id));
        while (!todo.isEmpty()) {
            String next = todo.poll();
            if (out.add(next)) {
                vocab.byId(next).map(Term::broader).ifPresent(todo::addAll);
            }
        }
        return out;
    }

    /** The article's direction: the unit mean of its chunks' vectors; null without chunks. */
    private static float[] meanOfChunks(List<IndexedChunk> chunks) {
        if (chunks.isEmpty()) {
            return null;
        }
        double[] sum = new double[chunks.get(0).vector().length];
        for (IndexedChunk c : chunks) {
            for (int d = 0; d < sum.length; d++) {
                sum[d] += c.vector()[d];
            }
        }
        return unit(sum);
    }

    private static float[] unit(double[] v) {
        double norm = 0;
        for (double x : v) {
            norm += x * x;
        }
        norm = Math.sqrt(norm);
        float[] out = new float[v.length];
        for (int d = 0; d < v.length; d++) {
            out[d] = norm == 0 ? 0 : (float) (v[d] / norm);
        }
        return out;
    }
}
