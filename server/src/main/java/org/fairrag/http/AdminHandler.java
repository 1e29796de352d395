package org.fairrag.http;

import io.vertx.core.Future;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import org.fairrag.fdo.PidScheme;
import org.fairrag.pid.FdoLoader;
import org.fairrag.pid.Tombstones;
import org.fairrag.store.ApiKeys;

/**
 * The admin API, behind an API key ({@code Authorization: Bearer <key>} or {@code X-API-Key}):
 * {@code POST /api/admin/pid/{id}/tombstone} withdraws an article's or a summary's content.
 * No key is 401, a wrong or revoked key 403; the key is checked before anything else is looked at.
 */
public final class AdminHandler {

    private final ApiKeys keys;
    private final Tombstones tombstones;
    private final SerialTaskRunner runner;
    private final String baseUrl;

    public AdminHandler(ApiKeys keys, Tombstones tombstones, SerialTaskRunner runner, String baseUrl) {
        this.keys = keys;
        this.tombstones = tombstones;
        this.runner = runner;
        this.baseUrl = baseUrl;
    }

    /** Lets the request through only with a valid key. */
    public void authenticate(RoutingContext ctx) {
        String token = presentedKey(ctx);
        if (token == null) {
            ctx.response().putHeader("WWW-Authenticate", "Bearer realm=\"fairrag admin\"");
            ctx.fail(new ApiException(401, "unauthorized", "The admin API needs an API key: Authorization: Bearer <key>."));
            return;
        }
        keys.verify(token).onSuccess(valid -> {
            if (valid) {
                ctx.next();
            } else {
                ctx.fail(new ApiException(403, "forbidden", "This API key is not valid for the admin API."));
            }
        }).onFailure(ctx::fail);
    }

    public void tombstone(RoutingContext ctx) {
        String id = ctx.pathParam("id");
        if (!PidScheme.isValid(id)) {
            ctx.fail(ApiException.badRequest("malformed_pid", "Not a valid PID id: " + id));
            return;
        }
        String reason;
        try {
            JsonObject body = ctx.body().asJsonObject();
            Object value = body == null ? null : body.getValue("reason");
            reason = Tombstones.validReason(value instanceof String s ? s : null);
        } catch (DecodeException | ClassCastException e) {
            ctx.fail(ApiException.badRequest("bad_json", "Send a JSON object: {\"reason\": \"why the content is withdrawn\"}."));
            return;
        } catch (IllegalArgumentException e) {
            ctx.fail(ApiException.badRequest("bad_reason", e.getMessage()));
            return;
        }
        runner.submit(ctx.vertx().getOrCreateContext(), () -> tombstones.tombstone(id, reason)).compose(outcome -> outcome.isPresent()
                ? Future.succeededFuture(outcome.get())
                : Future.failedFuture(ApiException.notFound("No PID " + baseUrl + "/pid/" + id + " is registered.")))
                .onSuccess(o -> ctx.response()
                        .putHeader(HttpHeaders.CONTENT_TYPE, "application/json; charset=utf-8")
                        .putHeader(HttpHeaders.CACHE_CONTROL, "no-store")
                        .end(new JsonObject()
                                .put("pid", baseUrl + "/pid/" + o.record().id())
                                .put("kind", o.record().kind().code())
                                .put("status", o.record().status().name().toLowerCase())
                                .put("reason", o.record().tombstoneReason())
                                .put("tombstonedAt", FdoLoader.dateTime(o.record().tombstonedAt()).getLexicalForm())
                                .put("changed", o.changed())
                                .encode()))
                .onFailure(e -> ctx.fail(e instanceof Tombstones.NotTombstonable
                        ? new ApiException(409, "not_tombstonable", e.getMessage()) : e));
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
