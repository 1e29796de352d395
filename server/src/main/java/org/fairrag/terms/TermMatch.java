package org.fairrag.terms;

import java.util.List;

/**
 * A term found for a user's words.
 *
 * @param matched the name of the term (preferred or alternative) that matched best
 * @param score   higher is better; comparable within one search
 */
public record TermMatch(String id, String label, String matched, double score, List<String> treeNumbers) {}
