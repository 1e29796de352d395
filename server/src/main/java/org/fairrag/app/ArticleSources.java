package org.fairrag.app;

import java.util.Map;
import java.util.TreeMap;
import org.apache.jena.query.Query;
import org.apache.jena.query.QuerySolution;
import org.apache.jena.rdf.model.ResourceFactory;
import org.fairrag.graph.GraphStore;
import org.fairrag.graph.Queries;

/** Counts the articles of a content graph by source collection, for the dataset description. */
final class ArticleSources {

    private static final Query COUNT = Queries.load(ArticleSources.class, "articles-by-source.rq");

    private ArticleSources() {}

    static Map<String, Long> count(GraphStore graph, String contentGraph) {
        Map<String, Long> out = new TreeMap<>();
        for (QuerySolution row : graph.select(COUNT, Map.of("g", ResourceFactory.createResource(contentGraph)))) {
            out.put(row.getLiteral("source").getString(), row.getLiteral("n").getLong());
        }
        return out;
    }
}
