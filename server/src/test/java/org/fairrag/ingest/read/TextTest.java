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

    /** Replays a finding of the UI sweep (2026-11-25): a right-to-left override in a title showed "evil" as "live". */
    @Test
    void should_drop_bidirectional_overrides_embeddings_and_isolates_but_keep_the_marks() {
        assertThat(Text.clean("Safe \u202Eevil\u202C title")).isEqualTo("Safe evil title");
        assertThat(Text.clean("a\u202Ab\u202Bc\u202Dd\u2066e\u2067f\u2068g\u2069h")).isEqualTo("abcdefgh");
        assertThat(Text.clean("\u05E9\u05DC\u05D5\u05DD\u200F (Hebrew) \u200E")).isEqualTo("\u05E9\u05DC\u05D5\u05DD\u200F (Hebrew) \u200E");
    }

    @Test
    void should_return_null_for_blank_text() {
        assertThat(Text.clean(" \n\t ")).isNull();
        assertThat(Text.clean("")).isNull();
        assertThat(Text.clean(null)).isNull();
    }
}
