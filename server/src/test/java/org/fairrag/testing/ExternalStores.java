package org.fairrag.testing;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.fairrag.app.FairragConfig;

/**
 * The stores of test instances as servers of their own, when the test JVM runs with
 * {@code -Dfairrag.test.stores=external} (the {@code external-stores} Maven profile): each data directory
 * gets an Apache Jena Fuseki standalone server process (the {@code jena-fuseki-server} jar, with
 * {@code fuseki-config/fuseki-server.ttl}: TDB2 and the jena-text index) as {@code FAIRRAG_SPARQL_URL}, and
 * a database of its own in one PostgreSQL server started apart from every fairrag instance as
 * {@code FAIRRAG_PG_URL}. The same directory opened again (a restart) finds the same stores.
 */
public final class ExternalStores {

    private static final Duration FUSEKI_START = Duration.ofSeconds(120);
    private static final Map<Path, Stores> byDir = new HashMap<>();
    private static EmbeddedPostgres postgres;
    private static int databases;

    private record Stores(Process fuseki, String sparqlBase, String pgUrl) {}

    private ExternalStores() {}

    public static boolean enabled() {
        return "external".equals(System.getProperty("fairrag.test.stores"));
    }

    /** The configuration pointed at the external stores of {@code dataDir}, started on first use. */
    static synchronized FairragConfig.Builder apply(FairragConfig.Builder config, Path dataDir) {
        Stores stores = byDir.computeIfAbsent(dataDir.toAbsolutePath(), ExternalStores::start);
        return config.pgUrl(stores.pgUrl()).sparqlUrl(stores.sparqlBase() + "/query").sparqlUpdateUrl(stores.sparqlBase() + "/update");
    }

    /**
     * Lets the instance of {@code newDir} use the stores of {@code existingDir}: a second server on the same
     * collection, with a data directory (and an embedded vector index) of its own.
     */
    public static synchronized void share(Path existingDir, Path newDir) {
        Stores stores = byDir.get(existingDir.toAbsolutePath());
        if (stores == null) {
            throw new IllegalStateException("no external stores for " + existingDir);
        }
        byDir.put(newDir.toAbsolutePath(), stores);
    }

    /** Stops the Fuseki server of {@code dataDir} once no other directory shares it. */
    static synchronized void stop(Path dataDir) {
        Stores stores = byDir.remove(dataDir.toAbsolutePath());
        if (stores != null && !byDir.containsValue(stores)) {
            stop(stores.fuseki());
        }
    }

    static synchronized void stopAll() {
        byDir.values().forEach(stores -> stop(stores.fuseki()));
        byDir.clear();
        if (postgres != null) {
            try {
                postgres.close();
            } catch (IOException e) {
                System.err.println("could not stop the external PostgreSQL: " + e.getMessage());
            }
        }
    }

    private static Stores start(Path dataDir) {
        try {
            int port;
            try (ServerSocket socket = new ServerSocket(0)) {
                port = socket.getLocalPort();
            }
            return new Stores(startFuseki(dataDir, port), "http://127.0.0.1:" + port + "/fairrag", newDatabase());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Process startFuseki(Path dataDir, int port) throws IOException {
        Path jar = Path.of(required("fairrag.fuseki.jar"));
        Path config = Path.of(required("fairrag.fuseki.config")).toAbsolutePath();
        Path home = Files.createDirectories(dataDir.resolve("external-fuseki"));
        Process fuseki = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx768m", "-XX:ActiveProcessorCount=1", "-jar", jar.toAbsolutePath().toString(),
                "--localhost", "--port", Integer.toString(port), "--config", config.toString())
                .directory(home.toFile())
                .redirectErrorStream(true)
                .redirectOutput(home.resolve("fuseki.log").toFile())
                .start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(fuseki)));
        String base = "http://127.0.0.1:" + port + "/fairrag";
        awaitAnswer(fuseki, base, home.resolve("fuseki.log"));
        return fuseki;
    }

    private static void awaitAnswer(Process fuseki, String base, Path log) throws IOException {
        HttpClient http = HttpClient.newHttpClient();
        HttpRequest ask = HttpRequest.newBuilder(URI.create(base + "/query?query=" + URLEncoder.encode("ASK {}", StandardCharsets.UTF_8)))
                .timeout(Duration.ofSeconds(5)).build();
        long deadline = System.nanoTime() + FUSEKI_START.toNanos();
        while (System.nanoTime() < deadline) {
            if (!fuseki.isAlive()) {
                throw new IllegalStateException("Fuseki ended with status " + fuseki.exitValue() + ": " + Files.readString(log));
            }
            try {
                // Alive after the answer too: a server of another run on the same port would answer while ours,
                // unable to bind, ends.
                if (http.send(ask, HttpResponse.BodyHandlers.discarding()).statusCode() == 200
                        && !fuseki.waitFor(500, TimeUnit.MILLISECONDS)) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            try {
                fuseki.waitFor(200, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        stop(fuseki);
        throw new IllegalStateException("Fuseki did not answer within " + FUSEKI_START + ": " + Files.readString(log));
    }

    private static String newDatabase() throws IOException {
        if (postgres == null) {
            postgres = EmbeddedPostgres.builder().setServerConfig("listen_addresses", "127.0.0.1")
                    .setServerConfig("max_connections", "200").start();
        }
        String name = "fairrag_" + (++databases);
        try (Connection c = postgres.getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IOException("could not create database " + name, e);
        }
        return "postgresql://postgres:postgres@127.0.0.1:" + postgres.getPort() + "/" + name;
    }

    private static String required(String property) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException("-D" + property + " is not set: run the external stores with "
                    + "mvn -B verify -Pexternal-stores (see the README)");
        }
        return value;
    }

    private static void stop(Process fuseki) {
        if (fuseki.isAlive()) {
            fuseki.destroy();
            try {
                if (!fuseki.waitFor(10, TimeUnit.SECONDS)) {
                    fuseki.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
