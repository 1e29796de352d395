package org.fairrag.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Replays a robustness sweep's findings against the SPARQL engine: a query of 110,000 triple patterns (one object
 * list, 880 KB) held a query thread for three minutes, past the time limit, while TDB2 ordered its patterns; a regular
 * expression that does not compile, or a text search Lucene cannot parse, was a 500; and a function IRI naming a Java
 * class ({@code <java:...>}) made the engine load and run that class.
 */
class SparqlEngineAbuseTest {

    private final SecurityFixture fx = SecurityFixture.get();

    @Test
    void should_refuse_a_query_with_more_triple_patterns_than_the_limit_before_running_it() {
        String objects = IntStream.range(0, 110_000).mapToObj(i -> "\"" + i + "\"").collect(Collectors.joining(","));
        HttpResponse<String> r = postDirect("PREFIX : <http://x/> SELECT * WHERE { ?s :p " + objects + " } LIMIT 1");

        assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
        JsonObject error = new JsonObject(r.body()).getJsonObject("error");
        assertThat(error.getString("code")).isEqualTo("query_too_complex");
        assertThat(error.getString("message")).contains("1000 triple patterns").contains("VALUES");
    }

    @Test
    void should_count_the_patterns_of_sub_queries_exists_and_construct_templates_too() {
        String many = IntStream.range(0, 600).mapToObj(i -> "?s <urn:p" + i + "> ?o" + i + " .").collect(Collectors.joining(" "));
        for (String query : new String[] {
                "SELECT * WHERE { " + many + " { SELECT * WHERE { " + many + " } } }",
                "SELECT * WHERE { ?s ?p ?o FILTER EXISTS { " + many + " } FILTER NOT EXISTS { " + many + " } }",
                "CONSTRUCT { " + many + " } WHERE { " + many + " }"}) {
            HttpResponse<String> r = postDirect(query);

            assertThat(r.statusCode()).as(query.substring(0, 30)).isEqualTo(400);
            assertThat(new JsonObject(r.body()).getJsonObject("error").getString("code")).isEqualTo("query_too_complex");
        }
    }

    @Test
    void should_still_run_a_query_of_as_many_triple_patterns_as_the_limit() {
        String patterns = IntStream.range(0, 1_000).mapToObj(i -> "?s a <http://schema.org/ScholarlyArticle> .")
                .collect(Collectors.joining(" "));
        HttpResponse<String> r = postDirect("SELECT ?s WHERE { " + patterns + " } LIMIT 1");

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(r.body()).contains("/pid/");
    }

    @Test
    void should_answer_a_regular_expression_that_does_not_compile_with_a_400() {
        for (String query : new String[] {
                "SELECT (REGEX(\"a\", \"[\") AS ?x) {}",
                "SELECT (REPLACE(\"a\", \"(\", \"b\") AS ?x) {}",
                "SELECT (REGEX(\"a\", \"a\", \"zz\") AS ?x) {}"}) {
            HttpResponse<String> r = fx.sparql(query);

            assertThat(r.statusCode()).as(query).isEqualTo(400);
            JsonObject error = new JsonObject(r.body()).getJsonObject("error");
            assertThat(error.getString("code")).isEqualTo("query_error");
            assertThat(error.getString("message")).startsWith("The query cannot be evaluated: ").doesNotContain("java.");
        }
    }

    @Test
    void should_answer_a_text_search_lucene_cannot_parse_with_a_400() {
        for (String search : new String[] {"~", "AND", "[a TO", "a("}) {
            HttpResponse<String> r = fx.sparql("PREFIX text: <http://jena.apache.org/text#> "
                    + "SELECT * WHERE { ?s text:query \"" + search + "\" }");

            assertThat(r.statusCode()).as(search + ": " + r.body()).isEqualTo(400);
            assertThat(new JsonObject(r.body()).getJsonObject("error").getString("code")).isEqualTo("text_query_syntax");
        }
    }

    @Test
    void should_not_load_a_java_class_that_a_function_iri_names() {
        HttpResponse<String> r = fx.sparql("SELECT (<java:org.apache.jena.sparql.function.library.FN_StrSubstring>(\"abc\", 1)"
                + " AS ?x) (STRLEN(\"abc\") AS ?n) {}");

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(r.body().lines().toList()).containsExactly("x,n", ",3");
    }

    private HttpResponse<String> postDirect(String query) {
        return fx.send(HttpRequest.newBuilder(fx.uri("/sparql")).timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/sparql-query").header("Accept", "text/csv")
                .POST(HttpRequest.BodyPublishers.ofString(query)).build());
    }
}
