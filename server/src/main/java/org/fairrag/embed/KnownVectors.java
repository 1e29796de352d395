package org.fairrag.embed;

import java.util.List;
import java.util.Optional;

/** Vectors, and the chunks of articles, known ahead of time for some texts, so that they need not be computed. */
public interface KnownVectors {

    /** The vector of {@code text} (unit length), if it is known. */
    Optional<float[]> vector(String text);

    /** The chunks of an article with this title and abstract, if they are known. */
    Optional<List<String>> chunks(String title, String abstractText);

    KnownVectors NONE = new KnownVectors() {
        @Override
        public Optional<float[]> vector(String text) {
            return Optional.empty();
        }

        @Override
        public Optional<List<String>> chunks(String title, String abstractText) {
            return Optional.empty();
        }
    };
}
