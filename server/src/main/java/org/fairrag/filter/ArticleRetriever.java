package org.fairrag.filter;

import java.util.List;
import java.util.Set;

/**
 * Finds the articles for a query with a term selection applied inside retrieval, so that {@code k}
 * results come back when {@code k} matching articles exist. Implemented by the search service.
 */
@FunctionalInterface
public interface ArticleRetriever {

    /** Best first, among articles of the given access levels; blocking. */
    List<FilterService.Candidate> retrieve(String q, int k, TermSelection selection, Integer yearFrom, Integer yearTo,
                                           Set<String> accessLevels);
}
