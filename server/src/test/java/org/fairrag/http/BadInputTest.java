package org.fairrag.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URI;
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
import org.fairrag.fdo.PidScheme;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.SourceFile;
import org.fairrag.testing.TestFairrag;
import org.fairrag.vocab.Concept;
import org.fairrag.vocab.VocabularyInfo;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Hostile and broken input: each request gets a 4xx JSON error and changes nothing (the triple count, the
 * registry, the keys and the runs are compared before and after), and data written to attack a page is
 * shown as text.
 */
class BadInputTest {

    private static final String HOSTILE_TITLE = "Tumour <script>alert('x')</script><img src=x onerror=alert(1)> \"quoted\"";
    private static Fairrag fairrag;
    private static int port;
    private static String adminKey;
    private static String articlePid;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        fairrag = TestFairrag.fresh("bad-input");
        fairrag.loadVocabulary(VocabularyInfo.MESH_2024, List.of(new Concept("D009062", "http://id.nlm.nih.gov/mesh/D009062",
                "Mouth Neoplasms", List.of(), List.of("C04.588.443.591"), List.of(), null)), IngestProgress.NONE);
        Path file = Files.writeString(TestFairrag.newDir("bad-input-files").resolve("a.jsonl"), new JsonObject()
                .put("pmid", "99400001").put("title", HOSTILE_TITLE).put("abstract", "Abstract </p><script>alert(2)</script>.")
                .put("mesh", new JsonArray().add("Mouth Neoplasms")).put("year", 2020).encode() + "\n");
        fairrag.ingest(SourceFile.of(file), ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
        articlePid = fairrag.publisher().pidUrl(ArticleIngest.articleId("99400001"));
        adminKey = fairrag.apiKeys().create("admin", "public", true).await().token();
        port = HttpServerLauncher.start(fairrag).port();
    }

    @AfterAll
    static void stop() {
        fairrag.close();
    }

    @Test
    void should_answer_each_bad_request_with_a_4xx_json_error_and_change_nothing() throws Exception {
        String state = state();
        String id = articlePid.substring(articlePid.lastIndexOf('/') + 1);
        String unknownId = PidScheme.idFor("never:issued");
        String injection = "D009062> } ; DROP ALL ; SELECT * WHERE { ?s ?p ?o";
        List<Case> cases = new ArrayList<>(List.of(
                // malformed JSON, wrong types, huge bodies
                post("/api/filter", "not json"),
                post("/api/filter", "{\"articles\": [\"" + articlePid + "\"], \"terms\": [\"D009062\"]"),
                post("/api/filter", "[\"D009062\"]"),
                post("/api/filter", "{\"articles\": \"" + articlePid + "\", \"terms\": [\"D009062\"]}"),
                post("/api/filter", "{\"q\": 42, \"terms\": [\"D009062\"]}"),
                post("/api/filter", "{\"q\": \"x\", \"k\": \"ten\", \"terms\": [\"D009062\"]}"),
                post("/api/filter", "{\"q\": \"x\", \"terms\": [\"D009062\"], \"explode\": \"yes\"}"),
                post("/api/filter", "{\"q\": \"x\", \"terms\": [\"D009062\"], \"surprise\": 1}"),
                post("/api/summarize", "{\"articles\": [1, 2]}"),
                post("/api/summarize", "{\"articles\": [\"" + articlePid + "\"], \"prompt\": [\"x\"]}"),
                post("/api/summarize", "{\"articles\": [\"" + articlePid + "\"], \"prompt\": \"" + "x".repeat(5000) + "\"}"),
                post("/api/filter", "{\"q\": \"" + "x".repeat(2_000_000) + "\", \"terms\": [\"D009062\"]}"),
                postBytes("/api/filter", "{\"q\": \"\u00ff\", \"terms\": [\"D009062\"]}".getBytes(StandardCharsets.ISO_8859_1)),
                postBytes("/api/summarize", new byte[] {'{', '"', 'a', 'r', 't', 'i', 'c', 'l', 'e', 's', '"', ':', '[', '"',
                        (byte) 0xC3, (byte) 0x28, '"', ']', '}'}),
                postAdmin("/api/admin/pid/" + id + "/tombstone", "{\"reason\": 5}"),
                postAdmin("/api/admin/pid/" + id + "/tombstone", "{\"reason\": \"x\""),
                postAdmin("/api/admin/pid/" + id + "/tombstone", "{\"reason\": \"x\", \"more\": \"" + "y".repeat(2_000_000) + "\"}"),
                post("/api/export?format=ris", "{\"articles\": \"" + articlePid + "\"}"),
                post("/api/export?format=exe", "{\"articles\": [\"" + articlePid + "\"]}"),
                post("/api/export?format=" + enc("ris' } DROP ALL"), "{\"articles\": [\"" + articlePid + "\"]}"),
                post("/api/export?format=csv", "{\"articles\": [\"" + articlePid + "> } DROP ALL {\"]}"),
                post("/api/annotate", "not json"),
                post("/api/annotate", "[\"Mouth cancer\"]"),
                post("/api/annotate", "{}"),
                post("/api/annotate", "{\"title\": \"  \", \"abstract\": \"\"}"),
                post("/api/annotate", "{\"title\": 5}"),
                post("/api/annotate", "{\"abstract\": [\"Mouth cancer\"]}"),
                post("/api/annotate", "{\"abstract\": \"Mouth cancer\", \"pmid\": \"1\"}"),
                post("/api/annotate", "{\"abstract\": \"" + "x".repeat(20_001) + "\"}"),
                post("/api/annotate", "{\"title\": \"" + "x".repeat(2_001) + "\"}"),
                // invalid and unknown ids
                get("/pid/notapid"),
                get("/pid/" + unknownId),
                get("/pid/" + id.substring(0, 12) + (id.charAt(12) == '0' ? '1' : '0')),
                get("/api/terms/NOTATERM"),
                get("/api/terms/D999999"),
                post("/api/filter", "{\"articles\": [\"" + TestFairrag.BASE_URL + "/pid/" + unknownId + "\"], \"terms\": [\"D009062\"]}"),
                post("/api/filter", "{\"articles\": [\"https://elsewhere.test/pid/" + id + "\"], \"terms\": [\"D009062\"]}"),
                post("/api/summarize", "{\"articles\": [\"" + TestFairrag.BASE_URL + "/pid/" + unknownId + "\"]}"),
                postAdmin("/api/admin/pid/" + unknownId + "/tombstone", "{\"reason\": \"x\"}"),
                // SPARQL injection in every parameter that reaches a query
                get("/api/articles/search?q=x&terms=" + enc(injection)),
                get("/api/articles/search?q=x&exclude=" + enc(injection)),
                get("/api/terms/" + enc(injection)),
                get("/api/terms/" + enc(injection) + "/narrower?depth=2"),
                get("/api/terms/D009062/narrower?depth=" + enc("1 } DROP ALL")),
                get("/pid/" + enc(id + "> } DROP ALL {")),
                get("/pid/" + enc(id + "> } DROP ALL {") + "/linkset"),
                post("/api/filter", new JsonObject().put("q", "x").put("terms", new JsonArray().add(injection)).encode()),
                post("/api/filter", new JsonObject().put("q", "x").put("terms", new JsonArray().add("D009062"))
                        .put("exclude", new JsonArray().add(injection)).encode()),
                post("/api/filter", new JsonObject().put("articles", new JsonArray().add(articlePid + "> } DROP ALL {"))
                        .put("terms", new JsonArray().add("D009062")).encode()),
                post("/api/summarize", new JsonObject().put("articles", new JsonArray().add(articlePid))
                        .put("terms", new JsonArray().add(injection)).encode()),
                post("/api/summarize", new JsonObject().put("articles", new JsonArray().add(articlePid + ">} DROP ALL {")).encode()),
                postAdmin("/api/admin/pid/" + enc(id + "> } DROP ALL {") + "/tombstone", "{\"reason\": \"x\"}"),
                get("/sparql?query=" + enc("DROP ALL")),
                get("/sparql?query=" + enc("SELECT * WHERE { ?s ?p ?o } ; DROP ALL")),
                get("/sparql?update=" + enc("DROP ALL")),
                // path traversal in /pid and static files
                get("/pid/..%2F..%2F..%2Fetc%2Fpasswd"),
                get("/pid/%2e%2e%2f%2e%2e%2fpom.xml"),
                get("/pid/" + id + "/..%2F..%2Fetc%2Fpasswd"),
                get("/..%2F..%2F..%2Fetc%2Fpasswd"),
                get("/%2e%2e/%2e%2e/%2e%2e/etc/passwd"),
                get("/js/..%2F..%2F..%2Fpom.xml"),
                get("/index.html%00.txt"),
                // invalid UTF-8, percent-encoded, in query strings and paths
                get("/api/terms/search?q=%FF%FE"),
                get("/api/articles/search?q=%C3%28"),
                get("/api/terms/search?q=%ED%A0%80"),
                get("/pid/%C0%AF"),
                get("/sparql?query=" + "SELECT%20%2A%20WHERE%20%7B%3Fs%20%3Fp%20%22%FF%22%7D")));

        for (Case c : cases) {
            HttpResponse<String> r = c.send(http);
            assertThat(r.statusCode()).as(c.label()).isBetween(400, 499);
            assertThat(r.headers().firstValue("Content-Type")).as(c.label()).hasValueSatisfying(t -> assertThat(t).startsWith("application/json"));
            assertThat(new JsonObject(r.body()).getJsonObject("error").getString("code")).as(c.label()).isNotBlank();
            assertThat(r.body()).as(c.label()).doesNotContain("root:x:").doesNotContain("<project");
        }
        assertThat(state()).isEqualTo(state);
    }

    @Test
    void should_show_hostile_data_on_pages_as_text() throws Exception {
        HttpResponse<String> page = get(articlePid.substring(TestFairrag.BASE_URL.length())).withHeader("Accept", "text/html").send(http);

        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).doesNotContain("<script>alert").doesNotContain("<img src=x");
        var doc = Jsoup.parse(page.body());
        assertThat(doc.select("h1").text()).contains("<script>alert('x')</script><img src=x onerror=alert(1)>");
        assertThat(doc.select("img[onerror]")).isEmpty();
        assertThat(doc.select("script").stream().filter(s -> !"application/ld+json".equals(s.attr("type")))).isEmpty();
        String jsonLd = doc.select("script[type=application/ld+json]").html();
        assertThat(jsonLd).doesNotContain("<script").doesNotContain("</script");
        assertThat(io.vertx.core.json.Json.decodeValue(jsonLd).toString()).contains("alert('x')");
    }

    /** What a request could change: triples in every graph, registry rows, tombstones, keys, runs. */
    private static String state() {
        long triples = fairrag.graph().size(List.of(fairrag.graphs().vocabulary(), fairrag.graphs().publicContent(),
                fairrag.graphs().restrictedContent(), fairrag.graphs().publicMentions(), fairrag.graphs().restrictedMentions()));
        var row = fairrag.database().pool().query("""
                SELECT (SELECT count(*) FROM pid) AS pids, (SELECT count(*) FROM pid WHERE status <> 'active') AS tombstoned,
                       (SELECT count(*) FROM api_key) AS keys, (SELECT count(*) FROM ingestion_run) AS runs,
                       (SELECT max(modified_at)::text FROM pid) AS modified""").execute().await().iterator().next();
        return triples + " triples, " + row.getLong("pids") + " pids, " + row.getLong("tombstoned") + " tombstoned, "
                + row.getLong("keys") + " keys, " + row.getLong("runs") + " runs, last change " + row.getString("modified");
    }

    /** One request and how to describe it in a failure. */
    private record Case(String label, HttpRequest.Builder request) {
        HttpResponse<String> send(HttpClient http) throws Exception {
            return http.send(request.timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
        }

        Case withHeader(String name, String value) {
            request.setHeader(name, value);
            return this;
        }
    }

    private static Case get(String path) {
        return new Case("GET " + abbreviated(path), HttpRequest.newBuilder(uri(path)).header("Accept", "application/json").GET());
    }

    private static Case post(String path, String json) {
        return postBytes(path, json.getBytes(StandardCharsets.UTF_8));
    }

    private static Case postBytes(String path, byte[] body) {
        return new Case("POST " + path + " " + abbreviated(new String(body, StandardCharsets.ISO_8859_1)),
                HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/json").header("Accept", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofByteArray(body)));
    }

    private static Case postAdmin(String path, String json) {
        return post(path, json).withHeader("X-API-Key", adminKey);
    }

    private static URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    private static String enc(String s) {
        return java.net.URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static String abbreviated(String s) {
        return s.length() > 120 ? s.substring(0, 120) + "..." : s;
    }
}
