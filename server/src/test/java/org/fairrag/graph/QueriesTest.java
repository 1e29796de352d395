package org.fairrag.graph;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.DatasetFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.rdf.model.ResourceFactory;
import org.junit.jupiter.api.Test;

/** Values bound into queries restrict them as asked. */
class QueriesTest {

    @Test
    void should_keep_both_variables_values_when_two_are_bound() {
        var dataset = DatasetFactory.createTxnMem();
        var a = dataset.getNamedModel("http://g/a");
        var b = dataset.getNamedModel("http://g/b");
        for (int i = 1; i <= 3; i++) {
            a.add(ResourceFactory.createResource("http://x/" + i), ResourceFactory.createProperty("http://p"), "in a " + i);
            b.add(ResourceFactory.createResource("http://x/" + i), ResourceFactory.createProperty("http://p"), "in b " + i);
        }
        Query q = QueryFactory.create("SELECT ?s ?o WHERE { GRAPH ?g { ?s <http://p> ?o } }");

        Query bound = Queries.withValues(Queries.withValues(q, "s", List.of(node("http://x/1"), node("http://x/3"))),
                "g", List.of(node("http://g/a")));

        // Before the fix, the second VALUES block replaced the first: every subject of graph a came back.
        var rows = new TdbGraphStore(dataset, "in memory", Set.of()).select(bound);
        assertThat(rows).extracting(r -> r.getLiteral("o").getString()).containsExactlyInAnyOrder("in a 1", "in a 3");
    }

    private static Node node(String iri) {
        return NodeFactory.createURI(iri);
    }
}
