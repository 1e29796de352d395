package org.fairrag.annotate;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The check tags' own classifiers learn which words tell a tag, and survive the model file. */
class WordClassifiersTest {

    private static final String MICE = "D051379";
    private static final String RARE = "D000001";

    @Test
    void should_read_words_as_lower_case_ascii_of_two_characters_or_more() {
        assertThat(WordClassifiers.words("Mice and a RAT", "Aged 65-80 years; n=12."))
                .containsExactlyInAnyOrder("mice", "and", "rat", "aged", "65", "80", "years", "12");
    }

    @Test
    void should_learn_the_words_that_tell_a_check_tag_and_leave_rare_tags_to_the_general_model() {
        List<WordClassifiers.Example> examples = examples(new Random(3));

        WordClassifiers models = WordClassifiers.fit(examples, Set.of(MICE, RARE), 1.0);

        assertThat(models.byTerm()).containsOnlyKeys(MICE);
        double[] x = new double[SubjectModel.Feature.values().length];
        assertThat(models.score(MICE, x, Set.of("mice", "cells"))).isGreaterThan(0.8);
        assertThat(models.score(MICE, x, Set.of("patients", "cells"))).isLessThan(0.2);
        assertThat(models.score(RARE, x, Set.of("mice"))).isNaN();
        assertThat(models.byTerm().get(MICE).weights()).as("L1 keeps few words").doesNotContainKey("word.filler7");
    }

    @Test
    void should_score_check_tags_by_their_classifier_after_writing_and_reading_the_model() throws Exception {
        WordClassifiers tags = WordClassifiers.fit(examples(new Random(5)), Set.of(MICE), 1.0);
        double[] w = new double[SubjectModel.Feature.values().length];
        w[SubjectModel.Feature.MENTIONED.ordinal()] = 2;
        SubjectModel model = new SubjectModel(-1, w, 0.3, EnumSet.of(SubjectModel.Feature.MENTIONED), "with tags", tags);
        StringWriter out = new StringWriter();

        model.write(out);
        Properties p = new Properties();
        p.load(new StringReader(out.toString()));
        SubjectModel back = SubjectModel.read(p);

        double[] x = new double[SubjectModel.Feature.values().length];
        assertThat(out.toString()).contains("format=" + SubjectModel.FORMAT);
        assertThat(back.score(MICE, x, Set.of("mice"))).isCloseTo(tags.score(MICE, x, Set.of("mice")),
                org.assertj.core.api.Assertions.within(1e-5));
        assertThat(back.score("D006801", x, Set.of("mice"))).as("not a check tag: the logistic model")
                .isCloseTo(1 / (1 + Math.exp(1)), org.assertj.core.api.Assertions.within(1e-9));
    }

    @Test
    void should_fit_descriptor_classifiers_from_their_own_number_of_positives_and_read_them_back_as_a_feature()
            throws Exception {
        List<WordClassifiers.Example> examples = examples(new Random(7));
        WordClassifiers descriptors = WordClassifiers.fit(examples, Set.of(MICE, RARE), 1.0, 3);
        double[] w = new double[SubjectModel.Feature.values().length];
        w[SubjectModel.Feature.WORDS_LOGIT.ordinal()] = 0.5;
        w[SubjectModel.Feature.WORDS_MODELLED.ordinal()] = -1;
        SubjectModel model = new SubjectModel(-1, w, 0.3, SubjectModel.Feature.WORDS, "with descriptors", WordClassifiers.NONE,
                descriptors);
        StringWriter out = new StringWriter();

        model.write(out);
        Properties p = new Properties();
        p.load(new StringReader(out.toString()));
        SubjectModel back = SubjectModel.read(p);

        assertThat(descriptors.byTerm()).as("3 positives are enough when asked").containsOnlyKeys(MICE, RARE);
        assertThat(out.toString()).contains("descriptor." + MICE + ".word.mice=").doesNotContain("checktag.");
        assertThat(back.checkTags().byTerm()).isEmpty();
        double[] x = new double[SubjectModel.Feature.values().length];
        double p1 = descriptors.score(MICE, x, Set.of("mice"));
        double logit = Math.max(-8, Math.min(8, Math.log(p1 / (1 - p1))));
        assertThat(back.score(MICE, x, Set.of("mice"))).as("the classifier's log-odds weigh in the logistic model")
                .isCloseTo(1 / (1 + Math.exp(2 - 0.5 * logit)), org.assertj.core.api.Assertions.within(1e-4));
        assertThat(back.score(MICE, x, Set.of("mice"))).isGreaterThan(back.score(MICE, x, Set.of("patients")));
        assertThat(back.score("D006801", x, Set.of("mice"))).as("no classifier: no word features")
                .isCloseTo(1 / (1 + Math.exp(1)), org.assertj.core.api.Assertions.within(1e-9));
    }

    private static List<WordClassifiers.Example> examples(Random random) {
        List<WordClassifiers.Example> out = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            boolean mice = random.nextBoolean();
            Set<String> words = new HashSet<>(Set.of("cells", "filler" + random.nextInt(10)));
            words.add(mice ? "mice" : "patients");
            Set<String> gold = new HashSet<>(Set.of("D002477"));
            if (mice) {
                gold.add(MICE);
            }
            if (i < 5) {
                gold.add(RARE);
            }
            out.add(new WordClassifiers.Example(words, Map.of(), gold));
        }
        return out;
    }
}
