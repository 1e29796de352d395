package org.fairrag.annotate;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.rdf.model.ResourceFactory;
import org.fairrag.graph.EmbeddedDataset;
import org.fairrag.graph.Graphs;
import org.fairrag.graph.TdbGraphStore;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link MentionStore#replace} on the embedded TDB2 dataset, with the mentions graphs written past the text
 * index as the server writes them: a batch of articles without mentions is only added, an article with
 * mentions has them replaced whole, in whichever graph it had them, and its neighbours keep theirs.
 */
class MentionStoreTest {

    private static final Graphs GRAPHS = new Graphs(TestFairrag.BASE_URL);
    private static EmbeddedDataset dataset;
    private static MentionStore store;
    private static TdbGraphStore graph;

    @BeforeAll
    static void open() throws IOException {
        dataset = EmbeddedDataset.open(EmbeddedDataset.bundledConfig(), TestFairrag.newDir("mention-store"), true);
        graph = new TdbGraphStore(dataset.dataset(), "mention store",
                Set.of(GRAPHS.publicMentions(), GRAPHS.restrictedMentions()));
        store = new MentionStore(graph, GRAPHS);
    }

    @AfterAll
    static void close() {
        dataset.close();
    }

    @Test
    void should_add_new_articles_and_replace_the_mentions_of_annotated_ones_whole() {
        store.replace("public", Map.of(pid("a1"), mentions("a1", "first", 2), pid("a2"), mentions("a2", "first", 3)));
        assertThat(exacts(GRAPHS.publicMentions(), "a1")).containsExactlyInAnyOrder("first 0", "first 1");

        // a1 annotated again beside a3, new: a1's earlier mentions go, a2's stay.
        store.replace("public", Map.of(pid("a1"), mentions("a1", "second", 1), pid("a3"), mentions("a3", "first", 1)));

        assertThat(exacts(GRAPHS.publicMentions(), "a1")).containsExactly("second 0");
        assertThat(exacts(GRAPHS.publicMentions(), "a2")).containsExactlyInAnyOrder("first 0", "first 1", "first 2");
        assertThat(exacts(GRAPHS.publicMentions(), "a3")).containsExactly("first 0");
        assertThat(store.stored(List.of(pid("a1"), pid("a2"), pid("a3"))).values())
                .extracting(MentionStore.Stored::textChecksum).containsExactlyInAnyOrder("second", "first", "first");
        assertThat(count(GRAPHS.publicMentions(), "a1")).as("a1's collection (4), one annotation (1), its target (3), selectors (2)")
                .isEqualTo(10);
    }

    @Test
    void should_move_the_mentions_of_an_article_that_changed_level() {
        store.replace("public", Map.of(pid("b1"), mentions("b1", "open", 2), pid("b2"), mentions("b2", "open", 1)));

        store.replace("restricted", Map.of(pid("b1"), mentions("b1", "closed", 1)));

        assertThat(exacts(GRAPHS.publicMentions(), "b1")).as("nothing left at the level it left").isEmpty();
        assertThat(count(GRAPHS.publicMentions(), "b1")).isZero();
        assertThat(exacts(GRAPHS.restrictedMentions(), "b1")).containsExactly("closed 0");
        assertThat(exacts(GRAPHS.publicMentions(), "b2")).containsExactly("open 0");
        assertThat(store.stored(List.of(pid("b1"))).get(pid("b1")).accessLevel()).isEqualTo("restricted");
    }

    private static String pid(String id) {
        return TestFairrag.BASE_URL + "/pid/" + id;
    }

    /** {@code n} annotations quoting "{label} i", with the collection that says the text's checksum is {@code label}. */
    private static Model mentions(String id, String label, int n) {
        Model m = ModelFactory.createDefaultModel();
        var article = m.createResource(pid(id));
        for (int i = 0; i < n; i++) {
            var quote = m.createResource().addProperty(org.fairrag.graph.Vocab.OA_EXACT, label + " " + i);
            var position = m.createResource().addLiteral(org.fairrag.graph.Vocab.OA_START, i);
            var target = m.createResource().addProperty(org.fairrag.graph.Vocab.HAS_SOURCE, article)
                    .addProperty(org.fairrag.graph.Vocab.HAS_SELECTOR, quote).addProperty(org.fairrag.graph.Vocab.HAS_SELECTOR, position);
            m.createResource(pid(id) + "#mention-" + i).addProperty(org.fairrag.graph.Vocab.HAS_TARGET, target);
        }
        m.createResource(MentionRdf.collectionIri(pid(id)))
                .addProperty(org.apache.jena.vocabulary.RDF.type, org.fairrag.graph.Vocab.ORDERED_COLLECTION)
                .addProperty(org.fairrag.graph.Vocab.WAS_DERIVED_FROM, article)
                .addProperty(org.fairrag.graph.Vocab.GENERATOR, MentionRdf.GENERATOR_RESOURCE)
                .addProperty(org.fairrag.graph.Vocab.TEXT_CHECKSUM, label);
        return m;
    }

    private static List<String> exacts(String g, String id) {
        return graph.select(QueryFactory.create("""
                        SELECT ?exact WHERE { GRAPH ?g { ?target <http://www.w3.org/ns/oa#hasSource> ?article ;
                            <http://www.w3.org/ns/oa#hasSelector> [ <http://www.w3.org/ns/oa#exact> ?exact ] } }"""),
                        Map.of("g", ResourceFactory.createResource(g), "article", ResourceFactory.createResource(pid(id))))
                .stream().map(r -> r.getLiteral("exact").getString()).toList();
    }

    /** Statements about the article's fragments and the blank nodes its targets reach. */
    private static int count(String g, String id) {
        return graph.select(QueryFactory.create("""
                        SELECT ?s ?p ?o WHERE { GRAPH ?g {
                          { ?s ?p ?o FILTER(STRSTARTS(STR(?s), ?prefix)) }
                          UNION { ?s <http://www.w3.org/ns/oa#hasSource> ?article ; ?p ?o }
                          UNION { ?t <http://www.w3.org/ns/oa#hasSource> ?article ; <http://www.w3.org/ns/oa#hasSelector> ?s . ?s ?p ?o } } }"""),
                        Map.of("g", ResourceFactory.createResource(g), "article", ResourceFactory.createResource(pid(id)),
                                "prefix", ResourceFactory.createPlainLiteral(pid(id) + "#")))
                .size();
    }
}
