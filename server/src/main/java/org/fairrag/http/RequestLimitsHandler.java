package org.fairrag.http;

import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import org.fairrag.failure.ApiException;

/**
 * Checks the request line before anything reads it: longer than the limit is 414, and a path or query
 * string whose percent-encoded bytes are not UTF-8 (or are malformed escapes) is 400, rather than being
 * decoded into replacement characters that would then be searched for.
 */
public final class RequestLimitsHandler implements Handler<RoutingContext> {

    private final int maxUriLength;

    public RequestLimitsHandler(int maxUriLength) {
        this.maxUriLength = maxUriLength;
    }

    @Override
    public void handle(RoutingContext ctx) {
        String uri = ctx.request().uri();
        if (uri.length() > maxUriLength) {
            ctx.fail(new ApiException(414, "uri_too_long", "The request URI is longer than " + maxUriLength
                    + " characters; send large input in a POST body."));
            return;
        }
        if (!validUtf8(uri)) {
            ctx.fail(ApiException.badRequest("invalid_encoding",
                    "The request URI is not valid percent-encoded UTF-8."));
            return;
        }
        ctx.next();
    }

    /** Whether {@code uri}, percent-decoded, is well-formed UTF-8 ({@code +} and other characters as they are). */
    static boolean validUtf8(String uri) {
        if (uri.indexOf('%') < 0) {
            return true;
        }
        ByteBuffer bytes = ByteBuffer.allocate(uri.length() * 3);
        for (int i = 0; i < uri.length(); i++) {
            char c = uri.charAt(i);
            if (c == '%') {
                if (i + 2 >= uri.length() || Character.digit(uri.charAt(i + 1), 16) < 0
                        || Character.digit(uri.charAt(i + 2), 16) < 0) {
                    return false;
                }
                bytes.put((byte) ((Character.digit(uri.charAt(i + 1), 16) << 4) + Character.digit(uri.charAt(i + 2), 16)));
                i += 2;
            } else {
                bytes.put(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
            }
        }
        bytes.flip();
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(bytes);
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }
}
