package org.fairrag.http;

import io.vertx.core.Future;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import org.fairrag.fdo.PidScheme;
import org.fairrag.pid.FdoLoader;
import org.fairrag.pid.Tombstones;
import org.fairrag.failure.ApiException;

/**
 * The admin API, behind an admin API key ({@code Authorization: Bearer <key>} or {@code X-API-Key}):
 * {@code POST /api/admin/pid/{id}/tombstone} withdraws an article's or a summary's content.
 * No key is 401, a wrong or revoked key or one without the admin grant 403; the key is checked before
 * anything else is looked at.
 */
public final class AdminHandler {

    private final Tombstones tombstones;
    private final SerialTaskRunner runner;
    private final String baseUrl;

    public AdminHandler(Tombstones tombstones, SerialTaskRunner runner, String baseUrl) {
        this.tombstones = tombstones;
        this.runner = runner;
        this.baseUrl = baseUrl;
    }

    /** Lets the request through only for the holder of an admin key; {@link ApiKeyHandler} has checked the key. */
    public void requireAdmin(RoutingContext ctx) {
        Caller caller = Caller.of(ctx);
        if (caller.anonymous()) {
            ctx.response().putHeader("WWW-Authenticate", "Bearer realm=\"fairrag admin\"");
            ctx.fail(new ApiException(401, "unauthorized", "The admin API needs an API key: Authorization: Bearer <key>."));
        } else if (!caller.admin()) {
            ctx.fail(new ApiException(403, "forbidden", "This API key is not valid for the admin API."));
        } else {
            ctx.next();
        }
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
}
