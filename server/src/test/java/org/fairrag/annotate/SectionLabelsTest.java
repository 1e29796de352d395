package org.fairrag.annotate;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The section labels of structured abstracts, and text in capitals that is no label. */
class SectionLabelsTest {

    @Test
    void should_find_labels_in_capitals_and_in_capitalised_words() {
        String text = "BACKGROUND: Oral cancer is common. DESIGN, SETTING, AND PARTICIPANTS: A cohort of 200 adults. "
                + "Materials and Methods: Biopsies were taken. CONCLUSIONS: Screening helps.";
        SectionLabels labels = SectionLabels.of(text);

        assertThat(labels.sectionAt(text.indexOf("Oral"))).isEqualTo("BACKGROUND");
        assertThat(labels.sectionAt(text.indexOf("A cohort"))).isEqualTo("DESIGN, SETTING, AND PARTICIPANTS");
        assertThat(labels.sectionAt(text.indexOf("Biopsies"))).isEqualTo("Materials and Methods");
        assertThat(labels.sectionAt(text.indexOf("Screening"))).isEqualTo("CONCLUSIONS");
    }

    @Test
    void should_take_a_long_run_of_capitals_before_a_colon_for_a_sentence_not_a_label() {
        String text = "THE PRESENT SYSTEMATIC REVIEW OF REVIEWS AND TRIALS FOUND THAT: most trials were small.";

        assertThat(SectionLabels.of(text).sectionAt(text.indexOf("most"))).isNull();
    }

    @Test
    void should_read_a_whole_abstract_in_capitals_without_overflowing_the_stack() {
        String text = "ORAL CANCER " + "IN ADULTS ".repeat(2_000) + "IN ADULTS. RESULTS: survival improved.";

        assertThat(SectionLabels.of(text).sectionAt(text.indexOf("survival"))).isEqualTo("RESULTS");
    }
}
