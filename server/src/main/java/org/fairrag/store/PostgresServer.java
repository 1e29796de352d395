package org.fairrag.store;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real PostgreSQL server run from the binaries in the zonky Maven artifact, with its data kept
 * under the fairrag data directory so it survives restarts. Used when no external database is
 * configured.
 *
 * <p>A fairrag process killed without running its shutdown hooks leaves its postmaster running (it is a
 * process of its own), holding the data directory; the next start would then wait for it in vain. The
 * caller holds the fairrag data directory's lock, so a postmaster still running on this data is such a
 * leftover: {@link #start} stops it first (fast shutdown, then kill), and removes a lock file that
 * names a process that is gone or is not a postmaster of this data.
 */
public final class PostgresServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(PostgresServer.class);
    private static final Duration STALE_STOP_WAIT = Duration.ofSeconds(30);

    private final Path dataDirectory;
    private EmbeddedPostgres postgres;
    private int port;

    private PostgresServer(Path dataDirectory) {
        this.dataDirectory = dataDirectory;
    }

    /** Starts (or restarts on existing data) a server on a free loopback port. Blocks for a few seconds. */
    public static PostgresServer start(Path dataDirectory) throws IOException {
        Files.createDirectories(dataDirectory);
        PostgresServer server = new PostgresServer(dataDirectory.toAbsolutePath().normalize());
        server.startOn(0);
        return server;
    }

    /** Starts the server again after {@link #stop}, on the port it had, so that clients reconnect by themselves. */
    public synchronized void restart() throws IOException {
        if (postgres == null) {
            startOn(port);
        }
    }

    /** Stops the server, keeping its data (clients see it as unreachable until {@link #restart}). */
    public synchronized void stop() throws IOException {
        if (postgres != null) {
            postgres.close();
            postgres = null;
            LOG.info("Embedded PostgreSQL stopped");
        }
    }

    private synchronized void startOn(int requestedPort) throws IOException {
        stopLeftover(dataDirectory);
        long t0 = System.nanoTime();
        EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                .setDataDirectory(dataDirectory)
                .setCleanDataDirectory(false)
                .setRegisterShutdownHook(false)
                .setPGStartupWait(Duration.ofSeconds(60))
                .setServerConfig("listen_addresses", "127.0.0.1")
                .setServerConfig("max_connections", "50");
        if (requestedPort > 0) {
            builder.setPort(requestedPort);
        }
        postgres = builder.start();
        port = postgres.getPort();
        LOG.info("Embedded PostgreSQL started on 127.0.0.1:{} (data {}) in {} ms",
                port, dataDirectory, (System.nanoTime() - t0) / 1_000_000);
    }

    /** Stops a postmaster left running on {@code dataDirectory} by a process that died, and clears its lock file. */
    static void stopLeftover(Path dataDirectory) throws IOException {
        Path lockFile = dataDirectory.resolve("postmaster.pid");
        if (!Files.exists(lockFile)) {
            return;
        }
        List<String> lines = Files.readAllLines(lockFile);
        Optional<ProcessHandle> postmaster = lines.isEmpty() ? Optional.empty() : parsePid(lines.get(0))
                .flatMap(ProcessHandle::of)
                .filter(ProcessHandle::isAlive)
                .filter(p -> p.info().command().map(c -> c.endsWith("postgres")).orElse(false))
                .filter(p -> lines.size() > 1 && Path.of(lines.get(1).strip()).toAbsolutePath().normalize()
                        .equals(dataDirectory.toAbsolutePath().normalize()));
        if (postmaster.isPresent()) {
            ProcessHandle p = postmaster.get();
            LOG.warn("A PostgreSQL server (pid {}) left by an earlier fairrag process still runs on {}: stopping it",
                    p.pid(), dataDirectory);
            fastShutdown(p);
            try {
                p.onExit().get(STALE_STOP_WAIT.toSeconds(), TimeUnit.SECONDS);
            } catch (Exception e) {
                LOG.warn("It did not stop within {} s: killing it", STALE_STOP_WAIT.toSeconds());
                p.destroyForcibly();
                p.onExit().join();
            }
        }
        // Nothing of ours runs on this data now: a lock file left behind only stands in the way.
        Files.deleteIfExists(lockFile);
    }

    /** SIGINT: PostgreSQL's fast shutdown, which ends the sessions of the dead process at once. */
    private static void fastShutdown(ProcessHandle p) throws IOException {
        try {
            new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).inheritIO().start().waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while stopping PostgreSQL", e);
        } catch (IOException e) {
            p.destroy(); // SIGTERM: smart shutdown
        }
    }

    private static Optional<Long> parsePid(String line) {
        try {
            return Optional.of(Long.parseLong(line.strip()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** The connection URL of the server's {@code postgres} database as user {@code postgres}. */
    public String url() {
        return "postgresql://postgres:postgres@127.0.0.1:" + port + "/postgres";
    }

    public int port() {
        return port;
    }

    @Override
    public void close() throws IOException {
        stop();
    }
}
