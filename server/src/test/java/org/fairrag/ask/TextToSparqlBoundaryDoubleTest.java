package org.fairrag.ask;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.apache.jena.query.QueryFactory;
import org.fairrag.app.Fairrag;
import org.fairrag.app.FairragConfig;
import org.fairrag.app.HttpServerLauncher;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.SourceFile;
import org.fairrag.sparql.QueryComplexity;
import org.fairrag.vocab.Concept;
import org.fairrag.vocab.VocabularyInfo;
import org.fairrag.testing.OpenAiCompatibleTestServer;
import org.fairrag.testing.OpenAiCompatibleTestServer.Behaviour;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The text-to-SPARQL path of {@code /api/ask} against a local OpenAI-compatible test server started by the
 * test: a boundary double standing in for a remote chat model that cannot run here. The instance holds a
 * file of public PubMed records and a file of restricted ones.
 */
class TextToSparqlBoundaryDoubleTest {

    private static final String CIRCULATION_COUNT = """
            ```sparql
            SELECT (COUNT(DISTINCT ?article) AS ?count) WHERE { ?article schema:isPartOf/schema:name "Circulation" }
            ```""";
    private static final String HUMANS = "D006801";
    private static final String EVERY_ARTICLE = "SELECT ?article WHERE { ?article a schema:ScholarlyArticle }";

    private static OpenAiCompatibleTestServer model;
    private static Fairrag fairrag;
    private static int port;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        model = new OpenAiCompatibleTestServer();
        FairragConfig config = TestFairrag.config(TestFairrag.newDir("ask-llm")).toBuilder()
                .llm(model.llm(Duration.ofSeconds(5)))
                .build();
        fairrag = TestFairrag.open(config);
        fairrag.loadVocabulary(VocabularyInfo.MESH_2024, List.of(new Concept(HUMANS, "http://id.nlm.nih.gov/mesh/" + HUMANS,
                "Humans", List.of("Human"), List.of("B01.050.150.900.649.313.988.400.112.400.400"), List.of(), null)),
                IngestProgress.NONE);
        fairrag.ingest(SourceFile.of(TestFairrag.resource("/samples/xml/netsynergy_pubmed21n1002.xml.gz")),
                ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
        fairrag.ingest(SourceFile.of(TestFairrag.resource("/samples/xml/netsynergy_pubmed21n1003.xml.gz")),
                new ArticleIngest.Options("restricted", false), IngestProgress.NONE);
        port = HttpServerLauncher.start(fairrag).port();
    }

    @AfterAll
    static void stop() {
        fairrag.close();
        model.close();
    }

    private JsonObject ask(String question, String method) throws Exception {
        return ask(question, method, null);
    }

    private JsonObject ask(String question, String method, String key) throws Exception {
        JsonObject body = new JsonObject().put("question", question);
        if (method != null) {
            body.put("method", method);
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/ask"))
                .header("Content-Type", "application/json");
        if (key != null) {
            request.header("Authorization", "Bearer " + key);
        }
        HttpResponse<String> r = http.send(request.POST(HttpRequest.BodyPublishers.ofString(body.encode())).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return new JsonObject(r.body());
    }

    private long count(String where) {
        return fairrag.graph().select(QueryFactory.create("PREFIX schema: <http://schema.org/> "
                + "SELECT (COUNT(DISTINCT ?article) AS ?n) WHERE { GRAPH <" + fairrag.graphs().publicContent() + "> { "
                + where + " } }")).get(0).getLiteral("n").getLong();
    }

    @Test
    void should_run_the_models_query_and_give_it_the_schema_from_the_ontologies_and_the_data() throws Exception {
        model.answerWith(CIRCULATION_COUNT);

        JsonObject answer = ask("How many articles did Circulation publish?", null);

        assertThat(answer.getString("method")).isEqualTo("llm:openai:test-model");
        assertThat(answer.getString("sparql")).contains("\"Circulation\"").contains("LIMIT");
        long expected = count("?article schema:isPartOf/schema:name \"Circulation\"");
        assertThat(expected).isPositive();
        assertThat(answer.getJsonObject("result").getJsonObject("results").getJsonArray("bindings").getJsonObject(0)
                .getJsonObject("count").getString("value")).isEqualTo(Long.toString(expected));
        String prompt = model.lastPrompt();
        assertThat(prompt).contains("How many articles did Circulation publish?");
        assertThat(prompt).contains("schema:ScholarlyArticle (" + count("?article a schema:ScholarlyArticle") + " instances)")
                .as("a property's meaning from the SHACL shapes").contains("the PubMed id (PMID)")
                .as("a term's meaning from the fairrag vocabulary").contains("A source collection a record of this article came from")
                .as("an example value from the data").contains("\"Circulation\"")
                .as("values of a property typed by the data").contains("values are schema:Person");
    }

    @Test
    void should_show_the_terms_the_models_query_names_and_their_pids() throws Exception {
        model.answerWith("SELECT (COUNT(DISTINCT ?article) AS ?count) WHERE { ?term skos:prefLabel|skos:altLabel ?name . "
                + "FILTER (LCASE(STR(?name)) = \"human\") ?article schema:about ?term }");

        JsonObject answer = ask("How many studies were done on people?", null);

        String pid = fairrag.vocabulary().byId(HUMANS).orElseThrow().pid();
        JsonObject term = answer.getJsonObject("interpretation").getJsonArray("terms").getJsonObject(0);
        assertThat(term.getString("text")).isEqualTo("human");
        assertThat(term.getString("id")).isEqualTo(HUMANS);
        assertThat(term.getString("pid")).isEqualTo(pid);
        assertThat(answer.getJsonArray("objects").stream().map(o -> ((JsonObject) o).getString("pid"))).contains(pid);
        long expected = count("?article schema:about <" + pid + ">");
        assertThat(expected).isPositive();
        assertThat(answer.getJsonObject("result").getJsonObject("results").getJsonArray("bindings").getJsonObject(0)
                .getJsonObject("count").getString("value")).isEqualTo(Long.toString(expected));
    }

    @Test
    void should_send_a_query_that_does_not_parse_back_once_with_the_error() throws Exception {
        model.answerInTurn("SELECT ?article WHERE { ?article a", CIRCULATION_COUNT);
        int before = model.requests().size();

        JsonObject answer = ask("How many articles did Circulation publish?", null);

        assertThat(model.requests().size() - before).isEqualTo(2);
        assertThat(model.lastPrompt()).contains("That query could not be used").contains("Encountered");
        assertThat(answer.getString("method")).isEqualTo("llm:openai:test-model");
        assertThat(answer.getJsonObject("interpretation").getInteger("rounds")).isEqualTo(2);
    }

    @Test
    void should_refuse_updates_other_forms_and_federation_and_leave_the_question_to_the_parser() throws Exception {
        long articles = count("?article a schema:ScholarlyArticle");
        model.answerInTurn("DELETE WHERE { ?s ?p ?o }",
                "SELECT * WHERE { SERVICE <http://example.org/sparql> { ?s ?p ?o } }");

        JsonObject answer = ask("Who wrote PMID 31449448?", null);

        assertThat(answer.getString("method")).isEqualTo("parser");
        assertThat(answer.getBoolean("understood")).isTrue();
        assertThat(answer.getString("answer")).contains("Messiaen, Yasmine");
        assertThat(model.lastPrompt()).contains("SERVICE");
        assertThat(count("?article a schema:ScholarlyArticle")).isEqualTo(articles);

        model.answerInTurn("CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }", "CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }");
        assertThat(ask("Who wrote PMID 31449448?", null).getString("method")).isEqualTo("parser");
        assertThat(model.lastPrompt()).contains("only SELECT and ASK");
    }

    @Test
    void should_refuse_a_model_query_that_the_public_endpoint_refuses_as_too_deep() throws Exception {
        int levels = QueryComplexity.MAX_NESTING + 6;
        String deep = "SELECT ?s WHERE " + "{ ".repeat(levels) + "?s a schema:ScholarlyArticle " + "} ".repeat(levels);
        model.answerInTurn(deep, deep);

        JsonObject answer = ask("Which articles are there?", null);

        assertThat(model.lastPrompt()).contains("nests brackets more than " + QueryComplexity.MAX_NESTING);
        assertThat(answer.getString("method")).isEqualTo("parser");
    }

    @Test
    void should_answer_with_the_parser_when_the_model_fails() throws Exception {
        model.behave(Behaviour.FAIL);
        try {
            JsonObject answer = ask("Who wrote PMID 31449448?", null);

            assertThat(answer.getString("method")).isEqualTo("parser");
            assertThat(answer.getString("answer")).contains("Messiaen, Yasmine");
        } finally {
            model.answerWith(CIRCULATION_COUNT);
        }
    }

    @Test
    void should_run_the_models_query_over_the_callers_graphs_only() throws Exception {
        model.answerWith(EVERY_ARTICLE);

        JsonObject answer = ask("Which articles are there?", null);

        assertThat(answer.getString("method")).isEqualTo("llm:openai:test-model");
        long visible = count("?article a schema:ScholarlyArticle");
        long restricted = fairrag.graph().select(QueryFactory.create("PREFIX schema: <http://schema.org/> "
                + "SELECT (COUNT(DISTINCT ?a) AS ?n) WHERE { GRAPH <" + fairrag.graphs().restrictedContent() + "> { "
                + "?a a schema:ScholarlyArticle } }")).get(0).getLiteral("n").getLong();
        assertThat(restricted).isPositive();
        assertThat(answer.getJsonObject("result").getJsonObject("results").getJsonArray("bindings"))
                .as("public articles only").hasSize((int) visible);
        assertThat(answer.getJsonArray("objects")).hasSize((int) visible)
                .allMatch(o -> "article".equals(((JsonObject) o).getString("type")));
    }

    @Test
    void should_count_what_the_caller_may_see_with_the_parser_too() throws Exception {
        String restrictedKey = fairrag.apiKeys().create("restricted reader", "restricted", false).await().token();
        long visible = count("?article a schema:ScholarlyArticle");
        long all = fairrag.graph().select(QueryFactory.create("PREFIX schema: <http://schema.org/> "
                + "SELECT (COUNT(DISTINCT ?a) AS ?n) WHERE { ?a a schema:ScholarlyArticle }")).get(0).getLiteral("n").getLong();

        JsonObject anonymous = ask("How many articles are there?", "parser");
        JsonObject withKey = ask("How many articles are there?", "parser", restrictedKey);

        assertThat(all).isGreaterThan(visible);
        assertThat(anonymous.getString("answer")).isEqualTo("The collection holds " + visible + " articles.");
        assertThat(withKey.getString("answer")).isEqualTo("The collection holds " + all + " articles.");
    }

    @Test
    void should_use_the_parser_alone_when_asked_to() throws Exception {
        model.answerWith(CIRCULATION_COUNT);
        int before = model.requests().size();

        JsonObject answer = ask("Who wrote PMID 31449448?", "parser");

        assertThat(model.requests().size()).isEqualTo(before);
        assertThat(answer.getString("method")).isEqualTo("parser");
    }
}
