package org.fairrag.annotate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.fairrag.testing.DemoRecords;
import org.fairrag.testing.MeshVocabulary;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Concept mentions found in real abstracts of the demo file, against the whole of MeSH 2024. */
class MentionFinderTest {

    private static MentionFinder finder;

    @BeforeAll
    static void build() {
        finder = MentionFinder.of(MeshVocabulary.index());
    }

    @Test
    void should_take_the_longest_name_and_place_it_on_the_exact_text() {
        String[] pvi = DemoRecords.text("23507684");

        List<Mention> found = finder.find(pvi[0], pvi[1]).mentions();

        assertThat(found).anySatisfy(m -> {
            assertThat(m.exact()).isEqualTo("squamous cell carcinoma");
            assertThat(m.termId()).isEqualTo("D002294");
        });
        assertThat(found).anySatisfy(m -> {
            assertThat(m.exact()).isEqualTo("pyogenic granuloma");
            assertThat(m.termId()).isEqualTo("D017789");
        });
        assertThat(found).noneSatisfy(m -> assertThat(m.exact()).isEqualTo("granuloma"));
    }

    @Test
    void should_read_a_short_form_defined_in_the_abstract_as_its_long_form() {
        String[] spn = DemoRecords.text("17318707");

        List<Mention> found = finder.find(spn[0], spn[1]).mentions();

        List<Mention> nsclc = found.stream().filter(m -> "D002289".equals(m.termId())).toList();
        assertThat(nsclc).extracting(Mention::exact).containsExactly("non-small-cell lung cancer");
        List<Mention> nodule = found.stream().filter(m -> "D003074".equals(m.termId())).toList();
        assertThat(nodule).extracting(Mention::exact).startsWith("solitary pulmonary nodule", "SPN", "SPN")
                .hasSize(8);
        assertThat(nodule).allSatisfy(m -> assertThat(m.abbreviation()).isEqualTo("SPN"));
    }

    @Test
    void should_not_read_a_short_form_whose_long_form_names_no_term() {
        String[] pvi = DemoRecords.text("10216503");

        List<Mention> found = finder.find(pvi[0], pvi[1]).mentions();

        // "peritumoral vascular invasion (PVI)": PVI means that here, whatever a vocabulary says it abbreviates.
        assertThat(pvi[1]).contains("PVI should be defined");
        assertThat(found).noneSatisfy(m -> assertThat(m.exact()).isEqualTo("PVI"));
    }

    @Test
    void should_flag_a_concept_the_text_says_is_absent() {
        String[] myxoma = DemoRecords.text("26594976");

        List<Mention> found = finder.find(myxoma[0], myxoma[1]).mentions();

        assertThat(myxoma[1]).contains("showed no evidence of recurrence");
        assertThat(found).filteredOn(m -> m.exact().equals("recurrence")).singleElement()
                .satisfies(m -> assertThat(m.negated()).isTrue());
        assertThat(found).filteredOn(m -> m.exact().equals("osteotomy")).isNotEmpty()
                .allSatisfy(m -> assertThat(m.negated()).isFalse());
        String[] pvi = DemoRecords.text("10216503");
        assertThat(finder.find(pvi[0], pvi[1]).mentions()).filteredOn(m -> m.part() == TextPart.TITLE)
                .filteredOn(m -> m.exact().equals("therapy")).singleElement()
                .satisfies(m -> assertThat(m.negated()).as("receiving no adjuvant therapy").isTrue());
    }

    @Test
    void should_not_negate_past_the_end_of_a_clause_or_through_a_pseudo_negation() {
        MentionFinder.Found found = finder.find(null,
                "There was no significant difference in mortality. No fever was seen, but pneumonia developed.");

        assertThat(found.mentions()).filteredOn(m -> m.exact().equals("mortality")).singleElement()
                .satisfies(m -> assertThat(m.negated()).isFalse());
        assertThat(found.mentions()).filteredOn(m -> m.exact().equals("fever")).singleElement()
                .satisfies(m -> assertThat(m.negated()).isTrue());
        assertThat(found.mentions()).filteredOn(m -> m.exact().equals("pneumonia")).singleElement()
                .satisfies(m -> assertThat(m.negated()).isFalse());
    }

    @Test
    void should_place_sentences_in_the_sections_of_a_structured_abstract_and_skip_the_labels() {
        String[] spn = DemoRecords.text("17318707");

        MentionFinder.Found found = finder.find(spn[0], spn[1]);

        assertThat(found.sentences().get(0).part()).isEqualTo(TextPart.TITLE);
        assertThat(found.sentences().get(0).index()).isZero();
        assertThat(found.sentences()).filteredOn(s -> s.part() == TextPart.ABSTRACT).extracting(Sentence::section)
                .containsSubsequence("BACKGROUND", "METHODS", "RESULTS", "CONCLUSIONS").doesNotContainNull();
        Sentence methods = found.sentences().stream().filter(s -> "METHODS".equals(s.section())).findFirst().orElseThrow();
        assertThat(spn[1].substring(methods.start(), methods.end())).startsWith("METHODS: The records of all patients");
        assertThat(found.mentions()).noneSatisfy(m -> assertThat(m.exact()).isIn("BACKGROUND", "METHODS", "RESULTS", "CONCLUSIONS"));
        assertThat(found.mentions()).filteredOn(m -> m.exact().equals("Postoperative complications")).singleElement()
                .satisfies(m -> assertThat(found.sentence(m.sentence()).section()).isEqualTo("RESULTS"));
    }

    @Test
    void should_match_acronyms_in_their_case_only_and_leave_function_words_and_publication_types_alone() {
        MentionFinder.Found found = finder.find(null, "The charity aids new families. These patients had AIDS. "
                + "We will review the news.");

        assertThat(found.mentions()).extracting(Mention::exact).contains("AIDS", "patients", "families")
                .doesNotContain("aids", "These", "will", "review", "news", "new");
    }

    @Test
    void should_put_every_selector_on_the_text_it_names_in_real_abstracts() {
        List<String[]> texts = DemoRecords.texts(300);
        int mentions = 0;
        for (String[] t : texts) {
            MentionFinder.Found found = finder.find(t[0], t[1]);
            for (Mention m : found.mentions()) {
                String text = m.part() == TextPart.TITLE ? t[0] : t[1];
                assertThat(text.substring(m.start(), m.end())).isEqualTo(m.exact());
                assertThat(m.exact()).isNotBlank();
                Sentence s = found.sentence(m.sentence());
                assertThat(s.part()).isEqualTo(m.part());
                assertThat(m.start()).isBetween(s.start(), s.end());
                assertThat(m.end()).isLessThanOrEqualTo(s.end());
                mentions++;
            }
        }
        assertThat(mentions).as("mentions in 300 abstracts").isGreaterThan(300 * 10);
    }
}
