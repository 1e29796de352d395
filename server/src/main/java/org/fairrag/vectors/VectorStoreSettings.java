package org.fairrag.vectors;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Where vectors are kept: the embedded Lucene index under the data directory (default), a Weaviate
 * server, or nowhere (no semantic search, no embeddings at ingest); and how the embedded index keeps its
 * chunk vectors, how many candidates its searches keep and how many threads one search may use.
 */
public record VectorStoreSettings(Kind kind, Optional<String> weaviateUrl, Optional<String> weaviateApiKey,
                                  VectorQuantization quantization, KnnCandidates candidates, int searchThreads) {

    /** The vector store implementations. */
    public enum Kind { LUCENE, WEAVIATE, NONE }

    public static final VectorStoreSettings DEFAULT = new VectorStoreSettings(Kind.LUCENE, Optional.empty(), Optional.empty(),
            VectorQuantization.NONE, KnnCandidates.SCALED, defaultSearchThreads());

    /** One thread a processor: a search alone on the server walks its segments on every core. */
    public static int defaultSearchThreads() {
        return Runtime.getRuntime().availableProcessors();
    }

    public VectorStoreSettings {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(quantization, "quantization");
        Objects.requireNonNull(candidates, "candidates");
        if (searchThreads < 1) {
            throw new IllegalArgumentException("FAIRRAG_SEARCH_THREADS must be at least 1, got " + searchThreads);
        }
        if (kind == Kind.WEAVIATE && weaviateUrl.isEmpty()) {
            throw new IllegalArgumentException("FAIRRAG_VECTORS=weaviate needs FAIRRAG_WEAVIATE_URL (e.g. http://localhost:8080)");
        }
    }

    /** Parses {@code lucene}, {@code weaviate} or {@code none}. */
    public static Kind parseKind(String value) {
        try {
            return Kind.valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("FAIRRAG_VECTORS must be lucene, weaviate or none, got: " + value);
        }
    }
}
