package org.fairrag.search;

import java.util.Set;

/**
 * Whether an article search also searches the concepts of the query's words, and which concepts the
 * caller turned off.
 */
public record ConceptUse(boolean enabled, Set<String> off) {

    public static final ConceptUse ON = new ConceptUse(true, Set.of());
    public static final ConceptUse NONE = new ConceptUse(false, Set.of());

    public ConceptUse {
        off = Set.copyOf(off);
    }
}
