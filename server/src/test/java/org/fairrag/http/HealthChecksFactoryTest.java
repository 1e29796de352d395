package org.fairrag.http;

import org.fairrag.app.HttpServerLauncher;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.ext.web.Router;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code /health} tells background work under way (the annotation of articles) beside the components' checks. */
class HealthChecksFactoryTest {

    private final AtomicReference<Optional<HealthChecksFactory.Work>> work = new AtomicReference<>(Optional.empty());
    private final HttpClient http = HttpClient.newHttpClient();
    private final ObjectMapper json = new ObjectMapper();
    private Vertx vertx;
    private HttpServer server;

    @BeforeEach
    void start() throws Exception {
        vertx = Vertx.vertx();
        HealthChecksFactory health = new HealthChecksFactory()
                .component("store", () -> Future.succeededFuture(new io.vertx.core.json.JsonObject().put("store", "here")))
                .background("annotating", work::get);
        Router router = Router.router(vertx);
        router.get("/health").handler(health.handler(ctx -> Future.succeededFuture(ctx.request().getHeader("X-Admin") != null)));
        server = vertx.createHttpServer(HttpServerLauncher.protocolOptions()).requestHandler(router).listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get();
    }

    @AfterEach
    void stop() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get();
    }

    @Test
    void should_tell_background_work_under_way_and_nothing_once_it_ended() throws Exception {
        work.set(Optional.of(new HealthChecksFactory.Work(500, 2000)));

        JsonNode admin = get(true);
        JsonNode anyone = get(false);

        assertThat(admin.get("status").asText()).isEqualTo("UP");
        assertThat(admin.at("/annotating/done").asLong()).isEqualTo(500);
        assertThat(admin.at("/annotating/of").asLong()).isEqualTo(2000);
        assertThat(anyone.at("/annotating/percent").asLong()).isEqualTo(25);
        assertThat(anyone.get("annotating").has("of")).as("the counts would tell how many restricted articles exist").isFalse();

        work.set(Optional.empty());

        assertThat(get(true).has("annotating")).isFalse();
    }

    private JsonNode get(boolean admin) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.actualPort() + "/health"))
                .timeout(Duration.ofSeconds(30)).GET();
        if (admin) {
            request.header("X-Admin", "1");
        }
        HttpResponse<String> r = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(200);
        return json.readTree(r.body());
    }
}
