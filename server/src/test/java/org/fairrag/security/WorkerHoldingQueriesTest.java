package org.fairrag.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * Queries that would hold a SPARQL worker for as long as they like are stopped by the time limit, their
 * workers freed, and one client cannot take every worker: the two queries of the adversarial review, replayed
 * on a store where each is work for many seconds, with a one-second limit.
 */
class WorkerHoldingQueriesTest {

    private static final String CROSS_COUNT = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f }";
    // Counted, so that no row can be written before the limit stops it: a listing of the same path on a quiet
    // machine streams its first rows in time, and is then cut by a reset instead of answered 503.
    private static final String OPEN_PATH = "SELECT (COUNT(*) AS ?n) WHERE { ?a (<urn:x>|!<urn:x>)* ?b }";
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    private final SecurityFixture fx = SecurityFixture.get();

    @Test
    void should_stop_four_cross_counts_at_the_time_limit_report_degraded_meanwhile_and_free_the_workers() {
        double timeoutsBefore = fx.metric("fairrag_sparql_timeouts_total");
        List<CompletableFuture<HttpResponse<String>>> counts = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            counts.add(fx.sparqlAsync(CROSS_COUNT, "X-API-Key", fx.newClientKey("cross count " + i)));
        }

        await("health degraded while the SPARQL threads are taken").atMost(PATIENCE).pollInterval(Duration.ofMillis(50))
                .until(() -> healthStatus().equals("DEGRADED"));
        List<HttpResponse<String>> answers = counts.stream().map(CompletableFuture::join).toList();

        for (HttpResponse<String> r : answers) {
            assertThat(r.statusCode()).as(r.body()).isEqualTo(503);
            assertThat(new JsonObject(r.body()).getJsonObject("error").getString("code")).isEqualTo("query_timeout");
            assertThat(r.headers().firstValue("Retry-After")).isPresent();
        }
        await("SPARQL workers free").atMost(PATIENCE).until(() -> fx.sparqlInFlight() == 0);
        assertThat(healthStatus()).isEqualTo("UP");
        assertThat(fx.metric("fairrag_sparql_timeouts_total")).isEqualTo(timeoutsBefore + 4);
    }

    @Test
    void should_stop_an_open_property_path_at_the_time_limit_and_free_its_worker() {
        double timeoutsBefore = fx.metric("fairrag_sparql_timeouts_total");

        HttpResponse<String> r = fx.sparql(OPEN_PATH);

        assertThat(r.statusCode()).as(r.body()).isEqualTo(503);
        assertThat(new JsonObject(r.body()).getJsonObject("error").getString("code")).isEqualTo("query_timeout");
        await("SPARQL workers free").atMost(PATIENCE).until(() -> fx.sparqlInFlight() == 0);
        assertThat(fx.metric("fairrag_sparql_timeouts_total")).isEqualTo(timeoutsBefore + 1);
    }

    @Test
    void should_refuse_a_clients_second_query_and_answer_other_clients_while_its_first_runs() {
        String greedy = fx.newClientKey("greedy client");
        CompletableFuture<HttpResponse<String>> heavy = fx.sparqlAsync(CROSS_COUNT, "X-API-Key", greedy);
        await("the heavy query running").atMost(PATIENCE).until(() -> fx.sparqlInFlight() >= 1);

        HttpResponse<String> second = fx.sparql("ASK { }", "X-API-Key", greedy);
        HttpResponse<String> other = fx.sparql("SELECT ?s WHERE { ?s a <http://schema.org/ScholarlyArticle> } LIMIT 1");
        HttpResponse<String> otherKeyed = fx.sparql("ASK { ?s a <http://schema.org/ScholarlyArticle> }",
                "X-API-Key", fx.restrictedKey);

        assertThat(second.statusCode()).isEqualTo(429);
        assertThat(new JsonObject(second.body()).getJsonObject("error").getString("code")).isEqualTo("too_many_queries");
        assertThat(second.headers().firstValue("Retry-After")).isPresent();
        assertThat(other.statusCode()).as(other.body()).isEqualTo(200);
        assertThat(other.body()).contains("/pid/");
        assertThat(otherKeyed.statusCode()).as(otherKeyed.body()).isEqualTo(200);
        assertThat(otherKeyed.body()).contains("true");
        assertThat(heavy.join().statusCode()).isEqualTo(503);
        await("SPARQL workers free").atMost(PATIENCE).until(() -> fx.sparqlInFlight() == 0);
        assertThat(fx.sparql("ASK { }", "X-API-Key", greedy).statusCode()).as("its place is free again").isEqualTo(200);
    }

    private String healthStatus() {
        return new JsonObject(fx.get("/health").body()).getString("status");
    }
}
