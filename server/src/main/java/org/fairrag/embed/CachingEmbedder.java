package org.fairrag.embed;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.cache.CaffeineCacheMetrics;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An {@link Embedder} that remembers the vectors of recent texts in a bounded cache, for query texts:
 * users repeat and refine queries, and a cached query costs no inference.
 */
public final class CachingEmbedder implements Embedder {

    private final Embedder delegate;
    private final Cache<String, float[]> cache;

    /** @param maximumSize how many vectors to keep; 0 disables caching */
    public CachingEmbedder(Embedder delegate, int maximumSize) {
        this.delegate = delegate;
        this.cache = Caffeine.newBuilder().maximumSize(maximumSize).recordStats().build();
    }

    /** Publishes the cache's hits, misses, size and evictions as {@code cache.*} meters named {@code query_embeddings}. */
    public void bindTo(MeterRegistry registry) {
        CaffeineCacheMetrics.monitor(registry, cache, "query_embeddings");
    }

    @Override
    public List<float[]> embedAll(List<String> texts) {
        Map<String, float[]> known = cache.getAllPresent(texts);
        Set<String> missing = new LinkedHashSet<>(texts);
        missing.removeAll(known.keySet());
        Map<String, float[]> all = new java.util.HashMap<>(known);
        if (!missing.isEmpty()) {
            List<String> todo = new ArrayList<>(missing);
            List<float[]> vectors = delegate.embedAll(todo);
            for (int i = 0; i < todo.size(); i++) {
                cache.put(todo.get(i), vectors.get(i));
                all.put(todo.get(i), vectors.get(i));
            }
        }
        return texts.stream().map(all::get).toList();
    }

    @Override
    public int dimension() {
        return delegate.dimension();
    }

    @Override
    public String modelName() {
        return delegate.modelName();
    }
}
