package org.fairrag.relate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.QuerySolution;
import org.apache.jena.rdf.model.ResourceFactory;
import org.fairrag.app.Fairrag;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.SourceFile;
import org.fairrag.relate.AssociationStore.View;
import org.fairrag.testing.DemoRecords;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Real abstracts ingested into the MeSH test instance: concepts their sentences mention together become
 * association objects with counts, NPMI and evidence; restricted articles count in the view for callers who
 * may read them only; a tombstoned article's evidence goes with the next count.
 */
class ConceptAssociationsTest {

    // A sentence of each of these abstracts mentions diabetes and hypertension.
    private static final String DIABETES_1 = "18926458";
    private static final String DIABETES_2 = "18938688";
    private static final String DIABETES_RESTRICTED = "27284843";
    // And of these, smoking and tobacco products.
    private static final String SMOKING_1 = "10088624";
    private static final String SMOKING_2 = "28459936";
    private static final String SMOKING_WITHDRAWN = "6086207";
    private static final String DIABETES = "D003920";
    private static final String HYPERTENSION = "D006973";
    private static final String SMOKING = "D012907";
    private static final String TOBACCO_PRODUCTS = "D062789";
    private static final String PREFIXES = """
            PREFIX fr: <https://w3id.org/fairrag/ns#>
            PREFIX prov: <http://www.w3.org/ns/prov#>
            PREFIX oa: <http://www.w3.org/ns/oa#>
            PREFIX dct: <http://purl.org/dc/terms/>
            """;

    private static Fairrag fairrag;

    @BeforeAll
    static void ingest() throws Exception {
        fairrag = TestFairrag.mesh();
        Path dir = TestFairrag.newDir("associations");
        Path open = Files.write(dir.resolve("associations-public.jsonl"),
                DemoRecords.lines(DIABETES_1, DIABETES_2, SMOKING_1, SMOKING_2, SMOKING_WITHDRAWN));
        Path closed = Files.write(dir.resolve("associations-restricted.jsonl"), DemoRecords.lines(DIABETES_RESTRICTED));
        fairrag.ingest(SourceFile.of(open), ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
        fairrag.ingest(SourceFile.of(closed), new ArticleIngest.Options("restricted", false), IngestProgress.NONE);
    }

    @Test
    void should_keep_an_association_with_counts_npmi_and_evidence_sentences_that_mention_both() {
        String association = fairrag.associationStore().associationIri(View.PUBLIC, DIABETES, HYPERTENSION);
        String graph = fairrag.graphs().publicAssociations();

        List<QuerySolution> object = select("""
                SELECT ?concept ?sentences ?articles ?npmi ?count ?total WHERE { GRAPH ?g {
                  ?a a fr:Association ; fr:concept ?concept ; fr:sentenceCount ?sentences ; fr:articleCount ?articles ;
                     fr:npmi ?npmi ; prov:wasGeneratedBy ?count . ?count fr:sentenceTotal ?total } }""",
                Map.of("g", graph, "a", association));
        List<String> derivedFrom = values("SELECT ?x WHERE { GRAPH ?g { ?a prov:wasDerivedFrom ?x } }", graph, association);
        List<QuerySolution> evidence = select("""
                SELECT ?sentence ?start ?end ?text ?concept ?exact WHERE {
                  GRAPH ?g { ?a fr:evidence ?sentence }
                  GRAPH ?m {
                    ?sentence dct:isPartOf ?article ; oa:start ?start ; oa:end ?end ; fr:textProperty ?p .
                    ?mention fr:sentence ?sentence ; oa:hasBody ?concept ; oa:hasTarget/oa:hasSelector/oa:exact ?exact .
                  }
                  GRAPH ?c { ?article ?p ?text } }""",
                Map.of("g", graph, "a", association, "m", fairrag.graphs().publicMentions(), "c", fairrag.graphs().publicContent()));

        assertThat(object).extracting(r -> r.getResource("concept").getURI())
                .containsOnly(pidOfTerm(DIABETES), pidOfTerm(HYPERTENSION)).hasSize(2);
        QuerySolution first = object.get(0);
        assertThat(first.getLiteral("sentences").getInt()).isGreaterThanOrEqualTo(2);
        assertThat(first.getLiteral("articles").getInt()).isGreaterThanOrEqualTo(2);
        assertThat(first.getLiteral("npmi").getDouble()).isStrictlyBetween(0.0, 1.0001);
        assertThat(first.getLiteral("total").getLong()).isGreaterThan(first.getLiteral("sentences").getLong());
        assertThat(derivedFrom).contains(pid(DIABETES_1), pid(DIABETES_2)).doesNotContain(pid(DIABETES_RESTRICTED));
        Map<String, Set<String>> conceptsBySentence = new java.util.HashMap<>();
        for (QuerySolution r : evidence) {
            String sentence = r.getLiteral("text").getString().substring(r.getLiteral("start").getInt(), r.getLiteral("end").getInt());
            conceptsBySentence.computeIfAbsent(r.getResource("sentence").getURI(), k -> new java.util.HashSet<>())
                    .add(r.getResource("concept").getURI());
            // Every mention of the sentence lies inside it, as its offsets say.
            assertThat(sentence).contains(r.getLiteral("exact").getString());
        }
        assertThat(conceptsBySentence).isNotEmpty().allSatisfy((sentence, concepts) ->
                assertThat(concepts).as(sentence).contains(pidOfTerm(DIABETES), pidOfTerm(HYPERTENSION)));
    }

    @Test
    void should_count_restricted_articles_only_for_callers_who_may_read_them() {
        RelatedConcepts related = fairrag.relatedConcepts();

        RelatedConcepts.Answer anonymous = related.related(DIABETES, 100, Set.of("public"), 10);
        RelatedConcepts.Answer authorised = related.related(DIABETES, 100, Set.of("public", "restricted"), 10);

        RelatedConcepts.Related publicOne = find(anonymous, HYPERTENSION);
        RelatedConcepts.Related allOne = find(authorised, HYPERTENSION);
        assertThat(anonymous.view()).isEqualTo(View.PUBLIC);
        assertThat(authorised.view()).isEqualTo(View.ALL);
        assertThat(allOne.articles()).isEqualTo(publicOne.articles() + 1);
        assertThat(publicOne.evidence()).extracting(RelatedConcepts.Evidence::articlePid).doesNotContain(pid(DIABETES_RESTRICTED));
        assertThat(allOne.evidence()).extracting(RelatedConcepts.Evidence::articlePid).contains(pid(DIABETES_RESTRICTED));
        assertThat(publicOne.evidence()).allSatisfy(e -> {
            assertThat(e.text().toLowerCase(Locale.ROOT)).contains("diabet");
            assertThat(e.part()).isIn("title", "abstract");
            assertThat(e.end()).isGreaterThan(e.start());
        });
        assertThat(values("SELECT ?x WHERE { GRAPH ?g { ?x a fr:Association } }", fairrag.graphs().publicAssociations(), null))
                .as("no association object of the all-articles view is public")
                .noneMatch(iri -> iri.contains("#assoc-all-"));
    }

    @Test
    void should_leave_a_tombstoned_article_out_of_the_next_count() {
        String association = fairrag.associationStore().associationIri(View.PUBLIC, SMOKING, TOBACCO_PRODUCTS);
        String graph = fairrag.graphs().publicAssociations();
        assertThat(values("SELECT ?x WHERE { GRAPH ?g { ?a prov:wasDerivedFrom ?x } }", graph, association))
                .contains(pid(SMOKING_WITHDRAWN));

        fairrag.tombstones().tombstone(ArticleIngest.articleId(SMOKING_WITHDRAWN), "Test: withdrawn");

        // The count after a tombstone runs in the background: wait for its result.
        await().atMost(Duration.ofMinutes(5)).untilAsserted(() ->
                assertThat(values("SELECT ?x WHERE { GRAPH ?g { ?a prov:wasDerivedFrom ?x } }", graph, association))
                        .contains(pid(SMOKING_1), pid(SMOKING_2)).doesNotContain(pid(SMOKING_WITHDRAWN)));
        assertThat(values("SELECT ?x WHERE { GRAPH ?g { ?a fr:evidence ?x } }", graph, association))
                .isNotEmpty().noneMatch(s -> s.startsWith(pid(SMOKING_WITHDRAWN) + "#"));
    }

    @Test
    void should_tell_when_the_stored_associations_are_not_those_the_mentions_count_and_count_them_again() {
        String graph = fairrag.graphs().publicAssociations();
        fairrag.refreshAssociations();
        assertThat(fairrag.associationStore().check().agrees()).isTrue();

        fairrag.graph().update(graph, new org.apache.jena.update.UpdateRequest()
                .add(new org.apache.jena.sparql.modify.request.UpdateDrop(org.apache.jena.graph.NodeFactory.createURI(graph))));
        AssociationStore.Agreement broken = fairrag.associationStore().check();
        fairrag.refreshAssociations();

        assertThat(broken.agrees()).isFalse();
        assertThat(broken.storedPairs()).isZero();
        assertThat(broken.countedPairs()).isPositive();
        assertThat(fairrag.associationStore().check().agrees()).isTrue();
    }

    private static RelatedConcepts.Related find(RelatedConcepts.Answer answer, String termId) {
        return answer.related().stream().filter(r -> r.termId().equals(termId)).findFirst()
                .orElseThrow(() -> new AssertionError(termId + " not among " + answer.related()));
    }

    private static List<QuerySolution> select(String query, Map<String, String> iris) {
        Map<String, org.apache.jena.rdf.model.RDFNode> bindings = new java.util.HashMap<>();
        iris.forEach((k, v) -> bindings.put(k, ResourceFactory.createResource(v)));
        return fairrag.graph().select(QueryFactory.create(PREFIXES + query), bindings);
    }

    private static List<String> values(String query, String graph, String association) {
        Map<String, String> iris = new java.util.HashMap<>(Map.of("g", graph));
        if (association != null) {
            iris.put("a", association);
        }
        return select(query, iris).stream().map(r -> r.getResource("x").getURI()).toList();
    }

    private static String pid(String pmid) {
        return fairrag.publisher().pidUrl(ArticleIngest.articleId(pmid));
    }

    private static String pidOfTerm(String id) {
        return fairrag.vocabulary().byId(id).orElseThrow().pid();
    }
}
