package org.fairrag.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.fairrag.app.Fairrag;
import org.fairrag.fdo.FdoKind;
import org.fairrag.testing.OpenAiCompatibleTestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Replays "closing the stream does not stop the model, and the summary is still published", against
 * a test double of the remote chat model ({@link OpenAiCompatibleTestServer}, a local OpenAI-compatible
 * server that writes its answer a token every 50 ms): when the client goes away, the model's stream is
 * closed and nothing is published; and an identical request does not call the model again.
 */
class SummarizeCancelModelDoubleTest {

    /** About 200 tokens: ten seconds of a slow model. */
    private static final String LONG_ANSWER = "The first study measured an effect in dogs [1].\n".repeat(20);
    /** Six statements, written in about three seconds. */
    private static final String SIX_STATEMENTS = """
            The first study measured an effect in dogs [1].
            The second measured none in cats [2].
            The third saw it only in older mice [3].
            Dogs and mice agree on its size [1][3].
            Cats differ from both in how they were dosed [2].
            No study followed the animals past a year [1][2][3].
            """;

    private static ModelDoubleServer server;
    private static OpenAiCompatibleTestServer model;
    private static Fairrag fairrag;
    private static int port;
    private static List<String> articles;

    @BeforeAll
    static void start() throws Exception {
        server = ModelDoubleServer.start("summary-cancel", b -> b, 3);
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
    void should_close_the_model_double_stream_and_publish_nothing_when_a_streaming_client_goes_away() throws Exception {
        model.trickle(LONG_ANSWER);
        int closedBefore = model.closedBeforeEnd();
        long summariesBefore = summaries();

        try (Socket client = summarize("Which effects were measured, streamed?", "text/event-stream")) {
            BufferedReader in = new BufferedReader(new InputStreamReader(client.getInputStream(), StandardCharsets.UTF_8));
            for (String line = in.readLine(); !"event: statement".equals(line); line = in.readLine()) {
                assertThat(line).as("the stream ended before a statement").isNotNull();
            }
        }

        await().atMost(Duration.ofSeconds(30)).until(() -> model.closedBeforeEnd() > closedBefore);
        // The model's answer would have taken ten seconds more; nothing comes of it.
        await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(10)).until(() -> summaries() == summariesBefore);
    }

    @Test
    void should_close_the_model_double_stream_and_publish_nothing_when_a_waiting_client_goes_away() throws Exception {
        model.trickle(LONG_ANSWER);
        int closedBefore = model.closedBeforeEnd();
        int requestsBefore = model.requests().size();
        long summariesBefore = summaries();

        try (Socket client = summarize("Which effects were measured, all at once?", "application/json")) {
            await().atMost(Duration.ofSeconds(30)).until(() -> model.requests().size() > requestsBefore);
        }

        await().atMost(Duration.ofSeconds(30)).until(() -> model.closedBeforeEnd() > closedBefore);
        await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(10)).until(() -> summaries() == summariesBefore);
    }

    @Test
    void should_make_one_summary_for_identical_requests_sent_while_it_is_made_and_stream_it_to_each() throws Exception {
        model.trickle(SIX_STATEMENTS);
        int callsBefore = model.requests().size();
        long summariesBefore = summaries();
        String prompt = "Which effects were measured, asked three times?";

        try (Socket first = summarize(prompt, "application/json")) {
            await().atMost(Duration.ofSeconds(30)).until(() -> model.requests().size() > callsBefore);
            try (Socket streamed = summarize(prompt, "text/event-stream");
                 Socket third = summarize(prompt, "application/json")) {
                String firstPid = new JsonObject(bodyOf(first)).getString("pid");
                String events = new String(streamed.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                String thirdPid = new JsonObject(bodyOf(third)).getString("pid");

                assertThat(thirdPid).isEqualTo(firstPid);
                assertThat(events).contains("event: statement").contains("event: summary").contains(firstPid);
                // Every statement reaches the request that joined late: those made before it joined, then the rest.
                assertThat(events.split("event: statement", -1)).hasSize(7);
            }
        }
        assertThat(model.requests()).hasSize(callsBefore + 1);
        assertThat(summaries()).isEqualTo(summariesBefore + 1);
    }

    @Test
    void should_go_on_making_a_summary_shared_by_two_requests_when_one_of_them_goes_away() throws Exception {
        model.trickle(SIX_STATEMENTS);
        int callsBefore = model.requests().size();
        int closedBefore = model.closedBeforeEnd();
        String prompt = "Which effects were measured, asked twice?";

        try (Socket stays = summarize(prompt, "application/json")) {
            await().atMost(Duration.ofSeconds(30)).until(() -> model.requests().size() > callsBefore);
            try (Socket leaves = summarize(prompt, "text/event-stream")) {
                BufferedReader in = new BufferedReader(new InputStreamReader(leaves.getInputStream(), StandardCharsets.UTF_8));
                for (String line = in.readLine(); !"event: statement".equals(line); line = in.readLine()) {
                    assertThat(line).as("the stream ended before a statement").isNotNull();
                }
            }
            JsonObject summary = new JsonObject(bodyOf(stays));

            assertThat(summary.getJsonArray("statements")).hasSize(6);
            assertThat(model.closedBeforeEnd()).isEqualTo(closedBefore);
        }
    }

    @Test
    void should_not_call_the_model_double_again_for_an_identical_request() throws Exception {
        model.answerWith("The first study found an effect [1].\nThe others agree [2][3].\n");
        HttpCalls http = new HttpCalls(port);
        String request = new JsonObject().put("articles", new JsonArray(articles)).put("prompt", "Did they agree?").encode();

        HttpResponse<String> first = http.post("/api/summarize", request);
        int calls = model.requests().size();
        model.answerWith("A different answer the second time [2].\n");
        HttpResponse<String> again = http.post("/api/summarize", request);

        assertThat(first.statusCode()).as(first.body()).isEqualTo(201);
        assertThat(again.statusCode()).as(again.body()).isEqualTo(200);
        assertThat(model.requests()).hasSize(calls);
        assertThat(new JsonObject(again.body()).getString("text")).isEqualTo(new JsonObject(first.body()).getString("text"));
        assertThat(new JsonObject(again.body()).getString("pid")).isEqualTo(new JsonObject(first.body()).getString("pid"));
    }

    /** A summarize request sent over a socket of its own, so that the test decides when the client goes away. */
    private static Socket summarize(String prompt, String accept) throws Exception {
        byte[] body = new JsonObject().put("articles", new JsonArray(articles)).put("prompt", prompt).encode()
                .getBytes(StandardCharsets.UTF_8);
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", port));
        socket.setSoTimeout(30_000);
        OutputStream out = socket.getOutputStream();
        out.write(("POST /api/summarize HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: " + accept
                + "\r\nContent-Length: " + body.length + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(body);
        out.flush();
        return socket;
    }

    /** The body of the one response a socket reads (sent with Content-Length, or chunked). */
    private static String bodyOf(Socket socket) throws Exception {
        String response = new String(socket.getInputStream().readNBytes(1 << 20), StandardCharsets.UTF_8);
        return response.substring(response.indexOf('{'), response.lastIndexOf('}') + 1);
    }

    private static long summaries() {
        return fairrag.registry().countByKind().await().getOrDefault(FdoKind.SUMMARY, 0L);
    }
}
