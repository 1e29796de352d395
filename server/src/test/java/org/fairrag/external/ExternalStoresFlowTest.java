package org.fairrag.external;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fairrag.app.Fairrag;
import org.fairrag.app.FairragConfig;
import org.fairrag.app.HttpServerLauncher;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.SourceFile;
import org.fairrag.testing.ExternalStores;
import org.fairrag.testing.TestFairrag;
import org.fairrag.vocab.Concept;
import org.fairrag.vocab.VocabularyInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The whole flow on stores that run as servers of their own ({@code mvn -B verify -Pexternal-stores}):
 * fairrag keeps nothing of the graph or the registry in its data directory, writes them to the Fuseki
 * and PostgreSQL servers, serves search, filter, summaries and PIDs from them, withdraws an article, and
 * finds it all again after a restart. Skipped in the default build, which has no such servers.
 */
@EnabledIfSystemProperty(named = "fairrag.test.stores", matches = "external",
        disabledReason = "needs the external stores: mvn -B verify -Pexternal-stores")
class ExternalStoresFlowTest {

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void should_run_ingest_search_filter_summarize_pids_and_a_tombstone_on_external_stores_and_keep_them_over_a_restart()
            throws Exception {
        Path dir = TestFairrag.newDir("external-flow");
        FairragConfig config = TestFairrag.searchConfig(dir);
        assertThat(ExternalStores.enabled()).isTrue();
        assertThat(config.sparqlUrl()).hasValueSatisfying(url -> assertThat(url).startsWith("http://127.0.0.1:"));
        assertThat(config.pgUrl()).isPresent();
        String articlePid;
        String adminKey;
        try (Fairrag fairrag = TestFairrag.open(config)) {
            assertThat(fairrag.graph().describe()).startsWith("SPARQL endpoint http://127.0.0.1:");
            fairrag.loadVocabulary(VocabularyInfo.MESH_2024, List.of(
                    new Concept("D009369", "http://id.nlm.nih.gov/mesh/D009369", "Neoplasms", List.of("Tumors"), List.of("C04"), List.of(), null),
                    new Concept("D009062", "http://id.nlm.nih.gov/mesh/D009062", "Mouth Neoplasms", List.of("Mouth Cancer"),
                            List.of("C04.588.443.591"), List.of("D009369"), null)), IngestProgress.NONE);
            Path file = Files.writeString(TestFairrag.newDir("external-flow-files").resolve("articles.jsonl"),
                    article("97000001", "Oral cancer screening in adults", "Mouth Neoplasms")
                    + article("97000002", "Salivary markers of mouth tumours", "Mouth Neoplasms")
                    + article("97000003", "Tumour growth in older patients", "Neoplasms"));
            ArticleIngest.Report report = fairrag.ingest(SourceFile.of(file), ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
            assertThat(report.counts().accepted()).isEqualTo(3);
            articlePid = fairrag.publisher().pidUrl(ArticleIngest.articleId("97000001"));
            adminKey = fairrag.apiKeys().create("operator", "restricted", true).await().token();
            int port = HttpServerLauncher.start(fairrag).port();

            assertThat(storeAnswers(config, "ASK { GRAPH ?g { <" + articlePid + "> ?p ?o } }"))
                    .as("the article is in the external store itself").contains("true");
            assertThat(Files.exists(dir.resolve("fuseki"))).as("no embedded triple store in the data directory").isFalse();
            assertThat(Files.exists(dir.resolve("postgres"))).as("no embedded PostgreSQL in the data directory").isFalse();

            JsonObject search = json(get(port, "/api/articles/search?k=5&q=" + enc("oral cancer screening")));
            assertThat(pids(search, "results")).first().isEqualTo(articlePid);
            String filter = new JsonObject().put("q", "mouth tumours").put("k", 10)
                    .put("terms", new JsonArray().add("D009062")).put("explode", true).encode();
            assertThat(pids(json(post(port, "/api/filter", filter, null)), "results")).hasSize(2).contains(articlePid);
            HttpResponse<String> summary = post(port, "/api/summarize",
                    new JsonObject().put("articles", new JsonArray().add(articlePid)).put("prompt", "What was studied?").encode(), null);
            assertThat(summary.statusCode()).isEqualTo(201);
            assertThat(summary.body()).contains(articlePid);

            HttpResponse<String> landing = get(port, path(articlePid), "Accept", "text/html");
            assertThat(landing.statusCode()).isEqualTo(200);
            assertThat(landing.body()).contains("Oral cancer screening in adults");
            assertThat(get(port, path(articlePid), "Accept", "text/turtle").body()).contains("Oral cancer screening in adults");

            String withdrawn = fairrag.publisher().pidUrl(ArticleIngest.articleId("97000002"));
            HttpResponse<String> tombstone = post(port, path(withdrawn).replace("/pid/", "/api/admin/pid/") + "/tombstone",
                    new JsonObject().put("reason", "Retracted").encode(), adminKey);
            assertThat(tombstone.statusCode()).as(tombstone.body()).isBetween(200, 204);
            assertThat(get(port, path(withdrawn), "Accept", "text/html").statusCode()).isEqualTo(410);
            assertThat(pids(json(get(port, "/api/articles/search?k=5&q=" + enc("salivary markers"))), "results")).doesNotContain(withdrawn);
        }

        try (Fairrag restarted = TestFairrag.open(config)) {
            int port = HttpServerLauncher.start(restarted).port();
            assertThat(pids(json(get(port, "/api/articles/search?k=5&q=" + enc("oral cancer screening"))), "results"))
                    .first().isEqualTo(articlePid);
            assertThat(get(port, path(articlePid), "Accept", "text/html").statusCode()).isEqualTo(200);
            assertThat(restarted.registry().find(ArticleIngest.articleId("97000002")).await().orElseThrow().tombstoned()).isTrue();
        }
    }

    private String storeAnswers(FairragConfig config, String ask) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(config.sparqlUrl().orElseThrow() + "?query=" + enc(ask)))
                .header("Accept", "application/sparql-results+json").build(), HttpResponse.BodyHandlers.ofString()).body();
    }

    private static String article(String pmid, String title, String term) {
        return new JsonObject().put("pmid", pmid).put("title", title).put("year", 2021)
                .put("abstract", title + ". We studied " + title.toLowerCase() + " in a cohort and found clear differences.")
                .put("mesh", new JsonArray().add(term)).encode() + "\n";
    }

    private HttpResponse<String> get(int port, String path, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(int port, String path, String body, String apiKey) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
        if (apiKey != null) {
            request.header("X-API-Key", apiKey);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonObject json(HttpResponse<String> response) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return new JsonObject(response.body());
    }

    private static List<String> pids(JsonObject body, String field) {
        return body.getJsonArray(field).stream().map(o -> ((JsonObject) o).getString("pid")).toList();
    }

    private static String path(String pid) {
        return URI.create(pid).getPath();
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
