package org.fairrag.relate;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.QuerySolution;
import org.apache.jena.rdf.model.ResourceFactory;
import org.fairrag.app.Fairrag;
import org.fairrag.generate.ChatModels;
import org.fairrag.generate.Prompts;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.SourceFile;
import org.fairrag.testing.DemoRecords;
import org.fairrag.testing.OpenAiCompatibleTestServer;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * {@code fairrag relations --typed} against a local double of an OpenAI-compatible chat model (a remote
 * model cannot run here): the request asks for structured output, a valid answer becomes a typed relation
 * with the model and the time as provenance, an answer outside the schema is rejected and stores nothing.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RelationTypingChatModelDoubleTest {

    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");
    private static final String PREFIXES = """
            PREFIX fr: <https://w3id.org/fairrag/ns#>
            PREFIX prov: <http://www.w3.org/ns/prov#>
            """;

    private static Fairrag fairrag;
    private static OpenAiCompatibleTestServer model;
    private static RelationTyper typer;

    @BeforeAll
    static void setUp() throws Exception {
        fairrag = TestFairrag.mesh();
        // Sentences of these abstracts mention HIV and antiretroviral therapy together, and other pairs of concepts in
        // more than one article, so that there are several associations even when no other test shares the instance.
        Path file = Files.write(TestFairrag.newDir("typing").resolve("typing.jsonl"),
                DemoRecords.lines("12164651", "19640996", "20483657", "25427633", "24011602", "25131801", "25140906",
                        "25950208", "26185041", "26910499", "28196511", "20929346", "14670587", "20353391"));
        fairrag.ingest(SourceFile.of(file), ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
        model = new OpenAiCompatibleTestServer();
        ChatModels.ConfiguredBlocking chat = ChatModels.createBlocking("openai", model.baseUrl(), "test-model", null,
                Duration.ofSeconds(30));
        typer = new RelationTyper(fairrag.graph(), fairrag.graphs(), fairrag.associationStore(), fairrag.relatedConcepts(),
                fairrag::vocabulary, chat.model(), chat.name(), Prompts.bundled(), Clock.fixed(NOW, ZoneOffset.UTC));
    }

    @AfterAll
    static void tearDown() {
        model.close();
    }

    @Test
    @Order(1)
    void should_ask_for_structured_output_and_keep_a_valid_answer_with_model_and_time() {
        model.answerWith("{\"relation\": \"treats\", \"subject\": \"B\", \"evidence\": [1]}");

        RelationTyper.Report report = typer.typeStrongest(1, 2, true);

        assertThat(report.typed()).as(report.rejected().toString()).isEqualTo(1);
        JsonObject request = model.requests().get(model.requests().size() - 1);
        JsonObject format = request.getJsonObject("response_format");
        assertThat(format.getString("type")).isEqualTo("json_schema");
        assertThat(format.getJsonObject("json_schema").encode()).contains("associated_with").contains("\"A\"").contains("evidence");
        assertThat(model.lastPrompt()).contains("A: ").contains("B: ").contains("1. ");

        List<QuerySolution> typed = typedRelations();
        assertThat(typed).hasSize(1);
        QuerySolution t = typed.get(0);
        assertThat(t.getResource("type").getURI()).isEqualTo(RelationType.TREATS.iri());
        assertThat(t.getLiteral("model").getString()).isEqualTo("openai:test-model");
        assertThat(t.getLiteral("time").getLexicalForm()).isEqualTo(NOW.toString());
        assertThat(t.getResource("association").getURI()).contains("#assoc-");
        // "B" is the second concept the prompt named: the subject is one of the association's two concepts, and
        // the object the other.
        assertThat(t.getResource("subject").getURI()).isNotEqualTo(t.getResource("object").getURI());
        assertThat(fairrag.graph().ask(QueryFactory.create(PREFIXES + """
                ASK { GRAPH ?g { ?a fr:concept ?s , ?o } GRAPH ?t { ?r fr:association ?a ; fr:evidence ?e } GRAPH ?g { ?a fr:evidence ?e } }"""),
                Map.of("g", ResourceFactory.createResource(fairrag.graphs().publicAssociations()),
                        "t", ResourceFactory.createResource(fairrag.graphs().typedRelations()),
                        "a", t.getResource("association"), "s", t.getResource("subject"), "o", t.getResource("object"))))
                .as("the cited sentence is one of the association's evidence").isTrue();

        String subjectId = fairrag.vocabulary().byPid(t.getResource("subject").getURI()).orElseThrow().id();
        RelatedConcepts.Related shown = fairrag.relatedConcepts().related(subjectId, 100, java.util.Set.of("public"), 1).related()
                .stream().filter(r -> r.association().equals(t.getResource("association").getURI())).findFirst().orElseThrow();
        assertThat(shown.typed().relation()).isEqualTo(RelationType.TREATS);
        assertThat(shown.typed().subjectId()).isEqualTo(subjectId);
        assertThat(shown.typed().model()).isEqualTo("openai:test-model");
    }

    @Test
    @Order(2)
    void should_reject_an_answer_outside_the_schema_and_store_nothing() {
        List<QuerySolution> before = typedRelations();
        model.answerWith("The first concept treats the second.");

        // Every public association, so that the test does not depend on what other tests sharing the instance
        // ingested: the one typed before is skipped, every other one is asked and its answer rejected.
        RelationTyper.Report report = typer.typeStrongest(Integer.MAX_VALUE, 1, false);

        assertThat(report.typed()).isZero();
        assertThat(report.skipped()).as("the association typed before is not asked again").isGreaterThanOrEqualTo(1);
        assertThat(report.rejected()).isNotEmpty().allSatisfy(r -> assertThat(r).contains("not JSON"));
        assertThat(typedRelations()).hasSameSizeAs(before);
    }

    private static List<QuerySolution> typedRelations() {
        return fairrag.graph().select(QueryFactory.create(PREFIXES + """
                SELECT ?relation ?association ?type ?subject ?object ?model ?time WHERE { GRAPH ?t {
                  ?relation a fr:TypedRelation ; fr:association ?association ; fr:relationType ?type ;
                            fr:relationSubject ?subject ; fr:relationObject ?object ;
                            fr:generatedWith ?model ; prov:generatedAtTime ?time } }"""),
                Map.of("t", ResourceFactory.createResource(fairrag.graphs().typedRelations())));
    }
}
