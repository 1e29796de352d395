package org.fairrag.http;

import org.fairrag.app.HttpServerLauncher;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.ext.web.Router;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.fairrag.work.WorkerPool;

/** Only a body its worker finished ends cleanly; a worker that fails half-way leaves a visibly broken transfer. */
class ResponseStreamerTest {

    private static final int MEGABYTE = 1 << 20;

    private final Vertx vertx = Vertx.vertx();
    private final SimpleMeterRegistry metrics = new SimpleMeterRegistry();
    private final HttpClient http = HttpClient.newHttpClient();
    private WorkerPool pool;
    private int port;

    @BeforeEach
    void start() {
        pool = new WorkerPool(vertx, "stream-test", 2, 2);
        ResponseStreamer streamer = new ResponseStreamer(Duration.ofSeconds(30), metrics);
        Router router = Router.router(vertx);
        router.get("/whole").handler(ctx -> stream(streamer, ctx, out -> out.write(new byte[3 * MEGABYTE])));
        router.get("/fails-half-way").handler(ctx -> stream(streamer, ctx, out -> {
            out.write(new byte[MEGABYTE]);
            throw new IOException("the store went away");
        }));
        router.get("/fails-at-once").handler(ctx -> stream(streamer, ctx, out -> {
            throw new IOException("the store went away");
        }));
        router.route().failureHandler(Errors::handleFailure);
        HttpServer server = vertx.createHttpServer(HttpServerLauncher.protocolOptions()).requestHandler(router).listen(0, "127.0.0.1").await();
        port = server.actualPort();
    }

    @AfterEach
    void stop() {
        pool.close();
        vertx.close().await();
    }

    private void stream(ResponseStreamer streamer, io.vertx.ext.web.RoutingContext ctx, BlockingWriteBridge.Body body) {
        ctx.response().setChunked(true).putHeader("Content-Type", "application/octet-stream");
        BlockingWriteBridge bridge = new BlockingWriteBridge(ctx.vertx().getOrCreateContext());
        pool.submit(() -> {
            bridge.write(body);
            return null;
        });
        streamer.send(ctx, bridge, "test body");
    }

    @Test
    void should_end_a_finished_body_cleanly() throws Exception {
        HttpResponse<byte[]> r = get("/whole");

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).hasSize(3 * MEGABYTE);
        assertThat(Arrays.equals(r.body(), new byte[3 * MEGABYTE])).isTrue();
    }

    @Test
    void should_break_the_transfer_when_the_worker_fails_after_the_status_line() {
        assertThatThrownBy(() -> get("/fails-half-way")).isInstanceOf(IOException.class);
        assertThat(metrics.counter("fairrag.http.streams.reset", "reason", "failed").count()).isEqualTo(1);
    }

    @Test
    void should_answer_an_error_when_the_worker_fails_before_the_first_byte() throws Exception {
        HttpResponse<byte[]> r = get("/fails-at-once");

        assertThat(r.statusCode()).isEqualTo(500);
        assertThat(new String(r.body())).contains("internal_error");
        assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/json"));
    }

    private HttpResponse<byte[]> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofByteArray());
    }
}
