package org.fairrag.generate;

import io.vertx.core.Future;
import java.util.List;
import java.util.function.Consumer;

/**
 * Makes a cited summary of chosen articles. Statements are handed to {@code onStatement} as soon as
 * they are final (already checked: each cites only given sources), so they can be streamed; the
 * returned future completes with all of them, plus the repairs made to the model's output. When
 * {@code cancellation} fires, the summarizer stops as soon as it can (a chat model's stream is closed)
 * and the future fails with a {@link java.util.concurrent.CancellationException}.
 */
public interface Summarizer {

    /** The name recorded as the summary's model, e.g. {@code extractive-mmr} or {@code openai:gpt-4o-mini}. */
    String model();

    Future<Outcome> summarize(SummaryInput input, Consumer<Statement> onStatement, Cancellation cancellation);

    /** The statements in order and what was repaired (invalid citations removed, uncited statements dropped). */
    record Outcome(List<Statement> statements, List<String> repairs) {}
}
