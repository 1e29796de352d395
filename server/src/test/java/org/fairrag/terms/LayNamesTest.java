package org.fairrag.terms;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.fairrag.vocab.Concept;
import org.fairrag.vocab.VocabularyIndex;
import org.junit.jupiter.api.Test;

/** The bundled lay names compared, and taken out for an ablation, as the lexicon files names. */
class LayNamesTest {

    private static final LayNameOverlap LEXICON = LayNameOverlap.bundled();

    @Test
    void should_compare_phrases_as_the_lexicon_files_them() {
        assertThat(LEXICON.listed("belly button")).isTrue();
        assertThat(LEXICON.listed("Belly-Buttons")).isTrue();
        assertThat(LEXICON.listed("button of the belly")).isTrue();
        assertThat(LEXICON.listed("belly button pain")).isFalse();
    }

    @Test
    void should_take_out_the_row_that_names_a_phrase_in_another_form() {
        assertThat(LEXICON.rowsNaming(List.of("Belly-Buttons"))).isEqualTo(1);
        assertThat(LEXICON.rowsNaming(List.of("belly button pain"))).isZero();
    }

    @Test
    void should_find_a_descriptor_of_care_by_a_plain_description_of_what_it_is() {
        VocabularyIndex vocabulary = VocabularyIndex.of(List.of(
                new Concept("D014218", null, "Triage", List.of("Triages"), List.of(), List.of(), null),
                new Concept("D017216", null, "Telemedicine", List.of("Telehealth"), List.of(), List.of(), null)),
                id -> "http://fairrag.test/pid/" + id);

        assertThat(TermLexicon.of(vocabulary).match("sorting patients by urgency", 1))
                .extracting(TermLexicon.Match::termId).containsExactly("D014218");
        assertThat(TermLexicon.of(vocabulary).match("video consultations", 1))
                .extracting(TermLexicon.Match::termId).containsExactly("D017216");
        assertThat(TermLexicon.withoutLayNames(vocabulary).match("sorting patients by urgency", 1)).isEmpty();
    }

    @Test
    void should_no_longer_find_a_term_by_a_lay_name_taken_out_for_a_plural_of_it() {
        VocabularyIndex vocabulary = VocabularyIndex.of(
                List.of(new Concept("D014472", null, "Umbilicus", List.of("Navel"), List.of(), List.of(), null)),
                id -> "http://fairrag.test/pid/" + id);

        List<TermLexicon.Match> withRow = TermLexicon.of(vocabulary).match("belly button", 3);
        List<TermLexicon.Match> rowOut = TermLexicon.withoutLayNamesFor(vocabulary, List.of("Belly Buttons")).match("belly button", 3);

        assertThat(withRow).extracting(TermLexicon.Match::name).contains("belly button");
        assertThat(rowOut).extracting(TermLexicon.Match::name).doesNotContain("belly button");
        assertThat(TermLexicon.of(vocabulary).hasName("D014472", "Belly-Buttons")).isTrue();
        assertThat(TermLexicon.withoutLayNamesFor(vocabulary, List.of("Belly Buttons")).hasName("D014472", "belly button")).isFalse();
        assertThat(TermLexicon.withoutLayNamesFor(vocabulary, List.of("Belly Buttons")).hasName("D014472", "Umbilicus")).isTrue();
        assertThat(TermLexicon.of(vocabulary).hasName("D999999", "belly button")).isFalse();
    }
}
