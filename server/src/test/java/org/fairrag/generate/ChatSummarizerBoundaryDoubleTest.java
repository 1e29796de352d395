package org.fairrag.generate;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.apache.jena.query.QueryFactory;
import org.fairrag.app.Fairrag;
import org.fairrag.app.HttpServerLauncher;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.SourceFile;
import org.fairrag.testing.OpenAiCompatibleTestServer;
import org.fairrag.testing.OpenAiCompatibleTestServer.Behaviour;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The chat-model path of {@code /api/summarize} against a local OpenAI-compatible test server started
 * by the test: a boundary double standing in for a remote model that cannot run here (the instance holds
 * MeSH, so that selected terms and their entry terms reach the prompt). Each test asks
 * with a prompt of its own, since an identical request is answered with the summary already published.
 */
class ChatSummarizerBoundaryDoubleTest {

    private static OpenAiCompatibleTestServer model;
    private static Fairrag fairrag;
    private static int port;
    private static List<String> articles;
    private static List<String> abstracts;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        model = new OpenAiCompatibleTestServer();
        fairrag = TestFairrag.withMesh("llm", dir -> TestFairrag.config(dir).toBuilder()
                .llm(model.llm(Duration.ofSeconds(3)))
                .build());
        fairrag.ingest(SourceFile.of(TestFairrag.resource("/samples/xml/netsynergy_pubmed21n1002.xml.gz")),
                ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
        port = HttpServerLauncher.start(fairrag).port();
        var rows = fairrag.graph().select(QueryFactory.create("PREFIX schema: <http://schema.org/> "
                + "SELECT ?a ?abs WHERE { ?a schema:abstract ?abs } ORDER BY ?a LIMIT 3"));
        articles = rows.stream().map(r -> r.getResource("a").getURI()).toList();
        abstracts = rows.stream().map(r -> r.getLiteral("abs").getString()).toList();
    }

    @AfterAll
    static void stop() {
        fairrag.close();
        model.close();
    }

    @Test
    void should_put_the_user_prompt_and_every_abstract_in_the_prompt() throws Exception {
        model.answerWith("The first study found an effect [1].\nThe others agree [2][3].\n");

        HttpResponse<String> r = summarize("json", "Which methods did they compare?");

        assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
        String prompt = model.lastPrompt();
        assertThat(prompt).contains("Which methods did they compare?");
        abstracts.forEach(a -> assertThat(prompt).contains(a.substring(0, 60)));
        assertThat(prompt).contains("[1] ").contains("[3] ");
        JsonObject summary = new JsonObject(r.body());
        assertThat(summary.getString("model")).isEqualTo("openai:test-model");
        assertThat(summary.getJsonArray("statements").getJsonObject(1).getJsonArray("cites").getList())
                .containsExactly(articles.get(1), articles.get(2));
    }

    @Test
    void should_name_the_selected_terms_with_their_mesh_entry_terms_in_the_prompt() throws Exception {
        model.answerWith("Oral cancer was treated by surgery [1].\n");

        HttpResponse<String> r = summarize("json", "Which treatments do they report?", List.of("D009062", "D014062"));

        assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
        assertThat(model.lastPrompt()).contains("Which treatments do they report?")
                .contains("Selected topics: Mouth Neoplasms (also called: ")
                .contains("Oral Cancer").doesNotContain("Neoplasms, Mouth")
                .contains("; Tongue Neoplasms (also called: ");
    }

    @Test
    void should_stream_the_statements_as_the_model_produces_them() throws Exception {
        model.answerWith("Statement one about the dogs [1].\nStatement two about the skin [2].\nStatement three [3].\n");

        HttpResponse<String> r = summarize("text/event-stream", "Summarize, streaming.");

        List<String> events = r.body().lines().filter(l -> l.startsWith("event: ")).toList();
        assertThat(events).containsExactly("event: statement", "event: statement", "event: statement", "event: summary");
        assertThat(r.body()).contains("Statement two about the skin.");
    }

    @Test
    void should_never_show_a_citation_of_a_source_that_was_not_given() throws Exception {
        model.answerWith("A supported claim [2][7].\nAn invented claim [9].\n");

        JsonObject summary = new JsonObject(summarize("json", "Summarize, citing only what was given.").body());

        assertThat(summary.getString("text")).doesNotContain("[7]").doesNotContain("[9]").doesNotContain("invented");
        assertThat(summary.getJsonArray("statements")).hasSize(1);
        assertThat(summary.getJsonArray("statements").getJsonObject(0).getJsonArray("cites").getList())
                .containsExactly(articles.get(1));
        assertThat(summary.getJsonArray("repairs").getList()).hasSize(3)
                .anyMatch(r -> r.toString().contains("[7]"))
                .anyMatch(r -> r.toString().contains("[9]"))
                .anyMatch(r -> r.toString().contains("dropped"));
    }

    @Test
    void should_answer_502_when_the_model_fails() throws Exception {
        model.behave(Behaviour.FAIL);

        HttpResponse<String> r = summarize("json", "Summarize, though the model fails.");

        assertThat(r.statusCode()).isEqualTo(502);
        assertThat(r.body()).contains("model_error");
    }

    @Test
    void should_answer_504_when_the_model_does_not_answer_in_time() throws Exception {
        model.behave(Behaviour.HANG);

        HttpResponse<String> r = summarize("json", "Summarize, though the model hangs.");

        assertThat(r.statusCode()).isEqualTo(504);
        assertThat(r.body()).contains("model_timeout");
    }

    @Test
    void should_send_an_error_event_when_the_model_fails_while_streaming() throws Exception {
        model.behave(Behaviour.FAIL);

        HttpResponse<String> r = summarize("text/event-stream", "Summarize, streaming, though the model fails.");

        assertThat(r.body()).contains("event: error").contains("model_error");
    }

    private HttpResponse<String> summarize(String accept, String prompt) throws Exception {
        return summarize(accept, prompt, List.of());
    }

    private HttpResponse<String> summarize(String accept, String prompt, List<String> terms) throws Exception {
        JsonObject body = new JsonObject().put("articles", new JsonArray(articles)).put("prompt", prompt)
                .put("terms", new JsonArray(terms));
        return http.send(HttpRequest.newBuilder().timeout(java.time.Duration.ofSeconds(60)).uri(URI.create("http://127.0.0.1:" + port + "/api/summarize"))
                .header("Content-Type", "application/json").header("Accept", "json".equals(accept) ? "application/json" : accept)
                .POST(HttpRequest.BodyPublishers.ofString(body.encode())).build(), HttpResponse.BodyHandlers.ofString());
    }
}
