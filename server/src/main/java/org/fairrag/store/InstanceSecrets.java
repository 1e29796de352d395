package org.fairrag.store;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Tuple;
import java.security.SecureRandom;

/**
 * Random keys kept in PostgreSQL, made on first use and the same for every server that shares the database
 * (table {@code instance_secret}, migration V6). Never sent to a client.
 */
public final class InstanceSecrets {

    private static final int BYTES = 32;

    private final Pool pool;
    private final SecureRandom random;

    public InstanceSecrets(Pool pool, SecureRandom random) {
        this.pool = pool;
        this.random = random;
    }

    /** The key of this name: the one made first, by whichever server asked first. */
    public Future<byte[]> get(String name) {
        byte[] fresh = new byte[BYTES];
        random.nextBytes(fresh);
        return pool.preparedQuery("INSERT INTO instance_secret (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING")
                .execute(Tuple.of(name, Buffer.buffer(fresh)))
                .compose(inserted -> pool.preparedQuery("SELECT value FROM instance_secret WHERE name = $1")
                        .execute(Tuple.of(name)))
                .map(rows -> rows.iterator().next().getBuffer("value").getBytes());
    }
}
