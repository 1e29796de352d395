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
 * API keys, in PostgreSQL. A key reads {@code frk_<id>.<secret>}: the id is public and finds the row,
 * the secret is random and only its SHA-256 hash is stored, compared in constant time. The full key
 * exists only in what {@link #create} returns. Each key grants an access level (what content its
 * holder may read) and, or not, the admin API.
 */
public final class ApiKeys {

    private static final String PREFIX = "frk_";
    private static final int ID_BYTES = 6;
    private static final int SECRET_BYTES = 32;
    /** Hash compared against when the id is unknown, so that a miss costs what a hit costs. */
    private static final byte[] NO_SUCH_KEY = sha256("no such key");

    public static final String PUBLIC = "public";
    public static final String RESTRICTED = "restricted";

    /** What a valid key grants: the content it may read ({@code public} or {@code restricted}) and the admin API. */
    public record Grant(String keyId, String accessLevel, boolean admin) {
        public Grant {
            checkLevel(accessLevel);
        }
    }

    /** A key as listed: never its secret. */
    public record KeyInfo(String id, String name, String accessLevel, boolean admin, OffsetDateTime created,
                          OffsetDateTime revoked) {}

    /** A key just created: {@code token} is the only copy of the full key. */
    public record CreatedKey(String id, String name, String token, Grant grant) {}

    private final Pool pool;
    private final SecureRandom random;

    public ApiKeys(Pool pool, SecureRandom random) {
        this.pool = pool;
        this.random = random;
    }

    /**
     * Creates a key.
     *
     * @param accessLevel {@code public} or {@code restricted}: the content the key may read
     * @param admin       whether the key may use the admin API
     */
    public Future<CreatedKey> create(String name, String accessLevel, boolean admin) {
        if (name == null || name.isBlank() || name.length() > 200 || name.codePoints().anyMatch(Character::isISOControl)) {
            // A control character would let a name forge lines of "apikey list".
            return Future.failedFuture(new IllegalArgumentException(
                    "a key needs a name of 1 to 200 characters, without control characters (tabs, line breaks)"));
        }
        try {
            checkLevel(accessLevel);
        } catch (IllegalArgumentException e) {
            return Future.failedFuture(e);
        }
        String id = HexFormat.of().formatHex(randomBytes(ID_BYTES));
        String secret = Base64.getUrlEncoder().withoutPadding().encodeToString(randomBytes(SECRET_BYTES));
        return pool.preparedQuery("INSERT INTO api_key (id, name, secret_hash, access_level, admin) VALUES ($1, $2, $3, $4, $5)")
                .execute(Tuple.of(id, name.strip(), Buffer.buffer(sha256(secret)), accessLevel, admin))
                .map(v -> new CreatedKey(id, name.strip(), PREFIX + id + "." + secret, new Grant(id, accessLevel, admin)));
    }

    /** What {@code token} grants; empty when it is not a key that exists and is not revoked. */
    public Future<Optional<Grant>> verify(String token) {
        Optional<String[]> parts = split(token);
        if (parts.isEmpty()) {
            return Future.succeededFuture(Optional.empty());
        }
        String id = parts.get()[0];
        byte[] presented = sha256(parts.get()[1]);
        return pool.preparedQuery("SELECT secret_hash, access_level, admin FROM api_key WHERE id = $1 AND revoked_at IS NULL")
                .execute(Tuple.of(id))
                .map(rows -> {
                    Row row = rows.size() == 0 ? null : rows.iterator().next();
                    byte[] stored = row == null ? NO_SUCH_KEY : row.getBuffer("secret_hash").getBytes();
                    boolean valid = MessageDigest.isEqual(presented, stored) && row != null;
                    return valid ? Optional.of(new Grant(id, row.getString("access_level"), row.getBoolean("admin")))
                            : Optional.empty();
                });
    }

    /** Revokes a key by id; false when there is no such active key. */
    public Future<Boolean> revoke(String id) {
        return pool.preparedQuery("UPDATE api_key SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL")
                .execute(Tuple.of(id))
                .map(rows -> rows.rowCount() > 0);
    }

    public Future<List<KeyInfo>> list() {
        return pool.query("SELECT id, name, access_level, admin, created_at, revoked_at FROM api_key ORDER BY created_at")
                .execute()
                .map(rows -> {
                    List<KeyInfo> out = new ArrayList<>();
                    for (Row r : rows) {
                        out.add(new KeyInfo(r.getString("id"), r.getString("name"), r.getString("access_level"),
                                r.getBoolean("admin"), r.getOffsetDateTime("created_at"), r.getOffsetDateTime("revoked_at")));
                    }
                    return out;
                });
    }

    private static void checkLevel(String accessLevel) {
        if (!PUBLIC.equals(accessLevel) && !RESTRICTED.equals(accessLevel)) {
            throw new IllegalArgumentException("an access level is public or restricted, got: " + accessLevel);
        }
    }

    /**
     * The id of a key given by its id or as the whole key ({@code frk_<id>.<secret>}, what an operator holds when a key
     * has leaked); the secret is never part of the answer.
     */
    public static String idOf(String idOrKey) {
        String s = idOrKey.strip();
        if (!s.startsWith(PREFIX)) {
            return s;
        }
        int dot = s.indexOf('.');
        return s.substring(PREFIX.length(), dot < 0 ? s.length() : dot);
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
