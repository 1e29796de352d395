package org.fairrag.testing;

import java.util.Collection;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.QuerySolution;
import org.apache.jena.rdf.model.ResourceFactory;
import org.fairrag.app.Fairrag;

/** What the knowledge graph says about articles: the independent truth search results are checked against. */
public final class GraphFacts {

    private static final String PREFIXES = "PREFIX schema: <http://schema.org/> PREFIX dct: <http://purl.org/dc/terms/> ";
    private static final Query TERMS_OF = QueryFactory.create(PREFIXES
            + "SELECT ?id WHERE { GRAPH ?g { ?a schema:about ?c } GRAPH ?v { ?c dct:identifier ?id } }");
    private static final Query DATE_OF = QueryFactory.create(PREFIXES
            + "SELECT ?d WHERE { GRAPH ?g { ?a schema:datePublished ?d } }");

    private final Fairrag fairrag;

    public GraphFacts(Fairrag fairrag) {
        this.fairrag = fairrag;
    }

    /** The ids of the terms the article is tagged with. */
    public Set<String> termIds(String articlePid) {
        Set<String> out = new HashSet<>();
        for (QuerySolution row : fairrag.graph().select(TERMS_OF, Map.of("a", ResourceFactory.createResource(articlePid)))) {
            out.add(row.getLiteral("id").getString());
        }
        return out;
    }

    public Integer year(String articlePid) {
        var rows = fairrag.graph().select(DATE_OF, Map.of("a", ResourceFactory.createResource(articlePid)));
        return rows.isEmpty() ? null : Integer.valueOf(rows.get(0).getLiteral("d").getLexicalForm().substring(0, 4));
    }

    /** PIDs of the public articles tagged with any of the terms. */
    public Set<String> publicArticlesTaggedWithAny(Collection<String> termIds) {
        String values = termIds.stream().map(id -> "\"" + id.replace("\"", "") + "\"").collect(Collectors.joining(" "));
        Query q = QueryFactory.create(PREFIXES + "SELECT DISTINCT ?a WHERE { VALUES ?id { " + values + " } "
                + "GRAPH ?v { ?c dct:identifier ?id } GRAPH <" + fairrag.graphs().publicContent() + "> { ?a schema:about ?c } }");
        Set<String> out = new HashSet<>();
        fairrag.graph().select(q).forEach(row -> out.add(row.getResource("a").getURI()));
        return out;
    }
}
