package org.fairrag.ingest;

import java.util.List;

/**
 * Suggests subjects for an article that arrives without any (a Kaggle row whose headings do not resolve, a
 * JSONL or MEDLINE record without MeSH), so that it can still be found by subject when a caller asks for
 * suggested subjects too. The suggestions are kept apart from the indexers' subjects. Blocking.
 */
@FunctionalInterface
public interface SubjectSuggestions {

    /** The suggested subjects of the article, best first; empty when there is nothing to suggest. */
    List<Article.Subject> suggest(Article article);

    SubjectSuggestions NONE = article -> List.of();
}
