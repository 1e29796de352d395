package org.fairrag.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.fairrag.app.Fairrag;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code POST /api/annotate} on the demo: real abstracts that are not in the demo get their mentions, placed
 * on the text sent, and subject suggestions with evidence, many of them their indexers' own descriptors;
 * nothing is stored.
 */
class AnnotateApiTest {

    private static Fairrag fairrag;
    private static int port;
    private static List<JsonObject> articles;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        fairrag = TestFairrag.demo();
        port = TestFairrag.demoPort();
        articles = new ArrayList<>();
        for (String line : Files.readAllLines(TestFairrag.resource("/annotate/not-in-demo.jsonl"))) {
            articles.add(new JsonObject(line));
        }
    }

    @Test
    void should_find_mentions_on_the_text_sent_and_suggest_subjects_with_evidence() throws Exception {
        JsonObject article = articles.get(3);
        String title = article.getString("title");
        String abstractText = article.getString("abstract");

        HttpResponse<String> r = post(new JsonObject().put("title", title).put("abstract", abstractText).encode());

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        JsonObject body = new JsonObject(r.body());
        JsonArray mentions = body.getJsonArray("mentions");
        assertThat(mentions).isNotEmpty();
        for (Object o : mentions) {
            JsonObject m = (JsonObject) o;
            String text = "title".equals(m.getString("part")) ? title : abstractText;
            assertThat(text.substring(m.getInteger("start"), m.getInteger("end"))).isEqualTo(m.getString("text"));
            assertThat(m.getString("pid")).startsWith(TestFairrag.BASE_URL + "/pid/");
        }
        JsonArray subjects = body.getJsonArray("subjects");
        assertThat(subjects).isNotEmpty();
        double previous = 1;
        for (Object o : subjects) {
            JsonObject s = (JsonObject) o;
            assertThat(s.getDouble("score")).isBetween(0.0, previous);
            previous = s.getDouble("score");
            assertThat(s.getJsonArray("evidence")).isNotEmpty().allSatisfy(e -> {
                JsonObject evidence = (JsonObject) e;
                assertThat(evidence.containsKey("mention") || evidence.containsKey("article")
                        || evidence.containsKey("nameSimilarity")).as("evidence %s", evidence).isTrue();
                if (evidence.containsKey("nameSimilarity")) {
                    assertThat(evidence.getInteger("nameRank")).isBetween(1, 20);
                }
            });
        }
        List<String> labels = subjects.stream().map(o -> ((JsonObject) o).getString("label")).toList();
        assertThat(labels).contains("Humans").containsAnyOf("Ankle Injuries", "Sprains and Strains", "Athletic Injuries",
                "Basketball", "Shoes");
        JsonObject withNeighbour = subjects.stream().map(JsonObject.class::cast)
                .filter(s -> s.getJsonArray("evidence").stream().anyMatch(e -> ((JsonObject) e).containsKey("article")))
                .findFirst().orElseThrow();
        JsonObject neighbour = withNeighbour.getJsonArray("evidence").stream().map(JsonObject.class::cast)
                .filter(e -> e.containsKey("article")).findFirst().orElseThrow();
        assertThat(neighbour.getString("article")).startsWith(TestFairrag.BASE_URL + "/pid/");
        assertThat(neighbour.getDouble("similarity")).isBetween(0.0, 1.0);
    }

    @Test
    void should_suggest_many_of_the_indexers_descriptors_of_articles_it_has_not_seen() throws Exception {
        int gold = 0;
        int found = 0;
        int suggested = 0;
        for (JsonObject article : articles) {
            Set<String> truth = new HashSet<>();
            article.getJsonArray("mesh").forEach(name -> fairrag.vocabulary().resolveName((String) name).ifPresent(truth::add));
            HttpResponse<String> r = post(new JsonObject().put("title", article.getString("title"))
                    .put("abstract", article.getString("abstract")).encode());
            Set<String> ids = ids(new JsonObject(r.body()).getJsonArray("subjects"));
            gold += truth.size();
            suggested += ids.size();
            found += (int) ids.stream().filter(truth::contains).count();
        }
        assertThat((double) found / suggested).as("precision").isGreaterThan(0.3);
        assertThat((double) found / gold).as("recall").isGreaterThan(0.2);
    }

    @Test
    void should_store_nothing() throws Exception {
        List<String> graphs = List.of(fairrag.graphs().publicContent(), fairrag.graphs().publicMentions(),
                fairrag.graphs().restrictedContent(), fairrag.graphs().restrictedMentions());
        long before = fairrag.graph().size(graphs);
        long articlesBefore = fairrag.vectorIndex().orElseThrow().articleCount();

        HttpResponse<String> r = post(new JsonObject().put("abstract", articles.get(0).getString("abstract")).encode());

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(fairrag.graph().size(graphs)).isEqualTo(before);
        assertThat(fairrag.vectorIndex().orElseThrow().articleCount()).isEqualTo(articlesBefore);
    }

    private static Set<String> ids(JsonArray subjects) {
        Set<String> out = new HashSet<>();
        subjects.forEach(o -> out.add(((JsonObject) o).getString("id")));
        return out;
    }

    private HttpResponse<String> post(String json) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/annotate"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json))
                .timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
