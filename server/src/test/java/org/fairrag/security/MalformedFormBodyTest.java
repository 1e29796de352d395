package org.fairrag.security;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import org.fairrag.testing.CapturedLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Replays "bad form bodies give 500 on any route, with a stack trace logged":
 * {@code curl -XPOST -H 'Content-Type: application/x-www-form-urlencoded' --data-binary 'query=%zz' /sparql} (also
 * on /api/annotate and /nonexistent, and the bodies {@code query=%} and {@code query=ASK{}%F}), and a GET with a
 * form body ({@code -XGET -d 'k=5' '/api/articles/search?q=x'}: "Request method must be one of POST..."). Bad
 * percent-encoding is a 400 {@code invalid_encoding} logged below ERROR; a GET's form body is ignored.
 */
class MalformedFormBodyTest {

    private static final RestrictedContentServer server = RestrictedContentServer.get();
    private static final String FORM = "application/x-www-form-urlencoded";

    @RegisterExtension
    final CapturedLog log = new CapturedLog();

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
            "/sparql|query=%zz", "/sparql|query=%", "/sparql|query=ASK{}%F",
            "/api/annotate|query=%zz", "/nonexistent|query=%zz", "/nonexistent|query=%"})
    void should_refuse_bad_percent_encoding_in_a_form_body_as_a_client_fault(String path, String body) throws Exception {
        HttpResponse<String> r = server.http.send("POST", path, body, "Content-Type", FORM);

        assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
        assertThat(new JsonObject(r.body()).getJsonObject("error").getString("code")).isEqualTo("invalid_encoding");
        assertThat(r.headers().firstValue("X-Request-Id")).isPresent();
        assertThat(log.atLeast(Level.ERROR)).isEmpty();
    }

    @Test
    void should_still_read_a_well_encoded_form_body() throws Exception {
        HttpResponse<String> r = server.http.send("POST", "/sparql", "query=" + HttpCalls.enc("ASK { ?s ?p ?o }"),
                "Content-Type", FORM, "Accept", "application/sparql-results+json");

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(r.body()).contains("boolean");
    }

    @Test
    void should_answer_a_get_with_a_form_body_ignoring_the_body() throws Exception {
        HttpResponse<String> r = server.http.send("GET", "/api/articles/search?q=tumour", "k=5", "Content-Type", FORM);

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(new JsonObject(r.body()).getJsonArray("results")).isNotEmpty();
        assertThat(log.atLeast(Level.ERROR)).isEmpty();
    }
}
