package org.fairrag.terms;

/**
 * A vocabulary concept a query speaks of, found by the {@link ConceptLinker} in either or both of two
 * ways: words of the query name it, or its name is among those nearest in meaning to the whole query.
 *
 * @param matched    the concept's name that matched: the name the query's words cover (preferred, entry term or
 *                   everyday name), else the name nearest in meaning
 * @param text       the words of the query that name it, as the user wrote them; the whole query when only its
 *                   meaning found the concept
 * @param score      how well those words and that name cover each other ({@link TermLexicon} score: 1 covers all,
 *                   above 1 is the exact name); 0 when no words name it
 * @param similarity cosine similarity of the query's embedding and the concept's nearest name; 0 when that name is
 *                   not among the nearest
 * @param words      how many words of the query name it (function words aside; see {@link ConceptLinker#wordCount})
 */
public record QueryConcept(String id, String label, String matched, String text, double score, double similarity,
                           int words) {

    /** Whether words of the query name the concept. */
    public boolean named() {
        return score > 0;
    }

    /** Whether the concept's name is among those nearest in meaning to the query. */
    public boolean near() {
        return similarity > 0;
    }
}
