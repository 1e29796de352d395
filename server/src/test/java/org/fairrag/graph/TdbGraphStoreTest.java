package org.fairrag.graph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.query.text.DatasetGraphText;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.system.Txn;
import org.apache.jena.tdb2.sys.TDBInternal;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The embedded store's writes: gathered into one transaction, with reads inside it; labels through the text
 * index, other statements past it.
 */
class TdbGraphStoreTest {

    private static final String GRAPH = "http://fairrag.test/graph/public";
    private static final String SUBJECT = "http://fairrag.test/pid/a";

    private EmbeddedDataset store;
    private TdbGraphStore graph;

    @BeforeEach
    void open() throws Exception {
        store = EmbeddedDataset.open(EmbeddedDataset.bundledConfig(), TestFairrag.newDir("tdb"), true);
        graph = new TdbGraphStore(store.dataset(), "test store", Set.of());
    }

    @AfterEach
    void close() {
        store.close();
    }

    @Test
    void should_read_inside_one_transaction_what_it_wrote_so_far_and_commit_all_at_its_end() {
        graph.inOneTransaction(() -> {
            graph.replaceDescriptions(GRAPH, List.of(SUBJECT), description("first"));
            assertThat(titles()).as("read inside the write transaction").containsExactly("first");
            graph.replaceDescriptions(GRAPH, List.of(SUBJECT), description("second"));
        });

        assertThat(titles()).containsExactly("second");
        assertThat(graph.size(List.of(GRAPH))).isEqualTo(1);
    }

    @Test
    void should_keep_nothing_of_one_transaction_that_fails() {
        assertThatThrownBy(() -> graph.inOneTransaction(() -> {
            graph.replaceDescriptions(GRAPH, List.of(SUBJECT), description("first"));
            assertThat(titles()).containsExactly("first");
            throw new IllegalStateException("a load that fails half-way");
        })).hasMessageContaining("half-way");

        assertThat(titles()).isEmpty();
        assertThat(graph.size(List.of(GRAPH))).isZero();
    }

    @Test
    void should_index_the_labels_it_writes_and_forget_those_it_replaces() {
        graph.replaceDescriptions(GRAPH, List.of(SUBJECT), concept("Myocardial Infarction", "C14.280.647.500"));
        assertThat(labelled("infarction")).containsExactly(SUBJECT);
        assertThat(notations()).containsExactly("C14.280.647.500");

        graph.replaceDescriptions(GRAPH, List.of(SUBJECT), concept("Heart Attack", "C14.280"));

        assertThat(labelled("infarction")).isEmpty();
        assertThat(labelled("attack")).containsExactly(SUBJECT);
        assertThat(notations()).containsExactly("C14.280");
    }

    @Test
    void should_count_each_graphs_statements_as_the_graph_itself_does() {
        String other = "http://fairrag.test/graph/vocabulary";
        graph.replaceDescriptions(GRAPH, List.of(SUBJECT), concept("Myocardial Infarction", "C14.280.647.500"));
        graph.replaceDescriptions(other, List.of(SUBJECT), description("a title"));
        graph.replaceDescriptions(other, List.of("http://fairrag.test/pid/b"), concept("Neoplasms", "C04"));

        assertThat(TDBInternal.getDatasetGraphTDB(((DatasetGraphText) store.dataset().asDatasetGraph()).getWrapped()))
                .as("counted in the quad index").isNotNull();
        assertThat(graph.size(List.of(GRAPH))).isEqualTo(2);
        assertThat(graph.size(List.of(GRAPH, other))).isEqualTo(5)
                .isEqualTo(Txn.calculateRead(store.dataset(), () -> store.dataset().getNamedModel(GRAPH).size()
                        + store.dataset().getNamedModel(other).size()));
        assertThat(graph.size(List.of("http://fairrag.test/graph/none"))).isZero();
    }

    private List<String> labelled(String word) {
        return graph.select(QueryFactory.create("PREFIX text: <http://jena.apache.org/text#> "
                + "PREFIX skos: <http://www.w3.org/2004/02/skos/core#> "
                + "SELECT ?s WHERE { ?s text:query (skos:prefLabel \"" + word + "\") }"), Map.of())
                .stream().map(s -> s.getResource("s").getURI()).toList();
    }

    private List<String> notations() {
        return graph.select(QueryFactory.create("SELECT ?n WHERE { GRAPH ?g { ?s <http://www.w3.org/2004/02/skos/core#notation> ?n } }"),
                Map.of()).stream().map(s -> s.getLiteral("n").getString()).toList();
    }

    private static Model concept(String label, String treeNumber) {
        Model m = ModelFactory.createDefaultModel();
        m.createResource(SUBJECT)
                .addProperty(m.createProperty("http://www.w3.org/2004/02/skos/core#prefLabel"), label)
                .addProperty(m.createProperty("http://www.w3.org/2004/02/skos/core#notation"), treeNumber);
        return m;
    }

    private List<String> titles() {
        return graph.select(QueryFactory.create("SELECT ?t WHERE { GRAPH ?g { ?s <http://purl.org/dc/terms/title> ?t } }"),
                Map.of()).stream().map(s -> s.getLiteral("t").getString()).toList();
    }

    private static Model description(String title) {
        Model m = ModelFactory.createDefaultModel();
        m.createResource(SUBJECT).addProperty(m.createProperty("http://purl.org/dc/terms/title"), title);
        return m;
    }
}
