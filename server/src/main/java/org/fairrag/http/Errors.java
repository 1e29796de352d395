package org.fairrag.http;

import io.netty.handler.codec.http.multipart.HttpPostRequestDecoder;
import io.vertx.core.http.HttpClosedException;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.HttpException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.fairrag.failure.ApiException;

/** Writes every error the same way: a JSON body {@code {"error": {"code", "message"}}} and the right status. */
public final class Errors {

    private static final Logger LOG = LoggerFactory.getLogger(Errors.class);

    private Errors() {}

    public static void send(RoutingContext ctx, int status, String code, String message) {
        if (ctx.response().headWritten()) {
            ctx.response().reset();
            return;
        }
        ctx.response()
                .setStatusCode(status)
                .putHeader("Content-Type", "application/json; charset=utf-8")
                .putHeader("Cache-Control", "no-store")
                .end(body(code, message).encode());
    }

    public static JsonObject body(String code, String message) {
        return new JsonObject().put("error", new JsonObject().put("code", code).put("message", message));
    }

    /**
     * The router's failure handler: known failures keep their status, a store that cannot be reached is a
     * 503 (the server recovers by itself when it is back), anything else is a logged 500.
     */
    public static void handleFailure(RoutingContext ctx) {
        Throwable failure = apiFailureIn(ctx.failure());
        if (ctx.response().closed() || failure != null && isUnframeableBody(failure)) {
            connectionClosed(ctx, failure);
            return;
        }
        if (failure != null && !(failure instanceof ApiException) && isFormDecoding(failure)) {
            LOG.debug("{} {} [{}]: unreadable form body: {}", ctx.request().method(), ctx.request().path(),
                    RequestLogHandler.requestId(ctx), failure.toString());
            failure = ApiException.badRequest("invalid_encoding", "The form body is not valid"
                    + " application/x-www-form-urlencoded: write '%' as %25 and every other byte as % and two hex digits.");
        }
        if (failure != null && !(failure instanceof ApiException) && StoreFailures.unreachable(failure)) {
            LOG.warn("{} {} [{}]: a store is unreachable: {}", ctx.request().method(), ctx.request().path(),
                    RequestLogHandler.requestId(ctx), failure.toString());
            failure = new ApiException(503, "store_unavailable",
                    "A store behind this server cannot be reached right now; retry shortly.", 5);
        }
        if (failure instanceof ApiException e) {
            if (e.status() == 503 || e.status() == 429) {
                ctx.response().putHeader("Retry-After", Long.toString(e.retryAfterSeconds()));
            }
            send(ctx, e.status(), e.code(), e.getMessage());
        } else if (failure instanceof HttpException e) {
            send(ctx, e.getStatusCode(), codeFor(e.getStatusCode()), e.getPayload() != null ? e.getPayload()
                    : messageFor(e.getStatusCode()));
        } else if (failure != null && ctx.statusCode() >= 400 && ctx.statusCode() < 500) {
            // A handler failed the request as the client's fault, with an exception that says why (such as
            // Vert.x's CORS handler): its status stands, and it is no server error.
            LOG.debug("{} {} [{}]: {} {}", ctx.request().method(), ctx.request().path(), RequestLogHandler.requestId(ctx),
                    ctx.statusCode(), failure.toString());
            send(ctx, ctx.statusCode(), codeFor(ctx.statusCode()), messageFor(ctx.statusCode()));
        } else if (failure != null) {
            LOG.error("{} {} [{}] failed", ctx.request().method(), ctx.request().path(), RequestLogHandler.requestId(ctx),
                    failure);
            send(ctx, 500, "internal_error", "The server failed to answer this request; it has been logged.");
        } else {
            int status = ctx.statusCode();
            send(ctx, status, codeFor(status), messageFor(status));
        }
    }

    /** The {@link ApiException} behind {@code failure} when a wrapper carries one, else {@code failure} itself. */
    private static Throwable apiFailureIn(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof ApiException) {
                return t;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return failure;
    }

    /**
     * No one is left to answer, or will be in a moment: the decoder closes a connection whose body it cannot frame.
     * The client going away, or sending such a body, is no fault of the server's; anything else failing still is.
     */
    private static void connectionClosed(RoutingContext ctx, Throwable failure) {
        if (failure == null || failure instanceof HttpClosedException || isUnframeableBody(failure)) {
            LOG.info("{} {} [{}]: connection closed before the answer{}", ctx.request().method(), ctx.request().path(),
                    RequestLogHandler.requestId(ctx), failure == null ? "" : ": " + failure);
        } else {
            LOG.error("{} {} [{}] failed after its connection closed", ctx.request().method(), ctx.request().path(),
                    RequestLogHandler.requestId(ctx), failure);
        }
    }

    /**
     * A body the HTTP decoder could not frame (a chunk size that is not hex, a chunk over the limits): Vert.x
     * closes the connection, as it must, since nothing after it can be read, and fails the request with the
     * decoder's own exception.
     */
    private static boolean isUnframeableBody(Throwable failure) {
        StackTraceElement[] frames = failure.getStackTrace();
        return frames.length > 0 && frames[0].getClassName().startsWith("io.netty.handler.codec.http.HttpObjectDecoder");
    }

    /** A form body that could not be decoded (bad percent-encoding): Netty's decoder says so. */
    private static boolean isFormDecoding(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof HttpPostRequestDecoder.ErrorDataDecoderException) {
                return true;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return false;
    }

    static String codeFor(int status) {
        return switch (status) {
            case 400 -> "bad_request";
            case 401 -> "unauthorized";
            case 403 -> "forbidden";
            case 404 -> "not_found";
            case 405 -> "method_not_allowed";
            case 406 -> "not_acceptable";
            case 413 -> "payload_too_large";
            case 414 -> "uri_too_long";
            case 415 -> "unsupported_media_type";
            case 429 -> "too_many_requests";
            case 501 -> "not_implemented";
            case 503 -> "unavailable";
            default -> status >= 500 ? "internal_error" : "error";
        };
    }

    static String messageFor(int status) {
        return switch (status) {
            case 404 -> "No such resource.";
            case 405 -> "This method is not allowed here.";
            case 413 -> "The request body is too large.";
            case 414 -> "The request URI is too long.";
            case 501 -> "This server does not implement this method; use GET, HEAD, POST or OPTIONS.";
            default -> "The request failed with status " + status + ".";
        };
    }
}
