package org.fairrag.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/**
 * Replays the protocol-level findings of the black-box sweep:
 * <ul>
 *   <li>{@code printf 'GET /health HTTP/1.1\r\n\r\n' | nc} (no Host) was a 500 without X-Request-Id;</li>
 *   <li>made-up methods ({@code curl -X M$RANDOM$i /health}, 100 times) added about 1,100 lines to /metrics;</li>
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

    private static int metricLines() throws Exception {
        return server.http.get("/metrics").body().split("\n").length;
    }
}
