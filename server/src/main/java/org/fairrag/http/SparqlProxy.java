package org.fairrag.http;

import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.ConnectionPoolTooBusyException;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import io.micrometer.core.instrument.Counter;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.QueryParseException;
import org.apache.jena.query.Syntax;

/**
 * The public SPARQL 1.1 Protocol endpoint: accepts queries by GET, form POST and direct POST,
 * refuses updates, validates and limits each query, and forwards it to the read-only Fuseki service,
 * streaming the answer back in the format the client negotiated.
 *
 * <p>Every forwarded query carries a protocol dataset ({@code default-graph-uri}, {@code named-graph-uri})
 * made of the graphs the caller may see, so the store never evaluates it over anything else: without a
 * dataset of its own, the default graph is their union and they are the named graphs ({@code GRAPH ?g});
 * a dataset the query names ({@code FROM}, {@code FROM NAMED}, or the protocol's) keeps only the graphs the
 * caller may see, the others counting as empty graphs, as unknown graphs do.
 */
public final class SparqlProxy {

    /** Header telling the client its query's LIMIT was lowered to the row cap. */
    public static final String RESULT_CAP_HEADER = "Fairrag-Result-Cap";

    private static final Map<String, String> FORMATS = Map.of(
            "json", "application/sparql-results+json",
            "xml", "application/sparql-results+xml",
            "csv", "text/csv",
            "tsv", "text/tab-separated-values",
            "turtle", "text/turtle",
            "ttl", "text/turtle",
            "jsonld", "application/ld+json",
            "ntriples", "application/n-triples",
            "nt", "application/n-triples",
            "rdfxml", "application/rdf+xml");

    /** A graph that never exists: stands for a named dataset of which the caller may see nothing. */
    static final String NO_GRAPH = "urn:x-fairrag:no-graph";

    private final HttpClient client;
    private final String upstreamQueryUrl;
    private final WorkerPool pool;
    private final int maxRows;
    private final Duration timeout;
    private final Function<RoutingContext, List<String>> visibleGraphs;
    private final Counter timeouts;

    /**
     * @param visibleGraphs the graphs the request's caller may query
     * @param timeouts      counts the queries stopped by the time limit
     */
    public SparqlProxy(HttpClient client, String upstreamQueryUrl, WorkerPool pool, int maxRows, Duration timeout,
                       Function<RoutingContext, List<String>> visibleGraphs, Counter timeouts) {
        this.client = client;
        this.upstreamQueryUrl = upstreamQueryUrl;
        this.pool = pool;
        this.maxRows = maxRows;
        this.timeout = timeout;
        this.visibleGraphs = visibleGraphs;
        this.timeouts = timeouts;
    }

    /** A parsed protocol request: the query text and the protocol dataset. */
    private record ProtocolRequest(String query, List<String> defaultGraphs, List<String> namedGraphs) {}

    /** A validated query with the dataset it is to run over, ready to forward. */
    private record Prepared(String query, boolean capped, List<String> defaultGraphs, List<String> namedGraphs) {}

    public void handle(RoutingContext ctx) {
        ProtocolRequest request;
        try {
            request = read(ctx);
        } catch (ApiException e) {
            ctx.fail(e);
            return;
        }
        if (request == null) {
            ctx.next(); // a browser asking for the query page
            return;
        }
        Set<String> visible = Set.copyOf(visibleGraphs.apply(ctx));
        pool.submit(() -> prepare(request, visible))
                .compose(prepared -> forward(ctx, prepared))
                .onFailure(ctx::fail);
    }

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
                if (acceptsHtml(ctx)) {
                    return null;
                }
                throw ApiException.badRequest("missing_query", "Give a SPARQL query in the 'query' parameter.");
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

    private Prepared prepare(ProtocolRequest request, Set<String> visible) {
        Query query;
        try {
            query = QueryFactory.create(request.query(), Syntax.syntaxARQ);
        } catch (QueryParseException e) {
            // Keep the parser's position and first line; its list of every token it expected is noise.
            String message = e.getMessage() == null ? "" : e.getMessage().split("\n", 2)[0];
            throw ApiException.badRequest("query_syntax", "SPARQL syntax error: " + message);
        }
        FederationCheck.refuseService(query);
        List<String> defaultGraphs;
        List<String> namedGraphs;
        boolean protocolDataset = !request.defaultGraphs().isEmpty() || !request.namedGraphs().isEmpty();
        if (protocolDataset || query.hasDatasetDescription()) {
            // The protocol's dataset overrides the query's (SPARQL 1.1 Protocol, 2.1.4).
            defaultGraphs = onlyVisible(protocolDataset ? request.defaultGraphs() : query.getGraphURIs(), visible);
            namedGraphs = onlyVisible(protocolDataset ? request.namedGraphs() : query.getNamedGraphURIs(), visible);
        } else {
            defaultGraphs = List.copyOf(visible);
            namedGraphs = List.copyOf(visible);
        }
        query.getGraphURIs().clear();
        query.getNamedGraphURIs().clear();
        boolean capped = false;
        if (!query.isAskType() && (!query.hasLimit() || query.getLimit() > maxRows)) {
            query.setLimit(maxRows);
            capped = true;
        }
        return new Prepared(query.serialize(), capped, defaultGraphs, namedGraphs);
    }

    /** The visible ones of the graphs asked for; a list of none of them becomes a graph that does not exist. */
    private static List<String> onlyVisible(List<String> asked, Set<String> visible) {
        if (asked.isEmpty()) {
            return List.of();
        }
        List<String> kept = asked.stream().filter(visible::contains).distinct().toList();
        return kept.isEmpty() ? List.of(NO_GRAPH) : kept;
    }

    /**
     * Runs a SELECT or ASK as this endpoint runs every query (validated, its LIMIT capped, over the given graphs,
     * within the time limit) and gives its SPARQL 1.1 JSON results: the path of the queries {@code /api/ask} runs.
     */
    public Future<JsonObject> jsonResults(String query, Set<String> visibleGraphs) {
        ProtocolRequest request = new ProtocolRequest(query, List.of(), List.of());
        return pool.submit(() -> prepare(request, visibleGraphs))
                .compose(prepared -> send(prepared, "application/sparql-results+json"))
                .compose(upstream -> upstream.body().map(body -> {
                    if (upstream.statusCode() >= 400) {
                        throw upstreamError(upstream.statusCode(), body);
                    }
                    return new JsonObject(body);
                }));
    }

    private Future<Void> forward(RoutingContext ctx, Prepared prepared) {
        return send(prepared, accept(ctx)).compose(upstream -> relay(ctx, upstream, prepared));
    }

    private Future<HttpClientResponse> send(Prepared prepared, String accept) {
        StringBuilder form = new StringBuilder("query=").append(encode(prepared.query()));
        prepared.defaultGraphs().forEach(g -> form.append("&default-graph-uri=").append(encode(g)));
        prepared.namedGraphs().forEach(g -> form.append("&named-graph-uri=").append(encode(g)));
        RequestOptions options = new RequestOptions()
                .setMethod(HttpMethod.POST)
                .setAbsoluteURI(upstreamQueryUrl)
                .setIdleTimeout(timeout.toMillis() + 5_000)
                .putHeader(HttpHeaders.CONTENT_TYPE, "application/x-www-form-urlencoded")
                .putHeader(HttpHeaders.ACCEPT, accept);
        return client.request(options)
                .recover(e -> Future.failedFuture(e instanceof ConnectionPoolTooBusyException
                        ? new ApiException(503, "busy", "Too many SPARQL queries are running or waiting; retry shortly.")
                        : e))
                .compose(req -> req.send(Buffer.buffer(form.toString())));
    }

    private ApiException upstreamError(int status, Buffer body) {
        String message = body.toString(StandardCharsets.UTF_8).trim();
        if (status == 503 || message.toLowerCase(Locale.ROOT).contains("timeout")) {
            timeouts.increment();
            return new ApiException(503, "query_timeout",
                    "The query did not finish within " + timeout.toSeconds() + " s; make it more selective.");
        }
        return new ApiException(status >= 500 ? 502 : status, status >= 500 ? "upstream_error" : "bad_query",
                message.isEmpty() ? "The triple store refused the query." : message);
    }

    private Future<Void> relay(RoutingContext ctx, HttpClientResponse upstream, Prepared prepared) {
        int status = upstream.statusCode();
        if (status >= 400) {
            return upstream.body().map(body -> {
                throw upstreamError(status, body);
            });
        }
        var response = ctx.response().setStatusCode(status);
        String type = upstream.getHeader(HttpHeaders.CONTENT_TYPE);
        if (type != null) {
            response.putHeader(HttpHeaders.CONTENT_TYPE, type);
        }
        response.putHeader(HttpHeaders.VARY, "Accept");
        response.putHeader(HttpHeaders.CACHE_CONTROL, "no-cache");
        if (prepared.capped()) {
            response.putHeader(RESULT_CAP_HEADER, Integer.toString(maxRows));
        }
        String length = upstream.getHeader(HttpHeaders.CONTENT_LENGTH);
        if (length != null) {
            response.putHeader(HttpHeaders.CONTENT_LENGTH, length);
        } else {
            response.setChunked(true);
        }
        return upstream.pipeTo(response);
    }

    private static String accept(RoutingContext ctx) {
        String format = ctx.queryParams().get("format");
        if (format != null && FORMATS.containsKey(format.toLowerCase(Locale.ROOT))) {
            return FORMATS.get(format.toLowerCase(Locale.ROOT));
        }
        String accept = ctx.request().getHeader(HttpHeaders.ACCEPT);
        return accept == null || accept.isBlank() ? "*/*" : accept;
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

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
