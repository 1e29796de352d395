package org.fairrag.store;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * API keys for the admin API, in PostgreSQL. A key reads {@code frk_<id>.<secret>}: the id is public
 * and finds the row, the secret is random and only its SHA-256 hash is stored, compared in constant
 * time. The full key exists only in what {@link #create} returns.
 */
public final class ApiKeys {

    private static final String PREFIX = "frk_";
    private static final int ID_BYTES = 6;
    private static final int SECRET_BYTES = 32;
    /** Hash compared against when the id is unknown, so that a miss costs what a hit costs. */
    private static final byte[] NO_SUCH_KEY = sha256("no such key");

    /** A key as listed: never its secret. */
    public record KeyInfo(String id, String name, OffsetDateTime created, OffsetDateTime revoked) {}

    /** A key just created: {@code token} is the only copy of the full key. */
    public record CreatedKey(String id, String name, String token) {}

    private final Pool pool;
    private final SecureRandom random;

    public ApiKeys(Pool pool, SecureRandom random) {
        this.pool = pool;
        this.random = random;
    }

    public Future<CreatedKey> create(String name) {
        if (name == null || name.isBlank() || name.length() > 200) {
            return Future.failedFuture(new IllegalArgumentException("a key needs a name of 1 to 200 characters"));
        }
        String id = HexFormat.of().formatHex(randomBytes(ID_BYTES));
        String secret = Base64.getUrlEncoder().withoutPadding().encodeToString(randomBytes(SECRET_BYTES));
        return pool.preparedQuery("INSERT INTO api_key (id, name, secret_hash) VALUES ($1, $2, $3)")
                .execute(Tuple.of(id, name.strip(), Buffer.buffer(sha256(secret))))
                .map(v -> new CreatedKey(id, name.strip(), PREFIX + id + "." + secret));
    }

    /** Whether {@code token} is a key that exists and is not revoked. */
    public Future<Boolean> verify(String token) {
        Optional<String[]> parts = split(token);
        if (parts.isEmpty()) {
            return Future.succeededFuture(false);
        }
        String id = parts.get()[0];
        byte[] presented = sha256(parts.get()[1]);
        return pool.preparedQuery("SELECT secret_hash FROM api_key WHERE id = $1 AND revoked_at IS NULL")
                .execute(Tuple.of(id))
                .map(rows -> {
                    byte[] stored = rows.size() == 0 ? NO_SUCH_KEY : rows.iterator().next().getBuffer("secret_hash").getBytes();
                    return MessageDigest.isEqual(presented, stored) && rows.size() > 0;
                });
    }

    /** Revokes a key by id; false when there is no such active key. */
    public Future<Boolean> revoke(String id) {
        return pool.preparedQuery("UPDATE api_key SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL")
                .execute(Tuple.of(id))
                .map(rows -> rows.rowCount() > 0);
    }

    public Future<List<KeyInfo>> list() {
        return pool.query("SELECT id, name, created_at, revoked_at FROM api_key ORDER BY created_at").execute()
                .map(rows -> {
                    List<KeyInfo> out = new ArrayList<>();
                    for (Row r : rows) {
                        out.add(new KeyInfo(r.getString("id"), r.getString("name"), r.getOffsetDateTime("created_at"),
                                r.getOffsetDateTime("revoked_at")));
                    }
                    return out;
                });
    }

    private static Optional<String[]> split(String token) {
        if (token == null || !token.startsWith(PREFIX) || token.length() > 200) {
            return Optional.empty();
        }
        String rest = token.substring(PREFIX.length());
        int dot = rest.indexOf('.');
        if (dot != ID_BYTES * 2 || dot == rest.length() - 1) {
            return Optional.empty();
        }
        return Optional.of(new String[] {rest.substring(0, dot), rest.substring(dot + 1)});
    }

    private byte[] randomBytes(int n) {
        byte[] bytes = new byte[n];
        random.nextBytes(bytes);
        return bytes;
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", e);
        }
    }
}
