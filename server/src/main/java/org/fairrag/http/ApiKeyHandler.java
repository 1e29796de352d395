package org.fairrag.http;

import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import org.fairrag.store.ApiKeys;

/**
 * Finds out who is asking: a request with no key ({@code Authorization: Bearer <key>} or
 * {@code X-API-Key}) is anonymous; a valid key makes the caller its holder, with what the key grants;
 * an unknown or revoked key is refused with 403 rather than quietly served as anonymous.
 */
public final class ApiKeyHandler implements Handler<RoutingContext> {

    private final ApiKeys keys;

    public ApiKeyHandler(ApiKeys keys) {
        this.keys = keys;
    }

    @Override
    public void handle(RoutingContext ctx) {
        String token = presentedKey(ctx);
        if (token == null) {
            ctx.next();
            return;
        }
        keys.verify(token).onSuccess(grant -> {
            if (grant.isEmpty()) {
                ctx.fail(new ApiException(403, "invalid_api_key", "This API key is unknown or revoked."));
                return;
            }
            Caller.of(grant.get()).attachTo(ctx);
            ctx.next();
        }).onFailure(ctx::fail);
    }

    /**
     * Whether the request carries a valid key with the admin grant; for routes that answer everyone and only
     * show more to admins ({@code /health}), so no key, a wrong key or a failed lookup is simply false.
     */
    public Future<Boolean> isAdmin(RoutingContext ctx) {
        String token = presentedKey(ctx);
        if (token == null) {
            return Future.succeededFuture(false);
        }
        return keys.verify(token).map(grant -> grant.map(ApiKeys.Grant::admin).orElse(false)).otherwise(false);
    }

    private static String presentedKey(RoutingContext ctx) {
        String authorization = ctx.request().getHeader(HttpHeaders.AUTHORIZATION);
        if (authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return authorization.substring(7).strip();
        }
        String header = ctx.request().getHeader("X-API-Key");
        return header == null || header.isBlank() ? null : header.strip();
    }
}
