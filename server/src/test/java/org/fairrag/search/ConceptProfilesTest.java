package org.fairrag.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.fairrag.testing.TestFairrag;
import org.fairrag.vectors.ArticleFields;
import org.fairrag.vectors.ArticleFilter;
import org.fairrag.vectors.IndexedArticle;
import org.fairrag.vectors.IndexedChunk;
import org.fairrag.vectors.LuceneVectorIndex;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyIndex;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Concept profiles on a real Lucene index with hand-made three-dimensional vectors: BROAD has NARROW below it,
 * OTHER stands apart, and RARE has a single article.
 */
class ConceptProfilesTest {

    private static final String BROAD = "D1";
    private static final String NARROW = "D2";
    private static final String OTHER = "D3";
    private static final String RARE = "D4";
    private static final long REFRESH = 1_000;

    private final VocabularyIndex vocabulary = VocabularyIndex.ofTerms(List.of(
            term(BROAD, List.of(), List.of(NARROW)), term(NARROW, List.of(BROAD), List.of()),
            term(OTHER, List.of(), List.of()), term(RARE, List.of(), List.of())));
    private final AtomicLong clock = new AtomicLong();
    private LuceneVectorIndex index;
    private ConceptProfiles profiles;

    @BeforeEach
    void open() {
        index = LuceneVectorIndex.open(TestFairrag.newDir("concept-profiles"), "hand-made", 3);
        index.upsertArticles(List.of(
                article("A", ArticleFilter.PUBLIC, List.of(NARROW), new float[] {1, 0, 0}),
                article("B", ArticleFilter.PUBLIC, List.of(NARROW), new float[] {0.8f, 0.6f, 0}),
                article("C", ArticleFilter.PUBLIC, List.of(BROAD), new float[] {0, 0, 1}),
                article("D", ArticleFilter.PUBLIC, List.of(OTHER), new float[] {0, 1, 0}),
                article("E", ArticleFilter.PUBLIC, List.of(OTHER, RARE), new float[] {0, 0.8f, 0.6f}),
                article("F", "restricted", List.of(OTHER), new float[] {0, 0, 1})));
        profiles = new ConceptProfiles(index, () -> vocabulary, 2, REFRESH, clock::get);
    }

    @AfterEach
    void close() {
        index.close();
    }

    @Test
    void should_find_the_concept_whose_articles_are_nearest_first() {
        List<ConceptProfiles.Near> near = profiles.nearest(new float[] {1, 0, 0}, 2);

        assertThat(near).extracting(ConceptProfiles.Near::conceptId).containsExactly(NARROW, BROAD);
        // NARROW is the mean of (1, 0, 0) and (0.8, 0.6, 0): cosine 0.949 with the query.
        assertThat(near.get(0).similarity()).isCloseTo(0.949f, offset(0.001f));
    }

    @Test
    void should_give_a_broader_concept_the_articles_of_its_narrower_ones() {
        // BROAD has its own article C and those of NARROW: the mean of A, B and C.
        ConceptProfiles.Near broad = profiles.nearest(new float[] {0, 0, 1}, 3).stream()
                .filter(n -> n.conceptId().equals(BROAD)).findFirst().orElseThrow();

        assertThat(broad.similarity()).isCloseTo(0.466f, offset(0.001f));
    }

    @Test
    void should_profile_public_articles_only_and_concepts_with_enough_of_them() {
        // The restricted article F, at (0, 0, 1), would pull OTHER towards the query; RARE has one article.
        List<ConceptProfiles.Near> near = profiles.nearest(new float[] {0, 0, 1}, 10);

        assertThat(near).extracting(ConceptProfiles.Near::conceptId).containsExactlyInAnyOrder(BROAD, NARROW, OTHER);
        assertThat(near.stream().filter(n -> n.conceptId().equals(OTHER)).findFirst().orElseThrow().similarity())
                .isCloseTo(0.316f, offset(0.001f));
        assertThat(profiles.size()).isEqualTo(3);
    }

    @Test
    void should_build_the_profiles_again_once_they_are_old_and_the_index_changed() {
        assertThat(profiles.size()).isEqualTo(3);
        index.upsertArticles(List.of(article("G", ArticleFilter.PUBLIC, List.of(RARE), new float[] {0, 0, 1})));

        clock.set(REFRESH - 1);
        assertThat(profiles.size()).as("younger than the refresh time").isEqualTo(3);
        clock.set(REFRESH);
        assertThat(profiles.size()).as("RARE has two articles now").isEqualTo(4);
    }

    private static Term term(String id, List<String> broader, List<String> narrower) {
        return new Term(id, "pid:" + id, "mesh:" + id, "Term " + id, List.of(), List.of(), broader, narrower, null);
    }

    private static IndexedArticle article(String id, String access, List<String> terms, float[] vector) {
        return new IndexedArticle(new ArticleFields("pid:" + id, id, "Article " + id, "Journal", 2020, access, terms, List.of()),
                "test:" + id, List.of(new IndexedChunk("text of " + id, vector)));
    }
}
