package org.fairrag.search;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.fairrag.terms.TermRef;

/**
 * One article of a search result, with what a result list shows.
 *
 * @param snippet the chunk that matched best, without the title
 * @param score   higher first: when a concept list expected to be at least half precise was searched, the
 *                probability {@link ArticleRankModel} gives that the article is about what the query means; otherwise
 *                the reciprocal-rank fusion score
 * @param terms   the article's MeSH terms
 * @param suggestedTerms the terms suggested from its text, when it came without any
 * @param matchedBy how the search found it: none of its ways but {@link Match#MEANING} says the article holds none of
 *                  the query's words and is not about a concept the query was linked to
 */
public record ArticleHit(String pid, String pmid, String title, String snippet, double score, Integer year,
                         String journal, List<TermRef> terms, List<TermRef> suggestedTerms, Set<Match> matchedBy) {

    /** A way the search finds articles. */
    public enum Match {
        /** among the chunks nearest to the query's vector */
        MEANING,
        /** among the chunks matching the query's words (BM25) */
        WORDS,
        /** among the articles about a concept the query was linked to */
        CONCEPTS;

        /** The name the API gives it. */
        public String apiName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
