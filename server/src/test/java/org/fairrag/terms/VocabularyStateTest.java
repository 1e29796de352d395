package org.fairrag.terms;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.fairrag.app.Fairrag;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.testing.TestFairrag;
import org.fairrag.vocab.Concept;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyGraphReader;
import org.fairrag.vocab.VocabularyIndex;
import org.fairrag.vocab.VocabularyInfo;
import org.junit.jupiter.api.Test;

/**
 * The vocabulary in memory: after a load it is what reading the graph back gives, without reading it; a
 * restart takes it and its lexicon from the snapshot when the snapshot is of the graph's vocabulary, and
 * from the graph when it is not.
 */
class VocabularyStateTest {

    private static final List<String> QUERIES = List.of("mouth cancer", "heart attack", "cancer of the mouth",
            "myocardial infarction", "tumour", "neoplasms");

    @Test
    void should_hold_after_loading_mesh_what_reading_the_graph_back_gives() {
        // The shared MeSH instance opens a copy of a data directory MeSH was loaded into: the vocabulary in
        // memory after that load, without reading the graph back, is what its snapshot holds.
        Fairrag mesh = TestFairrag.mesh();

        VocabularyIndex readBack = VocabularyGraphReader.read(mesh.graph(), mesh.graphs().vocabulary());

        assertThat(mesh.vocabularyOrigin()).isEqualTo(VocabularyState.Origin.SNAPSHOT);
        assertThat(byId(mesh.vocabulary())).hasSize(readBack.size()).isEqualTo(byId(readBack));
    }

    @Test
    void should_restart_from_the_snapshot_of_the_graphs_vocabulary_and_from_the_graph_otherwise() throws Exception {
        Path dir = TestFairrag.newDir("vocabulary-state");
        Path file = dir.resolve(Fairrag.VOCABULARY_SNAPSHOT);
        Optional<VocabularySnapshot.Contents> first;
        try (Fairrag fairrag = TestFairrag.open(dir)) {
            fairrag.loadVocabulary(VocabularyInfo.MESH_2024, List.of(
                    concept("D009062", "Mouth Neoplasms", List.of("Mouth Cancer", "Cancer of Mouth"), "C04.588.443.591"),
                    concept("D009369", "Neoplasms", List.of("Tumors", "Cancer"), "C04"),
                    concept("D009203", "Myocardial Infarction", List.of("Heart Attack"), "C14.280.647.500")),
                    IngestProgress.NONE);
            assertThat(fairrag.vocabularyOrigin()).isEqualTo(VocabularyState.Origin.PUBLISHED);
            assertThat(byId(fairrag.vocabulary()))
                    .isEqualTo(byId(VocabularyGraphReader.read(fairrag.graph(), fairrag.graphs().vocabulary())));
            first = new VocabularySnapshot(file).read();
            assertThat(first).isPresent();
        }

        try (Fairrag restarted = TestFairrag.open(dir)) {
            assertThat(restarted.vocabularyOrigin()).isEqualTo(VocabularyState.Origin.SNAPSHOT);
            assertThat(byId(restarted.vocabulary())).isEqualTo(byId(first.get().vocabulary()))
                    .isEqualTo(byId(VocabularyGraphReader.read(restarted.graph(), restarted.graphs().vocabulary())));
            TermLexicon built = TermLexicon.of(restarted.vocabulary());
            for (String q : QUERIES) {
                assertThat(restarted.termLexicon().match(q, 5)).as(q).isEqualTo(built.match(q, 5));
            }
            assertThat(restarted.termLexicon().match("heart attack", 1).get(0).termId()).isEqualTo("D009203");

            restarted.loadVocabulary(VocabularyInfo.MESH_2024, List.of(
                    concept("D006331", "Heart Diseases", List.of("Cardiac Diseases"), "C14.280")), IngestProgress.NONE);
        }
        // A snapshot of the vocabulary as it was before the last load: the graph has one term more.
        new VocabularySnapshot(file).write(first.get().key(), first.get().vocabulary(), first.get().lexicon());

        try (Fairrag again = TestFairrag.open(dir)) {
            assertThat(again.vocabularyOrigin()).isEqualTo(VocabularyState.Origin.GRAPH);
            assertThat(again.vocabulary().byId("D006331")).isPresent();
            assertThat(again.vocabulary().size()).isEqualTo(4);
            assertThat(new VocabularySnapshot(file).read().orElseThrow().key())
                    .as("the snapshot is written again for the graph's vocabulary")
                    .isEqualTo(VocabularySnapshot.key(VocabularyGraphReader.checksum(again.graph(), again.graphs().vocabulary())));
        }
    }

    private static Concept concept(String id, String label, List<String> alt, String treeNumber) {
        return new Concept(id, "http://id.nlm.nih.gov/mesh/" + id, label, alt, List.of(treeNumber), List.of(), null);
    }

    private static Map<String, Term> byId(VocabularyIndex index) {
        return index.terms().stream().sorted(Comparator.comparing(Term::id))
                .collect(Collectors.toMap(Term::id, Function.identity()));
    }
}
