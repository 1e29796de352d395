package org.fairrag.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.fairrag.app.Fairrag;
import org.fairrag.app.HttpServerLauncher;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.SourceFile;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The query timeout and row cap, on an instance configured with small limits. */
class SparqlLimitsTest {

    private static Fairrag fairrag;
    private static int port;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        fairrag = TestFairrag.open(TestFairrag.config(TestFairrag.newDir("limits")).toBuilder()
                .sparqlTimeout(Duration.ofMillis(300)).sparqlMaxRows(5).build());
        fairrag.ingest(SourceFile.of(TestFairrag.resource("/samples/xml/netsynergy_pubmed21n1002.xml.gz")),
                ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
        port = HttpServerLauncher.start(fairrag).port();
    }

    @AfterAll
    static void stop() {
        fairrag.close();
    }

    @Test
    void should_stop_a_query_that_runs_past_the_timeout_with_503() throws Exception {
        HttpResponse<String> r = get("SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }");

        assertThat(r.statusCode()).isEqualTo(503);
        assertThat(r.body()).contains("query_timeout");
    }

    @Test
    void should_lower_a_larger_limit_to_the_row_cap() throws Exception {
        HttpResponse<String> r = get("SELECT ?s WHERE { ?s ?p ?o } LIMIT 100");

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue(SparqlHandler.RESULT_CAP_HEADER)).contains("5");
        assertThat(r.body().lines().count()).isEqualTo(6);
    }

    @Test
    void should_keep_a_smaller_limit_untouched() throws Exception {
        HttpResponse<String> r = get("SELECT ?s WHERE { ?s ?p ?o } LIMIT 2");

        assertThat(r.headers().firstValue(SparqlHandler.RESULT_CAP_HEADER)).isEmpty();
        assertThat(r.body().lines().count()).isEqualTo(3);
    }

    private HttpResponse<String> get(String query) throws Exception {
        return http.send(HttpRequest.newBuilder().timeout(java.time.Duration.ofSeconds(60)).uri(URI.create("http://127.0.0.1:" + port + "/sparql?query="
                + URLEncoder.encode(query, StandardCharsets.UTF_8))).header("Accept", "text/csv").GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
