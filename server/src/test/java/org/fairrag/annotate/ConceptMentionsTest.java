package org.fairrag.annotate;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.QuerySolution;
import org.apache.jena.rdf.model.ResourceFactory;
import org.fairrag.app.Fairrag;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.SourceFile;
import org.fairrag.testing.DemoRecords;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Real abstracts ingested into the MeSH test instance get their concept mentions as W3C Web Annotations in
 * the mentions graph of their access level, with selectors on the text as stored, and lose them with a
 * tombstone or a change of access level.
 */
class ConceptMentionsTest {

    private static final String NODULE = "17318707";
    private static final String MYXOMA = "26594976";
    private static final String GINGIVA = "23507684";
    private static final String INVASION = "10216503";
    private static final String MOVED = "30389700";
    private static final String WITHDRAWN = "12119445";
    private static final String PREFIXES = """
            PREFIX oa: <http://www.w3.org/ns/oa#>
            PREFIX as: <https://www.w3.org/ns/activitystreams#>
            PREFIX fr: <https://w3id.org/fairrag/ns#>
            PREFIX dct: <http://purl.org/dc/terms/>
            PREFIX schema: <http://schema.org/>
            """;

    private static Fairrag fairrag;

    @BeforeAll
    static void ingest() throws Exception {
        fairrag = TestFairrag.mesh();
        Path dir = TestFairrag.newDir("mentions");
        Path open = Files.write(dir.resolve("mentions-public.jsonl"), DemoRecords.lines(NODULE, MYXOMA, GINGIVA, MOVED, WITHDRAWN));
        Path closed = Files.write(dir.resolve("mentions-restricted.jsonl"), DemoRecords.lines(INVASION));
        fairrag.ingest(SourceFile.of(open), ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
        fairrag.ingest(SourceFile.of(closed), new ArticleIngest.Options("restricted", false), IngestProgress.NONE);
    }

    @Test
    void should_annotate_an_article_with_selectors_that_point_at_its_text_as_stored() {
        String pid = pid(NODULE);
        List<QuerySolution> rows = fairrag.graph().select(QueryFactory.create(PREFIXES + """
                SELECT ?annotation ?body ?generator ?property ?start ?end ?exact ?prefix ?suffix ?text ?sentence WHERE {
                  GRAPH ?mentions {
                    ?annotation a oa:Annotation ; oa:motivatedBy oa:identifying ; oa:hasBody ?body ; as:generator ?generator ;
                                fr:sentence ?sentence ; oa:hasTarget ?target .
                    ?target a oa:SpecificResource ; oa:hasSource ?article ; fr:textProperty ?property ;
                            oa:hasSelector ?position, ?quote .
                    ?position a oa:TextPositionSelector ; oa:start ?start ; oa:end ?end .
                    ?quote a oa:TextQuoteSelector ; oa:exact ?exact ; oa:prefix ?prefix ; oa:suffix ?suffix .
                  }
                  GRAPH ?content { ?article ?property ?text }
                }"""), Map.of("article", ResourceFactory.createResource(pid),
                "mentions", ResourceFactory.createResource(fairrag.graphs().publicMentions()),
                "content", ResourceFactory.createResource(fairrag.graphs().publicContent())));

        assertThat(rows).hasSizeGreaterThan(30);
        List<String> bodies = new ArrayList<>();
        for (QuerySolution row : rows) {
            String text = row.getLiteral("text").getString();
            int start = row.getLiteral("start").getInt();
            int end = row.getLiteral("end").getInt();
            String exact = row.getLiteral("exact").getString();
            assertThat(text.substring(start, end)).isEqualTo(exact);
            assertThat(text.substring(0, start)).endsWith(row.getLiteral("prefix").getString());
            assertThat(text.substring(end)).startsWith(row.getLiteral("suffix").getString());
            assertThat(row.getResource("annotation").getURI()).startsWith(pid + "#mention-");
            assertThat(row.getResource("sentence").getURI()).startsWith(pid + "#sentence-");
            assertThat(row.getResource("generator").getURI()).isEqualTo("https://w3id.org/fairrag/ns#mention-finder-1");
            bodies.add(row.getResource("body").getURI());
        }
        String nodule = fairrag.vocabulary().byId("D003074").orElseThrow().pid();
        assertThat(bodies).contains(nodule, fairrag.vocabulary().byId("D002289").orElseThrow().pid());
        assertThat(rows).anySatisfy(row -> {
            assertThat(row.getLiteral("exact").getString()).isEqualTo("SPN");
            assertThat(row.getResource("body").getURI()).isEqualTo(nodule);
        });
    }

    @Test
    void should_say_which_mentions_are_negated_and_where_sentences_and_chunks_are() {
        List<QuerySolution> negated = fairrag.graph().select(QueryFactory.create(PREFIXES + """
                SELECT ?exact WHERE { GRAPH ?g {
                  ?annotation fr:negated true ; oa:hasTarget ?target .
                  ?target oa:hasSource ?article ; oa:hasSelector ?quote . ?quote oa:exact ?exact } }"""),
                Map.of("article", ResourceFactory.createResource(pid(MYXOMA)),
                        "g", ResourceFactory.createResource(fairrag.graphs().publicMentions())));
        List<QuerySolution> sections = fairrag.graph().select(QueryFactory.create(PREFIXES + """
                SELECT ?section ?chunk WHERE { GRAPH ?g { ?sentence dct:isPartOf ?article ; fr:section ?section ; fr:chunk ?chunk } }
                ORDER BY ?chunk"""), Map.of("article", ResourceFactory.createResource(pid(GINGIVA)),
                "g", ResourceFactory.createResource(fairrag.graphs().publicMentions())));

        assertThat(negated).extracting(r -> r.getLiteral("exact").getString()).contains("recurrence");
        assertThat(sections).extracting(r -> r.getLiteral("section").getString())
                .contains("PURPOSE", "MATERIALS AND METHODS", "RESULTS", "CONCLUSIONS");
        assertThat(sections).extracting(r -> r.getLiteral("chunk").getInt()).contains(0, 1);
    }

    @Test
    void should_keep_the_mentions_of_a_restricted_article_in_the_restricted_mentions_graph_only() {
        String pid = pid(INVASION);

        assertThat(countAnnotations(fairrag.graphs().restrictedMentions(), pid)).isGreaterThan(5);
        assertThat(countAnnotations(fairrag.graphs().publicMentions(), pid)).isZero();
    }

    @Test
    void should_move_mentions_with_their_article_to_another_access_level() throws Exception {
        String pid = pid(MOVED);
        long before = countAnnotations(fairrag.graphs().publicMentions(), pid);
        Path again = Files.write(TestFairrag.newDir("mentions-moved").resolve("moved.jsonl"), DemoRecords.lines(MOVED));

        fairrag.ingest(SourceFile.of(again), new ArticleIngest.Options("restricted", false), IngestProgress.NONE);

        assertThat(before).isGreaterThan(5);
        assertThat(countAnnotations(fairrag.graphs().publicMentions(), pid)).isZero();
        assertThat(countAnnotations(fairrag.graphs().restrictedMentions(), pid)).isEqualTo(before);
    }

    @Test
    void should_remove_the_mentions_of_a_tombstoned_article() {
        String pid = pid(WITHDRAWN);
        assertThat(countAnnotations(fairrag.graphs().publicMentions(), pid)).isGreaterThan(5);

        fairrag.tombstones().tombstone(ArticleIngest.articleId(WITHDRAWN), "Test: withdrawn");

        List<QuerySolution> left = fairrag.graph().select(QueryFactory.create(PREFIXES + """
                SELECT ?s ?p ?o WHERE { GRAPH ?g { ?s ?p ?o FILTER(STRSTARTS(STR(?s), STR(?article))) } }"""),
                Map.of("article", ResourceFactory.createResource(pid)));
        assertThat(countAnnotations(fairrag.graphs().publicMentions(), pid)).isZero();
        assertThat(left).as("nothing of the article's sentences or collection is left either")
                .allSatisfy(r -> assertThat(r.get("s").toString()).doesNotContain("#mention").doesNotContain("#sentence"));
    }

    private static long countAnnotations(String graph, String pid) {
        return fairrag.graph().select(QueryFactory.create(PREFIXES + """
                SELECT (COUNT(?annotation) AS ?n) WHERE { GRAPH ?g { ?annotation oa:hasTarget/oa:hasSource ?article } }"""),
                Map.of("g", ResourceFactory.createResource(graph), "article", ResourceFactory.createResource(pid)))
                .get(0).getLiteral("n").getLong();
    }

    private static String pid(String pmid) {
        return fairrag.publisher().pidUrl(ArticleIngest.articleId(pmid));
    }
}
