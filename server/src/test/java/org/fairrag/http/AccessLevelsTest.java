package org.fairrag.http;

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
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.fairrag.app.Fairrag;
import org.fairrag.app.HttpServerLauncher;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.SourceFile;
import org.fairrag.testing.TestFairrag;
import org.fairrag.vocab.Concept;
import org.fairrag.vocab.VocabularyInfo;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Restricted articles never reach an anonymous caller, through any route or SPARQL query, and do reach
 * the holder of a key that reads restricted content. A small instance of its own: three MeSH terms, three
 * public and two restricted articles, the embedded vector index.
 */
class AccessLevelsTest {

    private static final String SECRET = "Zebrafish";
    private static Fairrag fairrag;
    private static int port;
    private static String restrictedKey;
    private static String publicKey;
    private static List<String> restrictedPids;
    private static List<String> publicPids;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        fairrag = TestFairrag.open(TestFairrag.searchConfig(TestFairrag.newDir("access")));
        fairrag.loadVocabulary(VocabularyInfo.MESH_2024, List.of(
                new Concept("D009369", "http://id.nlm.nih.gov/mesh/D009369", "Neoplasms", List.of("Tumors"), List.of("C04"), List.of(), null),
                new Concept("D009062", "http://id.nlm.nih.gov/mesh/D009062", "Mouth Neoplasms", List.of(), List.of("C04.588.443.591"),
                        List.of("D009369"), null),
                new Concept("D006801", "http://id.nlm.nih.gov/mesh/D006801", "Humans", List.of(), List.of("B01.050.150.900.649.313.988.400.112.400.400"),
                        List.of(), null)), IngestProgress.NONE);
        Path dir = TestFairrag.newDir("access-files");
        Path open = Files.writeString(dir.resolve("public.jsonl"), article("99100001", "Oral cancer screening in adults", "Mouth Neoplasms")
                + article("99100002", "Salivary markers of mouth tumours", "Mouth Neoplasms")
                + article("99100003", "Tumour growth in older patients", "Neoplasms"));
        Path closed = Files.writeString(dir.resolve("restricted.jsonl"),
                article("99100004", SECRET + " model of oral cancer, unpublished trial data", "Mouth Neoplasms")
                + article("99100005", SECRET + " tumour xenografts, embargoed cohort", "Neoplasms"));
        fairrag.ingest(SourceFile.of(open), ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
        fairrag.ingest(SourceFile.of(closed), new ArticleIngest.Options("restricted", false), IngestProgress.NONE);
        restrictedPids = List.of(pid("99100004"), pid("99100005"));
        publicPids = List.of(pid("99100001"), pid("99100002"), pid("99100003"));
        restrictedKey = fairrag.apiKeys().create("restricted reader", "restricted", false).await().token();
        publicKey = fairrag.apiKeys().create("public reader", "public", false).await().token();
        port = HttpServerLauncher.start(fairrag).port();
    }

    @AfterAll
    static void stop() {
        fairrag.close();
    }

    @Test
    void should_search_restricted_articles_only_with_a_key_that_reads_them() throws Exception {
        String url = "/api/articles/search?k=10&q=" + enc("zebrafish oral cancer");

        assertThat(pids(get(url).body(), "results")).hasSize(3).doesNotContainAnyElementsOf(restrictedPids);
        assertThat(pids(get(url, "X-API-Key", publicKey).body(), "results")).doesNotContainAnyElementsOf(restrictedPids);
        assertThat(pids(get(url, "Authorization", "Bearer " + restrictedKey).body(), "results"))
                .hasSize(5).containsAll(restrictedPids);
    }

    @Test
    void should_count_only_visible_articles_of_a_term() throws Exception {
        JsonObject anonymous = new JsonObject(get("/api/terms/D009369").body());
        JsonObject keyed = new JsonObject(get("/api/terms/D009369", "X-API-Key", restrictedKey).body());

        assertThat(anonymous.getLong("articleCount")).isEqualTo(1);
        assertThat(anonymous.getLong("articleCountExploded")).isEqualTo(3);
        assertThat(keyed.getLong("articleCount")).isEqualTo(2);
        assertThat(keyed.getLong("articleCountExploded")).isEqualTo(5);
    }

    @Test
    void should_filter_restricted_articles_only_with_a_key() throws Exception {
        String byList = new JsonObject().put("articles", new JsonArray(all())).put("terms", new JsonArray().add("D009369"))
                .put("explode", true).encode();
        String byQuery = new JsonObject().put("q", "oral cancer").put("k", 10).put("terms", new JsonArray().add("D009369"))
                .put("explode", true).encode();

        // A restricted PID is, to a caller who may not see it, a PID never issued (PidOracleTest).
        HttpResponse<String> anonymousByList = post("/api/filter", byList);
        assertThat(anonymousByList.statusCode()).isEqualTo(400);
        assertThat(anonymousByList.body()).contains("unknown_article").doesNotContain(SECRET);
        String publicList = new JsonObject(byList).put("articles", new JsonArray(publicPids)).encode();
        assertThat(pids(post("/api/filter", publicList).body(), "results")).containsExactlyInAnyOrderElementsOf(publicPids);
        assertThat(pids(post("/api/filter", byQuery).body(), "results")).containsExactlyInAnyOrderElementsOf(publicPids);
        assertThat(pids(post("/api/filter", byList, "X-API-Key", restrictedKey).body(), "results"))
                .containsExactlyInAnyOrderElementsOf(all());
        assertThat(pids(post("/api/filter", byQuery, "X-API-Key", restrictedKey).body(), "results"))
                .containsExactlyInAnyOrderElementsOf(all());
    }

    @Test
    void should_summarize_restricted_articles_only_with_a_key_and_keep_the_summary_restricted() throws Exception {
        String request = new JsonObject().put("articles", new JsonArray(List.of(restrictedPids.get(0), publicPids.get(0))))
                .put("prompt", "What was studied?").encode();

        HttpResponse<String> anonymous = post("/api/summarize", request);
        HttpResponse<String> keyed = post("/api/summarize", request, "X-API-Key", restrictedKey);

        assertThat(anonymous.statusCode()).isEqualTo(400);
        assertThat(anonymous.body()).contains("unknown_article").doesNotContain(SECRET);
        assertThat(keyed.statusCode()).as(keyed.body()).isEqualTo(201);
        String summary = new JsonObject(keyed.body()).getString("pid");
        assertThat(get(summary, "Accept", "text/html").statusCode()).isEqualTo(401);
        assertThat(get(summary, "Accept", "text/turtle").body()).doesNotContain(SECRET);
        assertThat(get(summary, "Accept", "text/turtle", "X-API-Key", restrictedKey).statusCode()).isEqualTo(200);
    }

    @Test
    void should_show_a_restricted_landing_page_only_with_a_key_that_reads_it() throws Exception {
        String pid = restrictedPids.get(0);

        HttpResponse<String> anonymous = get(pid, "Accept", "text/html");
        HttpResponse<String> publicReader = get(pid, "Accept", "text/turtle", "X-API-Key", publicKey);
        HttpResponse<String> reader = get(pid, "Accept", "text/turtle", "X-API-Key", restrictedKey);
        HttpResponse<String> linkset = get(pid + "/linkset");

        assertThat(anonymous.statusCode()).isEqualTo(401);
        assertThat(anonymous.headers().firstValue("WWW-Authenticate")).isPresent();
        assertThat(anonymous.body()).doesNotContain(SECRET).contains(pid);
        assertThat(publicReader.statusCode()).isEqualTo(403);
        assertThat(publicReader.body()).doesNotContain(SECRET).containsIgnoringCase("restricted");
        assertThat(reader.statusCode()).isEqualTo(200);
        assertThat(reader.body()).contains(SECRET);
        assertThat(reader.headers().firstValue("ETag")).isNotEqualTo(publicReader.headers().firstValue("ETag"));
        assertThat(reader.headers().firstValue("Cache-Control")).contains("private, no-cache");
        assertThat(linkset.statusCode()).isEqualTo(401);
        assertThat(linkset.body()).doesNotContain(SECRET);
    }

    @Test
    void should_export_restricted_articles_only_with_a_key() throws Exception {
        String request = new JsonObject().put("articles", new JsonArray(List.of(restrictedPids.get(0)))).encode();

        HttpResponse<String> anonymous = post("/api/export?format=ris", request);
        HttpResponse<String> keyed = post("/api/export?format=ris", request, "X-API-Key", restrictedKey);

        assertThat(anonymous.statusCode()).isEqualTo(400);
        assertThat(anonymous.body()).contains("unknown_article").doesNotContain(SECRET);
        assertThat(keyed.statusCode()).isEqualTo(200);
        assertThat(keyed.body()).contains(SECRET);
    }

    @Test
    void should_answer_questions_from_restricted_articles_only_with_a_key() throws Exception {
        String list = new JsonObject().put("question", "Which articles are about mouth neoplasms?").encode();
        String title = new JsonObject().put("question", "What is the title of PMID 99100004?").encode();

        HttpResponse<String> anonymous = post("/api/ask", list);
        HttpResponse<String> keyed = post("/api/ask", list, "X-API-Key", restrictedKey);
        HttpResponse<String> anonymousTitle = post("/api/ask", title);
        HttpResponse<String> keyedTitle = post("/api/ask", title, "X-API-Key", restrictedKey);

        assertThat(anonymous.statusCode()).isEqualTo(200);
        assertThat(pids(anonymous.body(), "objects")).containsAll(publicPids.subList(0, 2))
                .doesNotContainAnyElementsOf(restrictedPids);
        assertThat(anonymous.body()).doesNotContain(SECRET);
        assertThat(anonymous.headers().firstValue("Cache-Control")).hasValueSatisfying(v -> assertThat(v).contains("private"));
        assertThat(pids(keyed.body(), "objects")).contains(restrictedPids.get(0));
        assertThat(new JsonObject(anonymousTitle.body()).getString("answer")).doesNotContain(SECRET);
        assertThat(new JsonObject(keyedTitle.body()).getString("answer")).contains(SECRET);
    }

    @Test
    void should_dump_restricted_content_only_with_a_key() throws Exception {
        assertThat(get("/dataset/dump").body()).doesNotContain(SECRET).doesNotContain("restricted.jsonl").contains(publicPids.get(0));
        assertThat(get("/dataset/dump", "X-API-Key", publicKey).body()).doesNotContain(SECRET);
        assertThat(get("/dataset/dump", "X-API-Key", restrictedKey).body()).contains(SECRET);
        assertThat(get("/sitemap/1.xml").body()).doesNotContain(restrictedPids.get(0)).contains(publicPids.get(0));
    }

    @Test
    void should_never_answer_an_anonymous_sparql_query_from_the_restricted_graph() throws Exception {
        String restricted = TestFairrag.BASE_URL + "/graph/restricted";
        List<String> queries = List.of(
                "SELECT * WHERE { ?s ?p ?o }",
                "SELECT ?g ?s ?o WHERE { GRAPH ?g { ?s ?p ?o } }",
                "SELECT ?s ?o WHERE { GRAPH <" + restricted + "> { ?s ?p ?o } }",
                "SELECT ?s ?o FROM <" + restricted + "> WHERE { ?s ?p ?o }",
                "SELECT ?g ?s ?o FROM NAMED <" + restricted + "> WHERE { GRAPH ?g { ?s ?p ?o } }",
                "SELECT ?s ?o FROM <" + restricted + "> FROM NAMED <" + restricted + "> WHERE { { ?s ?p ?o } UNION { GRAPH ?g { ?s ?p ?o } } }",
                "SELECT ?s WHERE { ?s <http://jena.apache.org/text#query> \"" + SECRET + "\" }",
                "CONSTRUCT { ?s ?p ?o } WHERE { GRAPH ?g { ?s ?p ?o } }",
                "DESCRIBE <" + restrictedPids.get(0) + ">",
                "SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } } GROUP BY ?g",
                "SELECT ?s WHERE { ?s ?p ?o FILTER EXISTS { GRAPH <" + restricted + "> { ?s ?q ?r } } }");
        for (String q : queries) {
            HttpResponse<String> r = sparql(q, "&default-graph-uri=" + enc(restricted));
            HttpResponse<String> plain = sparql(q, "");
            for (HttpResponse<String> answer : List.of(r, plain)) {
                assertThat(answer.statusCode()).as(q).isEqualTo(200);
                assertThat(answer.body()).as(q).doesNotContain(SECRET).doesNotContain(restricted).doesNotContain("restricted.jsonl")
                        .doesNotContain(restrictedPids.get(0)).doesNotContain(restrictedPids.get(1));
            }
        }
        assertThat(sparql("ASK { GRAPH <" + restricted + "> { ?s ?p ?o } }", "").body()).contains("false");
        assertThat(sparql("SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }", "").body())
                .as("the anonymous count equals the size of the graphs an anonymous caller may query")
                .contains(Long.toString(fairrag.graph().size(Caller.ANONYMOUS.allGraphs(fairrag.graphs()))));
    }

    @Test
    void should_refuse_service_anywhere_in_a_query() throws Exception {
        for (String q : List.of(
                "SELECT * WHERE { SERVICE <http://127.0.0.1:1/sparql> { ?s ?p ?o } }",
                "SELECT * WHERE { { SELECT ?s WHERE { SERVICE <http://127.0.0.1:1/sparql> { ?s ?p ?o } } } }",
                "SELECT * WHERE { ?s ?p ?o FILTER EXISTS { SERVICE <http://127.0.0.1:1/sparql> { ?s ?q ?r } } }",
                "SELECT * WHERE { ?s ?p ?o BIND(EXISTS { SERVICE SILENT <http://127.0.0.1:1/sparql> { ?s ?q ?r } } AS ?x) }")) {
            HttpResponse<String> r = sparql(q, "");
            assertThat(r.statusCode()).as(q).isEqualTo(400);
            assertThat(r.body()).as(q).contains("service_not_allowed");
        }
    }

    @Test
    void should_answer_sparql_from_the_restricted_graph_with_a_key() throws Exception {
        String restricted = TestFairrag.BASE_URL + "/graph/restricted";
        String q = "SELECT ?s ?t WHERE { GRAPH <" + restricted + "> { ?s <http://purl.org/dc/terms/title> ?t } }";

        HttpResponse<String> r = send(HttpRequest.newBuilder(uri("/sparql?query=" + enc(q)))
                .header("Accept", "text/csv").header("X-API-Key", restrictedKey).GET());

        assertThat(r.body()).contains(SECRET).contains(restrictedPids.get(0));
    }

    @Test
    void should_refuse_an_unknown_key_and_a_key_without_the_admin_grant() throws Exception {
        HttpResponse<String> unknown = get("/api/terms/D009369", "X-API-Key", "frk_000000000000.nope");
        HttpResponse<String> notAdmin = post("/api/admin/pid/" + restrictedPids.get(0).substring(restrictedPids.get(0)
                .lastIndexOf('/') + 1) + "/tombstone", "{\"reason\": \"x\"}", "X-API-Key", restrictedKey);

        assertThat(unknown.statusCode()).isEqualTo(403);
        assertThat(unknown.body()).contains("invalid_api_key");
        assertThat(notAdmin.statusCode()).isEqualTo(403);
        assertThat(fairrag.registry().find(restrictedPids.get(0).substring(restrictedPids.get(0).lastIndexOf('/') + 1))
                .await().orElseThrow().tombstoned()).isFalse();
    }

    private static String article(String pmid, String title, String term) {
        return new JsonObject().put("pmid", pmid).put("title", title + ".")
                .put("abstract", title + ". We describe the study design, the cohort and the main findings in detail.")
                .put("mesh", new JsonArray().add(term).add("Humans")).put("year", 2020).encode() + "\n";
    }

    private static String pid(String pmid) {
        return fairrag.publisher().pidUrl(ArticleIngest.articleId(pmid));
    }

    private static List<String> all() {
        List<String> out = new ArrayList<>(publicPids);
        out.addAll(restrictedPids);
        return out;
    }

    private static List<String> pids(String body, String field) {
        List<String> out = new ArrayList<>();
        new JsonObject(body).getJsonArray(field).forEach(o -> out.add(((JsonObject) o).getString("pid")));
        return out;
    }

    private HttpResponse<String> sparql(String query, String dataset) throws Exception {
        return send(HttpRequest.newBuilder(uri("/sparql?query=" + enc(query) + dataset)).header("Accept", "text/csv").GET());
    }

    private HttpResponse<String> get(String url, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri(url)).GET();
        if (headers.length > 0) {
            b.headers(headers);
        }
        return send(b);
    }

    private HttpResponse<String> post(String url, String json, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri(url)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json));
        if (headers.length > 0) {
            b.headers(headers);
        }
        return send(b);
    }

    private HttpResponse<String> send(HttpRequest.Builder b) throws Exception {
        return http.send(b.timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static URI uri(String pidOrPath) {
        String path = pidOrPath.startsWith(TestFairrag.BASE_URL) ? pidOrPath.substring(TestFairrag.BASE_URL.length()) : pidOrPath;
        return URI.create("http://127.0.0.1:" + port + path);
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
