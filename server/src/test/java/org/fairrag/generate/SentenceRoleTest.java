package org.fairrag.generate;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SentenceRoleTest {

    @Test
    void should_map_the_labels_of_structured_abstracts_to_their_role() {
        assertThat(SentenceRole.ofLabel("BACKGROUND")).contains(SentenceRole.BACKGROUND);
        assertThat(SentenceRole.ofLabel("OBJECTIVES")).contains(SentenceRole.BACKGROUND);
        assertThat(SentenceRole.ofLabel("BACKGROUND AND PURPOSE")).contains(SentenceRole.BACKGROUND);
        assertThat(SentenceRole.ofLabel("MATERIALS AND METHODS")).contains(SentenceRole.METHODS);
        assertThat(SentenceRole.ofLabel("MAIN OUTCOME MEASURES")).contains(SentenceRole.METHODS);
        assertThat(SentenceRole.ofLabel("DESIGN, SETTING, AND PARTICIPANTS")).contains(SentenceRole.METHODS);
        assertThat(SentenceRole.ofLabel("RESULTS")).contains(SentenceRole.RESULTS);
        assertThat(SentenceRole.ofLabel("Key findings")).contains(SentenceRole.RESULTS);
        assertThat(SentenceRole.ofLabel("CONCLUSION")).contains(SentenceRole.CONCLUSIONS);
        assertThat(SentenceRole.ofLabel("CONCLUSIONS AND RELEVANCE")).contains(SentenceRole.CONCLUSIONS);
        assertThat(SentenceRole.ofLabel("INTERPRETATION")).contains(SentenceRole.CONCLUSIONS);
    }

    @Test
    void should_name_no_role_for_labels_of_none_or_of_several() {
        assertThat(SentenceRole.ofLabel("METHODS AND RESULTS")).isEmpty();
        assertThat(SentenceRole.ofLabel("RESULTS AND DISCUSSION")).isEmpty();
        assertThat(SentenceRole.ofLabel("TRIAL REGISTRATION")).isEmpty();
        assertThat(SentenceRole.ofLabel("UNLABELLED")).isEmpty();
    }

    @Test
    void should_count_results_and_conclusions_as_findings() {
        assertThat(SentenceRole.RESULTS.isFinding()).isTrue();
        assertThat(SentenceRole.CONCLUSIONS.isFinding()).isTrue();
        assertThat(SentenceRole.BACKGROUND.isFinding()).isFalse();
        assertThat(SentenceRole.METHODS.isFinding()).isFalse();
    }
}
