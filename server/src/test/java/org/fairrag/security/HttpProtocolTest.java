package org.fairrag.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

/**
 * Replays the protocol-level findings of the black-box sweep:
 * <ul>
 *   <li>{@code printf 'GET /health HTTP/1.1\r\n\r\n' | nc} (no Host) was a 500 without X-Request-Id;</li>
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
}
