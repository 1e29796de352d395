package org.fairrag.terms;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.fairrag.embed.Embedder;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.testing.TestEmbedders;
import org.fairrag.testing.TestFairrag;
import org.fairrag.vectors.LuceneVectorIndex;
import org.fairrag.vocab.Concept;
import org.fairrag.vocab.VocabularyIndex;
import org.junit.jupiter.api.Test;

/**
 * Concepts found by the meaning of a query, through the vectors of their preferred and lay names as the server indexes
 * them: a real vector index, the real model, the bundled lay names.
 */
class ConceptLinkerByMeaningTest {

    private static final VocabularyIndex VOCABULARY = VocabularyIndex.of(List.of(
            new Concept("D014472", null, "Umbilicus", List.of(), List.of(), List.of(), null),
            new Concept("D006554", null, "Hernia, Umbilical", List.of(), List.of(), List.of(), null),
            new Concept("D006321", null, "Heart", List.of(), List.of(), List.of(), null)), id -> "http://fairrag.test/pid/" + id);

    @Test
    void should_find_a_concept_by_a_lay_name_near_the_query_only_while_the_lexicon_has_that_name() throws Exception {
        Embedder model = TestEmbedders.model();
        try (LuceneVectorIndex index = LuceneVectorIndex.open(TestFairrag.newDir("linker-by-meaning"), model.modelName(),
                model.dimension())) {
            TermIndexer.Report report = new TermIndexer(index, model).sync(VOCABULARY, IngestProgress.NONE);
            // No query word names anything: only the meaning ("belly button") can link.
            float[] meaning = model.embed("belly button");
            TermLexicon all = TermLexicon.of(VOCABULARY);
            TermLexicon withoutRow = TermLexicon.withoutLayNamesFor(VOCABULARY, List.of("belly button"));

            List<QueryConcept> withLayNames = linker(all, index).link("qwxz", meaning);
            List<QueryConcept> rowOut = linker(withoutRow, index).link("qwxz", meaning);

            assertThat(report.embeddedNames()).isGreaterThan(VOCABULARY.size());
            assertThat(withLayNames.get(0)).extracting(QueryConcept::id, QueryConcept::matched)
                    .containsExactly("D014472", "belly button");
            assertThat(withLayNames).extracting(QueryConcept::id).doesNotHaveDuplicates();
            assertThat(rowOut).extracting(QueryConcept::matched).doesNotContain("belly button");
            assertThat(rowOut).extracting(QueryConcept::id).contains("D014472");
        }
    }

    private static ConceptLinker linker(TermLexicon lexicon, LuceneVectorIndex index) {
        return new ConceptLinker(() -> lexicon, () -> VOCABULARY, Optional.of(index), ConceptLinker.Options.DEFAULT, 0);
    }
}
