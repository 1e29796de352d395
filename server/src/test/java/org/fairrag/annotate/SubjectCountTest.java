package org.fairrag.annotate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The predicted number of descriptors: the least-squares line is recovered, and no text is predicted fewer than none. */
class SubjectCountTest {

    @Test
    void should_recover_the_line_that_made_the_counts() {
        Random random = new Random(11);
        List<double[]> rows = new ArrayList<>();
        List<Integer> counts = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            double[] x = {1, random.nextDouble() * 5, random.nextDouble() * 3, random.nextDouble() * 15, random.nextDouble() * 12};
            rows.add(x);
            counts.add((int) Math.round(1 + 0.5 * x[1] + 2 * x[2] + 0.3 * x[3] + 0.6 * x[4] + random.nextGaussian()));
        }

        SubjectCount count = SubjectCount.fit(rows, counts);

        assertThat(count.weights()[1]).isCloseTo(0.5, within(0.1));
        assertThat(count.weights()[2]).isCloseTo(2, within(0.1));
        assertThat(count.weights()[3]).isCloseTo(0.3, within(0.05));
        assertThat(count.weights()[4]).isCloseTo(0.6, within(0.05));
        assertThat(count.predict(new double[] {1, 0, 0, 0, -100})).as("never below none").isZero();
    }

    @Test
    void should_read_the_neighbours_mean_count_weighted_by_their_fused_score() {
        List<Neighbours.Neighbour> near = List.of(
                new Neighbours.Neighbour("a", "A", 0, 1.0, List.of("D1", "D2", "D3", "D4")),
                new Neighbours.Neighbour("b", "B", 0, 0.5, List.of("D1")));

        double[] x = SubjectCount.features(Set.of("mice", "liver"), List.of(), near, 2.5);

        assertThat(x[0]).isEqualTo(1);
        assertThat(x[1]).isCloseTo(Math.log(3), within(1e-12));
        assertThat(x[2]).as("no mentions").isZero();
        assertThat(x[3]).isCloseTo((4 * 1.0 + 1 * 0.5) / 1.5, within(1e-12));
        assertThat(x[4]).isEqualTo(2.5);
    }
}
