package org.fairrag.http;

import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.StaticHandler;

/**
 * The web app for people: the static files of {@code ui/} (from the classpath, {@code fairrag/ui}), the
 * SPARQL query page for a browser's {@code GET /sparql}, and the editor's WebJar under {@code /webjars/}.
 * Pages carry a Content-Security-Policy that lets them load and fetch from this origin only, with no
 * inline script or style.
 */
public final class WebApp {

    public static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; "
            + "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
            + "frame-ancestors 'none'";
    /** How long a browser may keep a file of the app without asking again. */
    public static final int MAX_AGE_SECONDS = 300;

    private static final String ROOT = "fairrag/ui";
    private static final String QUERY_PAGE = ROOT + "/sparql.html";

    private final StaticHandler files = StaticHandler.create(ROOT).setIndexPage("index.html")
            .setMaxAgeSeconds(MAX_AGE_SECONDS);
    private final StaticHandler webjars = StaticHandler.create("META-INF/resources/webjars");

    /** Adds the page's security headers, then passes on. */
    public void securityHeaders(RoutingContext ctx) {
        ctx.response()
                .putHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY)
                .putHeader("X-Content-Type-Options", "nosniff")
                .putHeader("Referrer-Policy", "same-origin");
        ctx.next();
    }

    /** The query page, for a browser that asked {@code /sparql} for HTML without a query. */
    public void queryPage(RoutingContext ctx) {
        ctx.response().putHeader("Content-Type", "text/html; charset=utf-8")
                .putHeader("Cache-Control", "public, max-age=" + MAX_AGE_SECONDS)
                .putHeader("Vary", "Accept")
                .sendFile(QUERY_PAGE)
                .onFailure(ctx::fail);
    }

    public Handler<RoutingContext> files() {
        return files;
    }

    public Handler<RoutingContext> webjars() {
        return webjars;
    }
}
