package org.fairrag.vectors;

import java.util.Locale;

/**
 * How the embedded index keeps the chunk vectors its HNSW graph compares: as 32-bit floats, or scalar-quantized
 * to one byte a dimension (Lucene's {@code Lucene99HnswScalarQuantizedVectorsFormat}, 7 bits of each byte used),
 * which makes the part of the index a search reads a quarter of the size. The float vectors are kept in both
 * cases: they score the candidates of a quantized search again, and let the setting change without re-ingestion.
 */
public enum VectorQuantization {
    NONE, INT8;

    /** Parses {@code none} or {@code int8}. */
    public static VectorQuantization parse(String value) {
        try {
            return valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("FAIRRAG_VECTOR_QUANTIZATION must be none or int8, got: " + value);
        }
    }
}
