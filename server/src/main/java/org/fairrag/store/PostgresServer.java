package org.fairrag.store;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real PostgreSQL server run from the binaries in the zonky Maven artifact, with its data kept
 * under the fairrag data directory so it survives restarts. Used when no external database is
 * configured.
 */
public final class PostgresServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(PostgresServer.class);

    private final EmbeddedPostgres postgres;

    private PostgresServer(EmbeddedPostgres postgres) {
        this.postgres = postgres;
    }

    /** Starts (or restarts on existing data) a server on a free loopback port. Blocks for a few seconds. */
    public static PostgresServer start(Path dataDirectory) throws IOException {
        Files.createDirectories(dataDirectory);
        long t0 = System.nanoTime();
        EmbeddedPostgres pg = EmbeddedPostgres.builder()
                .setDataDirectory(dataDirectory)
                .setCleanDataDirectory(false)
                .setRegisterShutdownHook(false)
                .setPGStartupWait(Duration.ofSeconds(60))
                .setServerConfig("listen_addresses", "127.0.0.1")
                .setServerConfig("max_connections", "50")
                .start();
        LOG.info("Embedded PostgreSQL started on 127.0.0.1:{} (data {}) in {} ms",
                pg.getPort(), dataDirectory, (System.nanoTime() - t0) / 1_000_000);
        return new PostgresServer(pg);
    }

    /** The connection URL of the server's {@code postgres} database as user {@code postgres}. */
    public String url() {
        return "postgresql://postgres:postgres@127.0.0.1:" + postgres.getPort() + "/postgres";
    }

    public int port() {
        return postgres.getPort();
    }

    @Override
    public void close() throws IOException {
        postgres.close();
        LOG.info("Embedded PostgreSQL stopped");
    }
}
