package org.fairrag.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.fairrag.app.Fairrag;
import org.fairrag.testing.GraphFacts;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The vocabulary routes on the demo collection (MeSH 2024). */
class TermsApiTest {

    private final Fairrag fairrag = TestFairrag.demo();
    private final HttpClient http = HttpClient.newHttpClient();
    private final ObjectMapper json = new ObjectMapper();

    @ParameterizedTest
    @CsvSource({"mouth cancer, D009062", "heart attack, D009203", "cancer of the gullet, D004938"})
    void should_find_the_descriptor_a_lay_phrase_means_with_the_name_that_matched(String phrase, String id) throws Exception {
        HttpResponse<String> r = get("/api/terms/search?k=5&q=" + URLEncoder.encode(phrase, StandardCharsets.UTF_8));

        assertThat(r.statusCode()).isEqualTo(200);
        List<JsonNode> results = new ArrayList<>();
        json.readTree(r.body()).get("results").forEach(results::add);
        assertThat(results).hasSizeLessThanOrEqualTo(5);
        JsonNode hit = results.stream().filter(n -> n.get("id").asText().equals(id)).findFirst().orElseThrow(
                () -> new AssertionError(id + " not in the top 5 for \"" + phrase + "\": " + r.body()));
        assertThat(hit.get("label").asText()).isEqualTo(fairrag.vocabulary().byId(id).orElseThrow().label());
        assertThat(hit.get("matched").asText()).isNotBlank();
        assertThat(hit.get("score").asDouble()).isPositive();
        assertThat(hit.get("treeNumbers")).isNotEmpty();
    }

    @Test
    void should_name_the_entry_term_that_matched() throws Exception {
        JsonNode first = json.readTree(get("/api/terms/search?q=heart%20attack").body()).get("results").get(0);

        assertThat(first.get("id").asText()).isEqualTo("D009203");
        assertThat(first.get("matched").asText()).isEqualTo("Heart Attack");
    }

    @Test
    void should_describe_a_term_with_its_names_neighbours_and_article_counts() throws Exception {
        HttpResponse<String> r = get("/api/terms/D009062");

        assertThat(r.statusCode()).isEqualTo(200);
        JsonNode t = json.readTree(r.body());
        assertThat(t.get("id").asText()).isEqualTo("D009062");
        assertThat(t.get("pid").asText()).isEqualTo(fairrag.vocabulary().byId("D009062").orElseThrow().pid());
        assertThat(t.get("label").asText()).isEqualTo("Mouth Neoplasms");
        assertThat(texts(t.get("altLabels"))).contains("Oral Cancer", "Cancer of the Mouth");
        assertThat(texts(t.get("treeNumbers"))).containsExactlyInAnyOrder("C04.588.443.591", "C07.465.530");
        assertThat(ids(t.get("broader"))).contains("D006258", "D009059");
        assertThat(ids(t.get("narrower"))).contains("D014062", "D012468");
        assertThat(t.has("scopeNote")).isTrue();
        GraphFacts graph = new GraphFacts(fairrag);
        long direct = graph.publicArticlesTaggedWithAny(List.of("D009062")).size();
        long exploded = graph.publicArticlesTaggedWithAny(fairrag.vocabulary().withDescendants("D009062")).size();
        assertThat(direct).isPositive();
        assertThat(exploded).isGreaterThan(direct);
        assertThat(t.get("articleCount").asLong()).isEqualTo(direct);
        assertThat(t.get("articleCountExploded").asLong()).isEqualTo(exploded);
    }

    @Test
    void should_give_the_narrower_tree_to_the_depth_asked() throws Exception {
        JsonNode one = json.readTree(get("/api/terms/D009062/narrower").body());
        JsonNode two = json.readTree(get("/api/terms/D009062/narrower?depth=2").body());

        assertThat(one.get("label").asText()).isEqualTo("Mouth Neoplasms");
        assertThat(ids(one.get("children"))).containsExactlyInAnyOrderElementsOf(fairrag.vocabulary().byId("D009062").orElseThrow().narrower());
        one.get("children").forEach(c -> assertThat(c.get("children")).isEmpty());
        JsonNode salivary = child(two, "D012468");
        assertThat(ids(salivary.get("children"))).contains("D010307");
        salivary.get("children").forEach(c -> assertThat(c.get("children")).isEmpty());
        // Below the depth asked for, hasChildren tells a term with narrower terms from a leaf.
        JsonNode salivaryAtDepthOne = child(one, "D012468");
        assertThat(salivaryAtDepthOne.get("hasChildren").asBoolean()).isTrue();
        for (JsonNode c : salivary.get("children")) {
            boolean hasNarrower = !fairrag.vocabulary().byId(c.get("id").asText()).orElseThrow().narrower().isEmpty();
            assertThat(c.get("hasChildren").asBoolean()).as(c.get("id").asText()).isEqualTo(hasNarrower);
        }
        assertThat(salivary.get("children").findValuesAsText("hasChildren")).contains("false");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "/api/terms/search|400|missing_parameter",
            "/api/terms/search?q=cancer&k=101|400|invalid_parameter",
            "/api/terms/not-an-id|400|malformed_term_id",
            "/api/terms/D000000|404|not_found",
            "/api/terms/D000000/narrower|404|not_found",
            "/api/terms/D009062/narrower?depth=0|400|invalid_parameter",
            "/api/terms/D009062/narrower?depth=6|400|invalid_parameter"})
    void should_answer_bad_requests_with_json_errors(String path, int status, String code) throws Exception {
        HttpResponse<String> r = get(path);

        assertThat(r.statusCode()).isEqualTo(status);
        assertThat(json.readTree(r.body()).get("error").get("code").asText()).isEqualTo(code);
    }

    private static JsonNode child(JsonNode node, String id) {
        for (JsonNode c : node.get("children")) {
            if (c.get("id").asText().equals(id)) {
                return c;
            }
        }
        throw new AssertionError("no child " + id);
    }

    private static List<String> ids(JsonNode refs) {
        List<String> out = new ArrayList<>();
        refs.forEach(r -> out.add(r.get("id").asText()));
        return out;
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(a -> out.add(a.asText()));
        return out;
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + TestFairrag.demoPort() + path)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
