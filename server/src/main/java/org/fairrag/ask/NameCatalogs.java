package org.fairrag.ask;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.QuerySolution;
import org.fairrag.graph.GraphStore;
import org.fairrag.graph.Queries;

/**
 * The {@link NameCatalog} of each set of graphs a caller may see, read from the graph when first needed
 * and again once it is older than {@code maxAge} (another process may have ingested meanwhile). The
 * catalog only lets the parser recognise names; the query that answers decides what is found. Blocking.
 */
final class NameCatalogs {

    private static final String JOURNALS = Queries.loadText(NameCatalogs.class, "catalog-journals.rq");
    private static final String AUTHORS = Queries.loadText(NameCatalogs.class, "catalog-authors.rq");

    private record Loaded(NameCatalog catalog, Instant at) {}

    private final GraphStore graph;
    private final Duration maxAge;
    private final Clock clock;
    private final Map<Set<String>, Loaded> cache = new ConcurrentHashMap<>();

    NameCatalogs(GraphStore graph, Duration maxAge, Clock clock) {
        this.graph = graph;
        this.maxAge = maxAge;
        this.clock = clock;
    }

    NameCatalog forGraphs(Set<String> graphs) {
        Loaded loaded = cache.get(graphs);
        Instant now = clock.instant();
        if (loaded == null || loaded.at.plus(maxAge).isBefore(now)) {
            loaded = new Loaded(load(graphs), now);
            cache.put(Set.copyOf(graphs), loaded);
        }
        return loaded.catalog;
    }

    private NameCatalog load(Set<String> graphs) {
        List<Node> graphNodes = graphs.stream().map(NodeFactory::createURI).toList();
        List<String> journals = new ArrayList<>();
        for (QuerySolution row : graph.select(Queries.bindValues(QueryFactory.create(JOURNALS), "g", graphNodes))) {
            journals.add(row.getLiteral("name").getString());
        }
        List<String[]> authors = new ArrayList<>();
        Query authorQuery = Queries.bindValues(QueryFactory.create(AUTHORS), "g", graphNodes);
        for (QuerySolution row : graph.select(authorQuery)) {
            authors.add(new String[] {row.getLiteral("name").getString(),
                    row.contains("family") ? row.getLiteral("family").getString() : null,
                    row.contains("given") ? row.getLiteral("given").getString() : null});
        }
        return new NameCatalog(journals, authors);
    }
}
