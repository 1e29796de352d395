package org.fairrag.filter;

import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.fairrag.failure.ApiException;
import org.fairrag.vocab.VocabularyIndex;

/**
 * The vocabulary terms a user chose, validated against the vocabulary: which to require ({@code any}
 * or {@code all}), which to exclude, whether narrower terms count too ("explode"), and whether the
 * subjects suggested for articles that came without any count as well as the indexers' ("suggested").
 */
public record TermSelection(List<String> terms, Mode mode, boolean explode, List<String> exclude, boolean withSuggested) {

    /** Whether an article needs one of the terms or all of them. */
    public enum Mode { ANY, ALL }

    /** A MeSH UI ({@code D009062}) or a CURIE of another vocabulary ({@code hp:0001250}). */
    private static final Pattern TERM_ID = Pattern.compile("[A-Za-z][A-Za-z0-9_.-]{0,40}(:[A-Za-z0-9_.-]{1,64})?");
    public static final int MAX_TERMS = 50;

    public TermSelection {
        terms = List.copyOf(terms);
        exclude = List.copyOf(exclude);
    }

    /** The same selection, counting suggested subjects too or not. */
    public TermSelection withSuggested(boolean suggested) {
        return new TermSelection(terms, mode, explode, exclude, suggested);
    }

    /**
     * Checks the shape of every id before anything else looks at it, then that each names a term of the
     * vocabulary. Throws a 400 {@link ApiException} naming the offending id.
     */
    public static TermSelection validated(List<String> terms, String mode, Boolean explode, List<String> exclude,
                                          VocabularyIndex vocabulary) {
        if (terms.size() + exclude.size() > MAX_TERMS) {
            throw ApiException.badRequest("too_many_terms", "At most " + MAX_TERMS + " terms may be selected.");
        }
        for (List<String> ids : List.of(terms, exclude)) {
            for (String id : ids) {
                if (id == null || !TERM_ID.matcher(id).matches()) {
                    throw ApiException.badRequest("malformed_term_id",
                            "Not a term id: " + abbreviate(String.valueOf(id)) + " (expected a MeSH UI such as D009062).");
                }
            }
        }
        for (List<String> ids : List.of(terms, exclude)) {
            for (String id : ids) {
                if (vocabulary.byId(id).isEmpty()) {
                    throw ApiException.badRequest("unknown_term", "No term with id " + id + " in the vocabulary.");
                }
            }
        }
        Mode m;
        if (mode == null || mode.equalsIgnoreCase("any")) {
            m = Mode.ANY;
        } else if (mode.equalsIgnoreCase("all")) {
            m = Mode.ALL;
        } else {
            throw ApiException.badRequest("bad_mode", "mode must be 'any' or 'all', not " + abbreviate(mode) + ".");
        }
        Set<String> overlap = new java.util.HashSet<>(terms);
        overlap.retainAll(exclude);
        if (!overlap.isEmpty()) {
            throw ApiException.badRequest("contradictory_terms", "Terms both selected and excluded: " + overlap + ".");
        }
        return new TermSelection(terms.stream().distinct().toList(), m, explode == null || explode,
                exclude.stream().distinct().toList(), false);
    }

    private static String abbreviate(String s) {
        return s.length() > 60 ? s.substring(0, 60) + "…" : s;
    }
}
