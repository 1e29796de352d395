package org.fairrag.store;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import org.flywaydb.core.Flyway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The relational store: a non-blocking connection pool for request handling and the schema,
 * brought up to date by the versioned migrations in {@code db/migration}.
 */
public final class Database implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Database.class);

    private final PgConnectOptions connectOptions;
    private final Pool pool;

    private Database(PgConnectOptions connectOptions, Pool pool) {
        this.connectOptions = connectOptions;
        this.pool = pool;
    }

    /**
     * Migrates the schema (blocking, once at start-up) and opens the pool.
     *
     * @param url {@code postgresql://user:password@host:port/database}
     */
    public static Database open(Vertx vertx, String url, int maxConnections) {
        PgConnectOptions options = PgConnectOptions.fromUri(url);
        migrate(options);
        Pool pool = PgBuilder.pool()
                .with(new PoolOptions().setMaxSize(maxConnections).setName("fairrag-pg"))
                .connectingTo(options)
                .using(vertx)
                .build();
        return new Database(options, pool);
    }

    private static void migrate(PgConnectOptions o) {
        String jdbcUrl = "jdbc:postgresql://" + o.getHost() + ":" + o.getPort() + "/" + o.getDatabase();
        var result = Flyway.configure()
                .dataSource(jdbcUrl, o.getUser(), o.getPassword())
                .locations("classpath:db/migration")
                .load()
                .migrate();
        if (result.migrationsExecuted > 0) {
            LOG.info("Database schema migrated to version {} ({} migrations)", result.targetSchemaVersion,
                    result.migrationsExecuted);
        }
    }

    /** How to reach the database, for connections of their own (a subscriber to notifications). */
    public PgConnectOptions connectOptions() {
        return new PgConnectOptions(connectOptions);
    }

    public Pool pool() {
        return pool;
    }

    /** A cheap round trip, for health checks. */
    public Future<Void> ping() {
        return pool.query("SELECT 1").execute().mapEmpty();
    }

    public String describe() {
        return connectOptions.getHost() + ":" + connectOptions.getPort() + "/" + connectOptions.getDatabase();
    }

    @Override
    public void close() {
        pool.close().await();
    }
}
