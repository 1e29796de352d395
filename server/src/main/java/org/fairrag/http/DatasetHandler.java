package org.fairrag.http;

import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.ParsedHeaderValue;
import io.vertx.ext.web.RoutingContext;
import java.io.OutputStream;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.fairrag.graph.GraphStore;

/**
 * {@code /dataset/dump}: the public graphs (vocabulary and public content) as N-Triples, gzip-compressed
 * when the client accepts it, streamed from the store on a worker thread into the response without
 * ever holding the graph in memory.
 */
public final class DatasetHandler {

    private final GraphStore graph;
    private final List<String> publicGraphs;
    private final WorkerPool pool;

    /** @param pool a pool of its own: a dump holds a thread for as long as the client reads */
    public DatasetHandler(GraphStore graph, List<String> publicGraphs, WorkerPool pool) {
        this.graph = graph;
        this.publicGraphs = List.copyOf(publicGraphs);
        this.pool = pool;
    }

    public void dump(RoutingContext ctx) {
        boolean gzip = acceptsGzip(ctx);
        HttpServerResponse response = ctx.response()
                .setChunked(true)
                .putHeader(HttpHeaders.CONTENT_TYPE, "application/n-triples; charset=utf-8")
                .putHeader(HttpHeaders.VARY, "Accept-Encoding")
                .putHeader(HttpHeaders.CACHE_CONTROL, "public, max-age=300")
                .putHeader("Content-Disposition", "attachment; filename=\"fairrag.nt" + (gzip ? ".gz" : "") + "\"");
        // Compressed here, on the worker, rather than by the server on the event loop.
        response.putHeader(HttpHeaders.CONTENT_ENCODING, gzip ? "gzip" : "identity");
        if (ctx.request().method() == HttpMethod.HEAD) {
            response.setChunked(false).end();
            return;
        }
        BlockingWriteBridge bridge = new BlockingWriteBridge(ctx.vertx().getOrCreateContext());
        var work = pool.submit(() -> {
            try (OutputStream out = gzip ? new GZIPOutputStream(bridge.outputStream(), BlockingWriteBridge.CHUNK_BYTES)
                    : bridge.outputStream()) {
                graph.dumpNTriples(publicGraphs, out);
            } catch (Exception e) {
                bridge.fail(e);
            }
            return null;
        });
        if (work.failed()) {
            response.headers().remove(HttpHeaders.CONTENT_ENCODING).remove("Content-Disposition");
            ctx.fail(work.cause());
            return;
        }
        response.closeHandler(v -> bridge.cancel());
        // A failure after the first bytes leaves the transfer visibly incomplete rather than ending it cleanly.
        bridge.pipe().endOnFailure(false).to(response).onFailure(e -> {
            bridge.cancel();
            response.reset();
        });
    }

    private static boolean acceptsGzip(RoutingContext ctx) {
        for (ParsedHeaderValue encoding : ctx.parsedHeaders().acceptEncoding()) {
            if (encoding.value().equalsIgnoreCase("gzip") && encoding.weight() > 0) {
                return true;
            }
        }
        return false;
    }
}
