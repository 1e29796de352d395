package org.fairrag.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.fairrag.app.Fairrag;
import org.fairrag.embed.Chunker;
import org.fairrag.embed.Embedder;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.SourceFile;
import org.fairrag.testing.TestFairrag;
import org.fairrag.vectors.LuceneVectorIndex;
import org.fairrag.vocab.Concept;
import org.fairrag.vocab.VocabularyInfo;
import org.fairrag.work.WorkerPool;
import org.junit.jupiter.api.Test;

/**
 * The change feed another server follows, on the real stores of one instance: a second vector index, as
 * another server would keep it, follows the instance's PostgreSQL announcements (migration V5) through
 * {@link VectorIndexFollower}: new articles, a move to restricted, a withdrawal, and what changed while it
 * was not listening. (Two whole servers on external stores: {@code TwoServersTest}, profile external-stores.)
 */
class VectorIndexFollowerTest {

    private static final Duration CATCH_UP = Duration.ofSeconds(30);

    @Test
    void should_follow_publications_moves_and_withdrawals_and_catch_up_on_what_it_missed() throws Exception {
        Path files = TestFairrag.newDir("follower-files");
        try (Fairrag fairrag = TestFairrag.open(TestFairrag.searchConfig(TestFairrag.newDir("follower")));
             LuceneVectorIndex other = LuceneVectorIndex.open(TestFairrag.newDir("follower-index"),
                     fairrag.embedder().orElseThrow().modelName(), fairrag.embedder().orElseThrow().dimension())) {
            fairrag.loadVocabulary(VocabularyInfo.MESH_2024, List.of(
                    new Concept("D009369", "http://id.nlm.nih.gov/mesh/D009369", "Neoplasms", List.of(), List.of("C04"), List.of(), null)),
                    IngestProgress.NONE);
            String first = pid(fairrag, "95000001");
            String second = pid(fairrag, "95000002");
            Path both = Files.writeString(files.resolve("both.jsonl"),
                    article("95000001", "Tumour growth in older patients") + article("95000002", "Zebrafish fins regrow after injury"));

            VectorIndexFollower follower = follower(fairrag, other);
            follower.start().await();
            fairrag.ingest(SourceFile.of(both), ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
            await().atMost(CATCH_UP).untilAsserted(() -> assertThat(other.articlePids()).containsExactlyInAnyOrder(first, second));

            fairrag.ingest(SourceFile.of(both), new ArticleIngest.Options("restricted", false), IngestProgress.NONE);
            await().atMost(CATCH_UP).untilAsserted(() -> assertThat(other.articles(List.of(first)).get(first).accessLevel())
                    .isEqualTo("restricted"));

            fairrag.tombstones().tombstone(second.substring(second.lastIndexOf('/') + 1), "Retracted by the journal");
            await().atMost(CATCH_UP).untilAsserted(() -> assertThat(other.articlePids()).containsExactly(first));
            follower.close();

            // Not listening: the first article goes back to public, unannounced to anyone.
            fairrag.ingest(SourceFile.of(Files.writeString(files.resolve("first.jsonl"), article("95000001", "Tumour growth in older patients"))),
                    ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
            assertThat(other.articles(List.of(first)).get(first).accessLevel()).isEqualTo("restricted");

            VectorIndexFollower again = follower(fairrag, other);
            again.start().await();
            await().atMost(CATCH_UP).untilAsserted(() -> assertThat(other.articles(List.of(first)).get(first).accessLevel())
                    .isEqualTo("public"));
            again.close();
        }
    }

    private static VectorIndexFollower follower(Fairrag fairrag, LuceneVectorIndex other) {
        Embedder embedder = fairrag.embedder().orElseThrow();
        WorkerPool pool = new WorkerPool(fairrag.vertx(), "follow-test", 1, 4);
        fairrag.closeWithInstance(pool);
        return new VectorIndexFollower(fairrag.vertx(), fairrag.database().connectOptions(), fairrag.registry(),
                new PublishedArticles(fairrag.graph(), fairrag.graphs()), new ArticleIndexer(other, embedder, new Chunker()),
                other, fairrag::vocabulary, id -> fairrag.publisher().pidUrl(id), pool);
    }

    private static String pid(Fairrag fairrag, String pmid) {
        return fairrag.publisher().pidUrl(ArticleIngest.articleId(pmid));
    }

    private static String article(String pmid, String title) {
        return new JsonObject().put("pmid", pmid).put("title", title).put("year", 2022)
                .put("abstract", title + ". We followed a cohort and report what changed over two years.")
                .put("mesh", new JsonArray().add("Neoplasms")).encode() + "\n";
    }
}
