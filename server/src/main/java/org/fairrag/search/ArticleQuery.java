package org.fairrag.search;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.fairrag.vectors.ArticleFilter;
import org.fairrag.vocab.VocabularyIndex;

/**
 * An article search: the user's text, how many articles, and the vocabulary filter.
 *
 * @param terms    term ids the articles must be tagged with: any of them, or with {@code matchAll} each
 * @param explode  a term also stands for every narrower term (for {@code terms} and {@code exclude})
 * @param exclude  term ids the articles must not be tagged with
 * @param yearFrom inclusive, or null
 * @param yearTo   inclusive, or null
 * @param accessLevels the access levels the caller may see
 * @param withSuggested whether {@code terms} and {@code exclude} also match the subjects suggested for articles
 *                 that came without any
 */
public record ArticleQuery(String text, int k, List<String> terms, boolean matchAll, boolean explode,
                           List<String> exclude, Integer yearFrom, Integer yearTo, Set<String> accessLevels,
                           boolean withSuggested) {

    public ArticleQuery {
        terms = List.copyOf(terms);
        exclude = List.copyOf(exclude);
        accessLevels = Set.copyOf(accessLevels);
    }

    /** A search whose filters match indexers' subjects only. */
    public ArticleQuery(String text, int k, List<String> terms, boolean matchAll, boolean explode, List<String> exclude,
                        Integer yearFrom, Integer yearTo, Set<String> accessLevels) {
        this(text, k, terms, matchAll, explode, exclude, yearFrom, yearTo, accessLevels, false);
    }

    /** A query over public articles without filters. */
    public static ArticleQuery of(String text, int k) {
        return new ArticleQuery(text, k, List.of(), false, false, List.of(), null, null, Set.of(ArticleFilter.PUBLIC));
    }

    /** The filter of this query, with exploded terms expanded through {@code vocabulary}. */
    public ArticleFilter filter(VocabularyIndex vocabulary) {
        Function<String, Set<String>> expand = id -> explode ? vocabulary.withDescendants(id) : Set.of(id);
        List<Set<String>> groups = new ArrayList<>();
        if (matchAll) {
            terms.forEach(t -> groups.add(expand.apply(t)));
        } else if (!terms.isEmpty()) {
            Set<String> any = new LinkedHashSet<>();
            terms.forEach(t -> any.addAll(expand.apply(t)));
            groups.add(any);
        }
        Set<String> excluded = new LinkedHashSet<>();
        exclude.forEach(t -> excluded.addAll(expand.apply(t)));
        return new ArticleFilter(groups, excluded, yearFrom, yearTo, accessLevels, withSuggested);
    }
}
