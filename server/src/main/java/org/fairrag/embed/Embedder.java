package org.fairrag.embed;

import java.util.List;

/**
 * Turns texts into unit-length vectors of a fixed dimension, so that the dot product of two vectors is
 * their cosine similarity. Methods block (the in-JVM model is CPU-bound, the others call a server) and
 * are thread-safe.
 */
public interface Embedder {

    /** One vector per text, in order. */
    List<float[]> embedAll(List<String> texts);

    default float[] embed(String text) {
        return embedAll(List.of(text)).get(0);
    }

    int dimension();

    /** The model's name, e.g. {@code all-minilm-l6-v2} or {@code openai:text-embedding-3-small}. */
    String modelName();
}
