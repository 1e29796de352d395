package org.fairrag.http;

import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import org.fairrag.ask.AskService;
import org.fairrag.failure.ApiException;
import org.fairrag.work.WorkerPool;

/**
 * {@code POST /api/ask}: a question in plain language answered from the graph, with the SPARQL that ran, the
 * interpretation, the SPARQL 1.1 JSON results, one sentence and the objects (PIDs) found.
 */
public final class AskHandler {

    /** The longest question accepted, in characters. */
    public static final int MAX_QUESTION = 1000;
    private static final Set<String> FIELDS = Set.of("question", "method");

    private final AskService ask;
    private final WorkerPool pool;
    private final Function<RoutingContext, List<String>> visibleGraphs;

    /** @param visibleGraphs every graph the request's caller may query */
    public AskHandler(AskService ask, WorkerPool pool, Function<RoutingContext, List<String>> visibleGraphs) {
        this.ask = ask;
        this.pool = pool;
        this.visibleGraphs = visibleGraphs;
    }

    public void handle(RoutingContext ctx) {
        JsonRequest body = JsonRequest.of(ctx, FIELDS);
        String raw = body.string("question", MAX_QUESTION);
        if (raw == null) {
            throw ApiException.badRequest("missing_question", "Give the question in 'question'.");
        }
        String question = TextInput.query(raw);
        if (question.isEmpty()) {
            throw ApiException.badRequest("empty_question", "'question' must have something visible in it.");
        }
        AskService.Method method = method(body.string("method", 10));
        Set<String> graphs = Set.copyOf(visibleGraphs.apply(ctx));
        pool.submit(() -> ask.ask(question, graphs, method))
                .onSuccess(answer -> ctx.json(answer.toJson()))
                .onFailure(ctx::fail);
    }

    private AskService.Method method(String value) {
        if (value == null) {
            return AskService.Method.AUTO;
        }
        AskService.Method m = switch (value.toLowerCase(Locale.ROOT)) {
            case "auto" -> AskService.Method.AUTO;
            case "parser" -> AskService.Method.PARSER;
            case "llm" -> AskService.Method.LLM;
            default -> throw ApiException.badRequest("bad_method", "'method' is auto, parser or llm.");
        };
        if (m == AskService.Method.LLM && ask.model().isEmpty()) {
            throw ApiException.badRequest("no_model", "No chat model is configured (FAIRRAG_LLM); use the parser.");
        }
        return m;
    }
}
