package org.fairrag.http;

import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.ParsedHeaderValue;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.function.Function;
import java.util.zip.GZIPOutputStream;
import org.fairrag.graph.GraphStore;
import org.fairrag.store.ApiKeys;
import org.fairrag.work.WorkerPool;

/**
 * {@code /dataset/dump}: the graphs the caller may see (vocabulary and public content; restricted content
 * too with a key that reads it) as N-Triples, gzip-compressed when the client accepts it, streamed from
 * the store on a worker thread into the response without ever holding the graph in memory. A dump that
 * cannot be finished resets the connection (see {@link ResponseStreamer}).
 */
public final class DatasetHandler {

    private final GraphStore graph;
    private final Function<RoutingContext, List<String>> visibleGraphs;
    private final WorkerPool pool;
    private final ResponseStreamer streamer;

    /**
     * @param visibleGraphs the graphs the request's caller may see
     * @param pool          a pool of its own: a dump holds a thread for as long as the client reads
     * @param streamer      sends the dump, and stops it when the client takes no data for too long
     */
    public DatasetHandler(GraphStore graph, Function<RoutingContext, List<String>> visibleGraphs, WorkerPool pool,
                          ResponseStreamer streamer) {
        this.graph = graph;
        this.visibleGraphs = visibleGraphs;
        this.pool = pool;
        this.streamer = streamer;
    }

    public void dump(RoutingContext ctx) {
        boolean gzip = acceptsGzip(ctx);
        List<String> graphs = visibleGraphs.apply(ctx);
        boolean publicOnly = !Caller.of(ctx).mayRead(ApiKeys.RESTRICTED);
        HttpServerResponse response = ctx.response()
                .setChunked(true)
                .putHeader(HttpHeaders.CONTENT_TYPE, "application/n-triples; charset=utf-8")
                .putHeader(HttpHeaders.VARY, "Accept-Encoding, Authorization, X-API-Key")
                .putHeader(HttpHeaders.CACHE_CONTROL, publicOnly ? "public, max-age=300" : "private, no-store")
                .putHeader("Content-Disposition", "attachment; filename=\"fairrag.nt" + (gzip ? ".gz" : "") + "\"");
        // Compressed here, on the worker, rather than by the server on the event loop.
        response.putHeader(HttpHeaders.CONTENT_ENCODING, gzip ? "gzip" : "identity");
        if (ctx.request().method() == HttpMethod.HEAD) {
            response.setChunked(false).end();
            return;
        }
        BlockingWriteBridge bridge = new BlockingWriteBridge(ctx.vertx().getOrCreateContext());
        var work = pool.submit(() -> {
            bridge.write(out -> {
                if (gzip) {
                    try (GZIPOutputStream compressed = new GZIPOutputStream(out, BlockingWriteBridge.CHUNK_BYTES)) {
                        graph.dumpNTriples(graphs, compressed);
                    }
                } else {
                    graph.dumpNTriples(graphs, out);
                }
            });
            return null;
        });
        if (work.failed()) {
            response.headers().remove(HttpHeaders.CONTENT_ENCODING).remove("Content-Disposition");
            ctx.fail(work.cause());
            return;
        }
        streamer.send(ctx, bridge, "dump");
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
