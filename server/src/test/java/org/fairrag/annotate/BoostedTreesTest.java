package org.fairrag.annotate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Properties;
import java.util.Random;
import org.fairrag.annotate.SubjectModel.Feature;
import org.junit.jupiter.api.Test;

/** Boosted trees learn an interaction a logistic regression cannot, cut features where their values change, and survive writing. */
class BoostedTreesTest {

    /** Candidates whose answer depends on two features together: a subject when mentioned in the title and voted for, or neither. */
    private static List<double[]> rows(Random random, int n) {
        List<double[]> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double[] x = new double[Feature.values().length];
            x[Feature.IN_TITLE.ordinal()] = random.nextBoolean() ? 1 : 0;
            x[Feature.NEIGHBOUR_VOTE.ordinal()] = random.nextDouble();
            x[Feature.PRIOR_LOG.ordinal()] = random.nextGaussian();
            rows.add(x);
        }
        return rows;
    }

    private static double truth(double[] x) {
        boolean title = x[Feature.IN_TITLE.ordinal()] == 1;
        boolean voted = x[Feature.NEIGHBOUR_VOTE.ordinal()] > 0.5;
        return title == voted ? 0.8 : 0.1;
    }

    private static List<Boolean> labels(Random random, List<double[]> rows) {
        return rows.stream().map(x -> random.nextDouble() < truth(x)).toList();
    }

    private static double logLoss(List<double[]> rows, List<Boolean> labels, java.util.function.ToDoubleFunction<double[]> p) {
        double loss = 0;
        for (int i = 0; i < rows.size(); i++) {
            double q = Math.min(Math.max(p.applyAsDouble(rows.get(i)), 1e-9), 1 - 1e-9);
            loss -= labels.get(i) ? Math.log(q) : Math.log(1 - q);
        }
        return loss / rows.size();
    }

    @Test
    void should_learn_an_interaction_of_two_features_that_the_logistic_model_misses() {
        Random random = new Random(11);
        List<double[]> rows = rows(random, 20_000);
        List<Boolean> labels = labels(random, rows);
        List<double[]> unseen = rows(random, 5_000);
        List<Boolean> unseenLabels = labels(random, unseen);
        EnumSet<Feature> used = EnumSet.of(Feature.IN_TITLE, Feature.NEIGHBOUR_VOTE, Feature.PRIOR_LOG);

        SubjectModel logistic = SubjectEvaluation.fit(rows, labels, used, SubjectEvaluation.Scorer.LOGISTIC, "logistic");
        SubjectModel trees = SubjectEvaluation.fit(rows, labels, used, SubjectEvaluation.Scorer.parse("trees:100:2:0.3"), "trees");
        SubjectModel both = SubjectEvaluation.fit(rows, labels, used, SubjectEvaluation.Scorer.parse("logistic+trees:100:2:0.3"),
                "both");

        double[] a = new double[Feature.values().length];
        a[Feature.IN_TITLE.ordinal()] = 1;
        a[Feature.NEIGHBOUR_VOTE.ordinal()] = 0.9;
        double[] b = a.clone();
        b[Feature.NEIGHBOUR_VOTE.ordinal()] = 0.1;
        double[] c = b.clone();
        c[Feature.IN_TITLE.ordinal()] = 0;
        assertThat(trees.score(a)).isCloseTo(0.8, within(0.05));
        assertThat(trees.score(b)).isCloseTo(0.1, within(0.05));
        assertThat(trees.score(c)).isCloseTo(0.8, within(0.05));
        assertThat(both.score(c)).isCloseTo(0.8, within(0.05));
        // The logistic model can only move one way with the vote, whatever the title says.
        assertThat(Math.abs(logistic.score(c) - 0.8)).isGreaterThan(0.2);
        double logisticLoss = logLoss(unseen, unseenLabels, logistic::score);
        double treesLoss = logLoss(unseen, unseenLabels, trees::score);
        assertThat(treesLoss).isLessThan(logisticLoss - 0.1);
        assertThat(trees.trees().trees()).hasSize(100);
        assertThat(trees.trees().trees()).allSatisfy(t -> assertThat(t.size()).isLessThanOrEqualTo(7));
    }

    @Test
    void should_cut_a_feature_with_few_values_between_each_of_them_and_a_continuous_one_at_quantiles() {
        List<double[]> rows = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            double[] x = new double[Feature.values().length];
            x[Feature.MENTIONED.ordinal()] = i % 2;
            x[Feature.NEIGHBOUR_VOTE.ordinal()] = i / 1000.0;
            rows.add(x);
        }

        double[] binary = BoostedTrees.cuts(rows, Feature.MENTIONED.ordinal(), 64);
        double[] vote = BoostedTrees.cuts(rows, Feature.NEIGHBOUR_VOTE.ordinal(), 4);

        assertThat(binary).containsExactly(0.0);
        assertThat(BoostedTrees.bin(binary, 0)).isZero();
        assertThat(BoostedTrees.bin(binary, 1)).isOne();
        assertThat(vote).hasSize(3);
        assertThat(vote[1]).isCloseTo(0.5, within(0.01));
        assertThat(BoostedTrees.bin(vote, vote[1])).as("a value equal to a cut goes below it").isEqualTo(1);
        assertThat(BoostedTrees.bin(vote, 0.999)).isEqualTo(3);
    }

    @Test
    void should_score_the_same_after_writing_and_reading_the_model() throws Exception {
        Random random = new Random(5);
        List<double[]> rows = rows(random, 5_000);
        List<Boolean> labels = labels(random, rows);
        SubjectModel model = SubjectEvaluation.fit(rows, labels, EnumSet.of(Feature.IN_TITLE, Feature.NEIGHBOUR_VOTE,
                Feature.PRIOR_LOG), SubjectEvaluation.Scorer.parse("logistic+trees:20:3:0.2"), "written").withThreshold(0.3);
        java.io.StringWriter out = new java.io.StringWriter();

        model.write(out);
        Properties p = new Properties();
        p.load(new StringReader(out.toString()));
        SubjectModel back = SubjectModel.read(p);

        assertThat(p.getProperty("format")).isEqualTo(String.valueOf(SubjectModel.FORMAT));
        assertThat(back.trees().trees()).hasSize(20);
        for (double[] x : rows.subList(0, 500)) {
            assertThat(back.score(x)).isCloseTo(model.score(x), within(1e-6));
        }
    }

    @Test
    void should_refuse_a_tree_whose_node_points_back() {
        Properties p = new Properties();
        p.setProperty("tree.count", "1");
        p.setProperty("tree.0", "IN_TITLE:0.5:0:2;leaf:0.1;leaf:-0.1");

        assertThatThrownBy(() -> BoostedTrees.read(p, "tree.")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("node 0");
    }

    @Test
    void should_read_a_leaf_penalty_and_least_hessian_from_a_scorer_spec_and_default_the_rest() {
        BoostedTrees.Settings full = SubjectEvaluation.Scorer.parse("logistic+trees:300:5:0.07:5:20").trees();
        BoostedTrees.Settings shortSpec = SubjectEvaluation.Scorer.parse("logistic+trees:100:4:0.2").trees();

        assertThat(full).isEqualTo(new BoostedTrees.Settings(300, 5, 0.07, 5, 20, BoostedTrees.Settings.DEFAULT.bins()));
        assertThat(full.label()).isEqualTo("300 trees, depth 5, rate 0.07, lambda 5.0, least hessian 20.0");
        assertThat(shortSpec.lambda()).isEqualTo(BoostedTrees.Settings.DEFAULT.lambda());
        assertThat(shortSpec.minHessian()).isEqualTo(BoostedTrees.Settings.DEFAULT.minHessian());
        assertThat(shortSpec.label()).isEqualTo("100 trees, depth 4, rate 0.2");
        assertThatThrownBy(() -> SubjectEvaluation.Scorer.parse("logistic+trees:100:4:0.2:-1"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void should_fit_hinges_that_bend_a_feature_s_effect() {
        Random random = new Random(3);
        List<double[]> rows = new ArrayList<>();
        List<Boolean> labels = new ArrayList<>();
        for (int i = 0; i < 30_000; i++) {
            double[] x = new double[Feature.values().length];
            double v = random.nextDouble();
            x[Feature.NEIGHBOUR_VOTE.ordinal()] = v;
            rows.add(x);
            // flat up to 0.5, then steep
            labels.add(random.nextDouble() < 1 / (1 + Math.exp(-(-3 + 8 * Math.max(0, v - 0.5)))));
        }
        EnumSet<Feature> used = EnumSet.of(Feature.NEIGHBOUR_VOTE);

        SubjectModel piecewise = SubjectEvaluation.fit(rows, labels, used, SubjectEvaluation.Scorer.PIECEWISE, "hinges");
        SubjectModel linear = SubjectEvaluation.fit(rows, labels, used, SubjectEvaluation.Scorer.LOGISTIC, "linear");

        assertThat(piecewise.extras()).extracting(SubjectModel.Extra::knot).hasSize(3);
        assertThat(Arrays.stream(new double[] {0.1, 0.3, 0.5, 0.7, 0.9})).allSatisfy(v -> {
            double[] x = new double[Feature.values().length];
            x[Feature.NEIGHBOUR_VOTE.ordinal()] = v;
            assertThat(piecewise.score(x)).isCloseTo(1 / (1 + Math.exp(-(-3 + 8 * Math.max(0, v - 0.5)))), within(0.03));
        });
        double[] low = new double[Feature.values().length];
        low[Feature.NEIGHBOUR_VOTE.ordinal()] = 0.1;
        assertThat(Math.abs(linear.score(low) - 1 / (1 + Math.exp(3)))).as("a straight line cannot stay flat, then rise")
                .isGreaterThan(0.02);
    }
}
