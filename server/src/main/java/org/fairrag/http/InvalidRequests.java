package org.fairrag.http;

import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.vertx.core.http.HttpServerRequest;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers the requests the HTTP decoder could not read (a request line or headers over its limits, a
 * malformed header block) before any route runs: the same JSON error with a request id as every other
 * error, where Vert.x would answer with an empty body or close the connection silently. The connection
 * closes after the answer, since the rest of what the client sent cannot be framed.
 */
public final class InvalidRequests {

    private static final Logger LOG = LoggerFactory.getLogger(InvalidRequests.class);

    private InvalidRequests() {}

    public static void answer(HttpServerRequest request) {
        Throwable cause = request.decoderResult().cause();
        int status;
        String code;
        String message;
        if (cause instanceof TooLongHttpLineException) {
            status = 414;
            code = "uri_too_long";
            message = "The request line is longer than this server reads; send long queries as a POST body.";
        } else if (cause instanceof TooLongHttpHeaderException) {
            status = 431;
            code = "headers_too_large";
            message = "The request's headers are larger than this server reads (8 KB in all).";
        } else {
            status = 400;
            code = "malformed_request";
            message = "The request is not well-formed HTTP/1.1" + (cause == null || cause.getMessage() == null ? "."
                    : ": " + cause.getMessage().lines().findFirst().orElse("").strip() + ".");
        }
        String id = UUID.randomUUID().toString();
        LOG.info("Unreadable request [{}] from {}: {} {}", id, request.remoteAddress(), status,
                cause == null ? "" : cause.toString());
        request.response().setStatusCode(status)
                .putHeader(RequestLogHandler.HEADER, id)
                .putHeader("Content-Type", "application/json; charset=utf-8")
                .putHeader("Cache-Control", "no-store")
                .putHeader("Connection", "close")
                .end(Errors.body(code, message).encode())
                .onComplete(done -> request.connection().close());
    }
}
