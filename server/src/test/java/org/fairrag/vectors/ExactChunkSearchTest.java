package org.fairrag.vectors;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.Test;

/**
 * Below {@link LuceneVectorIndex#EXACT_BELOW} chunk vectors, {@code nearestChunks} searches each segment's
 * {@link ChunkVectorMatrix} first: it must return what the brute-force function query returns, articles,
 * chunks, order and scores alike, whatever the segments, deletions, updates and filters.
 */
class ExactChunkSearchTest {

    private static final int DIMENSION = 384;
    private static final List<String> TERMS = List.of("D1", "D2", "D3", "D4");

    @Test
    void should_find_the_same_chunks_and_scores_as_the_function_query_across_segments_deletions_and_filters() {
        Random random = new Random(21);
        float[][] centres = new float[6][];
        for (int c = 0; c < centres.length; c++) {
            centres[c] = RandomVectors.unit(random, DIMENSION);
        }
        try (LuceneVectorIndex index = LuceneVectorIndex.open(TestFairrag.newDir("vectors-exact-codes"), "test-model",
                DIMENSION)) {
            // Each batch is a segment of its own; later batches update and delete articles of earlier ones.
            for (int batch = 0; batch < 4; batch++) {
                List<IndexedArticle> articles = new ArrayList<>();
                for (int i = 0; i < 150; i++) {
                    articles.add(article("a" + (batch * 150 + i), random, centres));
                }
                index.upsertArticles(articles);
            }
            List<IndexedArticle> updated = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                updated.add(article("a" + random.nextInt(600), random, centres));
            }
            index.upsertArticles(updated);
            index.deleteArticles(List.of("a3", "a151", "a299", "a450"));

            List<ArticleFilter> filters = List.of(ArticleFilter.publicArticles(),
                    new ArticleFilter(List.of(), Set.of(), null, null, Set.of("public", "restricted")),
                    ArticleFilter.publicTaggedWithAny(Set.of("D1", "D3")),
                    new ArticleFilter(List.of(Set.of("D2"), Set.of("D4")), Set.of("D1"), 2005, 2015, Set.of("public")),
                    ArticleFilter.publicTaggedWithAny(Set.of("nothing")));
            for (int q = 0; q < 12; q++) {
                // Near one chunk's direction, as a query near some articles is, and far from all.
                float[] query = q % 2 == 0 ? RandomVectors.near(random, centres[random.nextInt(centres.length)], 0.6f)
                        : RandomVectors.unit(random, DIMENSION);
                for (ArticleFilter filter : filters) {
                    for (int k : new int[] {1, 10, 50, 700}) {
                        assertThat(index.nearestChunks(query, k, filter)).as("query %d, k %d, %s", q, k, filter)
                                .containsExactlyElementsOf(index.exactNearestChunks(query, k, filter));
                    }
                }
            }
        }
    }

    @Test
    void should_break_ties_between_equal_chunks_as_the_function_query_does() {
        Random random = new Random(4);
        float[] shared = RandomVectors.unit(random, DIMENSION);
        try (LuceneVectorIndex index = LuceneVectorIndex.open(TestFairrag.newDir("vectors-exact-ties"), "test-model",
                DIMENSION)) {
            List<IndexedArticle> articles = new ArrayList<>();
            for (int i = 0; i < 30; i++) {
                // Every article holds the same vector twice, and one of its own.
                List<IndexedChunk> chunks = List.of(new IndexedChunk("own " + i, RandomVectors.near(random, shared, 1f)),
                        new IndexedChunk("shared " + i, shared.clone()), new IndexedChunk("again " + i, shared.clone()));
                articles.add(new IndexedArticle(fields("t" + i, "public", 2010, List.of("D1")), "sha256:t" + i, chunks));
            }
            index.upsertArticles(articles.subList(0, 12));
            index.upsertArticles(articles.subList(12, 30));

            for (int k : new int[] {1, 5, 30}) {
                List<ChunkHit> found = index.nearestChunks(shared, k, ArticleFilter.publicArticles());

                assertThat(found)
                        .containsExactlyElementsOf(index.exactNearestChunks(shared, k, ArticleFilter.publicArticles()));
                assertThat(found).hasSize(k).allMatch(h -> h.text().startsWith("shared"));
            }
        }
    }

    private static IndexedArticle article(String pid, Random random, float[][] centres) {
        float[] centre = centres[random.nextInt(centres.length)];
        List<IndexedChunk> chunks = new ArrayList<>();
        for (int c = 0, n = 1 + random.nextInt(4); c < n; c++) {
            chunks.add(new IndexedChunk(pid + " chunk " + c, RandomVectors.near(random, centre, 0.9f)));
        }
        List<String> terms = new ArrayList<>();
        for (String t : TERMS) {
            if (random.nextInt(3) == 0) {
                terms.add(t);
            }
        }
        String access = random.nextInt(5) == 0 ? "restricted" : "public";
        Integer year = random.nextInt(6) == 0 ? null : 2000 + random.nextInt(20);
        return new IndexedArticle(fields(pid, access, year, terms), "sha256:" + pid + random.nextInt(), chunks);
    }

    private static ArticleFields fields(String pid, String access, Integer year, List<String> terms) {
        return new ArticleFields(pid, "pmid-" + pid, "Title of " + pid, "Journal", year, access, terms);
    }
}
