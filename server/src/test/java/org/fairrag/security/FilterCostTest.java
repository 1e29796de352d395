package org.fairrag.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.jena.query.QueryFactory;
import org.fairrag.app.Fairrag;
import org.fairrag.filter.FilterCost;
import org.fairrag.testing.TestFairrag;
import org.fairrag.vocab.Term;
import org.junit.jupiter.api.Test;

/**
 * Replays "POST /api/filter with 200 PIDs and 50 exploded top-level terms takes about 10 s, and three of
 * them starve every other filter, summarize and export": the cost of a filter (articles × exploded
 * terms) is capped before it runs, and filters above a lower bound run in a lane of their own, so that
 * a light request is answered while heavy ones run. On the demo collection (MeSH and 2,500 articles).
 */
class FilterCostTest {

    private static final Fairrag fairrag = TestFairrag.demo();
    private static final HttpCalls http = new HttpCalls(TestFairrag.demoPort());
    private static final List<String> articles = articles(200);
    /** Descriptors at the top of a MeSH tree (Neoplasms, Infections, ...), each with hundreds of narrower terms. */
    private static final List<String> topLevel = fairrag.vocabulary().terms().stream()
            .filter(t -> t.treeNumbers().stream().anyMatch(n -> !n.contains(".")))
            .map(Term::id).sorted(Comparator.naturalOrder()).limit(50).toList();

    @Test
    void should_refuse_a_filter_that_would_walk_the_hierarchy_too_often() throws Exception {
        assertThat(topLevel).hasSize(50);

        HttpResponse<String> byList = http.post("/api/filter", filter(articles, topLevel, true).encode());
        HttpResponse<String> byQuery = http.post("/api/filter", new JsonObject().put("q", "tumours of the mouth").put("k", 100)
                .put("terms", new JsonArray(topLevel)).encode());

        for (HttpResponse<String> r : List.of(byList, byQuery)) {
            assertThat(r.statusCode()).isEqualTo(400);
            JsonObject error = new JsonObject(r.body()).getJsonObject("error");
            assertThat(error.getString("code")).isEqualTo("filter_too_costly");
            assertThat(error.getString("message")).contains("50 terms").contains("explode").contains(Integer.toString(FilterCost.MAX_WALKS));
        }
        // Exact terms are a lookup: the same request without explode is answered.
        assertThat(http.post("/api/filter", filter(articles, topLevel, false).encode()).statusCode()).isEqualTo(200);
    }

    @Test
    void should_answer_light_requests_while_heavy_filters_run() throws Exception {
        // 200 articles × 10 exploded top-level terms: the most one request may ask for.
        JsonObject heavy = filter(articles, topLevel.subList(0, FilterCost.MAX_WALKS / articles.size()), true);
        assertThat(new FilterCost(articles.size(), 10).heavy()).isTrue();
        ConcurrentLinkedQueue<String> finished = new ConcurrentLinkedQueue<>();
        HttpClient client = HttpClient.newHttpClient();
        List<CompletableFuture<HttpResponse<String>>> heavyOnes = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            String name = "heavy filter " + i;
            heavyOnes.add(client.sendAsync(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + TestFairrag.demoPort() + "/api/filter"))
                            .header("Content-Type", "application/json").timeout(Duration.ofMinutes(5))
                            .POST(HttpRequest.BodyPublishers.ofString(heavy.encode())).build(), HttpResponse.BodyHandlers.ofString())
                    .whenComplete((r, e) -> finished.add(name)));
        }
        await().atMost(Duration.ofSeconds(60)).until(() -> heavyInFlight() == 3);

        HttpResponse<String> light = http.post("/api/filter", filter(articles.subList(0, 10), List.of("D009062"), true).encode());
        finished.add("light filter");
        HttpResponse<String> export = http.post("/api/export?format=csv", new JsonObject()
                .put("articles", new JsonArray(articles.subList(0, 10))).encode());
        finished.add("export");

        assertThat(light.statusCode()).as(light.body()).isEqualTo(200);
        assertThat(export.statusCode()).isEqualTo(200);
        for (CompletableFuture<HttpResponse<String>> h : heavyOnes) {
            assertThat(h.get().statusCode()).isEqualTo(200);
        }
        assertThat(List.copyOf(finished)).as("the light requests were not queued behind the heavy ones")
                .startsWith("light filter", "export");
    }

    private static double heavyInFlight() {
        return fairrag.metrics().get("fairrag.pool.in.flight").tag("pool", "filter-heavy").gauge().value();
    }

    private static JsonObject filter(List<String> pids, List<String> terms, boolean explode) {
        return new JsonObject().put("articles", new JsonArray(pids)).put("terms", new JsonArray(terms)).put("explode", explode);
    }

    private static List<String> articles(int n) {
        return fairrag.graph().select(QueryFactory.create("PREFIX schema: <http://schema.org/> SELECT ?a WHERE { GRAPH <"
                + fairrag.graphs().publicContent() + "> { ?a a schema:ScholarlyArticle } } ORDER BY ?a LIMIT " + n)).stream()
                .map(r -> r.getResource("a").getURI()).toList();
    }
}
