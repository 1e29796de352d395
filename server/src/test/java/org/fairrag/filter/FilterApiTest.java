package org.fairrag.filter;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.rdf.model.ResourceFactory;
import org.fairrag.app.Fairrag;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.Test;

/** {@code POST /api/filter} on the demo collection, checked against independent SPARQL. */
class FilterApiTest {

    private static final String MOUTH_NEOPLASMS = "D009062";
    private static final String NASOPHARYNGEAL_NEOPLASMS = "D009303";
    private static final String HEAD_AND_NECK_NEOPLASMS = "D006258";
    private static final String CARCINOMA_SQUAMOUS_CELL = "D002294";

    private final Fairrag fairrag = TestFairrag.demo();
    private final int port = TestFairrag.demoPort();
    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void should_keep_exactly_the_hits_tagged_with_mouth_neoplasms_or_a_narrower_term() throws Exception {
        List<String> hits = TestSearch.topHits(port, "treatments for mouth cancer", 10);

        JsonObject response = filter(new JsonObject().put("articles", new JsonArray(hits))
                .put("terms", new JsonArray().add(MOUTH_NEOPLASMS)).put("explode", true));

        Set<String> expected = new TreeSet<>();
        for (String pid : hits) {
            if (isAbout(pid, MOUTH_NEOPLASMS, true)) {
                expected.add(pid);
            }
        }
        assertThat(hits).hasSize(10);
        assertThat(expected).as("the demo has mouth cancer articles among the hits").isNotEmpty();
        assertThat(pids(response)).isEqualTo(expected);
        assertThat(response.getString("sparql")).contains("skos:broader)*").contains("VALUES ?selected");
        response.getJsonArray("results").forEach(r -> assertThat(((JsonObject) r).getJsonArray("matchedTerms")
                .getJsonObject(0).getString("id")).isEqualTo(MOUTH_NEOPLASMS));
    }

    @Test
    void should_filter_inside_retrieval_and_return_k_matching_articles_for_a_query() throws Exception {
        JsonObject response = filter(new JsonObject().put("q", "treatments for mouth cancer").put("k", 10)
                .put("terms", new JsonArray().add(MOUTH_NEOPLASMS)).put("explode", true));

        long tagged = fairrag.graph().select(QueryFactory.create("PREFIX schema: <http://schema.org/> "
                        + "PREFIX skos: <http://www.w3.org/2004/02/skos/core#> "
                        + "SELECT (COUNT(DISTINCT ?a) AS ?n) WHERE { ?a schema:about/skos:broader* ?t }"),
                Map.of("t", ResourceFactory.createResource(fairrag.vocabulary().byId(MOUTH_NEOPLASMS).orElseThrow().pid())))
                .get(0).getLiteral("n").getLong();
        assertThat(response.getJsonArray("results").size()).isEqualTo((int) Math.min(10, tagged));
        for (String pid : pids(response)) {
            assertThat(isAbout(pid, MOUTH_NEOPLASMS, true)).as(pid).isTrue();
        }
    }

    @Test
    void should_not_count_narrower_terms_without_explode() throws Exception {
        List<String> hits = TestSearch.topHits(port, "carcinoma of the tongue and the mouth", 30);

        JsonObject exploded = filter(body(hits, List.of(HEAD_AND_NECK_NEOPLASMS)).put("explode", true));
        JsonObject exact = filter(body(hits, List.of(HEAD_AND_NECK_NEOPLASMS)).put("explode", false));

        Set<String> expectedExact = new TreeSet<>();
        for (String pid : hits) {
            if (isAbout(pid, HEAD_AND_NECK_NEOPLASMS, false)) {
                expectedExact.add(pid);
            }
        }
        assertThat(pids(exact)).isEqualTo(expectedExact);
        assertThat(pids(exploded)).containsAll(pids(exact));
        assertThat(pids(exploded).size()).isGreaterThan(pids(exact).size());
    }

    @Test
    void should_require_every_term_with_all_and_one_with_any() throws Exception {
        List<String> hits = TestSearch.topHits(port, "oral squamous cell carcinoma treatment", 30);
        List<String> terms = List.of(MOUTH_NEOPLASMS, CARCINOMA_SQUAMOUS_CELL);

        Set<String> any = pids(filter(body(hits, terms).put("mode", "any")));
        JsonObject allResponse = filter(body(hits, terms).put("mode", "all"));
        Set<String> all = pids(allResponse);

        Set<String> expectedAll = new TreeSet<>();
        Set<String> expectedAny = new TreeSet<>();
        for (String pid : hits) {
            boolean mouth = isAbout(pid, MOUTH_NEOPLASMS, true);
            boolean squamous = isAbout(pid, CARCINOMA_SQUAMOUS_CELL, true);
            if (mouth && squamous) {
                expectedAll.add(pid);
            }
            if (mouth || squamous) {
                expectedAny.add(pid);
            }
        }
        assertThat(all).isEqualTo(expectedAll).isNotEmpty();
        assertThat(any).isEqualTo(expectedAny);
        assertThat(any.size()).isGreaterThan(all.size());
        allResponse.getJsonArray("results").forEach(r -> assertThat(((JsonObject) r).getInteger("matchCount")).isEqualTo(2));
    }

    @Test
    void should_rank_by_matched_terms_then_by_the_order_of_the_hits() throws Exception {
        List<String> hits = TestSearch.topHits(port, "oral squamous cell carcinoma treatment", 30);

        JsonArray results = filter(body(hits, List.of(MOUTH_NEOPLASMS, CARCINOMA_SQUAMOUS_CELL))).getJsonArray("results");

        for (int i = 1; i < results.size(); i++) {
            JsonObject prev = results.getJsonObject(i - 1), next = results.getJsonObject(i);
            int pc = prev.getInteger("matchCount"), nc = next.getInteger("matchCount");
            assertThat(pc).isGreaterThanOrEqualTo(nc);
            if (pc == nc) {
                assertThat(hits.indexOf(prev.getString("pid"))).isLessThan(hits.indexOf(next.getString("pid")));
            }
        }
    }

    @Test
    void should_drop_articles_about_an_excluded_term() throws Exception {
        List<String> hits = TestSearch.topHits(port, "nasopharyngeal and oral cancer radiotherapy", 30);

        JsonObject response = filter(body(hits, List.of(HEAD_AND_NECK_NEOPLASMS))
                .put("exclude", new JsonArray().add(NASOPHARYNGEAL_NEOPLASMS)));

        assertThat(hits.stream().filter(p -> isAbout(p, NASOPHARYNGEAL_NEOPLASMS, true)).count())
                .as("hits about nasopharyngeal cancer to exclude").isPositive();
        Set<String> expected = new TreeSet<>();
        for (String pid : hits) {
            if (isAbout(pid, HEAD_AND_NECK_NEOPLASMS, true) && !isAbout(pid, NASOPHARYNGEAL_NEOPLASMS, true)) {
                expected.add(pid);
            }
        }
        assertThat(pids(response)).isEqualTo(expected).isNotEmpty();
    }

    @Test
    void should_answer_400_for_an_unknown_term() throws Exception {
        HttpResponse<String> r = post(body(TestSearch.topHits(port, "mouth cancer", 3), List.of("D999999")));

        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.body()).contains("unknown_term").contains("D999999");
    }

    @Test
    void should_refuse_injection_attempts_in_ids_with_400() throws Exception {
        List<String> hits = TestSearch.topHits(port, "mouth cancer", 3);
        for (String evil : List.of("D009062> } ; DROP ALL ; #", "D009062\" . ?s ?p ?o", "<http://x>", "D009062 UNION {}")) {
            HttpResponse<String> r = post(body(hits, List.of(evil)));
            assertThat(r.statusCode()).as(evil).isEqualTo(400);
            assertThat(r.body()).contains("malformed_term_id");
        }
        HttpResponse<String> badPid = post(body(List.of(hits.get(0) + "> } DROP ALL"), List.of(MOUTH_NEOPLASMS)));
        assertThat(badPid.statusCode()).isEqualTo(400);
        assertThat(badPid.body()).contains("malformed_pid");
    }

    @Test
    void should_answer_400_to_malformed_requests() throws Exception {
        assertThat(postRaw("{not json").statusCode()).isEqualTo(400);
        assertThat(postRaw("[1,2]").statusCode()).isEqualTo(400);
        assertThat(postRaw("{\"articles\": \"x\", \"terms\": [\"D009062\"]}").body()).contains("wrong_type");
        String neither = postRaw("{\"terms\": [\"D009062\"]}").body();
        assertThat(neither).contains("articles_or_query").contains("Give the articles to filter").doesNotContain("not both");
        assertThat(postRaw("{\"articles\": [], \"q\": \"mouth\", \"terms\": [\"D009062\"]}").body())
                .contains("articles_or_query").contains("not both");
        assertThat(postRaw("{\"articles\": [], \"terms\": [\"D009062\"], \"mode\": \"most\"}").body()).contains("bad_mode");
        assertThat(postRaw("{\"articles\": [], \"terms\": [\"D009062\"], \"surprise\": 1}").body()).contains("unknown_field");
    }

    private boolean isAbout(String articlePid, String termId, boolean explode) {
        String termPid = fairrag.vocabulary().byId(termId).orElseThrow().pid();
        String path = explode ? "schema:about/skos:broader*" : "schema:about";
        return fairrag.graph().ask(QueryFactory.create("PREFIX schema: <http://schema.org/> "
                        + "PREFIX skos: <http://www.w3.org/2004/02/skos/core#> ASK { ?a " + path + " ?t }"),
                Map.of("a", ResourceFactory.createResource(articlePid), "t", ResourceFactory.createResource(termPid)));
    }

    private static JsonObject body(List<String> hits, List<String> terms) {
        return new JsonObject().put("articles", new JsonArray(hits)).put("terms", new JsonArray(terms));
    }

    private static Set<String> pids(JsonObject response) {
        Set<String> out = new TreeSet<>();
        response.getJsonArray("results").forEach(r -> out.add(((JsonObject) r).getString("pid")));
        return out;
    }

    private JsonObject filter(JsonObject body) throws Exception {
        HttpResponse<String> r = post(body);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return new JsonObject(r.body());
    }

    private HttpResponse<String> post(JsonObject body) throws Exception {
        return postRaw(body.encode());
    }

    private HttpResponse<String> postRaw(String body) throws Exception {
        return http.send(HttpRequest.newBuilder().timeout(java.time.Duration.ofSeconds(60)).uri(URI.create("http://127.0.0.1:" + port + "/api/filter"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
