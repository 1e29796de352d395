package org.fairrag.terms;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
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
            concept("D10", "Child", "Children")), id -> "http://fairrag.test/pid/" + id);

    private final TermLexicon lexicon = TermLexicon.withoutLayNames(VOCABULARY);
    private final ConceptLinker linker = new ConceptLinker(() -> lexicon, () -> VOCABULARY);

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
    void should_link_nothing_when_no_name_covers_the_words() {
        assertThat(linker.named("gobsmacking gnashers")).isEmpty();
        assertThat(linker.named("of the and")).isEmpty();
    }
}
