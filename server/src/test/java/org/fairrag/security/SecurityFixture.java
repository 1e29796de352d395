package org.fairrag.security;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.UncheckedIOException;
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
import java.util.concurrent.CompletableFuture;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.rdf.model.Property;
import org.fairrag.app.Fairrag;
import org.fairrag.app.HttpServerLauncher;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.SourceFile;
import org.fairrag.testing.TestFairrag;
import org.fairrag.vocab.Concept;
import org.fairrag.vocab.VocabularyInfo;

/**
 * The instance the adversarial suite attacks, shared by its test classes and closed when the test JVM exits:
 * a small vocabulary, three public and two restricted articles (their titles carry {@link #SECRET}), and a
 * densely linked block of {@link #LINKED_NODES} public resources, on which one property path or one join is
 * work for many seconds. SPARQL is configured tight: a {@link #TIMEOUT} per query, two SPARQL threads, one
 * query in flight per client.
 */
final class SecurityFixture {

    static final String SECRET = "Zebrafish";
    static final Duration TIMEOUT = Duration.ofSeconds(1);
    static final int SPARQL_THREADS = 2;
    static final int LINKED_NODES = 2_000;
    private static final int LINKS_PER_NODE = 200;

    private static SecurityFixture instance;

    final Fairrag fairrag;
    final int port;
    final String restrictedKey;
    final String adminKey;
    final List<String> restrictedPids;
    final String restrictedGraph;
    private final HttpClient http = HttpClient.newHttpClient();

    private SecurityFixture(Fairrag fairrag, int port, String restrictedKey, String adminKey, List<String> restrictedPids) {
        this.fairrag = fairrag;
        this.port = port;
        this.restrictedKey = restrictedKey;
        this.adminKey = adminKey;
        this.restrictedPids = restrictedPids;
        this.restrictedGraph = fairrag.graphs().restrictedContent();
    }

    static synchronized SecurityFixture get() {
        if (instance == null) {
            instance = start();
            TestFairrag.closeAtExit(instance.fairrag);
        }
        return instance;
    }

    private static SecurityFixture start() {
        Fairrag fairrag = TestFairrag.open(TestFairrag.config(TestFairrag.newSharedDir("security")).toBuilder()
                .sparqlTimeout(TIMEOUT).workerThreads(SPARQL_THREADS).sparqlPerClient(1).build());
        try {
            fairrag.loadVocabulary(VocabularyInfo.MESH_2024, List.of(
                    new Concept("D009369", "http://id.nlm.nih.gov/mesh/D009369", "Neoplasms", List.of("Tumors"), List.of("C04"), List.of(), null),
                    new Concept("D009062", "http://id.nlm.nih.gov/mesh/D009062", "Mouth Neoplasms", List.of(),
                            List.of("C04.588.443.591"), List.of("D009369"), null)), IngestProgress.NONE);
            Path dir = TestFairrag.newSharedDir("security-files");
            Path open = Files.writeString(dir.resolve("public.jsonl"), article("99200001", "Oral cancer screening in adults")
                    + article("99200002", "Salivary markers of mouth tumours") + article("99200003", "Tumour growth in older patients"));
            Path closed = Files.writeString(dir.resolve("restricted.jsonl"),
                    article("99200004", SECRET + " model of esophageal cancer, unpublished trial data")
                    + article("99200005", SECRET + " tumour xenografts, embargoed cohort"));
            fairrag.ingest(SourceFile.of(open), ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
            fairrag.ingest(SourceFile.of(closed), new ArticleIngest.Options("restricted", false), IngestProgress.NONE);
            addLinkedBlock(fairrag);
            String restrictedKey = fairrag.apiKeys().create("restricted reader", "restricted", false).await().token();
            String adminKey = fairrag.apiKeys().create("operator", "public", true).await().token();
            int port = HttpServerLauncher.start(fairrag).port();
            List<String> restricted = List.of(pid(fairrag, "99200004"), pid(fairrag, "99200005"));
            return new SecurityFixture(fairrag, port, restrictedKey, adminKey, restricted);
        } catch (IOException e) {
            fairrag.close();
            throw new UncheckedIOException(e);
        }
    }

    /** Every node links to {@link #LINKS_PER_NODE} others: any node reaches all, so a closure walks every link. */
    private static void addLinkedBlock(Fairrag fairrag) {
        Model block = ModelFactory.createDefaultModel();
        Property link = block.createProperty("urn:fairrag-test:links");
        List<String> subjects = new ArrayList<>();
        for (int i = 0; i < LINKED_NODES; i++) {
            String node = "urn:fairrag-test:node-" + i;
            subjects.add(node);
            for (int j = 1; j <= LINKS_PER_NODE; j++) {
                // A fixed pattern rather than random numbers: node i links to i+1 ... i+200 (mod n).
                block.add(block.createResource(node), link, block.createResource("urn:fairrag-test:node-" + (i + j) % LINKED_NODES));
            }
        }
        fairrag.graph().replaceDescriptions(fairrag.graphs().publicContent(), subjects, block);
    }

    private static String article(String pmid, String title) {
        return new JsonObject().put("pmid", pmid).put("title", title + ".")
                .put("abstract", title + ". We describe the study design, the cohort and the main findings in detail.")
                .put("mesh", new JsonArray().add("Mouth Neoplasms")).put("year", 2021).encode() + "\n";
    }

    private static String pid(Fairrag fairrag, String pmid) {
        return fairrag.publisher().pidUrl(ArticleIngest.articleId(pmid));
    }

    /** A new API key that reads public content only: one more client. */
    String newClientKey(String name) {
        return fairrag.apiKeys().create(name, "public", false).await().token();
    }

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    HttpResponse<String> get(String path, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(60)).GET();
        if (headers.length > 0) {
            b.headers(headers);
        }
        return send(b.build());
    }

    /** {@code /sparql?query=...} as CSV, with the headers given (such as a key). */
    HttpResponse<String> sparql(String query, String... headers) {
        return get("/sparql?query=" + encode(query), withCsv(headers));
    }

    CompletableFuture<HttpResponse<String>> sparqlAsync(String query, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri("/sparql?query=" + encode(query))).timeout(Duration.ofSeconds(60))
                .headers(withCsv(headers)).GET();
        return http.sendAsync(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> send(HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The value of a Prometheus sample of {@code /metrics}, such as {@code fairrag_pool_in_flight{pool="sparql"}}. */
    double metric(String sample) {
        for (String line : get("/metrics").body().split("\n")) {
            if (line.startsWith(sample + " ")) {
                return Double.parseDouble(line.substring(sample.length() + 1).trim());
            }
        }
        throw new AssertionError("no sample " + sample + " in /metrics");
    }

    double sparqlInFlight() {
        return metric("fairrag_pool_in_flight{pool=\"sparql\"}");
    }

    static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static String[] withCsv(String... headers) {
        String[] all = new String[headers.length + 2];
        all[0] = "Accept";
        all[1] = "text/csv";
        System.arraycopy(headers, 0, all, 2, headers.length);
        return all;
    }
}
