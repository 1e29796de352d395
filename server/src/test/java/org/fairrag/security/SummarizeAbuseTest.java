package org.fairrag.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.util.List;
import org.apache.jena.query.QueryFactory;
import org.fairrag.app.Fairrag;
import org.fairrag.app.FairragConfig;
import org.fairrag.app.HttpServerLauncher;
import org.fairrag.fdo.FdoKind;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.SourceFile;
import org.fairrag.store.ApiKeys;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Replays "POST /api/summarize lets anyone publish a new PID'd object per call": an identical request
 * (same sources in the same order, prompt, terms and summarizer) names the summary already published,
 * and new summaries are limited per client and hour. With the extractive summarizer (no model); the
 * chat model's side is {@code SummarizeCancelModelDoubleTest}.
 */
class SummarizeAbuseTest {

    private static final int PER_HOUR = 2;
    private static Fairrag fairrag;
    private static HttpCalls http;
    private static List<String> articles;

    @BeforeAll
    static void start() throws Exception {
        fairrag = TestFairrag.open(TestFairrag.config(TestFairrag.newDir("summary-abuse")).toBuilder()
                .quotas(new FairragConfig.Quotas(PER_HOUR, 0, 1, FairragConfig.Quotas.DEFAULT.apiKeyCacheTime()))
                .build());
        fairrag.ingest(SourceFile.of(TestFairrag.resource("/samples/xml/netsynergy_pubmed21n1002.xml.gz")),
                ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
        http = new HttpCalls(HttpServerLauncher.start(fairrag).port());
        articles = fairrag.graph().select(QueryFactory.create("PREFIX schema: <http://schema.org/> "
                + "SELECT ?a WHERE { ?a schema:abstract ?abs } ORDER BY ?a LIMIT 4")).stream()
                .map(r -> r.getResource("a").getURI()).toList();
    }

    @AfterAll
    static void stop() {
        fairrag.close();
    }

    @Test
    void should_answer_an_identical_request_with_the_summary_already_published() throws Exception {
        String key = key("repeating caller");
        JsonObject request = new JsonObject().put("articles", new JsonArray(articles.subList(0, 3)))
                .put("prompt", "What did these studies measure?");
        long before = summaries();

        HttpResponse<String> first = http.post("/api/summarize", request.encode(), "X-API-Key", key);
        HttpResponse<String> again = http.post("/api/summarize", request.encode(), "X-API-Key", key);
        HttpResponse<String> streamed = http.post("/api/summarize", request.encode(), "X-API-Key", key,
                "Accept", "text/event-stream");

        assertThat(first.statusCode()).as(first.body()).isEqualTo(201);
        assertThat(again.statusCode()).as(again.body()).isEqualTo(200);
        JsonObject made = new JsonObject(first.body());
        JsonObject answered = new JsonObject(again.body());
        assertThat(answered.getString("pid")).isEqualTo(made.getString("pid"));
        assertThat(again.headers().firstValue("Location")).contains(made.getString("pid"));
        assertThat(answered.getString("text")).isEqualTo(made.getString("text"));
        assertThat(answered.getJsonArray("statements")).isEqualTo(made.getJsonArray("statements"));
        assertThat(answered.getString("created")).isEqualTo(made.getString("created"));
        assertThat(streamed.body()).contains("event: summary").contains(made.getString("pid"));
        assertThat(summaries()).isEqualTo(before + 1);

        HttpResponse<String> otherOrder = http.post("/api/summarize", request.copy()
                .put("articles", new JsonArray(List.of(articles.get(2), articles.get(0), articles.get(1)))).encode(),
                "X-API-Key", key);
        assertThat(otherOrder.statusCode()).isEqualTo(201);
        assertThat(new JsonObject(otherOrder.body()).getString("pid")).isNotEqualTo(made.getString("pid"));
    }

    @Test
    void should_refuse_new_summaries_beyond_the_hourly_quota_of_a_client() throws Exception {
        String key = key("busy caller");
        long before = summaries();
        for (int i = 0; i < PER_HOUR; i++) {
            assertThat(http.post("/api/summarize", request("Question " + i + "?"), "X-API-Key", key).statusCode()).isEqualTo(201);
        }

        HttpResponse<String> refused = http.post("/api/summarize", request("One question too many?"), "X-API-Key", key);

        assertThat(refused.statusCode()).isEqualTo(429);
        assertThat(new JsonObject(refused.body()).getJsonObject("error").getString("code")).isEqualTo("summary_quota");
        assertThat(refused.headers().firstValue("Retry-After")).hasValueSatisfying(s -> assertThat(Long.parseLong(s)).isPositive());
        assertThat(summaries()).isEqualTo(before + PER_HOUR);
        // What was already made is still answered, and other clients have quotas of their own.
        assertThat(http.post("/api/summarize", request("Question 0?"), "X-API-Key", key).statusCode()).isEqualTo(200);
        assertThat(http.post("/api/summarize", request("One question too many?"), "X-API-Key", key("another caller"))
                .statusCode()).isEqualTo(201);
    }

    @Test
    void should_not_make_again_a_summary_that_was_withdrawn() throws Exception {
        String key = key("withdrawing caller");
        HttpResponse<String> made = http.post("/api/summarize", request("What was withdrawn?"), "X-API-Key", key);
        String pid = new JsonObject(made.body()).getString("pid");
        fairrag.tombstones().tombstone(pid.substring(pid.lastIndexOf('/') + 1), "Withdrawn by its requester");

        HttpResponse<String> again = http.post("/api/summarize", request("What was withdrawn?"), "X-API-Key", key);

        assertThat(again.statusCode()).isEqualTo(410);
        assertThat(new JsonObject(again.body()).getJsonObject("error").getString("code")).isEqualTo("summary_withdrawn");
        assertThat(again.body()).contains(pid);
    }

    private static String request(String prompt) {
        return new JsonObject().put("articles", new JsonArray(articles.subList(0, 2))).put("prompt", prompt).encode();
    }

    private static String key(String name) {
        return fairrag.apiKeys().create(name, ApiKeys.PUBLIC, false).await().token();
    }

    private static long summaries() {
        return fairrag.registry().countByKind().await().getOrDefault(FdoKind.SUMMARY, 0L);
    }
}
