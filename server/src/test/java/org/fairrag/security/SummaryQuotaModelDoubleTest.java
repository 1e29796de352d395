package org.fairrag.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.fairrag.app.Fairrag;
import org.fairrag.app.FairragConfig;
import org.fairrag.testing.OpenAiCompatibleTestServer;
import org.fairrag.testing.OpenAiCompatibleTestServer.Behaviour;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Replays "the hourly summary quota is taken before the summary is made, so a request that fails still costs one",
 * against a test double of the remote chat model ({@link OpenAiCompatibleTestServer}) that fails on demand: with a
 * quota of one summary an hour, a summary the model failed must leave the client its one summary. Also "identical
 * requests sent at once each take one summary of the quota": one sent while the first is being made joins it, and
 * the model is called once.
 */
class SummaryQuotaModelDoubleTest {

    private static ModelDoubleServer server;
    private static OpenAiCompatibleTestServer model;
    private static Fairrag fairrag;
    private static int port;
    private static List<String> articles;
    private static final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        server = ModelDoubleServer.start("summary-quota",
                b -> b.quotas(new FairragConfig.Quotas(1, 0, 1, TestFairrag.API_KEY_CACHE_TIME)), 2);
        model = server.model();
        fairrag = server.fairrag();
        port = server.port();
        articles = server.articles();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void should_not_count_a_summary_the_model_failed_against_the_hourly_quota() throws Exception {
        model.behave(Behaviour.FAIL);
        HttpResponse<String> failed = summarize("What was measured, though the model fails?", "application/json");
        HttpResponse<String> failedStreaming = summarize("What was measured, streamed, though the model fails?",
                "text/event-stream");
        model.trickle("The first study measured an effect [1].\n".repeat(4));
        int callsBefore = model.requests().size();
        CompletableFuture<HttpResponse<String>> made = summarizeAsync("What was measured?", "application/json");
        await().atMost(Duration.ofSeconds(30)).until(() -> model.requests().size() > callsBefore);
        // Sent while the first is being made: it joins that summary, and costs no second one of the quota.
        HttpResponse<String> identical = summarize("What was measured?", "application/json");
        HttpResponse<String> beyond = summarize("What else was measured?", "application/json");

        assertThat(failed.statusCode()).isEqualTo(502);
        assertThat(failedStreaming.body()).contains("event: error").contains("model_error");
        assertThat(made.get().statusCode()).as(made.get().body()).isEqualTo(201);
        assertThat(identical.statusCode()).as(identical.body()).isEqualTo(201);
        assertThat(new JsonObject(identical.body()).getString("pid")).isEqualTo(new JsonObject(made.get().body()).getString("pid"));
        assertThat(model.requests()).hasSize(callsBefore + 1);
        assertThat(beyond.statusCode()).isEqualTo(429);
        assertThat(new JsonObject(beyond.body()).getJsonObject("error").getString("code")).isEqualTo("summary_quota");
    }

    private static HttpResponse<String> summarize(String prompt, String accept) throws Exception {
        return summarizeAsync(prompt, accept).get();
    }

    private static CompletableFuture<HttpResponse<String>> summarizeAsync(String prompt, String accept) {
        JsonObject body = new JsonObject().put("articles", new JsonArray(articles)).put("prompt", prompt);
        return http.sendAsync(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/summarize"))
                .timeout(Duration.ofSeconds(60)).header("Content-Type", "application/json").header("Accept", accept)
                .POST(HttpRequest.BodyPublishers.ofString(body.encode())).build(), HttpResponse.BodyHandlers.ofString());
    }
}
