package org.fairrag.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.fairrag.app.Fairrag;
import org.fairrag.app.FairragConfig;
import org.fairrag.app.HttpServerLauncher;
import org.fairrag.store.ApiKeys;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Replays "an invalid API key costs a database query each and is never rate limited": keys not yet
 * verified are looked up at most {@code burst} times per IP address before the address gets 429, and a
 * verified key is served from a short cache, which a revocation outlives by at most its time. Each test
 * calls from a loopback address of its own (127.0.0.x), so that their budgets are apart.
 */
class ApiKeyProbingTest {

    private static final int LOOKUP_BURST = 5;
    private static final Duration CACHE_TIME = Duration.ofSeconds(2);
    private static Fairrag fairrag;
    private static int port;

    private record Answer(int status, Map<String, String> headers) {}

    @BeforeAll
    static void start() {
        fairrag = TestFairrag.open(TestFairrag.config(TestFairrag.newDir("key-probing")).toBuilder()
                // About one lookup in 17 minutes after the burst: nothing refills while the tests run.
                .quotas(new FairragConfig.Quotas(0, 0.001, LOOKUP_BURST, CACHE_TIME))
                .build());
        port = HttpServerLauncher.start(fairrag).port();
    }

    @AfterAll
    static void stop() {
        fairrag.close();
    }

    @Test
    void should_refuse_an_address_that_guesses_keys_before_looking_them_up() throws Exception {
        double lookupsBefore = lookups();

        for (int i = 0; i < LOOKUP_BURST; i++) {
            assertThat(get("127.0.0.2", "frk_00000000000" + i + ".guess" + i).status()).isEqualTo(403);
        }
        for (int i = 0; i < 20; i++) {
            Answer refused = get("127.0.0.2", "frk_0000000000" + (10 + i) + ".guess" + i);
            assertThat(refused.status()).isEqualTo(429);
            assertThat(refused.headers()).containsKey("retry-after");
        }

        assertThat(lookups() - lookupsBefore).isEqualTo(LOOKUP_BURST);
        // Another address has a budget of its own.
        assertThat(get("127.0.0.3", "frk_000000000099.guess").status()).isEqualTo(403);
    }

    @Test
    void should_look_a_valid_key_up_once_and_then_trust_it_for_the_cache_time() throws Exception {
        String key = fairrag.apiKeys().create("frequent caller", ApiKeys.PUBLIC, false).await().token();
        double lookupsBefore = lookups();

        for (int i = 0; i < 3 * LOOKUP_BURST; i++) {
            assertThat(get("127.0.0.4", key).status()).isEqualTo(200);
        }

        assertThat(lookups() - lookupsBefore).isEqualTo(1);
    }

    @Test
    void should_refuse_a_revoked_key_within_the_cache_time() throws Exception {
        ApiKeys.CreatedKey key = fairrag.apiKeys().create("soon revoked", ApiKeys.PUBLIC, false).await();
        assertThat(get("127.0.0.5", key.token()).status()).isEqualTo(200);

        assertThat(fairrag.apiKeys().revoke(key.id()).await()).isTrue();

        // Served from the cache until it expires, then refused.
        await().atMost(CACHE_TIME.multipliedBy(5)).until(() -> get("127.0.0.5", key.token()).status() == 403);
    }

    /**
     * Replays a finding of the command-line sweep (2026-11-25): {@code fairrag apikey revoke <the whole leaked key>}
     * answered "No active key frk_…" with the secret, and the key stayed active. The id is read from the key.
     */
    @Test
    void should_revoke_a_key_given_whole_by_its_id_alone() throws Exception {
        ApiKeys.CreatedKey key = fairrag.apiKeys().create("leaked", ApiKeys.PUBLIC, false).await();

        String id = ApiKeys.idOf(key.token());

        assertThat(id).isEqualTo(key.id()).doesNotContain(key.token().substring(key.token().indexOf('.') + 1));
        assertThat(ApiKeys.idOf(key.id())).isEqualTo(key.id());
        assertThat(fairrag.apiKeys().revoke(id).await()).isTrue();
        await().atMost(CACHE_TIME.multipliedBy(5)).until(() -> get("127.0.0.6", key.token()).status() == 403);
    }

    /** Replays a finding of the command-line sweep (2026-11-25): a name with a line break forged a line of the list. */
    @Test
    void should_refuse_a_key_name_with_control_characters() {
        assertThatThrownBy(() -> fairrag.apiKeys().create("line1\nline2\tTAB", ApiKeys.PUBLIC, false).await())
                .hasMessageContaining("without control characters");
        assertThat(fairrag.apiKeys().list().await()).noneMatch(k -> k.name().contains("line1"));
    }

    private static double lookups() {
        return fairrag.metrics().counter("fairrag.api.key.lookups").count();
    }

    /** {@code GET /api/summarize/prompt} with the key, from the given local address; the status and headers. */
    private static Answer get(String fromAddress, String key) throws Exception {
        try (Socket socket = new Socket()) {
            socket.bind(new InetSocketAddress(fromAddress, 0));
            socket.connect(new InetSocketAddress("127.0.0.1", port));
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write(("GET /api/summarize/prompt HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: " + key
                    + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            int status = Integer.parseInt(in.readLine().split(" ")[1]);
            Map<String, String> headers = new HashMap<>();
            for (String line = in.readLine(); line != null && !line.isEmpty(); line = in.readLine()) {
                int colon = line.indexOf(':');
                headers.put(line.substring(0, colon).trim().toLowerCase(), line.substring(colon + 1).trim());
            }
            return new Answer(status, headers);
        }
    }
}
