package org.fairrag.http;

import org.fairrag.app.HttpServerLauncher;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A server listening before its API is ready: what answers at once, what answers 503 starting, and the switch. */
class ReadinessGateTest {

    private final HttpClient http = HttpClient.newHttpClient();
    private final ObjectMapper json = new ObjectMapper();
    private final AtomicReference<JsonObject> progress = new AtomicReference<>(new JsonObject()
            .put("step", new JsonObject().put("name", "Loading MeSH").put("done", 2000).put("total", 30764).put("unit", "terms")));
    private Vertx vertx;
    private ReadinessGate gate;
    private HttpServer server;

    @BeforeEach
    void listen() {
        vertx = Vertx.vertx();
        gate = ReadinessGate.create(vertx, progress::get);
        server = vertx.createHttpServer(HttpServerLauncher.protocolOptions()).requestHandler(gate).listen(0, "127.0.0.1").await();
    }

    @AfterEach
    void close() {
        vertx.close().await();
    }

    @Test
    void should_tell_the_progress_on_health_while_starting() throws Exception {
        HttpResponse<String> r = get("/health");

        assertThat(r.statusCode()).isEqualTo(503);
        assertThat(r.headers().firstValue("Retry-After")).isPresent();
        JsonNode body = json.readTree(r.body());
        assertThat(body.get("status").asText()).isEqualTo("STARTING");
        assertThat(body.at("/startup/step/name").asText()).isEqualTo("Loading MeSH");
        assertThat(body.at("/startup/step/done").asLong()).isEqualTo(2000);
        assertThat(body.at("/startup/step/total").asLong()).isEqualTo(30764);
    }

    @Test
    void should_answer_every_api_route_503_starting_with_retry_after() throws Exception {
        for (String path : new String[] {"/api/articles/search?q=heart", "/api/terms/D009062", "/pid/abc", "/dataset",
                "/sparql?query=ASK%7B%7D", "/openapi.yaml", "/metrics", "/no-such-page"}) {
            HttpResponse<String> r = get(path);

            assertThat(r.statusCode()).as(path).isEqualTo(503);
            assertThat(r.headers().firstValue("Retry-After")).as(path).hasValue(Integer.toString(ReadinessGate.RETRY_AFTER_SECONDS));
            assertThat(r.headers().firstValue("Content-Type").orElseThrow()).as(path).startsWith("application/json");
            assertThat(json.readTree(r.body()).at("/error/code").asText()).as(path).isEqualTo("starting");
        }
        HttpResponse<String> post = http.send(HttpRequest.newBuilder(uri("/api/filter"))
                .POST(HttpRequest.BodyPublishers.ofString("{}")).header("Content-Type", "application/json").build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(post.statusCode()).isEqualTo(503);
    }

    @Test
    void should_serve_the_web_app_while_starting() throws Exception {
        HttpResponse<String> page = get("/");
        HttpResponse<String> script = get("/js/startup.js");

        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("id=\"startup\"");
        assertThat(page.headers().firstValue("Content-Security-Policy")).isPresent();
        assertThat(script.statusCode()).isEqualTo(200);
    }

    @Test
    void should_hand_every_request_to_the_api_once_open() throws Exception {
        Router api = Router.router(vertx);
        api.get("/health").handler(ctx -> ctx.json(new JsonObject().put("status", "UP")));
        api.get("/api/terms/:id").handler(ctx -> ctx.json(new JsonObject().put("id", ctx.pathParam("id"))));

        gate.open(api);

        assertThat(gate.isOpen()).isTrue();
        assertThat(get("/health").statusCode()).isEqualTo(200);
        HttpResponse<String> term = get("/api/terms/D009062");
        assertThat(term.statusCode()).isEqualTo(200);
        assertThat(json.readTree(term.body()).get("id").asText()).isEqualTo("D009062");
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(30)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.actualPort() + path);
    }
}
