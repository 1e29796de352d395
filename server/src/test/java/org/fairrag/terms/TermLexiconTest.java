package org.fairrag.terms;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.fairrag.vocab.Concept;
import org.fairrag.vocab.VocabularyIndex;
import org.junit.jupiter.api.Test;

/** The lexicon's ways of matching, each on a small vocabulary made for it. */
class TermLexiconTest {

    private static Concept concept(String id, String label, String... alt) {
        return new Concept(id, null, label, List.of(alt), List.of(), List.of(), null);
    }

    private static TermLexicon lexicon(Concept... concepts) {
        return TermLexicon.withoutLayNames(VocabularyIndex.of(List.of(concepts), id -> "http://fairrag.test/pid/" + id));
    }

    private static final Concept ESOPHAGUS = concept("D1", "Esophagus", "Gullet");
    private static final Concept ESOPHAGEAL_NEOPLASMS = concept("D2", "Esophageal Neoplasms", "Cancer of Esophagus");
    private static final Concept NEOPLASMS = concept("D3", "Neoplasms", "Cancer", "Tumor");
    private static final Concept MOUTH = concept("D4", "Mouth");
    private static final Concept MOUTH_NEOPLASMS = concept("D5", "Mouth Neoplasms", "Mouth Cancer", "Neoplasms, Mouth");
    private static final Concept HEPATITIS = concept("D6", "Hepatitis");
    private static final Concept FATTY_LIVER = concept("D7", "Fatty Liver", "Steatohepatitis");
    private static final Concept LIVER = concept("D8", "Liver");
    private static final Concept CLAVICLE = concept("D9", "Clavicle", "Collar Bone");

    @Test
    void should_put_an_exact_entry_term_first_and_name_it() {
        TermLexicon lexicon = lexicon(NEOPLASMS, MOUTH, MOUTH_NEOPLASMS);

        List<TermLexicon.Match> found = lexicon.match("mouth cancer", 3);

        assertThat(found.get(0).termId()).isEqualTo("D5");
        assertThat(found.get(0).name()).isEqualTo("Mouth Cancer");
        assertThat(found.get(0).score()).isGreaterThan(found.get(1).score());
    }

    @Test
    void should_read_a_phrase_that_names_a_term_as_that_terms_words() {
        TermLexicon lexicon = lexicon(ESOPHAGUS, ESOPHAGEAL_NEOPLASMS, NEOPLASMS);

        assertThat(lexicon.match("cancer of the gullet", 3).get(0).termId()).isEqualTo("D2");
    }

    @Test
    void should_meet_related_forms_misspellings_and_compounds() {
        TermLexicon lexicon = lexicon(ESOPHAGUS, ESOPHAGEAL_NEOPLASMS, NEOPLASMS, CLAVICLE);

        assertThat(lexicon.match("esophagus neoplasm", 1).get(0).termId()).isEqualTo("D2");
        assertThat(lexicon.match("oesophageal tumour", 1).get(0).termId()).isEqualTo("D2");
        assertThat(lexicon.match("collarbone", 1)).singleElement().satisfies(m -> {
            assertThat(m.termId()).isEqualTo("D9");
            assertThat(m.name()).isEqualTo("Clavicle");
        });
    }

    @Test
    void should_understand_the_word_parts_of_medical_names() {
        TermLexicon lexicon = lexicon(HEPATITIS, FATTY_LIVER, LIVER);

        List<TermLexicon.Match> found = lexicon.match("inflammation of the liver", 3);

        assertThat(found).extracting(TermLexicon.Match::termId).startsWith("D6");
        assertThat(found.get(0).score()).isGreaterThan(found.stream().filter(m -> m.termId().equals("D7")).findFirst()
                .orElseThrow().score());
    }

    @Test
    void should_learn_synonyms_from_names_that_differ_in_one_word() {
        TermLexicon lexicon = lexicon(
                concept("D10", "Renal Insufficiency", "Kidney Insufficiency"),
                concept("D11", "Renal Artery", "Kidney Artery"),
                concept("D12", "Renal Dialysis"),
                concept("D13", "Kidney"));

        assertThat(lexicon.match("kidney dialysis", 1).get(0).termId()).isEqualTo("D12");
    }

    @Test
    void should_find_nothing_for_words_no_name_comes_near() {
        assertThat(lexicon(NEOPLASMS, LIVER).match("zzqx", 5)).isEmpty();
        assertThat(lexicon(NEOPLASMS, LIVER).match("of the", 5)).isEmpty();
    }
}
