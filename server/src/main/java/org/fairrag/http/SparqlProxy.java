package org.fairrag.http;

import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.ext.web.RoutingContext;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.QueryParseException;
import org.apache.jena.query.Syntax;
import org.apache.jena.sparql.syntax.ElementService;
import org.apache.jena.sparql.syntax.ElementWalker;
import org.apache.jena.sparql.syntax.ElementVisitorBase;

/**
 * The public SPARQL 1.1 Protocol endpoint: accepts queries by GET, form POST and direct POST,
 * refuses updates, validates and limits each query, and forwards it to the read-only Fuseki service,
 * streaming the answer back in the format the client negotiated.
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

    private final HttpClient client;
    private final String upstreamQueryUrl;
    private final WorkerPool pool;
    private final int maxRows;
    private final Duration timeout;

    public SparqlProxy(HttpClient client, String upstreamQueryUrl, WorkerPool pool, int maxRows, Duration timeout) {
        this.client = client;
        this.upstreamQueryUrl = upstreamQueryUrl;
        this.pool = pool;
        this.maxRows = maxRows;
        this.timeout = timeout;
    }

    /** A parsed protocol request: the query text and the protocol dataset. */
    private record ProtocolRequest(String query, List<String> defaultGraphs, List<String> namedGraphs) {}

    /** A validated query, ready to forward. */
    private record Prepared(String query, boolean capped) {}

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
        pool.submit(() -> prepare(request.query()))
                .compose(prepared -> forward(ctx, request, prepared))
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

    private Prepared prepare(String text) {
        Query query;
        try {
            query = QueryFactory.create(text, Syntax.syntaxARQ);
        } catch (QueryParseException e) {
            // Keep the parser's position and first line; its list of every token it expected is noise.
            String message = e.getMessage() == null ? "" : e.getMessage().split("\n", 2)[0];
            throw ApiException.badRequest("query_syntax", "SPARQL syntax error: " + message);
        }
        if (query.getQueryPattern() != null) {
            ElementWalker.walk(query.getQueryPattern(), new ElementVisitorBase() {
                @Override
                public void visit(ElementService el) {
                    throw ApiException.badRequest("service_not_allowed",
                            "SERVICE (federated query) is not allowed on this endpoint.");
                }
            });
        }
        boolean capped = false;
        if (!query.isAskType() && (!query.hasLimit() || query.getLimit() > maxRows)) {
            query.setLimit(maxRows);
            capped = true;
        }
        return new Prepared(capped ? query.serialize() : text, capped);
    }

    private Future<Void> forward(RoutingContext ctx, ProtocolRequest request, Prepared prepared) {
        StringBuilder form = new StringBuilder("query=").append(encode(prepared.query()));
        request.defaultGraphs().forEach(g -> form.append("&default-graph-uri=").append(encode(g)));
        request.namedGraphs().forEach(g -> form.append("&named-graph-uri=").append(encode(g)));
        RequestOptions options = new RequestOptions()
                .setMethod(HttpMethod.POST)
                .setAbsoluteURI(upstreamQueryUrl)
                .setIdleTimeout(timeout.toMillis() + 5_000)
                .putHeader(HttpHeaders.CONTENT_TYPE, "application/x-www-form-urlencoded")
                .putHeader(HttpHeaders.ACCEPT, accept(ctx));
        return client.request(options)
                .compose(req -> req.send(Buffer.buffer(form.toString())))
                .compose(upstream -> relay(ctx, upstream, prepared));
    }

    private Future<Void> relay(RoutingContext ctx, HttpClientResponse upstream, Prepared prepared) {
        int status = upstream.statusCode();
        if (status >= 400) {
            return upstream.body().map(body -> {
                String message = body.toString(StandardCharsets.UTF_8).trim();
                if (status == 503 || message.toLowerCase(Locale.ROOT).contains("timeout")) {
                    throw new ApiException(503, "query_timeout",
                            "The query did not finish within " + timeout.toSeconds() + " s; make it more selective.");
                }
                throw new ApiException(status >= 500 ? 502 : status, status >= 500 ? "upstream_error" : "bad_query",
                        message.isEmpty() ? "The triple store refused the query." : message);
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
