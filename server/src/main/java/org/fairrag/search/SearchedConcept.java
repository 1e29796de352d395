package org.fairrag.search;

/**
 * A concept of the query that the search also searched, and how much its articles counted.
 *
 * @param matched the concept's name that matched: the name the query's words cover, else the one nearest in meaning
 * @param text    the words of the query that name it, or null when only the query's meaning found it
 * @param byWords whether words of the query name it
 * @param byMeaning whether its name is among those nearest in meaning to the query
 * @param weight  the weight of its article list in the fusion (a keyword or vector list weighs 1): the largest of
 *                {@code lists}
 * @param lists   the weight of each of its lists that counted, by the source's name ({@code indexed}, {@code mentioned})
 */
public record SearchedConcept(String id, String label, String matched, String text, boolean byWords, boolean byMeaning,
                              double weight, java.util.Map<String, Double> lists) {

    public SearchedConcept {
        lists = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(lists));
    }
}
