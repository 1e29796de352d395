package org.fairrag.graph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The embedded store's transactions: writes gathered into one, with reads inside it; reads on their own. */
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
