package org.fairrag.external;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.fairrag.app.Fairrag;
import org.fairrag.app.HttpServerLauncher;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.SourceFile;
import org.fairrag.testing.ExternalStores;
import org.fairrag.testing.TestFairrag;
import org.fairrag.vocab.Concept;
import org.fairrag.vocab.VocabularyInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Two servers on one collection: the same external Fuseki and PostgreSQL, each with a data directory and
 * an embedded vector index of its own. What one ingests the other finds by search within seconds (its index
 * follows PostgreSQL's change notifications); what one withdraws is gone from both; what changed while a
 * server was stopped is applied when it listens again; a server that joins later has none of it.
 */
@EnabledIfSystemProperty(named = "fairrag.test.stores", matches = "external",
        disabledReason = "needs the external stores: mvn -B test -Pexternal-stores")
class TwoServersTest {

    private static final Duration CATCH_UP = Duration.ofSeconds(30);
    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void should_find_on_one_server_what_the_other_ingests_and_lose_on_both_what_it_withdraws() throws Exception {
        Path dirA = TestFairrag.newDir("server-a");
        Path dirB = TestFairrag.newDir("server-b");
        Path files = TestFairrag.newDir("two-servers-files");
        try (Fairrag a = TestFairrag.open(TestFairrag.searchConfig(dirA))) {
            a.loadVocabulary(VocabularyInfo.MESH_2024, List.of(
                    new Concept("D009369", "http://id.nlm.nih.gov/mesh/D009369", "Neoplasms", List.of("Tumors"), List.of("C04"), List.of(), null)),
                    IngestProgress.NONE);
            a.ingest(SourceFile.of(Files.writeString(files.resolve("first.jsonl"), article("96000001", "Tumour growth in older patients"))),
                    ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
            int portA = HttpServerLauncher.start(a).port();
            String adminKey = a.apiKeys().create("operator", "restricted", true).await().token();

            ExternalStores.share(dirA, dirB);
            try (Fairrag b = TestFairrag.open(TestFairrag.searchConfig(dirB))) {
                int portB = HttpServerLauncher.start(b).port();
                assertThat(b.graph().describe()).isEqualTo(a.graph().describe());
                await().atMost(CATCH_UP).untilAsserted(() ->
                        assertThat(hits(portB, "tumour growth older patients")).contains(pid(a, "96000001")));

                a.ingest(SourceFile.of(Files.writeString(files.resolve("second.jsonl"), article("96000002", "Zebrafish fins regrow after injury"))),
                        ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
                String second = pid(a, "96000002");
                assertThat(hits(portA, "zebrafish fins regrow")).first().isEqualTo(second);
                await().atMost(CATCH_UP).untilAsserted(() -> assertThat(hits(portB, "zebrafish fins regrow")).first().isEqualTo(second));

                HttpResponse<String> tombstone = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + portA
                                + URI.create(second).getPath().replace("/pid/", "/api/admin/pid/") + "/tombstone"))
                        .header("Content-Type", "application/json").header("X-API-Key", adminKey)
                        .POST(HttpRequest.BodyPublishers.ofString(new JsonObject().put("reason", "Retracted").encode())).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(tombstone.statusCode()).as(tombstone.body()).isBetween(200, 204);
                assertThat(status(portB, URI.create(second).getPath())).isEqualTo(410);
                assertThat(hits(portA, "zebrafish fins regrow")).doesNotContain(second);
                await().atMost(CATCH_UP).untilAsserted(() -> assertThat(hits(portB, "zebrafish fins regrow")).doesNotContain(second));

                a.ingest(SourceFile.of(Files.writeString(files.resolve("third.jsonl"), article("96000003", "Okapi cohort of lung nodules"))),
                        ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
                await().atMost(CATCH_UP).untilAsserted(() -> assertThat(hits(portB, "okapi lung nodules")).contains(pid(a, "96000003")));
            }

            // While B is stopped, A moves the third article to restricted: B learns of it when it listens again.
            a.ingest(SourceFile.of(files.resolve("third.jsonl")), new ArticleIngest.Options("restricted", false), IngestProgress.NONE);
            assertThat(hits(portA, "okapi lung nodules")).doesNotContain(pid(a, "96000003"));
            try (Fairrag b = TestFairrag.open(TestFairrag.searchConfig(dirB))) {
                int portB = HttpServerLauncher.start(b).port();
                await().atMost(CATCH_UP).untilAsserted(() -> assertThat(hits(portB, "okapi lung nodules")).doesNotContain(pid(a, "96000003")));
            }

            // A server that joins later builds its index from the graph, without the withdrawn article.
            Path dirC = TestFairrag.newDir("server-c");
            ExternalStores.share(dirA, dirC);
            try (Fairrag c = TestFairrag.open(TestFairrag.searchConfig(dirC))) {
                int portC = HttpServerLauncher.start(c).port();
                await().atMost(CATCH_UP).untilAsserted(() -> assertThat(hits(portC, "tumour growth older patients")).contains(pid(a, "96000001")));
                assertThat(hits(portC, "zebrafish fins regrow")).doesNotContain(pid(a, "96000002"));
                assertThat(hits(portC, "okapi lung nodules")).doesNotContain(pid(a, "96000003"));
            }
        }
    }

    private List<String> hits(int port, String q) throws Exception {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                + "/api/articles/search?k=5&q=" + URLEncoder.encode(q, StandardCharsets.UTF_8))).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return new JsonObject(response.body()).getJsonArray("results").stream().map(o -> ((JsonObject) o).getString("pid")).toList();
    }

    private int status(int port, String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).header("Accept", "text/html").build(),
                HttpResponse.BodyHandlers.discarding()).statusCode();
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
