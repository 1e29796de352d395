package org.fairrag.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ConceptListModelTest {

    @Test
    void should_recover_a_known_model_from_the_precisions_it_gives() {
        double[] weights = {0.3, -0.8, 0.5, 2.0, -1.5, 0.7, 1.1, 0.4, 0.9, -0.2, 1.3, 0.6, 1.8};
        ConceptListModel truth = new ConceptListModel(-2.0, weights);
        Random random = new Random(42);
        List<ConceptListModel.Features> rows = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            rows.add(randomFeatures(random));
        }
        double[] precisions = rows.stream().mapToDouble(truth::precision).toArray();

        ConceptListModel fitted = ConceptListModel.fit(rows, precisions);

        for (int i = 0; i < 200; i++) {
            ConceptListModel.Features f = randomFeatures(random);
            assertThat(fitted.precision(f)).isCloseTo(truth.precision(f), within(0.02));
        }
    }

    @Test
    void should_read_what_it_writes() {
        ConceptListModel model = new ConceptListModel(-1.0, new double[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13});
        ConceptListModel.Features f = randomFeatures(new Random(7));

        ConceptListModel read = ConceptListModel.parse(model.format(List.of("a header")));

        assertThat(read.precision(f)).isCloseTo(model.precision(f), within(1e-6));
    }

    @Test
    void should_refuse_a_file_with_a_coefficient_missing_unknown_or_repeated() {
        String full = new ConceptListModel(0, new double[13]).format(List.of());

        assertThatThrownBy(() -> ConceptListModel.parse(full.replace("listFill\t", "# listFill\t")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("listFill");
        assertThatThrownBy(() -> ConceptListModel.parse(full + "colour\t1.0\n"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("colour");
        assertThatThrownBy(() -> ConceptListModel.parse(full + "bias\t1.0\n"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("repeated");
    }

    @Test
    void should_expect_more_of_the_whole_query_s_concept_than_of_a_far_guess_with_few_articles() {
        ConceptListModel bundled = ConceptListModel.bundled();
        // "heart attack": one concept the words name in full, its articles as near as the nearest of all, many of them
        // among the articles nearest to the query
        ConceptListModel.Features named = new ConceptListModel.Features(true, 1.0, true, 0.9, 0, 1, 1, true,
                Math.log(20), Math.log(60), 1.0, 1.0, 1.0);
        // the eighth concept near the query's meaning, its name far below the nearest, its articles barely more often
        // among the nearest than anywhere, two of them, further from the query than the best
        ConceptListModel.Features guess = new ConceptListModel.Features(false, 0, true, 0.55, 0.3, 1.0 / 8, 0, false,
                Math.log(1.1), Math.log(3), 0.8, 0.8, 0.2);

        assertThat(bundled.precision(named)).isGreaterThan(0.5);
        assertThat(bundled.precision(guess)).isLessThan(0.1);
    }

    private static ConceptListModel.Features randomFeatures(Random r) {
        boolean named = r.nextBoolean();
        boolean near = !named || r.nextBoolean();
        return new ConceptListModel.Features(named, named ? 0.8 + 0.4 * r.nextDouble() : 0, near,
                near ? 0.4 + 0.5 * r.nextDouble() : 0, near ? 0.3 * r.nextDouble() : 0, near ? 1.0 / (1 + r.nextInt(8)) : 0,
                r.nextDouble(), named && r.nextBoolean(), Math.log(0.5 + 30 * r.nextDouble()), Math.log(1 + r.nextInt(500)),
                0.8 + 0.3 * r.nextDouble(), 0.8 + 0.3 * r.nextDouble(), (1 + r.nextInt(10)) / 10.0);
    }
}
