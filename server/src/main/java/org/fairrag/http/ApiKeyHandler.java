package org.fairrag.http;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import org.fairrag.store.ApiKeys;
import org.fairrag.failure.ApiException;

/**
 * Finds out who is asking: a request with no key ({@code Authorization: Bearer <key>} or
 * {@code X-API-Key}) is anonymous; a valid key makes the caller its holder, with what the key grants;
 * an unknown or revoked key is refused with 403 rather than quietly served as anonymous.
 *
 * <p>A verified key is trusted for {@code cacheTime} without asking the database again (so a revocation
 * takes effect within that time). A key not in that cache costs a database lookup, so each IP address
 * may make only so many of those ({@code lookupsPerAddress}), counted before the lookup: guessing keys
 * gets a 429, not a query per guess.
 */
public final class ApiKeyHandler implements Handler<RoutingContext> {

    private static final int MAX_CACHED_KEYS = 10_000;

    private final ApiKeys keys;
    private final Cache<String, ApiKeys.Grant> verified;
    private final TokenBuckets lookupsPerAddress;
    private final Counter lookups;
    private final Counter refused;

    /** @param lookupsPerAddress limits lookups of keys not in the cache per IP address; null for no limit */
    public ApiKeyHandler(ApiKeys keys, Duration cacheTime, TokenBuckets lookupsPerAddress, MeterRegistry metrics) {
        this.keys = keys;
        this.verified = Caffeine.newBuilder().maximumSize(MAX_CACHED_KEYS).expireAfterWrite(cacheTime).build();
        this.lookupsPerAddress = lookupsPerAddress;
        this.lookups = Counter.builder("fairrag.api.key.lookups")
                .description("API keys looked up in the database (not found in the cache of verified keys)").register(metrics);
        this.refused = Counter.builder("fairrag.rate.limited").tag("limit", "api_key")
                .description("Requests refused with 429 by a per-client rate limit").register(metrics);
    }

    @Override
    public void handle(RoutingContext ctx) {
        String token = presentedKey(ctx);
        if (token == null) {
            ctx.next();
            return;
        }
        grantOf(ctx, token).onSuccess(grant -> {
            Caller.of(grant).attachTo(ctx);
            ctx.next();
        }).onFailure(ctx::fail);
    }

    /**
     * Whether the request carries a valid key with the admin grant; for routes that answer everyone and only
     * show more to admins ({@code /health}), so no key, a wrong key, a refused lookup or a failed one is simply
     * false. Keys are checked through the same cache and per-address limit as everywhere else, so such a
     * route is no cheaper a way of guessing keys.
     */
    public Future<Boolean> isAdmin(RoutingContext ctx) {
        String token = presentedKey(ctx);
        if (token == null) {
            return Future.succeededFuture(false);
        }
        return grantOf(ctx, token).map(ApiKeys.Grant::admin).otherwise(false);
    }

    /** The key's grant; fails with 429 past the lookup limit and 403 for a key unknown or revoked. */
    private Future<ApiKeys.Grant> grantOf(RoutingContext ctx, String token) {
        String digest = sha256(token);
        ApiKeys.Grant cached = verified.getIfPresent(digest);
        if (cached != null) {
            return Future.succeededFuture(cached);
        }
        if (lookupsPerAddress != null) {
            TokenBuckets.Decision decision = lookupsPerAddress.take(ctx.request().remoteAddress().hostAddress());
            if (!decision.allowed()) {
                refused.increment();
                return Future.failedFuture(new ApiException(429, "rate_limited", "Too many API keys checked from this"
                        + " address; retry in " + decision.retryAfterSeconds() + " s.", decision.retryAfterSeconds()));
            }
        }
        lookups.increment();
        return keys.verify(token).compose(grant -> {
            if (grant.isEmpty()) {
                return Future.failedFuture(new ApiException(403, "invalid_api_key", "This API key is unknown or revoked."));
            }
            verified.put(digest, grant.get());
            return Future.succeededFuture(grant.get());
        });
    }

    private static String presentedKey(RoutingContext ctx) {
        String authorization = ctx.request().getHeader(HttpHeaders.AUTHORIZATION);
        if (authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return authorization.substring(7).strip();
        }
        String header = ctx.request().getHeader("X-API-Key");
        return header == null || header.isBlank() ? null : header.strip();
    }

    /** The cache is keyed by a digest of the key, so that no key is kept in memory as it was sent. */
    private static String sha256(String token) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", e);
        }
    }
}
