package org.fairrag.sparql;

import java.util.List;
import java.util.Set;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.QueryParseException;
import org.apache.jena.query.QueryType;
import org.apache.jena.query.Syntax;
import org.fairrag.failure.ApiException;

/**
 * A query from the public, validated and scoped, ready to run: not too deep to parse, parsed, free of
 * {@code SERVICE}, with at most {@value AlgebraCheck#MAX_TRIPLE_PATTERNS} triple patterns, its {@code LIMIT} lowered to the row cap, and given the dataset it runs over, made only of
 * graphs the caller may see.
 *
 * <p>Without a dataset of its own, the default graph is the union of the visible graphs and they are the named
 * graphs ({@code GRAPH ?g}); a dataset the query names ({@code FROM}, {@code FROM NAMED}, or the protocol's
 * {@code default-graph-uri} and {@code named-graph-uri}, which win) keeps only the visible graphs, the others
 * counting as empty graphs, as unknown graphs do, so that whether they exist is not told either.
 *
 * @param query         the query, without its own dataset description
 * @param defaultGraphs the graphs whose union is the default graph
 * @param namedGraphs   the named graphs
 * @param capped        whether the query's LIMIT was lowered to the row cap
 */
public record PublicQuery(Query query, List<String> defaultGraphs, List<String> namedGraphs, boolean capped) {

    /** A graph that never exists: stands for a dataset of which the caller may see nothing. */
    static final String NO_GRAPH = "urn:x-fairrag:no-graph";

    public PublicQuery {
        defaultGraphs = List.copyOf(defaultGraphs);
        namedGraphs = List.copyOf(namedGraphs);
    }

    /**
     * @param text                  the query as sent
     * @param protocolDefaultGraphs {@code default-graph-uri} values of the request, if any
     * @param protocolNamedGraphs   {@code named-graph-uri} values of the request, if any
     * @param visibleGraphs         the graphs the caller may see
     * @param maxRows               the most rows (solutions) a query may return
     * @throws ApiException 400 for a query that is malformed, too complex, federated or not a query form
     */
    public static PublicQuery prepare(String text, List<String> protocolDefaultGraphs, List<String> protocolNamedGraphs,
                                      Set<String> visibleGraphs, int maxRows) {
        QueryComplexity.check(text);
        Query query = parse(text);
        if (query.queryType() == QueryType.UNKNOWN || query.queryType() == QueryType.CONSTRUCT_JSON) {
            throw ApiException.badRequest("unsupported_query_form", "Send a SELECT, ASK, CONSTRUCT or DESCRIBE query.");
        }
        try {
            AlgebraCheck.check(query);
        } catch (StackOverflowError e) {
            throw SparqlFailures.tooComplex();
        } catch (ApiException e) {
            throw e;
        } catch (RuntimeException e) {
            // As in parsing: compiling the algebra builds constant expressions too.
            throw SparqlFailures.queryFault(e).orElseThrow(() -> e);
        }
        boolean protocolDataset = !protocolDefaultGraphs.isEmpty() || !protocolNamedGraphs.isEmpty();
        List<String> defaultGraphs;
        List<String> namedGraphs;
        if (protocolDataset || query.hasDatasetDescription()) {
            // The protocol's dataset overrides the query's (SPARQL 1.1 Protocol, 2.1.4).
            defaultGraphs = onlyVisible(protocolDataset ? protocolDefaultGraphs : query.getGraphURIs(), visibleGraphs);
            namedGraphs = onlyVisible(protocolDataset ? protocolNamedGraphs : query.getNamedGraphURIs(), visibleGraphs);
        } else {
            defaultGraphs = List.copyOf(visibleGraphs);
            namedGraphs = List.copyOf(visibleGraphs);
        }
        query.getGraphURIs().clear();
        query.getNamedGraphURIs().clear();
        boolean capped = false;
        if (!query.isAskType() && (!query.hasLimit() || query.getLimit() > maxRows)) {
            query.setLimit(maxRows);
            capped = true;
        }
        return new PublicQuery(query, defaultGraphs, namedGraphs, capped);
    }

    /** A query without a dataset of its own, over the graphs the caller may see. */
    public static PublicQuery prepare(String text, Set<String> visibleGraphs, int maxRows) {
        return prepare(text, List.of(), List.of(), visibleGraphs, maxRows);
    }

    /** Whether the answer is a graph (CONSTRUCT, DESCRIBE) rather than results (SELECT, ASK). */
    public boolean answersWithGraph() {
        return query.isConstructType() || query.isDescribeType();
    }

    private static Query parse(String text) {
        try {
            return QueryFactory.create(text, Syntax.syntaxARQ);
        } catch (QueryParseException e) {
            String message = e.getMessage() == null ? "" : e.getMessage();
            if (message.contains("StackOverflowError")) {
                throw SparqlFailures.tooComplex();
            }
            // Keep the parser's position and first line; its list of every token it expected is noise.
            throw ApiException.badRequest("query_syntax", "SPARQL syntax error: " + message.split("\n", 2)[0]);
        } catch (StackOverflowError e) {
            throw SparqlFailures.tooComplex();
        } catch (RuntimeException e) {
            // The parser builds constant expressions, such as a regular expression's pattern.
            throw SparqlFailures.queryFault(e).orElseThrow(() -> e);
        }
    }

    /** The visible ones of the graphs asked for; a list of none of them becomes a graph that does not exist. */
    private static List<String> onlyVisible(List<String> asked, Set<String> visible) {
        if (asked.isEmpty()) {
            return List.of();
        }
        List<String> kept = asked.stream().filter(visible::contains).distinct().toList();
        return kept.isEmpty() ? List.of(NO_GRAPH) : kept;
    }
}
