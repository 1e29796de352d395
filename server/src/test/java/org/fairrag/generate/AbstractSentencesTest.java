package org.fairrag.generate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AbstractSentencesTest {

    @Test
    void should_take_each_sentence_of_a_structured_abstract_with_the_role_of_its_section() {
        List<AbstractSentences.Sentence> s = AbstractSentences.of("OBJECTIVES: To identify the determinants of antenatal "
                + "care. DESIGN: Systematic review. We searched five databases. RESULTS: 74 studies met the criteria. "
                + "CONCLUSIONS: Education predicts attendance.");

        assertThat(s).extracting(AbstractSentences.Sentence::text).containsExactly(
                "To identify the determinants of antenatal care.", "Systematic review.", "We searched five databases.",
                "74 studies met the criteria.", "Education predicts attendance.");
        assertThat(s).extracting(AbstractSentences.Sentence::section).containsExactly(
                Optional.of(SentenceRole.BACKGROUND), Optional.of(SentenceRole.METHODS), Optional.of(SentenceRole.METHODS),
                Optional.of(SentenceRole.RESULTS), Optional.of(SentenceRole.CONCLUSIONS));
        assertThat(s).allMatch(AbstractSentences.Sentence::labelled);
        assertThat(s.get(4).index()).isEqualTo(4);
        assertThat(s.get(4).count()).isEqualTo(5);
        assertThat(s.get(4).relativePosition()).isEqualTo(1.0);
    }

    @Test
    void should_leave_the_role_of_an_unstructured_abstract_to_the_classifier() {
        List<AbstractSentences.Sentence> s = AbstractSentences.of("Programmed cell death is the regulated death of cells. "
                + "Mitochondria were stained and examined. They moved on transvacuolar strands.");

        assertThat(s).hasSize(3).allMatch(x -> x.section().isEmpty() && !x.labelled());
        assertThat(s.get(1).relativePosition()).isEqualTo(0.5);
    }

    @Test
    void should_keep_a_label_naming_no_single_role_as_a_label_without_a_role() {
        List<AbstractSentences.Sentence> s = AbstractSentences.of("METHODS AND RESULTS: Ten rats were treated and all "
                + "survived. Results: The dose mattered.");

        assertThat(s.get(0).text()).startsWith("Ten rats");
        assertThat(s.get(0).labelled()).isTrue();
        assertThat(s.get(0).section()).isEmpty();
        assertThat(s.get(1).text()).isEqualTo("The dose mattered.");
        assertThat(s.get(1).section()).contains(SentenceRole.RESULTS);
    }

    @Test
    void should_not_take_an_ordinary_capitalised_phrase_for_a_label() {
        List<AbstractSentences.Sentence> s = AbstractSentences.of("Two groups of patients were compared: one treated, "
                + "one not.");

        assertThat(s).singleElement().satisfies(x -> {
            assertThat(x.text()).startsWith("Two groups");
            assertThat(x.labelled()).isFalse();
        });
    }
}
