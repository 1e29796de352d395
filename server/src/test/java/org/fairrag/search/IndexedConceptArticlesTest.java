package org.fairrag.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fairrag.testing.TestFairrag;
import org.fairrag.vectors.ArticleFields;
import org.fairrag.vectors.ArticleFilter;
import org.fairrag.vectors.ChunkHit;
import org.fairrag.vectors.IndexedArticle;
import org.fairrag.vectors.IndexedChunk;
import org.fairrag.vectors.LuceneVectorIndex;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The articles of a concept beyond the nearest hits, on a real Lucene index with hand-made three-dimensional vectors. */
class IndexedConceptArticlesTest {

    private static final String CONCEPT = "D1";
    private static final String SELECTED = "D2";

    private LuceneVectorIndex index;

    @BeforeEach
    void open() {
        index = LuceneVectorIndex.open(TestFairrag.newDir("concept-articles"), "hand-made", 3);
        // A is tagged with the concept and has the selected term only as a suggested subject (it came without it);
        // B is tagged with both; C with the concept only.
        index.upsertArticles(List.of(
                article("A", List.of(CONCEPT), List.of(SELECTED), new float[] {1, 0, 0}),
                article("B", List.of(CONCEPT, SELECTED), List.of(), new float[] {0.8f, 0.6f, 0}),
                article("C", List.of(CONCEPT), List.of(), new float[] {0.9f, 0.1f, 0.1f})));
    }

    @AfterEach
    void close() {
        index.close();
    }

    @Test
    void should_keep_the_callers_choice_to_match_suggested_subjects_when_it_searches_beyond_the_nearest() {
        ArticleFilter withSuggested = new ArticleFilter(List.of(Set.of(SELECTED)), Set.of(), null, null,
                Set.of(ArticleFilter.PUBLIC), true);
        ArticleFilter indexersOnly = new ArticleFilter(List.of(Set.of(SELECTED)), Set.of(), null, null,
                Set.of(ArticleFilter.PUBLIC), false);

        assertThat(pids(find(withSuggested))).containsExactlyInAnyOrder("pid:A", "pid:B");
        assertThat(pids(find(indexersOnly))).containsExactly("pid:B");
    }

    private List<ChunkHit> find(ArticleFilter filter) {
        ConceptArticles.Request request = new ConceptArticles.Request(List.of(CONCEPT), List.of(Set.of(CONCEPT)),
                new float[] {1, 0, 0}, filter, List.of(), Map.of(), true, 10, 10);
        return new IndexedConceptArticles(index).find(request);
    }

    private static List<String> pids(List<ChunkHit> hits) {
        return hits.stream().map(ChunkHit::articlePid).toList();
    }

    private static IndexedArticle article(String id, List<String> terms, List<String> suggested, float[] vector) {
        return new IndexedArticle(new ArticleFields("pid:" + id, id, "Article " + id, "Journal", 2020, ArticleFilter.PUBLIC,
                terms, suggested), "test:" + id, List.of(new IndexedChunk("text of " + id, vector)));
    }
}
