package org.fairrag.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.fairrag.app.Fairrag;
import org.fairrag.app.FairragConfig;
import org.fairrag.app.HttpServerLauncher;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Rate limits, body and URI caps, request ids and metrics, on an empty instance with small limits. */
class LimitsTest {

    private static Fairrag fairrag;
    private static int port;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void start() {
        // A token every 1000 s: a burst used up stays used up for the whole test.
        fairrag = TestFairrag.open(TestFairrag.config(TestFairrag.newDir("limits")).toBuilder()
                .limits(new FairragConfig.Limits(0.001, 3, 0.001, 2, 4096, 1024, Duration.ofSeconds(2))).build());
        port = HttpServerLauncher.start(fairrag).port();
    }

    @AfterAll
    static void stop() {
        fairrag.close();
    }

    @Test
    void should_answer_429_with_retry_after_once_a_client_used_its_burst() throws Exception {
        String key = fairrag.apiKeys().create("rate test", "public", false).await().token();
        for (int i = 0; i < 3; i++) {
            assertThat(get("/api/terms/search?q=heart", "X-API-Key", key).statusCode()).isNotEqualTo(429);
        }

        HttpResponse<String> refused = get("/api/terms/search?q=heart", "X-API-Key", key);

        assertThat(refused.statusCode()).isEqualTo(429);
        assertThat(refused.headers().firstValue("Retry-After")).hasValueSatisfying(v -> assertThat(Long.parseLong(v)).isBetween(900L, 1000L));
        assertThat(new JsonObject(refused.body()).getJsonObject("error").getString("code")).isEqualTo("rate_limited");
        String other = fairrag.apiKeys().create("another client", "public", false).await().token();
        assertThat(get("/api/terms/search?q=heart", "X-API-Key", other).statusCode()).as("another client has its own bucket")
                .isNotEqualTo(429);
        assertThat(get("/health", "X-API-Key", key).statusCode()).as("health is not limited").isNotEqualTo(429);
        assertThat(get("/metrics").body()).contains("fairrag_rate_limited_total{limit=\"api\"} 1.0");
    }

    @Test
    void should_limit_sparql_with_a_bucket_of_its_own() throws Exception {
        String key = fairrag.apiKeys().create("sparql rate test", "public", false).await().token();
        String url = "/sparql?query=" + URLEncoder.encode("ASK {}", StandardCharsets.UTF_8);
        assertThat(get(url, "X-API-Key", key).statusCode()).isEqualTo(200);
        assertThat(get(url, "X-API-Key", key).statusCode()).isEqualTo(200);

        HttpResponse<String> refused = get(url, "X-API-Key", key);

        assertThat(refused.statusCode()).isEqualTo(429);
        assertThat(refused.headers().firstValue("Retry-After")).isPresent();
    }

    @Test
    void should_refuse_a_body_over_the_cap_with_413_json() throws Exception {
        String body = "{\"q\": \"" + "x".repeat(8000) + "\", \"terms\": [\"D009062\"]}";

        HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri("/api/filter")).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());

        assertThat(r.statusCode()).isEqualTo(413);
        assertThat(new JsonObject(r.body()).getJsonObject("error").getString("code")).isEqualTo("payload_too_large");
    }

    @Test
    void should_refuse_a_uri_over_the_cap_with_414_json() throws Exception {
        HttpResponse<String> r = get("/api/terms/search?q=" + "a".repeat(2000));

        assertThat(r.statusCode()).isEqualTo(414);
        assertThat(new JsonObject(r.body()).getJsonObject("error").getString("code")).isEqualTo("uri_too_long");
    }

    @Test
    void should_give_every_response_a_request_id_and_keep_a_sane_incoming_one() throws Exception {
        HttpResponse<String> generated = get("/health");
        HttpResponse<String> kept = get("/health", "X-Request-Id", "lb-1234.abc");
        HttpResponse<String> replaced = get("/health", "X-Request-Id", "<script>");

        assertThat(generated.headers().firstValue("X-Request-Id")).hasValueSatisfying(v -> assertThat(v).hasSize(36));
        assertThat(kept.headers().firstValue("X-Request-Id")).contains("lb-1234.abc");
        assertThat(replaced.headers().firstValue("X-Request-Id")).hasValueSatisfying(v -> assertThat(v).doesNotContain("<"));
    }

    @Test
    void should_expose_prometheus_metrics_per_route_and_pool() throws Exception {
        get("/api/terms/D009062");

        HttpResponse<String> r = get("/metrics");

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).contains("vertx_http_server_requests_total", "route=\"/api/terms/:id\"",
                "fairrag_pool_capacity{pool=\"search\"}", "fairrag_pool_in_flight{pool=\"sparql\"}",
                "fairrag_sparql_timeouts_total", "jvm_memory_used_bytes");
    }

    private HttpResponse<String> get(String path, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(60)).GET();
        if (headers.length > 0) {
            b.headers(headers);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }
}
