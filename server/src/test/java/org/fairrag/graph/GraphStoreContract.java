package org.fairrag.graph;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.vocabulary.DCTerms;
import org.apache.jena.vocabulary.RDFS;
import org.junit.jupiter.api.Test;

/**
 * What every {@link GraphStore} must do alike, whichever store is behind it: a description replaced whole,
 * with its {@code #fragments}, and nothing of its neighbours touched.
 */
abstract class GraphStoreContract {

    /** Graphs of each test's own, so that the tests of a class may share one store. */
    private final String graph = "http://fairrag.test/graph/contract-" + UUID.randomUUID();
    private final String otherGraph = graph + "-other";

    /** The store under test, shared by the tests of a class. */
    abstract GraphStore store();

    @Test
    void should_replace_descriptions_with_their_fragments_and_leave_other_subjects_alone() {
        GraphStore store = store();
        store.replaceDescriptions(graph, List.of(a(1), a(2), a(3)), described(1, 2, 3));
        store.replaceDescriptions(otherGraph, List.of(a(1)), described(1));

        Model newer = ModelFactory.createDefaultModel();
        newer.add(newer.createResource(a(1)), DCTerms.title, "Article 1, corrected");
        store.replaceDescriptions(graph, List.of(a(1), a(2)), newer);

        assertThat(titles(graph)).containsExactlyInAnyOrder("Article 1, corrected", "Article 3");
        assertThat(count(graph, a(1) + "#")).as("the replaced subjects' fragments").isZero();
        assertThat(count(graph, a(2) + "#")).isZero();
        assertThat(count(graph, a(3) + "#")).as("a subject not named keeps its fragment").isEqualTo(1);
        assertThat(titles(otherGraph)).as("another graph is untouched").containsExactly("Article 1");
        assertThat(store.size(List.of(graph))).isEqualTo(1 + 3);
    }

    @Test
    void should_delete_descriptions_and_dump_what_is_left() {
        GraphStore store = store();
        store.replaceDescriptions(graph, List.of(a(4), a(5)), described(4, 5));
        store.deleteDescriptions(graph, List.of(a(4)));

        ByteArrayOutputStream dump = new ByteArrayOutputStream();
        store.dumpNTriples(List.of(graph), dump);
        String ntriples = dump.toString(StandardCharsets.UTF_8);
        assertThat(ntriples).contains("<" + a(5) + ">").doesNotContain("<" + a(4) + ">").doesNotContain("<" + a(4) + "#");
        assertThat(ntriples.lines().count()).isEqualTo(store.size(List.of(graph))).isEqualTo(3);
    }

    @Test
    void should_take_a_batch_as_large_as_an_ingest_batch() {
        GraphStore store = store();
        int n = 1_000;
        List<String> subjects = java.util.stream.IntStream.range(100, 100 + n).mapToObj(GraphStoreContract::a).toList();
        store.replaceDescriptions(graph, subjects, described(java.util.stream.IntStream.range(100, 100 + n).toArray()));
        store.replaceDescriptions(graph, subjects, described(java.util.stream.IntStream.range(100, 100 + n).toArray()));
        assertThat(store.size(List.of(graph))).isEqualTo(3L * n);
    }

    @Test
    void should_add_statements_and_remove_none() {
        GraphStore store = store();
        store.replaceDescriptions(graph, List.of(a(6)), described(6));
        Model more = described(7);
        more.add(more.createResource(a(6)), DCTerms.title, "Article 6, second title");

        store.add(graph, more.getGraph());

        assertThat(titles(graph)).containsExactlyInAnyOrder("Article 6", "Article 6, second title", "Article 7");
        assertThat(store.size(List.of(graph))).isEqualTo(3 + 3 + 1);
        assertThat(titles(otherGraph)).as("nothing written elsewhere").isEmpty();
    }

    private static String a(int i) {
        return "http://fairrag.test/article/" + i;
    }

    /** Each article with a title, and a {@code #name} fragment linked from it that carries a label. */
    private static Model described(int... ids) {
        Model m = ModelFactory.createDefaultModel();
        for (int i : ids) {
            Resource article = m.createResource(a(i));
            Resource fragment = m.createResource(a(i) + "#author-1");
            article.addProperty(DCTerms.title, "Article " + i).addProperty(DCTerms.creator, fragment);
            fragment.addProperty(RDFS.label, "Author of " + i);
        }
        return m;
    }

    private List<String> titles(String graph) {
        return store().select(QueryFactory.create("SELECT ?t WHERE { graph ?g { ?a <" + DCTerms.title.getURI() + "> ?t } }"),
                        Map.of("g", ModelFactory.createDefaultModel().createResource(graph)))
                .stream().map(row -> row.getLiteral("t").getString()).toList();
    }

    private long count(String graph, String prefix) {
        return store().select(QueryFactory.create("SELECT ?x WHERE { graph ?g { ?x ?p ?o FILTER(STRSTARTS(STR(?x), ?prefix)) } }"),
                Map.of("g", ModelFactory.createDefaultModel().createResource(graph),
                        "prefix", ModelFactory.createDefaultModel().createLiteral(prefix))).size();
    }
}
