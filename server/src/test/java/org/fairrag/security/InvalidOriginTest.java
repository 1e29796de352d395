package org.fairrag.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Replays "a malformed Origin header gives 500 on every route" ({@code curl -H 'Origin: x' /health}, also
 * {@code http://}, {@code file://}, {@code *}, {@code javascript:alert(1)}, and on a preflight OPTIONS; the log
 * said "CORS Rejected - Invalid origin"). Such an Origin is not an origin: it is ignored, the request answered
 * as without it, with no CORS headers.
 */
class InvalidOriginTest {

    private static final RestrictedContentServer server = RestrictedContentServer.get();

    @ParameterizedTest(name = "Origin: {0}")
    @ValueSource(strings = {"x", "http://", "file://", "*", "javascript:alert(1)"})
    void should_answer_health_as_without_an_origin_that_is_not_one(String origin) throws Exception {
        HttpResponse<String> r = server.http.get("/health", "Origin", origin);

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(r.headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
        assertThat(r.headers().firstValue("X-Request-Id")).isPresent();
    }

    @ParameterizedTest(name = "Origin: {0}")
    @ValueSource(strings = {"x", "javascript:alert(1)"})
    void should_answer_an_api_search_as_without_an_origin_that_is_not_one(String origin) throws Exception {
        HttpResponse<String> r = server.http.get("/api/terms/search?q=tumour", "Origin", origin);

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(new JsonObject(r.body()).containsKey("results")).isTrue();
        assertThat(r.headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
    }

    @Test
    void should_not_fail_a_preflight_with_an_origin_that_is_not_one() throws Exception {
        HttpResponse<String> r = server.http.send("OPTIONS", "/api/filter", null, "Origin", "x",
                "Access-Control-Request-Method", "POST");

        assertThat(r.statusCode()).as(r.body()).isLessThan(500);
        assertThat(r.headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
    }

    @Test
    void should_still_allow_a_well_formed_origin() throws Exception {
        HttpResponse<String> r = server.http.get("/health", "Origin", "https://example.org");

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Access-Control-Allow-Origin")).isPresent();
    }
}
