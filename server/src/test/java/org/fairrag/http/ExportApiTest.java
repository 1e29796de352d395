package org.fairrag.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.QuerySolution;
import org.fairrag.app.Fairrag;
import org.fairrag.fdo.PidScheme;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.Test;

/** {@code POST /api/export} on the demo collection. */
class ExportApiTest {

    private final Fairrag fairrag = TestFairrag.demo();
    private final int port = TestFairrag.demoPort();
    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void should_offer_the_chosen_articles_as_a_file_in_each_format() throws Exception {
        List<QuerySolution> rows = articles(3);
        JsonArray pids = new JsonArray(rows.stream().map(r -> r.getResource("a").getURI()).toList());

        for (var format : Map.of("csv", "text/csv", "bibtex", "application/x-bibtex",
                "ris", "application/x-research-info-systems").entrySet()) {
            HttpResponse<String> r = post(format.getKey(), new JsonObject().put("articles", pids));

            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
            assertThat(r.headers().firstValue("Content-Type").orElseThrow()).startsWith(format.getValue());
            assertThat(r.headers().firstValue("Content-Disposition").orElseThrow()).startsWith("attachment; filename=\"fairrag-articles.");
            for (QuerySolution row : rows) {
                assertThat(r.body()).contains(row.getLiteral("pmid").getString(), row.getResource("a").getURI());
            }
            if (format.getKey().equals("ris")) {
                assertThat(r.body()).contains(rows.stream().map(row -> "TI  - " + row.getLiteral("title").getString()).toList());
            }
        }
    }

    @Test
    void should_keep_the_order_given() throws Exception {
        List<QuerySolution> rows = articles(3);
        List<String> reversed = new ArrayList<>(rows.stream().map(r -> r.getResource("a").getURI()).toList());
        Collections.reverse(reversed);

        String ris = post("ris", new JsonObject().put("articles", new JsonArray(reversed))).body();

        List<String> urls = ris.lines().filter(l -> l.startsWith("UR  - ")).map(l -> l.substring(6)).toList();
        assertThat(urls).containsExactlyElementsOf(reversed);
    }

    @Test
    void should_refuse_a_bad_format_unknown_articles_and_an_empty_choice() throws Exception {
        String pid = articles(1).get(0).getResource("a").getURI();
        String unknown = TestFairrag.BASE_URL + "/pid/" + PidScheme.idFor("article:pubmed:1");

        assertThat(post("docx", new JsonObject().put("articles", new JsonArray().add(pid))).body()).contains("invalid_parameter");
        assertThat(post(null, new JsonObject().put("articles", new JsonArray().add(pid))).body()).contains("missing_parameter");
        assertThat(post("csv", new JsonObject().put("articles", new JsonArray().add(unknown))).body()).contains("unknown_article");
        assertThat(post("csv", new JsonObject().put("articles", new JsonArray().add("http://evil.example/pid/x"))).body())
                .contains("malformed_pid");
        HttpResponse<String> empty = post("csv", new JsonObject().put("articles", new JsonArray()));
        assertThat(empty.statusCode()).isEqualTo(400);
        assertThat(empty.body()).contains("no_articles");
    }

    private List<QuerySolution> articles(int n) {
        return fairrag.graph().select(QueryFactory.create("""
                PREFIX schema: <http://schema.org/> PREFIX dct: <http://purl.org/dc/terms/>
                SELECT ?a ?pmid ?title WHERE { ?a a schema:ScholarlyArticle ; dct:identifier ?pmid ; dct:title ?title }
                ORDER BY ?a LIMIT %d""".formatted(n))).stream().toList();
    }

    private HttpResponse<String> post(String format, JsonObject body) throws Exception {
        String query = format == null ? "" : "?format=" + format;
        return http.send(HttpRequest.newBuilder().timeout(Duration.ofSeconds(60))
                .uri(URI.create("http://127.0.0.1:" + port + "/api/export" + query))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.encode())).build(), HttpResponse.BodyHandlers.ofString());
    }
}
