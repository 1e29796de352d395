package org.fairrag.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import org.fairrag.testing.CapturedLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Requests the HTTP decoder cannot read, answered before any route runs. The black-box sweep of 2026-11-24 found
 * them answered bare (an empty 414 or 431, or the connection closed without a word): now each gets the JSON error
 * and the request id every other error has. A body that cannot be framed still closes the connection (nothing after
 * it can be read), but is logged as the client's fault, not as a server error with a stack trace.
 */
class MalformedHttpTest {

    private static final RestrictedContentServer server = RestrictedContentServer.get();

    @RegisterExtension
    final CapturedLog log = new CapturedLog();

    @Test
    void should_answer_a_request_line_longer_than_the_decoder_reads_with_a_json_414() throws Exception {
        String response = server.http.raw("GET /health?q=" + "a".repeat(100_000) + " HTTP/1.1\r\nHost: x\r\n\r\n");

        assertJsonError(response, 414, "uri_too_long");
    }

    @Test
    void should_answer_headers_larger_than_the_decoder_reads_with_a_json_431() throws Exception {
        String response = server.http.raw("GET /health HTTP/1.1\r\nHost: x\r\nX-Big: " + "b".repeat(20_000) + "\r\n\r\n");

        assertJsonError(response, 431, "headers_too_large");
    }

    @Test
    void should_answer_a_content_length_that_is_not_a_number_with_a_json_400() throws Exception {
        String response = server.http.raw("POST /api/filter HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Content-Length: twelve\r\n\r\n{}");

        assertJsonError(response, 400, "malformed_request");
    }

    @Test
    void should_answer_a_header_line_without_a_colon_with_a_json_400() throws Exception {
        String response = server.http.raw("GET /health HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n");

        assertJsonError(response, 400, "malformed_request");
    }

    @Test
    void should_close_the_connection_on_a_chunk_size_that_is_not_hex_as_no_server_error_and_keep_serving() throws Exception {
        String response = server.http.raw("POST /api/filter HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n");

        // Nothing after a chunk that cannot be framed can be read, so the connection closes without an answer.
        assertThat(response).isEmpty();
        assertThat(server.http.get("/robots.txt").statusCode()).isEqualTo(200);
        assertThat(log.atLeast(Level.WARN)).isEmpty();
        assertThat(log.anyMessageContains("connection closed before the answer")).isTrue();
    }

    /** This was logged as {@code a store is unreachable}, a warning, since a store's HTTP client fails the same way. */
    @Test
    void should_log_a_client_that_goes_away_before_its_body_ends_as_no_fault_of_the_server() throws Exception {
        server.http.abandon("POST /api/filter HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Content-Length: 1000\r\n\r\n{\"articles\": [");

        await().atMost(Duration.ofSeconds(5)).until(() -> log.anyMessageContains("POST /api/filter"));
        assertThat(log.anyMessageContains("connection closed before the answer")).isTrue();
        assertThat(log.atLeast(Level.WARN)).isEmpty();
    }

    private static void assertJsonError(String response, int status, String code) {
        assertThat(response).as(response.length() > 300 ? response.substring(0, 300) : response)
                .startsWith("HTTP/1.").contains(" " + status + " ");
        String head = response.substring(0, response.indexOf("\r\n\r\n")).toLowerCase();
        assertThat(head).contains("\r\nx-request-id: ").contains("\r\ncontent-type: application/json");
        JsonObject body = new JsonObject(response.substring(response.indexOf("\r\n\r\n") + 4));
        assertThat(body.getJsonObject("error").getString("code")).isEqualTo(code);
    }
}
