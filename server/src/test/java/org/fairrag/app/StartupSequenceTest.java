package org.fairrag.app;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * {@code serve}'s start-up on a fresh data directory: it listens before the stores open (held open here
 * by a console that waits while the stores start), tells its progress on {@code /health}, answers the API
 * with 503 starting and the web app at once, then serves the API and says where to open it.
 */
class StartupSequenceTest {

    private static final String STORES = "Starting the stores";

    private final HttpClient http = HttpClient.newHttpClient();
    private final ObjectMapper json = new ObjectMapper();

    @Test
    void should_listen_at_once_and_serve_the_api_once_the_stores_are_ready() throws Exception {
        CountDownLatch storesStarting = new CountDownLatch(1);
        CountDownLatch goOn = new CountDownLatch(1);
        IngestProgress console = new IngestProgress() {
            @Override
            public void step(String name) {
                if (name.equals(STORES)) {
                    storesStarting.countDown();
                    try {
                        goOn.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            }

            @Override
            public void start(String task, long total, String unit) {}

            @Override
            public void advanceTo(long done) {}

            @Override
            public void finish() {}
        };
        ListAppender<ILoggingEvent> log = new ListAppender<>();
        log.start();
        Logger logger = (Logger) LoggerFactory.getLogger(StartupSequence.class);
        logger.addAppender(log);
        Lifecycle lifecycle = Lifecycle.begin(TestFairrag.config(TestFairrag.newDir("startup")));
        try {
            StartupSequence startup = new StartupSequence(lifecycle, console);
            int port = startup.listen();
            CompletableFuture<Fairrag> opened = CompletableFuture.supplyAsync(() -> {
                try {
                    return startup.open();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            assertThat(storesStarting.await(2, TimeUnit.MINUTES)).isTrue();

            HttpResponse<String> health = get(port, "/health");
            assertThat(health.statusCode()).isEqualTo(503);
            JsonNode starting = json.readTree(health.body());
            assertThat(starting.get("status").asText()).isEqualTo("STARTING");
            assertThat(starting.at("/startup/step/name").asText()).isEqualTo(STORES);
            HttpResponse<String> search = get(port, "/api/terms/search?q=heart");
            assertThat(search.statusCode()).isEqualTo(503);
            assertThat(search.headers().firstValue("Retry-After")).isPresent();
            assertThat(json.readTree(search.body()).at("/error/code").asText()).isEqualTo("starting");
            assertThat(get(port, "/").statusCode()).isEqualTo(200);

            goOn.countDown();
            Fairrag fairrag = opened.get(5, TimeUnit.MINUTES);

            assertThat(get(port, "/api/terms/search?q=heart").statusCode()).isEqualTo(200);
            JsonNode ready = json.readTree(get(port, "/health").body());
            assertThat(ready.get("status").asText()).isNotEqualTo("STARTING");
            assertThat(ready.has("checks")).isTrue();
            assertThat(log.list).anySatisfy(e -> assertThat(e.getFormattedMessage())
                    .startsWith("fairrag is ready after").contains("open http://127.0.0.1:" + port + "/"));
            fairrag.close();
        } finally {
            goOn.countDown();
            logger.detachAppender(log);
            lifecycle.close();
        }
    }

    @Test
    void should_give_the_address_to_open_on_this_machine() {
        assertThat(StartupSequence.localUrl("0.0.0.0", 8080)).isEqualTo("http://localhost:8080/");
        assertThat(StartupSequence.localUrl("::", 8080)).isEqualTo("http://localhost:8080/");
        assertThat(StartupSequence.localUrl("127.0.0.1", 9000)).isEqualTo("http://127.0.0.1:9000/");
        assertThat(StartupSequence.localUrl("::1", 9000)).isEqualTo("http://[::1]:9000/");
    }

    private HttpResponse<String> get(int port, String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(60)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }
}
