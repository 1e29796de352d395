package org.fairrag.annotate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Set;
import org.fairrag.annotate.SubjectModel.Feature;
import org.junit.jupiter.api.Test;

/** What indexers tag together, counted over a few articles' real MeSH descriptors, and the second stage's features. */
class SubjectPairsTest {

    private static final String MICE = "D051379";
    private static final String DISEASE_MODELS = "D004195";
    private static final String INFANT_NEWBORN = "D007231";
    private static final String AGED = "D000368";

    private final SubjectPairs pairs = SubjectPairs.count(List.of(Set.of(MICE, DISEASE_MODELS), Set.of(MICE, DISEASE_MODELS),
            Set.of(MICE), Set.of(AGED), Set.of(AGED), Set.of(INFANT_NEWBORN), Set.of(), Set.of(DISEASE_MODELS, AGED)));

    @Test
    void should_count_articles_terms_and_pairs_leaving_out_articles_without_subjects() {
        assertThat(pairs.articles()).isEqualTo(7);
        assertThat(pairs.tagged().get(MICE)).isEqualTo(3);
        assertThat(pairs.together().get(MICE).get(DISEASE_MODELS)).isEqualTo(2);
        assertThat(pairs.together().get(DISEASE_MODELS).get(MICE)).isEqualTo(2);
        assertThat(pairs.together().get(MICE)).doesNotContainKey(MICE);
    }

    @Test
    void should_smooth_the_conditional_towards_the_prior_and_leave_one_article_out() {
        SubjectPairs.PairUse use = pairs.use();
        double prior = (3 + 0.5) / (7 + 1.0);
        assertThat(use.prior(AGED)).isCloseTo(prior, within(1e-12));
        assertThat(use.given(DISEASE_MODELS, MICE)).isCloseTo((2 + 2 * use.prior(DISEASE_MODELS)) / (3 + 2), within(1e-12));
        assertThat(use.given(AGED, MICE)).as("never together").isCloseTo(2 * prior / (3 + 2), within(1e-12));

        SubjectPairs.PairUse without = pairs.leavingOut(Set.of(MICE, DISEASE_MODELS));
        assertThat(without.given(DISEASE_MODELS, MICE)).isCloseTo((1 + 2 * without.prior(DISEASE_MODELS)) / (2 + 2), within(1e-12));
        assertThat(without.prior(MICE)).isCloseTo((2 + 0.5) / (6 + 1.0), within(1e-12));
    }

    @Test
    void should_raise_a_candidate_that_goes_with_the_likely_subjects_and_ignore_unlikely_ones_and_check_tags() {
        List<String> terms = List.of(DISEASE_MODELS, MICE, AGED, INFANT_NEWBORN);
        List<double[]> rows = terms.stream().map(t -> new double[Feature.values().length]).toList();
        double[] p = {0.6, Double.NaN, 0.9, 0.01};

        double[][] x = SubjectPairs.fill(terms, rows, p, pairs.use());

        SubjectPairs.PairUse use = pairs.use();
        assertThat(x[1][Feature.COOCCURRENCE_LIFT.ordinal()]).as("mice: disease models and aged count, newborns too unlikely")
                .isCloseTo(0.6 * Math.log(use.given(MICE, DISEASE_MODELS) / use.prior(MICE))
                        + 0.9 * Math.log(use.given(MICE, AGED) / use.prior(MICE)), within(1e-12));
        assertThat(x[0][Feature.COOCCURRENCE_LIFT.ordinal()]).as("the check tag (NaN) is no evidence for disease models")
                .isCloseTo(0.9 * Math.log(use.given(DISEASE_MODELS, AGED) / use.prior(DISEASE_MODELS)), within(1e-12));
        assertThat(x[1][Feature.COOCCURRENCE_LIFT.ordinal()]).isGreaterThan(x[3][Feature.COOCCURRENCE_LIFT.ordinal()]);
        assertThat(x[1][Feature.COOCCURRENCE_MAX.ordinal()]).isCloseTo(use.given(MICE, DISEASE_MODELS), within(1e-12));
        assertThat(x[2][Feature.COOCCURRENCE_MAX.ordinal()]).as("not its own evidence")
                .isCloseTo(use.given(AGED, DISEASE_MODELS), within(1e-12));
        assertThat(rows.get(1)[Feature.COOCCURRENCE_LIFT.ordinal()]).as("the rows given are left as they were").isZero();
    }
}
