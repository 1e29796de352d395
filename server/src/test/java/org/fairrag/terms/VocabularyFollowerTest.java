package org.fairrag.terms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.fairrag.app.Fairrag;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.testing.TestFairrag;
import org.fairrag.vocab.Concept;
import org.fairrag.vocab.VocabularyInfo;
import org.fairrag.work.WorkerPool;
import org.junit.jupiter.api.Test;

/**
 * The vocabulary another server holds, on the real stores of one instance: a second vocabulary in memory over
 * the instance's graph, as a server sharing the stores keeps it, follows the loads the instance announces on its
 * PostgreSQL, and what was loaded while it was not listening. (Two whole servers on external stores:
 * {@code TwoServersTest}, profile external-stores.)
 */
class VocabularyFollowerTest {

    private static final Duration CATCH_UP = Duration.ofSeconds(60);

    @Test
    void should_read_a_vocabulary_loaded_elsewhere_and_one_loaded_while_it_was_not_listening() throws Exception {
        try (Fairrag fairrag = TestFairrag.fresh("vocabulary-follower")) {
            fairrag.loadVocabulary(VocabularyInfo.MESH_2024, List.of(concept("D009369", "Neoplasms", "C04")), IngestProgress.NONE);
            Path snapshot = TestFairrag.newDir("vocabulary-follower-other").resolve("vocabulary.snapshot");
            VocabularyState other = new VocabularyState(fairrag.graph(), fairrag.graphs().vocabulary(),
                    new VocabularySnapshot(snapshot), null);
            other.open(Optional.empty(), IngestProgress.NONE);
            assertThat(other.vocabulary().byId("D009369")).isPresent();

            VocabularyFollower follower = follower(fairrag, other);
            follower.start().await();
            fairrag.loadVocabulary(VocabularyInfo.MESH_2024, List.of(concept("D009369", "Neoplasms", "C04"),
                    concept("D001943", "Breast Neoplasms", "C04.588.180")), IngestProgress.NONE);
            await().atMost(CATCH_UP).untilAsserted(() -> assertThat(other.vocabulary().byId("D001943")).isPresent());
            // The lexicon follows the vocabulary (VocabularyState.derive): wait for it too, not only for the term.
            await().atMost(CATCH_UP).untilAsserted(() -> assertThat(other.lexicon().match("breast neoplasms", 1))
                    .extracting(TermLexicon.Match::termId).containsExactly("D001943"));
            follower.close();

            // Not listening: a third term arrives, announced to nobody who hears it.
            fairrag.loadVocabulary(VocabularyInfo.MESH_2024, List.of(concept("D009369", "Neoplasms", "C04"),
                    concept("D001943", "Breast Neoplasms", "C04.588.180"), concept("D008175", "Lung Neoplasms", "C04.588.894.797.520")),
                    IngestProgress.NONE);
            assertThat(other.vocabulary().byId("D008175")).isEmpty();

            VocabularyFollower again = follower(fairrag, other);
            again.start().await();
            await().atMost(CATCH_UP).untilAsserted(() -> assertThat(other.vocabulary().byId("D008175")).isPresent());
            again.close();
            assertThat(other.origin()).isEqualTo(VocabularyState.Origin.GRAPH);
        }
    }

    private static VocabularyFollower follower(Fairrag fairrag, VocabularyState state) {
        WorkerPool pool = new WorkerPool(fairrag.vertx(), "follow-vocabulary-test", 1, 2);
        fairrag.closeWithInstance(pool);
        return new VocabularyFollower(fairrag.vertx(), fairrag.database().connectOptions(), state, pool);
    }

    private static Concept concept(String id, String label, String treeNumber) {
        return new Concept(id, "http://id.nlm.nih.gov/mesh/" + id, label, List.of(), List.of(treeNumber), List.of(), null);
    }
}
