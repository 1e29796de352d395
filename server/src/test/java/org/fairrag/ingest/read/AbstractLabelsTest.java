package org.fairrag.ingest.read;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AbstractLabelsTest {

    @Test
    void should_insert_a_space_before_an_upper_case_label() {
        assertThat(AbstractLabels.separate("in sub-Saharan Africa.DESIGN: Systematic review.DATA SOURCES: PubMed."))
                .isEqualTo("in sub-Saharan Africa. DESIGN: Systematic review. DATA SOURCES: PubMed.");
    }

    @Test
    void should_separate_a_label_after_a_closing_bracket_or_an_acronym() {
        assertThat(AbstractLabels.separate("(P < 0.0001).CONCLUSIONS: Thus by ELISA.RESULTS: Of"))
                .isEqualTo("(P < 0.0001). CONCLUSIONS: Thus by ELISA. RESULTS: Of");
    }

    @Test
    void should_separate_a_label_after_a_single_capital_ending_a_sentence() {
        assertThat(AbstractLabels.separate("patients with haemophilia A.MATERIALS AND METHODS: We"))
                .isEqualTo("patients with haemophilia A. MATERIALS AND METHODS: We");
    }

    @Test
    void should_separate_a_capitalised_label() {
        assertThat(AbstractLabels.separate("were detected.Results: Exposure to"))
                .isEqualTo("were detected. Results: Exposure to");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "buffered at pH 7.4: the enzyme",
        "born in the U.S.A.: a cohort",
        "seen in the U.S.A.RESULTS: none",
        "a ratio of 2.5:1 was found",
        "already spaced. RESULTS: fine",
        "mutation p.R123: loss",
        "the G:C-->T:A transitions",
        "a label at the start RESULTS: is not glued",
        "a colon with no space after.RESULTS:none"
    })
    void should_leave_text_without_a_glued_label_unchanged(String text) {
        assertThat(AbstractLabels.separate(text)).isEqualTo(text);
    }
}
