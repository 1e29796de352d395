package org.fairrag.vectors;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Where vectors are kept: the embedded Lucene index under the data directory (default), a Weaviate
 * server, or nowhere (no semantic search, no embeddings at ingest); and how the embedded index keeps its
 * chunk vectors and how many candidates its searches keep.
 */
public record VectorStoreSettings(Kind kind, Optional<String> weaviateUrl, Optional<String> weaviateApiKey,
                                  VectorQuantization quantization, KnnCandidates candidates) {

    /** The vector store implementations. */
    public enum Kind { LUCENE, WEAVIATE, NONE }

    public static final VectorStoreSettings DEFAULT = new VectorStoreSettings(Kind.LUCENE, Optional.empty(), Optional.empty(),
            VectorQuantization.NONE, KnnCandidates.SCALED);

    public VectorStoreSettings {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(quantization, "quantization");
        Objects.requireNonNull(candidates, "candidates");
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
