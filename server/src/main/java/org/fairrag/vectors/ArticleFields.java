package org.fairrag.vectors;

import java.util.List;

/**
 * What the index keeps of an article besides its chunks: what a search result shows and what filters test.
 *
 * @param year        publication year, or null when unknown
 * @param accessLevel {@code public} or {@code restricted}
 * @param termIds     the MeSH ids the article is tagged with directly (explode is computed at query time)
 * @param suggestedTermIds the ids suggested from its text when it came without any, found only by a filter
 *                    that asks for suggested subjects too
 */
public record ArticleFields(String pid, String pmid, String title, String journal, Integer year, String accessLevel,
                            List<String> termIds, List<String> suggestedTermIds) {

    public ArticleFields {
        termIds = List.copyOf(termIds);
        suggestedTermIds = suggestedTermIds == null ? List.of() : List.copyOf(suggestedTermIds);
    }

    /** The fields of an article without suggested subjects. */
    public ArticleFields(String pid, String pmid, String title, String journal, Integer year, String accessLevel,
                         List<String> termIds) {
        this(pid, pmid, title, journal, year, accessLevel, termIds, List.of());
    }
}
