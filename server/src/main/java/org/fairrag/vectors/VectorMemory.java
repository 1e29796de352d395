package org.fairrag.vectors;

import java.util.Locale;

/**
 * Where the embedded index's HNSW search reads the graph and the quantized vectors it walks: from the memory-mapped
 * index files ({@code mapped}), or from read-only copies of those files on the Java heap ({@code heap}), which a JVM
 * run with {@code -XX:+UseTransparentHugePages} keeps in 2 MB pages, so the walk's random reads miss the address
 * translation caches less often. Everything else is read, and everything is written, through the files on disk.
 */
public enum VectorMemory {
    MAPPED, HEAP;

    /** Parses {@code mapped} or {@code heap}. */
    public static VectorMemory parse(String value) {
        try {
            return valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("FAIRRAG_VECTOR_MEMORY must be mapped or heap, got: " + value);
        }
    }
}
