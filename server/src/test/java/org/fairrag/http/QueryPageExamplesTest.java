package org.fairrag.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.Test;

/** The query page's example queries, as the page sends them, answer on the demo what their names promise. */
class QueryPageExamplesTest {

    private static final Pattern PREFIXES = Pattern.compile("const PREFIXES = `([^`]*)`;");
    private static final Pattern EXAMPLE = Pattern.compile("\\{name: '([^']+)', query: `([^`]*)`\\}");

    private final HttpClient http = HttpClient.newHttpClient();
    private final int port = TestFairrag.demoPort();

    @Test
    void should_answer_every_example_with_rows() throws Exception {
        Map<String, String> examples = examples();

        assertThat(examples).hasSizeGreaterThanOrEqualTo(3);
        for (var e : examples.entrySet()) {
            JsonNode rows = select(e.getValue());
            assertThat(rows.size()).as(e.getKey()).isPositive();
        }
    }

    @Test
    void should_find_myocardial_infarction_first_for_heart_attack() throws Exception {
        String query = examples().get("Terms by an alternative name");

        JsonNode rows = select(query);

        assertThat(rows.get(0).get("label").get("value").asText()).isEqualTo("Myocardial Infarction");
        assertThat(rows.size()).isLessThanOrEqualTo(10);
    }

    private JsonNode select(String query) throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/sparql"))
                .timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .header("Accept", "application/sparql-results+json")
                .POST(HttpRequest.BodyPublishers.ofString("query=" + URLEncoder.encode(query, StandardCharsets.UTF_8)))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return new ObjectMapper().readTree(r.body()).get("results").get("bindings");
    }

    private static Map<String, String> examples() throws IOException {
        String page;
        try (InputStream in = QueryPageExamplesTest.class.getResourceAsStream("/fairrag/ui/js/sparql-page.js")) {
            assertThat(in).as("the query page's script on the classpath").isNotNull();
            page = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Matcher prefixes = PREFIXES.matcher(page);
        assertThat(prefixes.find()).as("the page's PREFIXES").isTrue();
        Map<String, String> out = new LinkedHashMap<>();
        Matcher m = EXAMPLE.matcher(page);
        while (m.find()) {
            out.put(m.group(1), m.group(2).replace("${PREFIXES}", prefixes.group(1)));
        }
        return out;
    }
}
