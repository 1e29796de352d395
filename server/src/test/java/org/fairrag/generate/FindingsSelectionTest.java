package org.fairrag.generate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The choosing, grouping and ordering of the extractive summarizer, on vectors made by hand. */
class FindingsSelectionTest {

    /** A unit vector along axis {@code i} of a 6-dimensional space, tilted a little towards axis 5. */
    private static float[] axis(int i) {
        float[] v = new float[6];
        v[i] = 1;
        v[5] = 0.1f;
        return v;
    }

    @Test
    void should_cite_every_article_when_it_must_even_when_one_article_has_all_the_best_sentences() {
        double[] score = {0.9, 0.85, 0.8, 0.3, 0.2};
        float[][] vectors = {axis(0), axis(1), axis(2), axis(3), axis(4)};
        int[] article = {0, 0, 0, 1, 2};

        List<ExtractiveSummarizer.Pick> free = ExtractiveSummarizer.choose(score, vectors, article, 0, 3);
        List<ExtractiveSummarizer.Pick> covering = ExtractiveSummarizer.choose(score, vectors, article, 3, 3);

        assertThat(free).extracting(ExtractiveSummarizer.Pick::sentence).containsExactly(0, 1, 2);
        assertThat(covering).extracting(ExtractiveSummarizer.Pick::sentence).containsExactly(0, 3, 4);
        assertThat(covering).flatExtracting(p -> List.copyOf(p.articles())).containsExactlyInAnyOrder(0, 1, 2);
    }

    @Test
    void should_fill_the_budget_by_score_once_every_article_is_cited() {
        double[] score = {0.9, 0.85, 0.8, 0.3};
        float[][] vectors = {axis(0), axis(1), axis(2), axis(3)};
        int[] article = {0, 0, 0, 1};

        List<ExtractiveSummarizer.Pick> picks = ExtractiveSummarizer.choose(score, vectors, article, 2, 3);

        assertThat(picks).extracting(ExtractiveSummarizer.Pick::sentence).containsExactly(0, 3, 1);
    }

    @Test
    void should_merge_a_near_duplicate_into_one_statement_citing_both_articles() {
        double[] score = {0.9, 0.88, 0.5};
        float[] same = axis(0);
        float[] almost = axis(0).clone();
        almost[1] = 0.05f;
        float[][] vectors = {same, almost, axis(2)};
        int[] article = {0, 1, 2};

        List<ExtractiveSummarizer.Pick> picks = ExtractiveSummarizer.choose(score, vectors, article, 3, 3);

        assertThat(picks).hasSize(2);
        assertThat(picks.get(0).articles()).isEqualTo(Set.of(0, 1));
        assertThat(picks.get(1).sentence()).isEqualTo(2);
    }

    @Test
    void should_group_by_term_in_the_terms_order_and_put_the_strongest_first_within_a_group() {
        List<ExtractiveSummarizer.Pick> picks = List.of(pick(0), pick(1), pick(2), pick(3));
        int[] termOf = {1, 0, 1, 0};
        double[] score = {0.9, 0.2, 0.95, 0.6};

        List<ExtractiveSummarizer.Pick> ordered = ExtractiveSummarizer.grouped(picks, termOf, score);

        assertThat(ordered).extracting(ExtractiveSummarizer.Pick::sentence).containsExactly(3, 1, 2, 0);
    }

    @Test
    void should_file_a_statement_under_the_term_it_names_before_the_term_nearest_in_meaning() {
        SelectedTerm mouth = new SelectedTerm("D009062", "http://x/pid/1", "Mouth Neoplasms", List.of("Oral Cancer"));
        SelectedTerm tongue = new SelectedTerm("D014062", "http://x/pid/2", "Tongue Neoplasms", List.of());
        float[][] termVectors = {axis(0), axis(1)};

        assertThat(ExtractiveSummarizer.termAbout("Survival after oral cancer surgery improved.", axis(1),
                List.of(mouth, tongue), termVectors, Set.of())).isEqualTo(0);
        assertThat(ExtractiveSummarizer.termAbout("Survival after surgery improved.", axis(1),
                List.of(mouth, tongue), termVectors, Set.of())).isEqualTo(1);
        assertThat(ExtractiveSummarizer.termAbout("Oral cancer and tongue neoplasms differ.", axis(1),
                List.of(mouth, tongue), termVectors, Set.of())).as("names both: the nearer").isEqualTo(1);
        assertThat(ExtractiveSummarizer.termAbout("Oral cancers were rare.", axis(1),
                List.of(mouth, tongue), termVectors, Set.of())).as("a plural names it too").isEqualTo(0);
        assertThat(ExtractiveSummarizer.termAbout("Perioral cancer was rare.", axis(1),
                List.of(mouth, tongue), termVectors, Set.of())).as("a name inside a word is no mention").isEqualTo(1);
    }

    @Test
    void should_file_a_statement_under_the_term_its_concept_mentions_name_even_by_a_narrower_term() {
        SelectedTerm mouth = new SelectedTerm("D009062", "http://x/pid/1", "Mouth Neoplasms", List.of("Oral Cancer"));
        SelectedTerm tongue = new SelectedTerm("D014062", "http://x/pid/2", "Tongue Neoplasms", List.of());
        float[][] termVectors = {axis(0), axis(1)};

        assertThat(ExtractiveSummarizer.termAbout("Gingival carcinoma recurred in two patients.", axis(1),
                List.of(mouth, tongue), termVectors, Set.of())).as("no name: the nearer").isEqualTo(1);
        assertThat(ExtractiveSummarizer.termAbout("Gingival carcinoma recurred in two patients.", axis(1),
                List.of(mouth, tongue), termVectors, Set.of(0))).as("a mention of a narrower term of the first").isEqualTo(0);
    }

    private static ExtractiveSummarizer.Pick pick(int sentence) {
        return new ExtractiveSummarizer.Pick(sentence, Set.of(sentence));
    }
}
