package org.fairrag.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.awaitility.Awaitility;
import org.fairrag.fdo.DatasetFdo;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.vocab.Concept;
import org.fairrag.vocab.VocabularyInfo;
import org.fairrag.store.PostgresServer;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.Test;

/**
 * PostgreSQL goes away under a running server: {@code /health} turns DOWN and the routes that need it
 * answer 503 with {@code Retry-After}; when it comes back on the same port and data, the server recovers
 * without a restart.
 */
class PostgresOutageTest {

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void should_turn_down_and_recover_when_postgres_stops_and_starts_again() throws Exception {
        try (Fairrag fairrag = TestFairrag.fresh("outage")) {
            fairrag.loadVocabulary(VocabularyInfo.MESH_2024, List.of(new Concept("D006801", "http://id.nlm.nih.gov/mesh/D006801",
                    "Humans", List.of(), List.of(), List.of(), null)), IngestProgress.NONE);
            int port = HttpServerLauncher.start(fairrag).port();
            PostgresServer pg = fairrag.embeddedPostgres().orElseThrow();
            String dataset = "/pid/" + DatasetFdo.ID;
            assertThat(get(port, "/health").statusCode()).isEqualTo(200);
            assertThat(get(port, dataset).statusCode()).isEqualTo(200);

            pg.stop();
            HttpResponse<String> down = get(port, "/health");
            HttpResponse<String> pid = get(port, dataset);
            HttpResponse<String> sitemap = get(port, "/sitemap.xml");

            assertThat(down.statusCode()).isEqualTo(503);
            assertThat(new JsonObject(down.body()).getString("status")).isEqualTo("DOWN");
            assertThat(down.body()).contains("postgres");
            assertThat(pid.statusCode()).isEqualTo(503);
            assertThat(pid.headers().firstValue("Retry-After")).isPresent();
            assertThat(new JsonObject(pid.body()).getJsonObject("error").getString("code")).isEqualTo("store_unavailable");
            assertThat(sitemap.statusCode()).isEqualTo(503);

            pg.restart();
            Awaitility.await("health UP again").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200))
                    .untilAsserted(() -> {
                        HttpResponse<String> up = get(port, "/health");
                        assertThat(up.statusCode()).as(up.body()).isEqualTo(200);
                        assertThat(new JsonObject(up.body()).getString("status")).isEqualTo("UP");
                    });
            assertThat(get(port, dataset).statusCode()).isEqualTo(200);
        }
    }

    private HttpResponse<String> get(int port, String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(60))
                .header("Accept", "application/json").GET().build(), HttpResponse.BodyHandlers.ofString());
    }
}
