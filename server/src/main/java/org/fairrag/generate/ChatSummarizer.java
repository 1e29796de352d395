package org.fairrag.generate;

import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.PartialResponse;
import dev.langchain4j.model.chat.response.PartialResponseContext;
import dev.langchain4j.model.chat.response.StreamingHandle;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.net.http.HttpTimeoutException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.fairrag.failure.ApiException;

/**
 * Summarizes with a chat model through LangChain4j (an OpenAI-compatible API or Ollama): the abstracts
 * numbered in the prompt, the answer streamed, each line split into statements whose {@code [n]}
 * citations are mapped back to PIDs and checked as they arrive.
 */
public final class ChatSummarizer implements Summarizer {

    private final StreamingChatModel model;
    private final String modelName;
    private final Prompts prompts;

    public ChatSummarizer(StreamingChatModel model, String modelName, Prompts prompts) {
        this.model = model;
        this.modelName = modelName;
        this.prompts = prompts;
    }

    @Override
    public String model() {
        return modelName;
    }

    @Override
    public Future<Outcome> summarize(SummaryInput input, Consumer<Statement> onStatement, Cancellation cancellation) {
        Promise<Outcome> promise = Promise.promise();
        // The handle to close the model's stream comes with its first token; a cancellation before that
        // closes it then.
        AtomicReference<StreamingHandle> stream = new AtomicReference<>();
        cancellation.onCancel(() -> {
            StreamingHandle handle = stream.get();
            if (handle != null) {
                handle.cancel();
            }
            promise.tryFail(new CancellationException("the client went away"));
        });
        CitedStatementParser parser = new CitedStatementParser(input.sources());
        List<Statement> statements = new ArrayList<>();
        StringBuilder pending = new StringBuilder();
        ChatRequest request = ChatRequest.builder()
                .messages(SystemMessage.from(prompts.summarizeSystem()), UserMessage.from(prompts.summarizeUser(input)))
                .build();
        model.chat(request, new StreamingChatResponseHandler() {
            @Override
            public void onPartialResponse(PartialResponse partial, PartialResponseContext context) {
                stream.compareAndSet(null, context.streamingHandle());
                if (cancellation.isCancelled()) {
                    context.streamingHandle().cancel();
                    return;
                }
                onPartialResponse(partial.text());
            }

            @Override
            public void onPartialResponse(String partial) {
                synchronized (pending) {
                    pending.append(partial);
                    int newline;
                    while ((newline = pending.indexOf("\n")) >= 0) {
                        emit(pending.substring(0, newline));
                        pending.delete(0, newline + 1);
                    }
                }
            }

            @Override
            public void onCompleteResponse(ChatResponse response) {
                if (cancellation.isCancelled()) {
                    return;
                }
                synchronized (pending) {
                    if (pending.isEmpty() && statements.isEmpty() && response.aiMessage() != null
                            && response.aiMessage().text() != null) {
                        // A server that does not stream sends everything here.
                        pending.append(response.aiMessage().text());
                    }
                    for (String line : pending.toString().split("\n")) {
                        emit(line);
                    }
                    pending.setLength(0);
                }
                if (statements.isEmpty()) {
                    promise.tryFail(new ApiException(502, "model_unsupported",
                            "The model's answer contained no statement citing the given articles."));
                } else {
                    promise.tryComplete(new Outcome(List.copyOf(statements), List.copyOf(parser.repairs())));
                }
            }

            @Override
            public void onError(Throwable error) {
                promise.tryFail(classify(error));
            }

            private void emit(String line) {
                for (Statement s : parser.parse(line)) {
                    statements.add(s);
                    onStatement.accept(s);
                }
            }
        });
        return promise.future();
    }

    static ApiException classify(Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (t instanceof HttpTimeoutException || t instanceof TimeoutException
                    || t.getClass().getSimpleName().contains("Timeout")) {
                return new ApiException(504, "model_timeout", "The language model did not answer in time.");
            }
        }
        String message = error.getMessage() == null ? error.getClass().getSimpleName() : error.getMessage();
        return new ApiException(502, "model_error", "The language model failed: "
                + (message.length() > 300 ? message.substring(0, 300) + "…" : message));
    }
}
