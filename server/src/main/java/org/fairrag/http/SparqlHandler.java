package org.fairrag.http;

import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.MIMEHeader;
import io.vertx.ext.web.RoutingContext;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.fairrag.sparql.PublicQuery;
import org.fairrag.sparql.ResultFormat;
import org.fairrag.sparql.ServiceDescription;
import org.fairrag.sparql.SparqlQueryService;
import org.fairrag.failure.ApiException;
import org.fairrag.work.WorkerPool;

/**
 * The public SPARQL 1.1 Protocol endpoint: accepts queries by GET, form POST and direct POST, refuses updates,
 * has each query validated and scoped to the caller's graphs ({@link PublicQuery}) and run by the
 * {@link SparqlQueryService}, and streams the answer in the negotiated format, with back-pressure.
 *
 * <p>A client (its key, else its address) has at most a few queries in flight; more are refused with 429.
 * The status is decided when the answer's first chunk is ready, so a query stopped by the time limit before
 * that is a 503 {@code query_timeout}; one that fails later is cut off (connection reset), never ended cleanly.
 */
public final class SparqlHandler {

    /** Header telling the client its query's LIMIT was lowered to the row cap. */
    public static final String RESULT_CAP_HEADER = "Fairrag-Result-Cap";

    /** Past the time limit, a client that does not read its answer loses it: its worker is needed. */
    private static final long STALLED_READER_GRACE_MS = 1_000;

    private final SparqlQueryService queries;
    private final WorkerPool pool;
    private final int maxRows;
    private final Duration timeout;
    private final Function<RoutingContext, List<String>> visibleGraphs;
    private final PerClientLimit perClient;
    private final ResponseStreamer streamer;
    private final String baseUrl;
    private final String datasetPid;

    /**
     * @param visibleGraphs the graphs the request's caller may query
     * @param perClient     how many queries one client may have in flight
     * @param baseUrl       the public base URL, for the service description's endpoint
     * @param datasetPid    the PID of the dataset the endpoint serves
     */
    public SparqlHandler(SparqlQueryService queries, WorkerPool pool, int maxRows, Duration timeout,
                         Function<RoutingContext, List<String>> visibleGraphs, PerClientLimit perClient,
                         ResponseStreamer streamer, String baseUrl, String datasetPid) {
        this.queries = queries;
        this.baseUrl = baseUrl;
        this.datasetPid = datasetPid;
        this.streamer = streamer;
        this.pool = pool;
        this.maxRows = maxRows;
        this.timeout = timeout;
        this.visibleGraphs = visibleGraphs;
        this.perClient = perClient;
    }

    /** A parsed protocol request: the query text and the protocol dataset. */
    private record ProtocolRequest(String query, List<String> defaultGraphs, List<String> namedGraphs) {}

    public void handle(RoutingContext ctx) {
        ProtocolRequest request;
        try {
            request = read(ctx);
        } catch (ApiException e) {
            ctx.fail(e);
            return;
        }
        if (request == null) {
            // A GET without a query: a browser gets the query page; another client the service description, unless
            // it takes query results only.
            if (acceptsHtml(ctx)) {
                ctx.next();
            } else {
                accepted(ctx, true).ifPresentOrElse(format -> describe(ctx, format), () -> ctx.fail(
                        ApiException.badRequest("missing_query", "Give a SPARQL query in the 'query' parameter.")));
            }
            return;
        }
        String client = Caller.of(ctx).rateKey(ctx);
        if (!perClient.tryAcquire(client)) {
            ctx.fail(new ApiException(429, "too_many_queries", "This client already has " + perClient.max()
                    + " SPARQL " + (perClient.max() == 1 ? "query" : "queries") + " running; wait for an answer first."));
            return;
        }
        Set<String> visible = Set.copyOf(visibleGraphs.apply(ctx));
        pool.submit(() -> PublicQuery.prepare(request.query(), request.defaultGraphs(), request.namedGraphs(), visible,
                        maxRows))
                .onFailure(e -> {
                    perClient.release(client);
                    ctx.fail(e);
                })
                .onSuccess(query -> run(ctx, query, client));
    }

    private void run(RoutingContext ctx, PublicQuery query, String client) {
        ResultFormat format;
        try {
            format = negotiate(ctx, query.answersWithGraph());
        } catch (ApiException e) {
            perClient.release(client);
            ctx.fail(e);
            return;
        }
        BlockingWriteBridge bridge = new BlockingWriteBridge(ctx.vertx().getOrCreateContext());
        Future<Void> work = pool.submit(() -> {
            bridge.write(out -> {
                try {
                    queries.execute(query, format, out);
                } finally {
                    // Before the answer ends, so that the client's next query finds its place free.
                    perClient.release(client);
                }
            });
            return null;
        });
        if (work.failed()) {
            perClient.release(client);
            ctx.fail(work.cause());
            return;
        }
        long stalledReader = ctx.vertx().setTimer(timeout.toMillis() + STALLED_READER_GRACE_MS, id -> {
            if (bridge.started().succeeded()) {
                bridge.cancel();
            }
        });
        work.onComplete(ar -> ctx.vertx().cancelTimer(stalledReader));
        bridge.started().onFailure(ctx::fail).onSuccess(v -> {
            HttpServerResponse response = ctx.response().setStatusCode(200).setChunked(true)
                    .putHeader(HttpHeaders.CONTENT_TYPE, format.contentType())
                    .putHeader(HttpHeaders.VARY, "Accept, Authorization, X-API-Key")
                    .putHeader(HttpHeaders.CACHE_CONTROL, "no-cache");
            if (query.capped()) {
                response.putHeader(RESULT_CAP_HEADER, Integer.toString(maxRows));
            }
            streamer.send(ctx, bridge, "SPARQL answer");
        });
    }

    /**
     * The format of the answer: the {@code format} parameter's if given (it must fit the query form), else the
     * first of the {@code Accept} header's media types that fits, else the query form's default.
     */
    private static ResultFormat negotiate(RoutingContext ctx, boolean graph) {
        String name = ctx.queryParams().get("format");
        if (name != null) {
            return ResultFormat.named(name).filter(f -> f.forGraphs() == graph)
                    .orElseThrow(() -> ApiException.badRequest("unsupported_format", "This query's answer comes as one of: "
                            + ResultFormat.namesFor(graph) + "; not " + name + "."));
        }
        return accepted(ctx, graph).orElse(ResultFormat.defaultFor(graph));
    }

    /**
     * The format the {@code Accept} header asks for among those of the answer's kind ({@code graph}: RDF syntaxes):
     * the kind's default when the header is absent or a wildcard comes first, else the first format it names that
     * fits; empty when it names none.
     */
    private static Optional<ResultFormat> accepted(RoutingContext ctx, boolean graph) {
        if (ctx.request().getHeader(HttpHeaders.ACCEPT) == null) {
            return Optional.of(ResultFormat.defaultFor(graph));
        }
        for (MIMEHeader accepted : ctx.parsedHeaders().accept()) {
            if (accepted.weight() <= 0) {
                continue;
            }
            String type = accepted.component() + "/" + accepted.subComponent();
            if (type.equals("*/*") || type.equals("application/*") || type.equals("text/*")) {
                return Optional.of(ResultFormat.defaultFor(graph));
            }
            Optional<ResultFormat> format = ResultFormat.ofMediaType(type, graph);
            if (format.isPresent()) {
                return format;
            }
        }
        return Optional.empty();
    }

    /** The request's query and dataset; null for a GET without a query. */
    private ProtocolRequest read(RoutingContext ctx) {
        HttpMethod method = ctx.request().method();
        MultiMap params = ctx.queryParams();
        if (params.contains("update")) {
            throw readOnly();
        }
        List<String> defaultGraphs = new ArrayList<>(params.getAll("default-graph-uri"));
        List<String> namedGraphs = new ArrayList<>(params.getAll("named-graph-uri"));
        if (method == HttpMethod.GET || method == HttpMethod.HEAD) {
            List<String> queries = params.getAll("query");
            if (queries.isEmpty()) {
                return null;
            }
            return new ProtocolRequest(single(queries), defaultGraphs, namedGraphs);
        }
        if (method != HttpMethod.POST) {
            ctx.response().putHeader("Allow", "GET, HEAD, POST, OPTIONS");
            throw new ApiException(405, "method_not_allowed", "Use GET or POST for SPARQL queries.");
        }
        String contentType = ctx.request().getHeader(HttpHeaders.CONTENT_TYPE);
        if (contentType == null) {
            throw ApiException.badRequest("missing_content_type",
                    "A POST needs Content-Type application/x-www-form-urlencoded or application/sparql-query.");
        }
        String mediaType = contentType.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
        switch (mediaType) {
            case "application/sparql-update" -> throw readOnly();
            case "application/x-www-form-urlencoded" -> {
                MultiMap form = ctx.request().formAttributes();
                if (form.contains("update")) {
                    throw readOnly();
                }
                List<String> queries = form.getAll("query");
                if (queries.isEmpty()) {
                    throw ApiException.badRequest("missing_query", "The form has no 'query' field.");
                }
                defaultGraphs.addAll(form.getAll("default-graph-uri"));
                namedGraphs.addAll(form.getAll("named-graph-uri"));
                return new ProtocolRequest(single(queries), defaultGraphs, namedGraphs);
            }
            case "application/sparql-query" -> {
                String charset = charsetOf(contentType);
                if (charset != null && !charset.equals("utf-8")) {
                    throw new ApiException(415, "unsupported_charset", "SPARQL queries must be UTF-8, not " + charset + ".");
                }
                Buffer body = ctx.body().buffer();
                if (body == null || body.length() == 0) {
                    throw ApiException.badRequest("missing_query", "The request body is empty.");
                }
                return new ProtocolRequest(body.toString(StandardCharsets.UTF_8), defaultGraphs, namedGraphs);
            }
            default -> throw new ApiException(415, "unsupported_media_type",
                    "Send queries as application/x-www-form-urlencoded or application/sparql-query, not " + mediaType + ".");
        }
    }

    private void describe(RoutingContext ctx, ResultFormat format) {
        String endpoint = baseUrl + "/sparql";
        var description = ServiceDescription.of(endpoint, visibleGraphs.apply(ctx), datasetPid, maxRows, timeout);
        var out = new java.io.ByteArrayOutputStream();
        ServiceDescription.write(description, format, out);
        HttpServerResponse response = ctx.response().setStatusCode(200)
                .putHeader(HttpHeaders.CONTENT_TYPE, format.contentType())
                .putHeader(HttpHeaders.VARY, "Accept, Authorization, X-API-Key")
                .putHeader(HttpHeaders.CACHE_CONTROL, "no-cache");
        if (ctx.request().method() == HttpMethod.HEAD) {
            response.putHeader(HttpHeaders.CONTENT_LENGTH, Integer.toString(out.size())).end();
        } else {
            response.end(Buffer.buffer(out.toByteArray()));
        }
    }

    private static boolean acceptsHtml(RoutingContext ctx) {
        String accept = ctx.request().getHeader(HttpHeaders.ACCEPT);
        return accept != null && accept.contains("text/html");
    }

    private static String single(List<String> queries) {
        if (queries.size() > 1) {
            throw ApiException.badRequest("multiple_queries", "Give exactly one 'query' parameter.");
        }
        return queries.get(0);
    }

    private static String charsetOf(String contentType) {
        for (String part : contentType.split(";")) {
            String p = part.trim().toLowerCase(Locale.ROOT);
            if (p.startsWith("charset=")) {
                return p.substring("charset=".length()).replace("\"", "");
            }
        }
        return null;
    }

    private static ApiException readOnly() {
        return new ApiException(403, "read_only", "This SPARQL endpoint is read-only; updates are not accepted.");
    }
}
