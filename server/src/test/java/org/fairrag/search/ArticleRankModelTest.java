package org.fairrag.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.fairrag.vectors.ChunkHit;
import org.junit.jupiter.api.Test;

class ArticleRankModelTest {

    @Test
    void should_recover_a_known_model_from_labels_drawn_from_it() {
        double[] weights = {3, 1, 1, 0.5, 2, 0.5, 0.5, 0.2, -1, 1, -1, 0.3, -0.2};
        ArticleRankModel truth = new ArticleRankModel(-3.0, weights);
        Random random = new Random(11);
        List<ArticleRankModel.Features> rows = new ArrayList<>();
        double[] labels = new double[20_000];
        for (int i = 0; i < labels.length; i++) {
            ArticleRankModel.Features f = randomFeatures(random);
            rows.add(f);
            labels[i] = random.nextDouble() < truth.probability(f) ? 1 : 0;
        }

        ArticleRankModel fitted = ArticleRankModel.fit(rows, labels);

        for (int i = 0; i < 200; i++) {
            ArticleRankModel.Features f = randomFeatures(random);
            assertThat(fitted.probability(f)).isCloseTo(truth.probability(f), within(0.06));
        }
    }

    @Test
    void should_read_back_what_it_writes_and_refuse_a_file_with_a_coefficient_missing_or_unknown() {
        ArticleRankModel model = new ArticleRankModel(-1, new double[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13});
        ArticleRankModel.Features f = randomFeatures(new Random(3));

        assertThat(ArticleRankModel.parse(model.format(List.of("a header"))).probability(f))
                .isCloseTo(model.probability(f), within(1e-12));
        String full = model.format(List.of());
        assertThatThrownBy(() -> ArticleRankModel.parse(full.replaceAll("(?m)^conceptLists\t.*\n", "")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("conceptLists");
        assertThatThrownBy(() -> ArticleRankModel.parse(full + "colour\t1\n"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("colour");
    }

    @Test
    void should_gather_each_articles_standing_over_the_lists_relative_to_the_querys_best() {
        ChunkHit a = hit("a", 0.9f);
        ChunkHit b = hit("b", 0.6f);
        List<ArticleSearch.Ranked> lists = List.of(
                new ArticleSearch.Ranked(List.of(a, b), 1, ArticleSearch.Ranked.Kind.MEANING, 0),
                new ArticleSearch.Ranked(List.of(b), 1, ArticleSearch.Ranked.Kind.WORDS, 0),
                new ArticleSearch.Ranked(List.of(b, a), 3, ArticleSearch.Ranked.Kind.CONCEPT, 0.5),
                new ArticleSearch.Ranked(List.of(a), 1.2, ArticleSearch.Ranked.Kind.CONCEPT, 0.2));

        Map<String, ArticleRankModel.Features> f = ArticleRankModel.Features.of(lists);

        assertThat(f.get("a")).isEqualTo(new ArticleRankModel.Features(0.5, 0.5, 0, 1, 0.9f, true, 0, 0, 1, true,
                1, 0.7 / 0.5, 2));
        ArticleRankModel.Features fb = f.get("b");
        assertThat(fb.conceptRank()).isEqualTo(1);
        assertThat(fb.meaningRank()).isEqualTo(0.5);
        assertThat(fb.relativeSimilarity()).isCloseTo(0.6 / 0.9, within(1e-6));
        assertThat(fb.wordsRank()).isEqualTo(1);
        assertThat(fb.logWordsScore()).isCloseTo(Math.log1p(0.6f), within(1e-9));
        assertThat(fb.conceptLists()).isEqualTo(1);
    }

    @Test
    void should_ship_a_model_that_prefers_the_first_article_of_the_most_precise_concept_list() {
        ArticleRankModel bundled = ArticleRankModel.bundled();
        ArticleRankModel.Features first = new ArticleRankModel.Features(0.7, 1, 0, 1, 0.8, true, 0.5, 2, 1, true, 1, 1, 1);
        ArticleRankModel.Features meaningOnly = new ArticleRankModel.Features(0, 0, 0, 0.5, 0.78, true, 0, 0, 0, false,
                0.97, 0, 0);

        assertThat(bundled.probability(first)).isGreaterThan(0.5).isGreaterThan(bundled.probability(meaningOnly));
    }

    private static ChunkHit hit(String pid, float score) {
        return new ChunkHit(pid, 0, "text of " + pid, score);
    }

    private static ArticleRankModel.Features randomFeatures(Random r) {
        boolean inConcept = r.nextBoolean();
        double precision = inConcept ? r.nextDouble() : 0;
        boolean byMeaning = r.nextBoolean();
        double similarity = byMeaning ? 0.5 + 0.4 * r.nextDouble() : 0;
        return new ArticleRankModel.Features(precision, inConcept ? 1.0 / (1 + r.nextInt(50)) : 0,
                r.nextInt(4) == 0 ? 1.0 / (1 + r.nextInt(20)) : 0, byMeaning ? 1.0 / (1 + r.nextInt(50)) : 0, similarity,
                byMeaning, r.nextBoolean() ? 1.0 / (1 + r.nextInt(50)) : 0, 2 * r.nextDouble(),
                inConcept ? r.nextDouble() : 0, inConcept && r.nextBoolean(), similarity > 0 ? r.nextDouble() : 0,
                inConcept ? 2 * r.nextDouble() : 0, inConcept ? 1 + r.nextInt(4) : 0);
    }
}
