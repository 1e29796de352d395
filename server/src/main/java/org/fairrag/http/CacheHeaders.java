package org.fairrag.http;

import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;

/**
 * Cache headers of responses whose body depends on the caller's API key (what it may read): no shared
 * cache may keep them, and a private one must ask again and keep them apart by key.
 */
public final class CacheHeaders {

    static final String PRIVATE = "private, no-cache";
    static final String VARY_BY_KEY = "Authorization, X-API-Key";

    private CacheHeaders() {}

    /** A route handler: marks the response as depending on the caller, then passes the request on. */
    public static void privateToCaller(RoutingContext ctx) {
        ctx.response().putHeader(HttpHeaders.CACHE_CONTROL, PRIVATE).headers().add(HttpHeaders.VARY, VARY_BY_KEY);
        ctx.next();
    }
}
