package org.fairrag.generate;

import java.util.Set;

/**
 * Adds to a summary request where its selected terms (or narrower ones) are mentioned in the chosen articles
 * and the sentences chosen as evidence about them, from what the caller may read. Blocking.
 */
@FunctionalInterface
public interface TermAnchoring {

    /** Adds nothing: for a server without concept mentions or vectors. */
    TermAnchoring NONE = (input, accessLevels) -> input;

    SummaryInput anchored(SummaryInput input, Set<String> accessLevels);
}
