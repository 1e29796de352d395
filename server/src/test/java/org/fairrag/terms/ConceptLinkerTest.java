package org.fairrag.terms;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.fairrag.vocab.Concept;
import org.fairrag.vocab.VocabularyIndex;
import org.junit.jupiter.api.Test;

/** Which concepts a query names, each for words of its own; on a small vocabulary made for it. */
class ConceptLinkerTest {

    private static Concept concept(String id, String label, String... alt) {
        return new Concept(id, null, label, List.of(alt), List.of(), List.of(), null);
    }

    private static final VocabularyIndex VOCABULARY = VocabularyIndex.of(List.of(
            concept("D1", "Mouth"),
            concept("D2", "Neoplasms", "Cancer", "Tumor"),
            concept("D3", "Mouth Neoplasms", "Mouth Cancer", "Oral Cancer"),
            concept("D4", "Myocardial Infarction", "Heart Attack"),
            concept("D5", "Aspirin", "Acetylsalicylic Acid"),
            concept("D6", "Heart"),
            concept("D7", "Hepatitis"),
            concept("D8", "Liver"),
            concept("D9", "Herpesvirus 4, Human", "Epstein-Barr Virus", "EBV"),
            concept("D10", "Child", "Children"),
            // Real MeSH 2024 descriptors, for the bundled WordNet names, which name their descriptors by UI.
            concept("D013575", "Syncope", "Fainting", "Syncopal Episode"),
            concept("D007251", "Influenza, Human", "Influenza", "Grippe"),
            concept("D001706", "Biopsy", "Biopsies")), id -> "http://fairrag.test/pid/" + id);

    private final TermLexicon lexicon = TermLexicon.withoutLayNames(VOCABULARY);
    private final ConceptLinker linker = new ConceptLinker(() -> lexicon, () -> VOCABULARY);
    private final ConceptLinker withWordNet = new ConceptLinker(() -> lexicon, () -> VOCABULARY, Optional.empty(),
            new ConceptLinker.Options(5, 0.8, 8, ConceptLinker.WordNetLinks.SYNONYMS), 0);

    @Test
    void should_take_the_longest_phrase_that_names_a_concept_and_not_its_parts() {
        List<QueryConcept> found = linker.named("treatments for mouth cancer");

        assertThat(found).singleElement().satisfies(c -> {
            assertThat(c.id()).isEqualTo("D3");
            assertThat(c.label()).isEqualTo("Mouth Neoplasms");
            assertThat(c.matched()).isEqualTo("Mouth Cancer");
            assertThat(c.text()).isEqualTo("mouth cancer");
            assertThat(c.score()).isGreaterThan(1);
        });
    }

    @Test
    void should_find_each_concept_of_the_query_in_the_order_of_its_words() {
        List<QueryConcept> found = linker.named("Aspirin after a Heart Attack");

        assertThat(found).extracting(QueryConcept::id).containsExactly("D5", "D4");
        assertThat(found).extracting(QueryConcept::text).containsExactly("Aspirin", "Heart Attack");
    }

    @Test
    void should_link_a_concept_described_by_the_meaning_of_its_word_parts() {
        assertThat(linker.named("inflammation of the liver")).extracting(QueryConcept::id).containsExactly("D7");
    }

    @Test
    void should_leave_a_word_its_concept_does_not_explain_to_a_concept_of_its_own() {
        List<QueryConcept> found = linker.named("Epstein-Barr virus in children");

        assertThat(found).extracting(QueryConcept::id).containsExactly("D9", "D10");
        assertThat(found).extracting(QueryConcept::text).containsExactly("Epstein-Barr virus", "children");
    }

    @Test
    void should_look_the_words_up_in_the_new_lexicon_once_the_vocabulary_changed() {
        AtomicReference<VocabularyIndex> vocabulary = new AtomicReference<>(VOCABULARY);
        AtomicReference<TermLexicon> names = new AtomicReference<>(lexicon);
        ConceptLinker linking = new ConceptLinker(names::get, vocabulary::get);
        assertThat(linking.named("gnashers of children")).extracting(QueryConcept::id).containsExactly("D10");

        List<Concept> more = new ArrayList<>(VOCABULARY.terms().stream().map(t -> concept(t.id(), t.label(),
                t.altLabels().toArray(String[]::new))).toList());
        more.add(concept("D11", "Tooth", "Teeth", "Gnashers"));
        VocabularyIndex larger = VocabularyIndex.of(more, id -> "http://fairrag.test/pid/" + id);
        vocabulary.set(larger);
        names.set(TermLexicon.withoutLayNames(larger));

        assertThat(linking.named("gnashers of children")).extracting(QueryConcept::id).containsExactly("D11", "D10");
    }

    @Test
    void should_link_a_run_of_words_alike_in_every_query_that_has_it() {
        ConceptLinker linking = new ConceptLinker(() -> lexicon, () -> VOCABULARY);
        for (String query : List.of("heart attack", "aspirin after a heart attack", "Heart Attack in children", "heart")) {
            assertThat(linking.named(query)).as(query).usingRecursiveFieldByFieldElementComparator()
                    .containsExactlyElementsOf(new ConceptLinker(() -> lexicon, () -> VOCABULARY).named(query));
        }
    }

    @Test
    void should_link_words_no_name_covers_through_a_wordnet_synonym_and_say_so() {
        List<QueryConcept> found = withWordNet.named("a swoon after the flu");

        assertThat(found).extracting(QueryConcept::id).containsExactly("D013575", "D007251");
        assertThat(found).extracting(QueryConcept::text).containsExactly("swoon", "flu");
        assertThat(found).extracting(QueryConcept::matched)
                .containsExactly("syncope (WordNet: swoon)", "influenza (WordNet: flu)");
        assertThat(found).extracting(QueryConcept::score).containsOnly(ConceptLinker.WordNetLinks.SYNONYMS.score());
    }

    @Test
    void should_not_link_through_wordnet_words_a_name_covers_nor_by_default() {
        assertThat(withWordNet.named("fainting after the grippe")).extracting(QueryConcept::matched)
                .containsExactly("Fainting", "Grippe");
        assertThat(linker.named("a swoon after the flu")).isEmpty();
    }

    @Test
    void should_link_the_descriptor_whose_wordnet_definition_the_query_says() {
        ConceptLinker definitions = new ConceptLinker(() -> lexicon, () -> VOCABULARY, Optional.empty(),
                new ConceptLinker.Options(5, 0.8, 8, new ConceptLinker.WordNetLinks(0, 0, 0, 0, 0, 0.9, 0.6, 0.4)), 0);

        assertThat(definitions.named("examining tissue from a living body to find the cause of a disease"))
                .filteredOn(c -> c.id().equals("D001706")).singleElement().satisfies(c -> {
                    assertThat(c.matched()).startsWith("biopsy (WordNet: examination of tissues");
                    assertThat(c.score()).isEqualTo(0.9);
                    assertThat(c.words()).isZero();
                });
        // One word in common is not a description.
        assertThat(definitions.named("tissue donors")).extracting(QueryConcept::id).doesNotContain("D001706");
    }

    @Test
    void should_link_nothing_when_no_name_covers_the_words() {
        assertThat(linker.named("gobsmacking gnashers")).isEmpty();
        assertThat(linker.named("of the and")).isEmpty();
    }
}
