package org.fairrag.search;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.fairrag.vectors.ArticleFilter;
import org.fairrag.vectors.VectorIndex;

/**
 * How many articles of some access levels are indexed with a concept or a narrower term, and how many there
 * are in all: the base rates a query's nearest articles are compared with. Counts are kept for a few minutes,
 * as an ingest changes them little. Thread-safe; blocking on a miss (counts in the index).
 */
final class ArticleCounts {

    static final Duration KEPT = Duration.ofMinutes(10);
    private static final String ALL = "*";

    private final VectorIndex index;
    private final Cache<String, Long> counts = Caffeine.newBuilder().maximumSize(50_000).expireAfterWrite(KEPT).build();

    ArticleCounts(VectorIndex index) {
        this.index = index;
    }

    /** Articles of these access levels. */
    long all(Set<String> accessLevels) {
        return counts.get(key(ALL, accessLevels), k ->
                index.countArticles(new ArticleFilter(List.of(), Set.of(), null, null, accessLevels)));
    }

    /** Articles of these access levels indexed with the concept or a narrower term ({@code branch}). */
    long about(String conceptId, Set<String> branch, Set<String> accessLevels) {
        return counts.get(key(conceptId, accessLevels), k -> index.countArticles(ArticleFilter.taggedWithAny(branch, accessLevels)));
    }

    private static String key(String conceptId, Set<String> accessLevels) {
        return conceptId + "|" + String.join(",", new TreeSet<>(accessLevels));
    }
}
