package org.fairrag.relate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fairrag.app.Fairrag;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * "In the literature" on the demo collection: {@code GET /api/terms/{id}/related}, the term's landing page,
 * and the query page's examples about mentions and associations, run on {@code /sparql}.
 */
class RelatedConceptsApiTest {

    private static final String HYPERTENSION = "D006973";
    private final Fairrag fairrag = TestFairrag.demo();
    private final HttpClient http = HttpClient.newHttpClient();
    private final ObjectMapper json = new ObjectMapper();

    @Test
    void should_rank_related_concepts_with_evidence_sentences_and_their_articles() throws Exception {
        HttpResponse<String> r = get("/api/terms/" + HYPERTENSION + "/related?k=5&evidence=2");

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Cache-Control")).hasValueSatisfying(v -> assertThat(v).contains("private"));
        JsonNode body = json.readTree(r.body());
        assertThat(body.get("label").asText()).isEqualTo("Hypertension");
        assertThat(body.get("countedOver").asText()).isEqualTo("public articles");
        assertThat(body.get("sentences").asLong()).isGreaterThan(10_000);
        List<JsonNode> results = new ArrayList<>();
        body.get("results").forEach(results::add);
        assertThat(results).hasSize(5);
        double previous = 1.0;
        for (JsonNode related : results) {
            assertThat(related.get("id").asText()).isNotEqualTo(HYPERTENSION);
            assertThat(related.get("pid").asText()).startsWith(TestFairrag.BASE_URL + "/pid/");
            assertThat(related.get("association").asText()).startsWith(fairrag.datasetFdo().pid() + "#assoc-");
            assertThat(related.get("npmi").asDouble()).isLessThanOrEqualTo(previous).isGreaterThan(-1);
            previous = related.get("npmi").asDouble();
            assertThat(related.get("articles").asInt()).isGreaterThanOrEqualTo(CoOccurrence.MIN_ARTICLES);
            assertThat(related.get("sentences").asInt()).isGreaterThanOrEqualTo(related.get("articles").asInt());
            assertThat(related.get("evidence").size()).isBetween(1, 2);
            for (JsonNode e : related.get("evidence")) {
                assertThat(e.get("pid").asText()).startsWith(TestFairrag.BASE_URL + "/pid/");
                assertThat(e.get("pmid").asText()).matches("\\d+");
                assertThat(e.get("text").asText()).isNotBlank();
                assertThat(e.get("end").asInt()).isGreaterThan(e.get("start").asInt());
            }
            if (related.get("evidence").size() == 2) {
                assertThat(related.get("evidence").get(0).get("pid")).as("two articles before two sentences of one")
                        .isNotEqualTo(related.get("evidence").get(1).get("pid"));
            }
        }
    }

    @ParameterizedTest
    @CsvSource({
            "/api/terms/D006973/related?k=0, 400",
            "/api/terms/D006973/related?k=101, 400",
            "/api/terms/D006973/related?k=many, 400",
            "/api/terms/D006973/related?evidence=11, 400",
            "/api/terms/hypertension/related, 400",
            "/api/terms/D999999999/related, 404"})
    void should_refuse_bad_input_with_a_json_error(String path, int status) throws Exception {
        HttpResponse<String> r = get(path);

        assertThat(r.statusCode()).isEqualTo(status);
        JsonNode error = json.readTree(r.body()).get("error");
        assertThat(error.get("code").asText()).isNotBlank();
        assertThat(error.get("message").asText()).isNotBlank();
    }

    @Test
    void should_show_the_literature_on_the_term_landing_page() throws Exception {
        String pid = fairrag.vocabulary().byId(HYPERTENSION).orElseThrow().pid();
        JsonNode first = json.readTree(get("/api/terms/" + HYPERTENSION + "/related?k=1&evidence=0").body()).get("results").get(0);

        HttpResponse<String> page = http.send(HttpRequest.newBuilder(URI.create(local(pid))).header("Accept", "text/html").GET().build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("In the literature").contains("href=\"" + first.get("pid").asText() + "\"")
                .contains("/api/terms/" + HYPERTENSION + "/related");
    }

    @Test
    void should_answer_the_query_page_examples_about_mentions_and_associations() throws Exception {
        Map<String, String> examples = examples();

        List<String> unindexed = column(sparql(examples.get("Articles that mention a term but are not indexed with it")), "article");
        List<String> associated = column(sparql(examples.get("Concepts most associated with a term")), "label");

        assertThat(unindexed).isNotEmpty().allSatisfy(pid -> assertThat(pid).startsWith(TestFairrag.BASE_URL + "/pid/"));
        String hypertension = fairrag.vocabulary().byId(HYPERTENSION).orElseThrow().pid();
        for (String pid : unindexed.subList(0, Math.min(5, unindexed.size()))) {
            assertThat(fairrag.graph().ask(org.apache.jena.query.QueryFactory.create(
                    "ASK { GRAPH ?g { ?a <http://schema.org/about> ?t } }"), Map.of(
                    "a", org.apache.jena.rdf.model.ResourceFactory.createResource(pid),
                    "t", org.apache.jena.rdf.model.ResourceFactory.createResource(hypertension)))).as(pid).isFalse();
        }
        List<String> byApi = new ArrayList<>();
        json.readTree(get("/api/terms/" + HYPERTENSION + "/related?k=5&evidence=0").body()).get("results")
                .forEach(n -> byApi.add(n.get("label").asText()));
        assertThat(associated).hasSizeGreaterThanOrEqualTo(5);
        assertThat(associated.subList(0, 5)).as("the graph and the API rank alike").containsExactlyElementsOf(byApi);
    }

    /** The examples of the query page as the server serves it, by name, with their prefixes filled in. */
    private Map<String, String> examples() throws Exception {
        String script = get("/js/sparql-page.js").body();
        Matcher prefixes = Pattern.compile("const PREFIXES = `([^`]*)`").matcher(script);
        assertThat(prefixes.find()).isTrue();
        Map<String, String> out = new LinkedHashMap<>();
        Matcher m = Pattern.compile("\\{name: '([^']+)', query: `([^`]*)`").matcher(script);
        while (m.find()) {
            out.put(m.group(1), m.group(2).replace("${PREFIXES}", prefixes.group(1)));
        }
        return out;
    }

    private JsonNode sparql(String query) throws Exception {
        assertThat(query).isNotNull();
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + TestFairrag.demoPort() + "/sparql"))
                .timeout(Duration.ofSeconds(60)).header("Accept", "application/sparql-results+json")
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("query=" + URLEncoder.encode(query, StandardCharsets.UTF_8))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return json.readTree(r.body());
    }

    /** The values of one variable of a SPARQL JSON result, row by row. */
    private static List<String> column(JsonNode results, String variable) {
        List<String> out = new ArrayList<>();
        results.get("results").get("bindings").forEach(row -> out.add(row.get(variable).get("value").asText()));
        return out;
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + TestFairrag.demoPort() + path)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static String local(String pid) {
        return pid.replace(TestFairrag.BASE_URL, "http://127.0.0.1:" + TestFairrag.demoPort());
    }
}
