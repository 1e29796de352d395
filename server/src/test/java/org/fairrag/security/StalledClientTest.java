package org.fairrag.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Replays "four idle connections that request /dataset/dump and never read hold the dump pool for as
 * long as they stay open": the write timeout resets each of them and frees its worker thread, and the
 * idle timeout closes connections that send nothing.
 */
class StalledClientTest {

    @Test
    void should_free_the_dump_pool_from_clients_that_never_read() throws Exception {
        double timedOutBefore = LargeDumpServer.resets("write_timeout");
        List<Socket> stalled = new ArrayList<>();
        try {
            for (int i = 0; i < 4; i++) {
                stalled.add(LargeDumpServer.requestDump(false));
            }
            // The dump pool (2 threads, 2 waiting) is full of them, until the server lets go of each.
            await().atMost(Duration.ofSeconds(30)).until(() -> LargeDumpServer.dumpsInFlight() == 4);
            await().atMost(Duration.ofSeconds(60)).until(() -> LargeDumpServer.dumpsInFlight() == 0);
            assertThat(LargeDumpServer.resets("write_timeout")).isGreaterThan(timedOutBefore);

            HttpResponse<byte[]> whole = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                            URI.create("http://127.0.0.1:" + LargeDumpServer.port() + "/dataset/dump"))
                    .header("Accept-Encoding", "identity").timeout(Duration.ofSeconds(120)).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertThat(whole.statusCode()).isEqualTo(200);
            assertThat(new String(whole.body(), StandardCharsets.UTF_8).lines().count())
                    .isEqualTo(LargeDumpServer.publicStatements());
            for (Socket socket : stalled) {
                assertThat(LargeDumpServer.tailUntilClosed(socket)).doesNotEndWith("0\r\n\r\n");
            }
        } finally {
            for (Socket socket : stalled) {
                socket.close();
            }
        }
    }

    @Test
    void should_close_connections_that_send_nothing_or_stop_half_way_through_their_request() throws Exception {
        // Both wait out the same idle timeout, so one wait serves for both.
        try (Socket silent = new Socket(); Socket slow = new Socket()) {
            silent.connect(new InetSocketAddress("127.0.0.1", LargeDumpServer.port()));
            slow.connect(new InetSocketAddress("127.0.0.1", LargeDumpServer.port()));
            OutputStream out = slow.getOutputStream();
            out.write("GET /dataset HTTP/1.1\r\nHost: 127.0.0.1\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();

            await().atMost(Duration.ofSeconds(30)).until(() -> LargeDumpServer.closedByServer(silent));
            await().atMost(Duration.ofSeconds(30)).until(() -> LargeDumpServer.closedByServer(slow));
        }
    }
}
