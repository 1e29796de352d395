package org.fairrag.learn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

class LogisticRegressionTest {

    private static final double BIAS = -1.5;
    private static final double[] WEIGHTS = {2.0, -0.75, 0.0, 12.0};

    @Test
    void should_find_the_model_exactly_when_the_targets_are_its_own_probabilities() {
        double[][] x = rows(new Random(5), 2_000);
        double[] shares = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            shares[i] = probability(BIAS, WEIGHTS, x[i]);
        }

        LogisticRegression.Fit fit = LogisticRegression.fit(LogisticRegression.Rows.of(x), i -> shares[i], 0);

        assertThat(fit.bias()).isCloseTo(BIAS, within(1e-6));
        for (int j = 0; j < WEIGHTS.length; j++) {
            assertThat(fit.weights()[j]).as("weight %d, on the column's own scale", j).isCloseTo(WEIGHTS[j], within(1e-6));
        }
    }

    @Test
    void should_shrink_the_weights_as_the_penalty_grows_but_not_the_bias_of_a_balanced_target() {
        double[][] x = rows(new Random(9), 2_000);
        Random draw = new Random(10);
        double[] labels = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            labels[i] = draw.nextDouble() < probability(0, WEIGHTS, x[i]) ? 1 : 0;
        }

        LogisticRegression.Fit light = LogisticRegression.fit(LogisticRegression.Rows.of(x), i -> labels[i], 1);
        LogisticRegression.Fit heavy = LogisticRegression.fit(LogisticRegression.Rows.of(x), i -> labels[i], 10_000);

        assertThat(Math.abs(heavy.weights()[0])).isLessThan(Math.abs(light.weights()[0]) / 3);
        assertThat(Math.abs(heavy.weights()[3])).isLessThan(Math.abs(light.weights()[3]) / 3);
        // The columns are centred before the penalty: with every weight near 0 the bias is the mean target's log-odds.
        double mean = java.util.Arrays.stream(labels).average().orElseThrow();
        double centred = heavy.bias() + java.util.stream.IntStream.range(0, WEIGHTS.length)
                .mapToDouble(j -> heavy.weights()[j] * java.util.Arrays.stream(x).mapToDouble(r -> r[j]).average().orElseThrow())
                .sum();
        assertThat(centred).isCloseTo(Math.log(mean / (1 - mean)), within(0.05));
    }

    /** Columns on different scales: a standard normal, a uniform, a coin, a small uniform. */
    private static double[][] rows(Random random, int n) {
        double[][] x = new double[n][];
        for (int i = 0; i < n; i++) {
            x[i] = new double[] {random.nextGaussian(), 4 * random.nextDouble(), random.nextBoolean() ? 1 : 0,
                    0.1 * random.nextDouble()};
        }
        return x;
    }

    private static double probability(double bias, double[] weights, double[] x) {
        double z = bias;
        for (int j = 0; j < x.length; j++) {
            z += weights[j] * x[j];
        }
        return 1 / (1 + Math.exp(-z));
    }
}
