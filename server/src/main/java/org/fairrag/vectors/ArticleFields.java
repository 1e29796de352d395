package org.fairrag.vectors;

import java.util.List;

/**
 * What the index keeps of an article besides its chunks: what a search result shows and what filters test.
 *
 * @param year        publication year, or null when unknown
 * @param accessLevel {@code public} or {@code restricted}
 * @param termIds     the MeSH ids the article is tagged with directly (explode is computed at query time)
 */
public record ArticleFields(String pid, String pmid, String title, String journal, Integer year, String accessLevel,
                            List<String> termIds) {

    public ArticleFields {
        termIds = List.copyOf(termIds);
    }
}
