package org.fairrag.search;

import java.util.List;
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
 */
public record ArticleHit(String pid, String pmid, String title, String snippet, double score, Integer year,
                         String journal, List<TermRef> terms, List<TermRef> suggestedTerms) {}
