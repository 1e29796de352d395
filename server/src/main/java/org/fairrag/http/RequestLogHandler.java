package org.fairrag.http;

import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import java.util.UUID;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gives every request an id, returned in {@code X-Request-Id} (a sane incoming one is kept, so a proxy's id
 * follows the request through), and logs one structured line per request when the response ends: id,
 * method, path, status, time, client. The log is the logger {@code fairrag.access}.
 */
public final class RequestLogHandler implements Handler<RoutingContext> {

    public static final String HEADER = "X-Request-Id";
    private static final String KEY = "fairrag.requestId";
    private static final Pattern SANE = Pattern.compile("[A-Za-z0-9._:-]{1,64}");
    private static final Logger ACCESS = LoggerFactory.getLogger("fairrag.access");

    @Override
    public void handle(RoutingContext ctx) {
        String incoming = ctx.request().getHeader(HEADER);
        String id = incoming != null && SANE.matcher(incoming).matches() ? incoming : UUID.randomUUID().toString();
        ctx.put(KEY, id);
        ctx.response().putHeader(HEADER, id);
        long start = System.nanoTime();
        if (ACCESS.isInfoEnabled()) {
            ctx.addEndHandler(v -> ACCESS.atInfo()
                    .addKeyValue("requestId", id)
                    .addKeyValue("method", ctx.request().method().name())
                    .addKeyValue("path", ctx.request().path())
                    .addKeyValue("status", ctx.response().getStatusCode())
                    .addKeyValue("ms", (System.nanoTime() - start) / 1_000_000)
                    .addKeyValue("client", ctx.request().remoteAddress() == null ? null
                            : ctx.request().remoteAddress().hostAddress())
                    .log("{} {} {}", ctx.request().method(), ctx.request().path(), ctx.response().getStatusCode()));
        }
        ctx.next();
    }

    /** The id of this request, for logs. */
    public static String requestId(RoutingContext ctx) {
        String id = ctx.get(KEY);
        return id == null ? "-" : id;
    }
}
