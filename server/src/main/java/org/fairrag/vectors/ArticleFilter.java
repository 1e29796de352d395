package org.fairrag.vectors;

import java.util.List;
import java.util.Set;

/**
 * Which articles a search may return. An article passes when, for every group of {@code requiredTerms},
 * it is tagged with at least one id of the group; it is tagged with none of {@code excludedTerms}; its
 * year is within the bounds (an article without a year fails any bound); and its access level is one of
 * {@code accessLevels}. Term ids are matched as given: the caller expands a term to its narrower terms.
 * With {@code withSuggested}, an article is "tagged" with its suggested subjects too (those of an article
 * that came without subjects), for required and excluded terms alike.
 *
 * @param yearFrom inclusive, or null
 * @param yearTo   inclusive, or null
 */
public record ArticleFilter(List<Set<String>> requiredTerms, Set<String> excludedTerms, Integer yearFrom,
                            Integer yearTo, Set<String> accessLevels, boolean withSuggested) {

    public static final String PUBLIC = "public";

    public ArticleFilter {
        requiredTerms = requiredTerms.stream().map(Set::copyOf).toList();
        excludedTerms = Set.copyOf(excludedTerms);
        accessLevels = Set.copyOf(accessLevels);
        if (accessLevels.isEmpty()) {
            throw new IllegalArgumentException("a filter admits at least one access level");
        }
    }

    /** A filter on indexers' subjects only. */
    public ArticleFilter(List<Set<String>> requiredTerms, Set<String> excludedTerms, Integer yearFrom, Integer yearTo,
                         Set<String> accessLevels) {
        this(requiredTerms, excludedTerms, yearFrom, yearTo, accessLevels, false);
    }

    /** Every public article. */
    public static ArticleFilter publicArticles() {
        return new ArticleFilter(List.of(), Set.of(), null, null, Set.of(PUBLIC));
    }

    /** Public articles tagged with any of {@code termIds}. */
    public static ArticleFilter publicTaggedWithAny(Set<String> termIds) {
        return taggedWithAny(termIds, Set.of(PUBLIC));
    }

    /** Articles of these access levels tagged with any of {@code termIds}. */
    public static ArticleFilter taggedWithAny(Set<String> termIds, Set<String> accessLevels) {
        return new ArticleFilter(List.of(termIds), Set.of(), null, null, accessLevels);
    }

    /**
     * How a suggested subject is written among an article's term ids in an index that keeps both in one
     * field: filters then need no field of their own, and indexes made before suggestions need no rebuild.
     */
    public static final String SUGGESTED_PREFIX = "suggested:";

    /** The values a group of term ids matches in such a field: the ids, and with {@code withSuggested} their suggested forms. */
    public Set<String> matching(Set<String> termIds) {
        if (!withSuggested) {
            return termIds;
        }
        Set<String> out = new java.util.HashSet<>(termIds);
        termIds.forEach(t -> out.add(SUGGESTED_PREFIX + t));
        return out;
    }

    /** Whether an article with these fields passes. */
    public boolean admits(ArticleFields article) {
        Set<String> tagged = new java.util.HashSet<>(article.termIds());
        if (withSuggested) {
            tagged.addAll(article.suggestedTermIds());
        }
        return accessLevels.contains(article.accessLevel())
                && requiredTerms.stream().allMatch(group -> group.stream().anyMatch(tagged::contains))
                && excludedTerms.stream().noneMatch(tagged::contains)
                && (!hasYearBounds() || article.year() != null && (yearFrom == null || article.year() >= yearFrom)
                        && (yearTo == null || article.year() <= yearTo));
    }

    public boolean hasYearBounds() {
        return yearFrom != null || yearTo != null;
    }
}
