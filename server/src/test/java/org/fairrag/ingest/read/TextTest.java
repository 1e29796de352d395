package org.fairrag.ingest.read;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TextTest {

    @Test
    void should_collapse_whitespace_runs_and_trim() {
        assertThat(Text.clean("  MeSH term is a controlled\n      vocabulary\t thesaurus ")).isEqualTo(
                "MeSH term is a controlled vocabulary thesaurus");
    }

    @Test
    void should_treat_no_break_and_thin_spaces_as_whitespace() {
        assertThat(Text.clean("61.3% at 40\u2009µg\u00A0mL")).isEqualTo("61.3% at 40 µg mL");
    }

    @Test
    void should_return_null_for_blank_text() {
        assertThat(Text.clean(" \n\t ")).isNull();
        assertThat(Text.clean("")).isNull();
        assertThat(Text.clean(null)).isNull();
    }
}
