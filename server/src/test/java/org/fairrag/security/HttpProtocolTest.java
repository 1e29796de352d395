package org.fairrag.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Replays the protocol-level findings of the black-box sweep:
 * <ul>
 *   <li>{@code printf 'GET /health HTTP/1.1\r\n\r\n' | nc} (no Host) was a 500 without X-Request-Id;</li>
 *   <li>made-up methods ({@code curl -X M$RANDOM$i /health}, 100 times) added about 1,100 lines to /metrics;</li>
 *   <li>{@code curl -I} (HEAD) on /robots.txt, /health, /openapi.yaml, /sitemap.xml and the GET API routes was a
 *   404, and PUT/DELETE/PATCH on existing routes a 404 {@code not_found} rather than a 405 with Allow.</li>
 * </ul>
 */
class HttpProtocolTest {

    private static final RestrictedContentServer server = RestrictedContentServer.get();

    @Test
    void should_refuse_an_http_1_1_request_without_host_with_a_json_400_and_a_request_id() throws Exception {
        String response = server.http.raw("GET /health HTTP/1.1\r\nConnection: close\r\n\r\n");

        assertThat(response).startsWith("HTTP/1.1 400");
        String head = response.substring(0, response.indexOf("\r\n\r\n")).toLowerCase();
        assertThat(head).contains("\r\nx-request-id: ").contains("\r\ncontent-type: application/json");
        JsonObject body = new JsonObject(response.substring(response.indexOf("\r\n\r\n") + 4));
        assertThat(body.getJsonObject("error").getString("code")).isEqualTo("missing_host");
    }

    @Test
    void should_count_made_up_methods_under_one_tag_and_answer_them_501() throws Exception {
        server.http.send("M0", "/health", null); // the first one may add the series of OTHER
        int before = metricLines();

        for (int i = 1; i <= 40; i++) {
            HttpResponse<String> r = server.http.send("M" + (int) (Math.random() * 32768) + "X" + i, "/health", null);
            assertThat(r.statusCode()).as(r.body()).isEqualTo(501);
            assertThat(new JsonObject(r.body()).getJsonObject("error").getString("code")).isEqualTo("not_implemented");
        }

        String metrics = server.http.get("/metrics").body();
        assertThat(metrics).doesNotContain("method=\"M").contains("method=\"OTHER\"");
        // Other series may move a little between two scrapes (a new status code, a pool), never by method.
        assertThat(metricLines() - before).isLessThan(20);
    }

    @Test
    void should_not_add_series_for_paths_a_client_makes_up() throws Exception {
        server.http.get("/no-such-page-0");
        server.http.get("/api/terms/D0000000");
        int before = metricLines();

        for (int i = 1; i <= 40; i++) {
            server.http.get("/no-such-page-" + i + "?x=" + i);
            server.http.get("/api/terms/D" + (1_000_000 + i));
            server.http.send("PUT", "/made-up/" + i, null);
        }

        String metrics = server.http.get("/metrics").body();
        assertThat(metrics).doesNotContain("no-such-page", "D1000001", "made-up");
        assertThat(metricLines() - before).isLessThan(20);
    }

    @ParameterizedTest(name = "HEAD {0}")
    @ValueSource(strings = {"/robots.txt", "/health", "/openapi.yaml", "/sitemap.xml", "/api/terms/search?q=tumour",
            "/api/articles/search?q=tumour", "/api/summarize/prompt", "/metrics"})
    void should_answer_head_wherever_get_is_answered_with_its_headers_and_no_body(String path) throws Exception {
        HttpResponse<String> get = server.http.get(path);
        HttpResponse<String> head = server.http.send("HEAD", path, null);

        assertThat(get.statusCode()).isEqualTo(200);
        assertThat(head.statusCode()).isEqualTo(200);
        assertThat(head.body()).isEmpty();
        assertThat(head.headers().firstValue("Content-Type")).isEqualTo(get.headers().firstValue("Content-Type"));
        assertThat(head.headers().firstValue("X-Request-Id")).isPresent();
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"PUT,/health,GET", "DELETE,/robots.txt,GET", "PATCH,/api/terms/search?q=x,GET", "PUT,/openapi.yaml,GET",
            "DELETE,/api/filter,POST", "PUT,/api/annotate,POST", "PATCH,/metrics,GET"})
    void should_answer_a_method_an_existing_route_does_not_take_with_405_and_allow(String method, String path,
                                                                                  String allowed) throws Exception {
        HttpResponse<String> r = server.http.send(method, path, null);

        assertThat(r.statusCode()).as(r.body()).isEqualTo(405);
        assertThat(new JsonObject(r.body()).getJsonObject("error").getString("code")).isEqualTo("method_not_allowed");
        assertThat(r.headers().firstValue("Allow")).hasValueSatisfying(allow ->
                assertThat(Arrays.asList(allow.split(",\\s*"))).contains(allowed).doesNotContain(method));
    }

    @Test
    void should_still_answer_404_on_a_path_no_route_takes() throws Exception {
        HttpResponse<String> r = server.http.send("PUT", "/no/such/thing", null);

        assertThat(r.statusCode()).isEqualTo(404);
        assertThat(r.headers().firstValue("Allow")).isEmpty();
    }

    private static int metricLines() throws Exception {
        return server.http.get("/metrics").body().split("\n").length;
    }
}
