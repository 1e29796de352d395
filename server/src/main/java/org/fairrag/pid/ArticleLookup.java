package org.fairrag.pid;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QuerySolution;
import org.apache.jena.rdf.model.RDFNode;
import org.apache.jena.rdf.model.ResourceFactory;
import org.fairrag.graph.GraphStore;
import org.fairrag.graph.Queries;

/**
 * Finds an article from its DOI in the graphs the caller may see (its PMID needs no lookup: the PID's id is
 * derived from it, {@link org.fairrag.fdo.ArticleIds}). Blocking.
 */
public final class ArticleLookup {

    /** PubMed's identifiers are positive integers; eight digits today. */
    public static final Pattern PMID = Pattern.compile("[1-9][0-9]{0,11}");
    /** A DOI as Crossref describes modern ones: {@code 10.} registrant code, slash, suffix. */
    public static final Pattern DOI = Pattern.compile("10\\.[0-9]{4,9}(\\.[0-9]+)*/\\S{1,300}");

    private static final Query BY_DOI = Queries.load(ArticleLookup.class, "article-by-doi.rq");
    private static final Query BY_DOI_ANY_CASE = Queries.load(ArticleLookup.class, "article-by-doi-any-case.rq");

    private final GraphStore graph;

    public ArticleLookup(GraphStore graph) {
        this.graph = graph;
    }

    /** The IRI of the article with this DOI among {@code graphs}, comparing the DOI as written, then in any case. */
    public Optional<String> byDoi(String doi, List<String> graphs) {
        List<Node> scope = graphs.stream().map(NodeFactory::createURI).toList();
        Optional<String> exact = first(Queries.bindValues(BY_DOI.cloneQuery(), "g", scope),
                Map.of("doi", ResourceFactory.createStringLiteral(doi)));
        if (exact.isPresent()) {
            return exact;
        }
        return first(Queries.bindValues(BY_DOI_ANY_CASE.cloneQuery(), "g", scope),
                Map.of("lowerDoi", ResourceFactory.createStringLiteral(doi.toLowerCase(Locale.ROOT))));
    }

    private Optional<String> first(Query query, Map<String, RDFNode> bindings) {
        for (QuerySolution row : graph.select(query, bindings)) {
            return Optional.of(row.getResource("article").getURI());
        }
        return Optional.empty();
    }
}
