package org.fairrag.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Set;
import java.util.TreeSet;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.Test;

class HealthAndApiDocumentTest {

    private final HttpClient http = HttpClient.newHttpClient();
    private final int port = TestFairrag.demoPort();

    @Test
    void should_report_every_component_up() throws Exception {
        HttpResponse<String> r = get("/health");

        assertThat(r.statusCode()).isEqualTo(200);
        JsonNode health = new ObjectMapper().readTree(r.body());
        assertThat(health.get("status").asText()).isEqualTo("UP");
        Set<String> components = new TreeSet<>();
        health.get("checks").forEach(c -> {
            components.add(c.get("id").asText());
            assertThat(c.get("status").asText()).as(c.toString()).isEqualTo("UP");
        });
        assertThat(components).contains("postgres", "triplestore", "vocabulary");
    }

    @Test
    void should_describe_exactly_the_routes_the_router_serves() throws Exception {
        HttpResponse<String> r = get("/openapi.yaml");
        JsonNode doc = new ObjectMapper(new YAMLFactory()).readTree(r.body());

        Set<String> documented = new TreeSet<>();
        doc.get("paths").fieldNames().forEachRemaining(documented::add);
        Set<String> routed = new TreeSet<>();
        io.vertx.ext.web.Router router = TestFairrag.demoRouter();
        router.getRoutes().forEach(route -> {
            String path = route.getPath();
            if (path != null && !path.endsWith("/") && !path.equals("/*") && !path.contains("*")) {
                routed.add(path.replaceAll(":([A-Za-z]+)", "{$1}"));
            }
        });

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(doc.get("openapi").asText()).startsWith("3.");
        assertThat(documented).isEqualTo(routed);
    }

    @Test
    void should_answer_a_client_that_asks_for_h2c_over_http_1_1() throws Exception {
        // Java's default client sends "Upgrade: h2c"; the upgraded answers of Vert.x sometimes ended in EOF.
        assertThat(http.version()).isEqualTo(HttpClient.Version.HTTP_2);

        HttpResponse<String> r = get("/openapi.yaml");

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.version()).isEqualTo(HttpClient.Version.HTTP_1_1);
    }

    @Test
    void should_answer_an_unknown_route_with_a_json_404() throws Exception {
        HttpResponse<String> r = get("/api/no-such-thing");

        assertThat(r.statusCode()).isEqualTo(404);
        assertThat(r.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/json");
        assertThat(r.body()).contains("\"error\"").contains("\"not_found\"");
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder().timeout(java.time.Duration.ofSeconds(60)).uri(URI.create("http://127.0.0.1:" + port + path)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
