package org.fairrag.testing;

import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.fairrag.app.FairragConfig;

/**
 * A test double at the boundary fairrag cannot reach here: a local server speaking the OpenAI chat
 * completions API (streaming and not), answering with scripted text (at once, or a token at a time like
 * a slow model), an upstream error, or nothing at all (to provoke a timeout). It records every request
 * body it receives, and counts the streams its client closed before their end.
 */
public final class OpenAiCompatibleTestServer implements AutoCloseable {

    /** How the next requests are answered. */
    public enum Behaviour { ANSWER, TRICKLE, FAIL, HANG }

    private final Vertx vertx = Vertx.vertx();
    private final HttpServer server;
    private final List<JsonObject> requests = new CopyOnWriteArrayList<>();
    private volatile Behaviour behaviour = Behaviour.ANSWER;
    private volatile String answer = "";
    /** Answers given one per request, in order, before {@link #answer} takes over. */
    private final Queue<String> script = new ConcurrentLinkedQueue<>();
    private final AtomicInteger closedBeforeEnd = new AtomicInteger();

    public OpenAiCompatibleTestServer() {
        server = vertx.createHttpServer(new HttpServerOptions().setHttp2ClearTextEnabled(false)).requestHandler(req -> req.body().onSuccess(body -> {
            JsonObject json = body.toJsonObject();
            requests.add(json);
            switch (behaviour) {
                case FAIL -> req.response().setStatusCode(500).putHeader("Content-Type", "application/json")
                        .end(new JsonObject().put("error", new JsonObject().put("message", "upstream exploded")
                                .put("type", "server_error")).encode());
                case HANG -> { } // never answers
                case TRICKLE -> trickle(req.response());
                case ANSWER -> {
                    if (json.getBoolean("stream", false)) {
                        stream(req.response());
                    } else {
                        req.response().putHeader("Content-Type", "application/json").end(completion().encode());
                    }
                }
            }
        })).listen(0, "127.0.0.1").await();
    }

    private void stream(io.vertx.core.http.HttpServerResponse response) {
        response.setChunked(true).putHeader("Content-Type", "text/event-stream");
        // Tokens of a few characters, as real servers send them, so that lines are cut mid-way.
        for (int i = 0; i < answer.length(); i += 7) {
            String piece = answer.substring(i, Math.min(answer.length(), i + 7));
            JsonObject chunk = new JsonObject().put("id", "c1").put("object", "chat.completion.chunk")
                    .put("model", "test-model").put("choices", new JsonArray().add(new JsonObject().put("index", 0)
                            .put("delta", new JsonObject().put("content", piece))));
            response.write("data: " + chunk.encode() + "\n\n");
        }
        JsonObject last = new JsonObject().put("id", "c1").put("object", "chat.completion.chunk")
                .put("model", "test-model").put("choices", new JsonArray().add(new JsonObject().put("index", 0)
                        .put("delta", new JsonObject()).put("finish_reason", "stop")));
        response.write("data: " + last.encode() + "\n\n");
        response.end("data: [DONE]\n\n");
    }

    /** One token of a few characters every 50 ms, as a slow model writes. */
    private void trickle(io.vertx.core.http.HttpServerResponse response) {
        response.setChunked(true).putHeader("Content-Type", "text/event-stream");
        response.closeHandler(v -> {
            if (!response.ended()) {
                closedBeforeEnd.incrementAndGet();
            }
        });
        String text = answer;
        int[] next = {0};
        vertx.setPeriodic(50, timer -> {
            if (response.closed() || response.ended()) {
                vertx.cancelTimer(timer);
                return;
            }
            if (next[0] >= text.length()) {
                vertx.cancelTimer(timer);
                JsonObject last = new JsonObject().put("id", "c1").put("object", "chat.completion.chunk")
                        .put("model", "test-model").put("choices", new JsonArray().add(new JsonObject().put("index", 0)
                                .put("delta", new JsonObject()).put("finish_reason", "stop")));
                response.write("data: " + last.encode() + "\n\n");
                response.end("data: [DONE]\n\n");
                return;
            }
            String piece = text.substring(next[0], Math.min(text.length(), next[0] + 7));
            next[0] += 7;
            JsonObject chunk = new JsonObject().put("id", "c1").put("object", "chat.completion.chunk")
                    .put("model", "test-model").put("choices", new JsonArray().add(new JsonObject().put("index", 0)
                            .put("delta", new JsonObject().put("content", piece))));
            response.write("data: " + chunk.encode() + "\n\n");
        });
    }

    private JsonObject completion() {
        String scripted = script.poll();
        String content = scripted != null ? scripted : answer;
        return new JsonObject().put("id", "c1").put("object", "chat.completion").put("model", "test-model")
                .put("choices", new JsonArray().add(new JsonObject().put("index", 0).put("finish_reason", "stop")
                        .put("message", new JsonObject().put("role", "assistant").put("content", content))))
                .put("usage", new JsonObject().put("prompt_tokens", 10).put("completion_tokens", 10).put("total_tokens", 20));
    }

    /** The base URL to configure as {@code FAIRRAG_LLM_BASE_URL}. */
    public String baseUrl() {
        return "http://127.0.0.1:" + server.actualPort() + "/v1";
    }

    /** The chat model setting of a server that talks to this double, with {@code timeout} for each call. */
    public FairragConfig.Llm llm(Duration timeout) {
        return new FairragConfig.Llm("openai", Optional.of(baseUrl()), Optional.of("test-model"), Optional.of("sk-test"),
                timeout);
    }

    public void answerWith(String text) {
        behaviour = Behaviour.ANSWER;
        script.clear();
        answer = text;
    }

    /** Answers the next requests (not streamed) with these texts, one each, in order; then with the last. */
    public void answerInTurn(String... texts) {
        behaviour = Behaviour.ANSWER;
        script.clear();
        script.addAll(List.of(texts));
        answer = texts[texts.length - 1];
    }

    public void behave(Behaviour b) {
        behaviour = b;
    }

    /** Answers the next requests with {@code text}, streamed a token at a time. */
    public void trickle(String text) {
        answer = text;
        behaviour = Behaviour.TRICKLE;
    }

    /** Streams whose client closed the connection before the answer's end. */
    public int closedBeforeEnd() {
        return closedBeforeEnd.get();
    }

    public List<JsonObject> requests() {
        return requests;
    }

    /** All message contents of the last request, joined. */
    public String lastPrompt() {
        JsonObject last = requests.get(requests.size() - 1);
        StringBuilder sb = new StringBuilder();
        last.getJsonArray("messages").forEach(m -> sb.append(((JsonObject) m).getString("content")).append('\n'));
        return sb.toString();
    }

    @Override
    public void close() {
        vertx.close().await();
    }
}
