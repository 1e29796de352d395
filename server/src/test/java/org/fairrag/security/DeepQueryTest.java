package org.fairrag.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Queries too deep for the parser's or the engine's recursion are refused with a plain 400 before Jena sees
 * them, and large queries in a form body are accepted up to {@code FAIRRAG_MAX_BODY}.
 */
class DeepQueryTest {

    private final SecurityFixture fx = SecurityFixture.get();

    @Test
    void should_refuse_the_reported_deep_queries_with_a_plain_400() {
        List<String> deep = List.of(
                "SELECT * WHERE { ?s " + "<urn:p>/".repeat(5_000) + "<urn:p> ?o }",
                "SELECT * WHERE { " + "{ ?s ?p ?o } UNION ".repeat(5_000) + "{ ?s ?p ?o } }",
                "SELECT * WHERE { FILTER(" + "!".repeat(1_000) + "true) }",
                "SELECT * WHERE { FILTER(" + "(".repeat(1_000) + "true" + ")".repeat(1_000) + ") }",
                "SELECT * WHERE { ?s ?p ?o " + "OPTIONAL { ?s ?p ?o } ".repeat(2_000) + "}",
                "SELECT * WHERE { " + "BIND(1 AS ?x) ".repeat(2_000) + "}");
        for (String query : deep) {
            for (HttpResponse<String> r : List.of(postForm(query), postDirect(query))) {
                assertThat(r.statusCode()).as(query.substring(0, 40)).isEqualTo(400);
                JsonObject error = new JsonObject(r.body()).getJsonObject("error");
                assertThat(error.getString("code")).isEqualTo("query_too_complex");
                assertThat(error.getString("message")).doesNotContain("StackOverflow").contains("Split it");
            }
        }
    }

    @Test
    void should_still_run_queries_just_inside_the_limits() {
        List<String> wide = List.of(
                "SELECT * WHERE { " + "{ ".repeat(60) + "?s a <http://schema.org/ScholarlyArticle>" + " }".repeat(60) + " } LIMIT 1",
                "SELECT * WHERE { " + "{ ?s a <http://schema.org/ScholarlyArticle> } UNION ".repeat(300)
                        + "{ ?s a <http://schema.org/ScholarlyArticle> } } LIMIT 1",
                "SELECT * WHERE { ?s a <http://schema.org/ScholarlyArticle> FILTER(" + "!".repeat(501) + "false) } LIMIT 1");
        for (String query : wide) {
            HttpResponse<String> r = postForm(query);

            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
            assertThat(r.body()).contains("/pid/");
        }
    }

    @Test
    void should_take_a_form_encoded_query_as_long_as_any_body() {
        // Over the 8,192 bytes of a form field Vert.x allows by default, within the 1 MiB body limit.
        String query = "SELECT ?s WHERE { ?s a <http://schema.org/ScholarlyArticle> } LIMIT 1 # " + "x".repeat(50_000);
        String tooLong = "ASK { } # " + "x".repeat(1 << 20);

        HttpResponse<String> r = postForm(query);
        HttpResponse<String> refused = postForm(tooLong);

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(r.body()).contains("/pid/");
        assertThat(refused.statusCode()).isEqualTo(413);
        assertThat(new JsonObject(refused.body()).getJsonObject("error").getString("code")).isEqualTo("payload_too_large");
    }

    private HttpResponse<String> postForm(String query) {
        return fx.send(HttpRequest.newBuilder(fx.uri("/sparql")).timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/x-www-form-urlencoded").header("Accept", "text/csv")
                .POST(HttpRequest.BodyPublishers.ofString("query=" + SecurityFixture.encode(query))).build());
    }

    private HttpResponse<String> postDirect(String query) {
        return fx.send(HttpRequest.newBuilder(fx.uri("/sparql")).timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/sparql-query").header("Accept", "text/csv")
                .POST(HttpRequest.BodyPublishers.ofString(query)).build());
    }
}
