package org.fairrag.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.fairrag.app.Fairrag;
import org.fairrag.app.HttpServerLauncher;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.Test;

/**
 * Nothing of the store is reachable but through {@code /sparql}: opening an instance starts no listener in
 * this process (the triple store has no port), restricted content is answered only to a key that reads it,
 * and {@code /health} tells the public no address, port or count.
 */
class StoreExposureTest {

    private final SecurityFixture fx = SecurityFixture.get();

    @Test
    void should_open_the_stores_without_a_listening_socket_in_this_process() {
        Set<Integer> before = listeningPorts();

        try (Fairrag fresh = TestFairrag.fresh("no-listener")) {
            Set<Integer> opened = listeningPorts();
            int http = HttpServerLauncher.start(fresh).port();
            Set<Integer> serving = listeningPorts();

            assertThat(opened).as("listening ports after opening the stores").isEqualTo(before);
            assertThat(serving).as("the HTTP server is the one listener").containsExactlyInAnyOrderElementsOf(
                    union(before, Set.of(http)));
        }
    }

    @Test
    void should_answer_restricted_content_only_through_sparql_with_a_key() {
        String titles = "SELECT ?t WHERE { GRAPH <" + fx.restrictedGraph + "> { ?s <http://purl.org/dc/terms/title> ?t } }";
        String everything = "SELECT ?g ?s ?o WHERE { GRAPH ?g { ?s ?p ?o } FILTER(isLiteral(?o)) }";

        assertThat(fx.sparql(titles).body()).doesNotContain(SecurityFixture.SECRET);
        assertThat(fx.sparql(everything).body()).doesNotContain(SecurityFixture.SECRET).doesNotContain(fx.restrictedGraph);
        assertThat(fx.sparql(titles, "X-API-Key", fx.restrictedKey).body()).contains(SecurityFixture.SECRET);
        // Where a Fuseki server would have answered; this server routes none of it to the store.
        for (String path : List.of("/fairrag/get?graph=" + SecurityFixture.encode(fx.restrictedGraph),
                "/fairrag/query?query=" + SecurityFixture.encode(titles), "/fairrag/sparql?query=" + SecurityFixture.encode(titles),
                "/$/ping", "/$/datasets")) {
            HttpResponse<String> r = fx.get(path, "Accept", "text/csv");
            assertThat(r.statusCode()).as(path).isEqualTo(404);
            assertThat(r.body()).as(path).doesNotContain(SecurityFixture.SECRET);
        }
    }

    @Test
    void should_show_the_public_component_statuses_only() {
        for (HttpResponse<String> r : List.of(fx.get("/health"), fx.get("/health", "X-API-Key", fx.restrictedKey),
                fx.get("/health", "X-API-Key", "frk_000000000000.wrong"))) {
            assertThat(r.statusCode()).isEqualTo(200);
            JsonObject health = new JsonObject(r.body());
            assertThat(health.getString("status")).isEqualTo("UP");
            JsonArray checks = health.getJsonArray("checks");
            assertThat(checks).isNotEmpty();
            checks.forEach(c -> assertThat(((JsonObject) c).fieldNames()).containsExactlyInAnyOrder("id", "status"));
            assertThat(r.body()).doesNotContain("127.0.0.1").doesNotContain(Integer.toString(fx.port))
                    .doesNotContainPattern("\\d{3,}");
        }
    }

    @Test
    void should_show_details_to_an_admin_key() {
        JsonObject health = new JsonObject(fx.get("/health", "Authorization", "Bearer " + fx.adminKey).body());

        JsonObject byId = new JsonObject();
        health.getJsonArray("checks").forEach(c -> byId.put(((JsonObject) c).getString("id"), c));
        assertThat(byId.getJsonObject("postgres").getJsonObject("data").getString("database")).contains("127.0.0.1");
        assertThat(byId.getJsonObject("triplestore").getJsonObject("data").getString("store"))
                .contains("in-process").doesNotContain("http");
        assertThat(byId.getJsonObject("sparql").getJsonObject("data").getInteger("threads"))
                .isEqualTo(SecurityFixture.SPARQL_THREADS);
    }

    private static Set<Integer> union(Set<Integer> a, Set<Integer> b) {
        Set<Integer> all = new HashSet<>(a);
        all.addAll(b);
        return all;
    }

    /** TCP ports this process listens on: the LISTEN sockets of /proc/net/tcp{,6} whose inode is one of our descriptors. */
    private static Set<Integer> listeningPorts() {
        try {
            Set<String> ours = new HashSet<>();
            try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
                fds.forEach(fd -> {
                    try {
                        String target = Files.readSymbolicLink(fd).toString();
                        if (target.startsWith("socket:[")) {
                            ours.add(target.substring(8, target.length() - 1));
                        }
                    } catch (IOException e) {
                        // closed while we looked
                    }
                });
            }
            Set<Integer> ports = new HashSet<>();
            for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
                List<String> lines = Files.readAllLines(Path.of(table));
                for (String line : lines.subList(1, lines.size())) {
                    String[] f = line.trim().split("\\s+");
                    if (f[3].equals("0A") && ours.contains(f[9])) {
                        ports.add(Integer.parseInt(f[1].substring(f[1].lastIndexOf(':') + 1), 16));
                    }
                }
            }
            return ports;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
