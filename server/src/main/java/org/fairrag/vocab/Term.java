package org.fairrag.vocab;

import java.util.List;

/**
 * A vocabulary term as the rest of fairrag sees it: a {@link Concept} with its PID and the inverse
 * (narrower) links.
 */
public record Term(
        String id,
        String pid,
        String sourceIri,
        String label,
        List<String> altLabels,
        List<String> treeNumbers,
        List<String> broader,
        List<String> narrower,
        String scopeNote) {}
