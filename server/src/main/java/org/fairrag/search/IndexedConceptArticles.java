package org.fairrag.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.fairrag.vectors.ArticleFields;
import org.fairrag.vectors.ArticleFilter;
import org.fairrag.vectors.ChunkHit;
import org.fairrag.vectors.VectorIndex;

/**
 * The articles indexed with a concept or a narrower one (their MeSH terms), or with each of several
 * concepts, nearest in meaning to the query first. Those among the articles the search already found by meaning come first, in the same
 * order: they are the nearest tagged articles. Only when they are fewer than a page of results, and the
 * request allows it, does the vector search run again with the concept's branch added to the filter.
 */
public final class IndexedConceptArticles implements ConceptArticles {

    private final VectorIndex index;

    public IndexedConceptArticles(VectorIndex index) {
        this.index = index;
    }

    @Override
    public String name() {
        return INDEXED;
    }

    @Override
    public List<ChunkHit> find(Request r) {
        List<ChunkHit> tagged = new ArrayList<>();
        for (ChunkHit hit : r.nearest()) {
            ArticleFields fields = r.nearestFields().get(hit.articlePid());
            if (fields != null && r.branches().stream().allMatch(b -> fields.termIds().stream().anyMatch(b::contains))) {
                tagged.add(hit);
            }
        }
        if (tagged.size() >= r.page() || !r.beyondNearest()) {
            return tagged.subList(0, Math.min(r.k(), tagged.size()));
        }
        return index.nearestChunks(r.queryVector(), r.k(), with(r.filter(), r.branches()));
    }

    private static ArticleFilter with(ArticleFilter filter, List<Set<String>> branches) {
        List<Set<String>> required = new ArrayList<>(filter.requiredTerms());
        required.addAll(branches);
        return new ArticleFilter(required, filter.excludedTerms(), filter.yearFrom(), filter.yearTo(), filter.accessLevels(),
                filter.withSuggested());
    }
}
