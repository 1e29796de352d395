package org.fairrag.ask;

import java.util.List;

/**
 * One topic constraint on articles: about any of {@code anyOf} (or a narrower term of one); with
 * {@code major}, as a major topic.
 */
public record Topic(List<LinkedTerm> anyOf, boolean major) {

    public Topic {
        anyOf = List.copyOf(anyOf);
    }

    /** The names of the terms, joined with "or". */
    public String describe() {
        return String.join(" or ", anyOf.stream().map(LinkedTerm::label).toList());
    }
}
