package org.fairrag.sparql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.jena.fuseki.main.FusekiServer;
import org.apache.jena.query.ARQ;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.rdf.model.Property;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.fairrag.app.Fairrag;
import org.fairrag.app.HttpServerLauncher;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.SourceFile;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code /sparql} with an external store ({@code FAIRRAG_SPARQL_URL}): a standalone Fuseki on loopback holds the
 * graphs, and fairrag forwards each validated, scoped query to it, writes the answer in the negotiated format,
 * and stops the exchange at its own time limit.
 */
class RemoteStoreSparqlTest {

    private static final String SECRET = "Okapi";
    private static FusekiServer store;
    private static Fairrag fairrag;
    private static int port;
    private static String restrictedKey;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        DatasetGraph graphs = DatasetGraphFactory.createTxnMem();
        // The store's own limit, so that what fairrag abandons does not run on here for long.
        graphs.getContext().set(ARQ.queryTimeout, "10000");
        store = FusekiServer.create().loopback(true).port(0).add("/ds", graphs, true).build().start();
        String base = "http://127.0.0.1:" + store.getHttpPort() + "/ds";
        fairrag = TestFairrag.open(TestFairrag.config(TestFairrag.newDir("remote-store")).toBuilder()
                .sparqlUrl(base + "/query").sparqlUpdateUrl(base + "/update").sparqlTimeout(Duration.ofSeconds(5)).build());
        Path dir = TestFairrag.newDir("remote-store-files");
        fairrag.ingest(SourceFile.of(Files.writeString(dir.resolve("public.jsonl"), article("99300001", "Oral cancer screening")
                + article("99300002", "Salivary markers of mouth tumours"))), ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
        fairrag.ingest(SourceFile.of(Files.writeString(dir.resolve("restricted.jsonl"),
                article("99300003", SECRET + " cohort, embargoed"))), new ArticleIngest.Options("restricted", false), IngestProgress.NONE);
        addLinkedBlock();
        restrictedKey = fairrag.apiKeys().create("remote reader", "restricted", false).await().token();
        port = HttpServerLauncher.start(fairrag).port();
    }

    @AfterAll
    static void stop() {
        fairrag.close();
        store.stop();
    }

    @Test
    void should_answer_from_the_external_store_over_the_callers_graphs_only() throws Exception {
        String titles = "SELECT ?g ?t WHERE { GRAPH ?g { ?a <http://purl.org/dc/terms/title> ?t } }";

        HttpResponse<String> anonymous = get(titles, "text/csv");
        HttpResponse<String> keyed = get(titles, "text/csv", "X-API-Key", restrictedKey);

        assertThat(anonymous.statusCode()).as(anonymous.body()).isEqualTo(200);
        assertThat(anonymous.body()).contains("Oral cancer screening").doesNotContain(SECRET)
                .doesNotContain(fairrag.graphs().restrictedContent());
        assertThat(keyed.body()).contains("Oral cancer screening").contains(SECRET);
    }

    @Test
    void should_write_the_answer_in_the_negotiated_format() throws Exception {
        HttpResponse<String> json = get("SELECT ?a WHERE { ?a a <http://schema.org/ScholarlyArticle> }", "application/sparql-results+json");
        HttpResponse<String> turtle = get("CONSTRUCT { ?a <http://purl.org/dc/terms/title> ?t } WHERE { "
                + "?a a <http://schema.org/ScholarlyArticle> ; <http://purl.org/dc/terms/title> ?t }", "text/turtle");

        assertThat(json.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/sparql-results+json");
        assertThat(new JsonObject(json.body()).getJsonObject("results").getJsonArray("bindings")).hasSize(2);
        assertThat(turtle.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/turtle");
        Model m = ModelFactory.createDefaultModel();
        RDFDataMgr.read(m, new ByteArrayInputStream(turtle.body().getBytes(StandardCharsets.UTF_8)), Lang.TURTLE);
        assertThat(m.size()).isEqualTo(2);
    }

    @Test
    void should_refuse_service_before_anything_is_forwarded() throws Exception {
        HttpResponse<String> r = get("SELECT ?x WHERE {} GROUP BY (EXISTS { SERVICE <http://127.0.0.1:" + store.getHttpPort()
                + "/ds/query> { ?s ?p ?o } } AS ?x)", "text/csv");

        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.body()).contains("service_not_allowed");
    }

    @Test
    void should_stop_the_exchange_at_the_time_limit() throws Exception {
        HttpResponse<String> r = get("SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f }", "text/csv");

        assertThat(r.statusCode()).as(r.body()).isEqualTo(503);
        assertThat(r.body()).contains("query_timeout");
        await("the SPARQL worker free").atMost(Duration.ofSeconds(30)).until(() -> get("/metrics", null).body()
                .contains("fairrag_pool_in_flight{pool=\"sparql\"} 0.0"));
    }

    /** 200 nodes, each linking to 100 others: a join over it is work for far longer than the limit. */
    private static void addLinkedBlock() {
        Model block = ModelFactory.createDefaultModel();
        Property link = block.createProperty("urn:fairrag-test:links");
        List<String> subjects = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            subjects.add("urn:fairrag-test:node-" + i);
            for (int j = 1; j <= 100; j++) {
                block.add(block.createResource("urn:fairrag-test:node-" + i), link,
                        block.createResource("urn:fairrag-test:node-" + (i + j) % 200));
            }
        }
        fairrag.graph().replaceDescriptions(fairrag.graphs().publicContent(), subjects, block);
    }

    private static String article(String pmid, String title) {
        return new JsonObject().put("pmid", pmid).put("title", title + ".")
                .put("abstract", title + ". We describe the study design, the cohort and the main findings.")
                .put("mesh", new JsonArray()).put("year", 2022).encode() + "\n";
    }

    private HttpResponse<String> get(String query, String accept, String... headers) throws Exception {
        String path = query.startsWith("/") ? query : "/sparql?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8);
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(60)).GET();
        if (accept != null) {
            b.header("Accept", accept);
        }
        if (headers.length > 0) {
            b.headers(headers);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }
}
