package org.fairrag.filter;

import java.util.List;
import java.util.Set;
import org.fairrag.search.ConceptUse;
import org.fairrag.search.SearchedConcept;

/**
 * Finds the articles for a query with a term selection applied inside retrieval, so that {@code k}
 * results come back when {@code k} matching articles exist. Implemented by the search service.
 */
@FunctionalInterface
public interface ArticleRetriever {

    /**
     * The candidates, best first, and the concepts of the query the search also searched.
     *
     * @param off the concepts of the query the caller turned off
     */
    record Retrieved(List<FilterService.Candidate> candidates, List<SearchedConcept> concepts, List<SearchedConcept> off) {}

    /** Among articles of the given access levels; blocking. */
    Retrieved retrieve(String q, int k, TermSelection selection, Integer yearFrom, Integer yearTo, Set<String> accessLevels,
                       ConceptUse concepts);
}
