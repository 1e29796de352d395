package org.fairrag.annotate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Properties;
import java.util.Random;
import org.fairrag.annotate.SubjectModel.Feature;
import org.junit.jupiter.api.Test;

/** Fitting the subject model recovers the weights that made the answers, and the model survives writing and reading. */
class SubjectModelTest {

    @Test
    void should_recover_the_weights_of_a_logistic_relation_from_its_samples() {
        Random random = new Random(7);
        double bias = -2.0;
        double vote = 4.0;
        double inTitle = 1.5;
        List<double[]> rows = new ArrayList<>();
        List<Boolean> labels = new ArrayList<>();
        for (int i = 0; i < 40_000; i++) {
            double[] x = new double[Feature.values().length];
            x[Feature.NEIGHBOUR_VOTE.ordinal()] = random.nextDouble();
            x[Feature.IN_TITLE.ordinal()] = random.nextBoolean() ? 1 : 0;
            x[Feature.PRIOR_LOG.ordinal()] = random.nextGaussian();
            double p = 1 / (1 + Math.exp(-(bias + vote * x[Feature.NEIGHBOUR_VOTE.ordinal()] + inTitle * x[Feature.IN_TITLE.ordinal()])));
            rows.add(x);
            labels.add(random.nextDouble() < p);
        }

        SubjectModel model = SubjectModel.fit(rows, labels,
                EnumSet.of(Feature.NEIGHBOUR_VOTE, Feature.IN_TITLE, Feature.PRIOR_LOG), "test");

        assertThat(model.bias()).isCloseTo(bias, within(0.2));
        assertThat(model.weights()[Feature.NEIGHBOUR_VOTE.ordinal()]).isCloseTo(vote, within(0.3));
        assertThat(model.weights()[Feature.IN_TITLE.ordinal()]).isCloseTo(inTitle, within(0.15));
        assertThat(model.weights()[Feature.PRIOR_LOG.ordinal()]).as("a feature that says nothing").isCloseTo(0, within(0.1));
        assertThat(model.weights()[Feature.MENTIONED.ordinal()]).as("a feature the model does not use").isZero();
        assertThat(model.usesNeighbours()).isTrue();
        assertThat(model.usesMentions()).isTrue();
    }

    @Test
    void should_read_back_what_it_wrote() throws Exception {
        double[] w = new double[Feature.values().length];
        w[Feature.MENTIONED.ordinal()] = 1.25;
        w[Feature.CHECK_TAG_VOTE.ordinal()] = -0.5;
        SubjectModel model = new SubjectModel(-3.5, w, 0.375, EnumSet.of(Feature.MENTIONED, Feature.CHECK_TAG_VOTE), "fitted here");
        StringWriter out = new StringWriter();

        model.write(out);
        Properties p = new Properties();
        p.load(new StringReader(out.toString()));
        SubjectModel back = SubjectModel.read(p);

        assertThat(back.bias()).isEqualTo(-3.5);
        assertThat(back.threshold()).isEqualTo(0.375);
        assertThat(back.weights()).containsExactly(w);
        assertThat(back.features()).containsExactlyInAnyOrder(Feature.MENTIONED, Feature.CHECK_TAG_VOTE);
        assertThat(back.usesNeighbours()).isTrue();
        double[] x = new double[Feature.values().length];
        x[Feature.MENTIONED.ordinal()] = 1;
        assertThat(back.score(x)).isCloseTo(1 / (1 + Math.exp(3.5 - 1.25)), within(1e-9));
    }

    @Test
    void should_write_the_second_order_weights_in_a_file_of_the_current_format_and_read_them_back() throws Exception {
        double[] w = new double[Feature.values().length];
        w[Feature.MENTIONED_TIMES_VOTE.ordinal()] = 0.75;
        w[Feature.BROADER_LOG.ordinal()] = -0.25;
        SubjectModel model = new SubjectModel(-2, w, 0.25, EnumSet.of(Feature.MENTIONED_TIMES_VOTE, Feature.BROADER_LOG), "second order");
        StringWriter out = new StringWriter();

        model.write(out);
        Properties p = new Properties();
        p.load(new StringReader(out.toString()));
        SubjectModel back = SubjectModel.read(p);

        assertThat(p.getProperty("format")).isEqualTo("7").isEqualTo(String.valueOf(SubjectModel.FORMAT));
        assertThat(back.weights()).containsExactly(w);
        double[] x = new double[Feature.values().length];
        x[Feature.MENTIONED_TIMES_VOTE.ordinal()] = 0.5;
        x[Feature.BROADER_LOG.ordinal()] = 2;
        assertThat(back.score(x)).isCloseTo(1 / (1 + Math.exp(2 - 0.375 + 0.5)), within(1e-9));
    }

    @Test
    void should_read_a_model_file_without_a_format_as_the_first_format() throws Exception {
        Properties p = new Properties();
        p.load(new StringReader("bias=-2\nthreshold=0.2\nweight.MENTIONED=1.5\n"));

        SubjectModel model = SubjectModel.read(p);

        assertThat(model.checkTags().byTerm()).isEmpty();
        assertThat(model.features()).containsExactly(Feature.MENTIONED);
        assertThat(model.threshold()).isEqualTo(0.2);
    }

    @Test
    void should_refuse_a_model_file_of_a_newer_format_with_a_clear_message() throws Exception {
        Properties p = new Properties();
        p.load(new StringReader("format=8\nbias=-2\nthreshold=0.2\n"));

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SubjectModel.read(p))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("format 8").hasMessageContaining("fit it again");
    }

    @Test
    void should_write_an_age_groups_weights_on_the_ages_stated_and_read_them_back() throws Exception {
        double[] w = new double[Feature.values().length];
        WordClassifiers tags = new WordClassifiers(java.util.Map.of("D000368", new WordClassifiers.TagModel(-2,
                java.util.Map.of("AGE_OVERLAP", 1.5, "AGES_STATED", -0.5, "word.elderly", 1.0))));
        SubjectModel model = new SubjectModel(-2, w, 0.25, EnumSet.of(Feature.MENTIONED), "ages", tags);
        StringWriter out = new StringWriter();

        model.write(out);
        Properties p = new Properties();
        p.load(new StringReader(out.toString()));
        SubjectModel back = SubjectModel.read(p);

        double[] stated = new double[Feature.values().length];
        stated[Feature.AGES_STATED.ordinal()] = 1;
        double[] inGroup = stated.clone();
        inGroup[Feature.AGE_OVERLAP.ordinal()] = 1;
        assertThat(back.score("D000368", inGroup, java.util.Set.of())).isCloseTo(1 / (1 + Math.exp(2 + 0.5 - 1.5)), within(1e-9));
        assertThat(back.score("D000368", stated, java.util.Set.of("elderly")))
                .isCloseTo(1 / (1 + Math.exp(2 + 0.5 - 1.0)), within(1e-9));
    }

    @Test
    void should_ship_a_model_of_the_current_format_with_check_tag_and_descriptor_classifiers() {
        SubjectModel bundled = SubjectModel.bundled();

        assertThat(bundled.checkTags().byTerm()).isNotEmpty();
        assertThat(bundled.descriptors().byTerm()).isNotEmpty();
        assertThat(bundled.uses(Feature.WORDS_LOGIT)).isTrue();
        assertThat(bundled.trees().trees()).as("boosted trees on the logistic model's log-odds").hasSize(300);
        assertThat(bundled.checkTags().byTerm().values()).as("the age groups read the ages stated")
                .anyMatch(m -> m.weights().keySet().stream().anyMatch(k -> Feature.AGES.stream().anyMatch(f -> f.name().equals(k))));
        assertThat(bundled.usesMentions()).isTrue();
        assertThat(bundled.usesNeighbours()).isTrue();
    }
}
