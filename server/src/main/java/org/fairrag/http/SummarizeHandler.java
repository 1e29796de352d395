package org.fairrag.http;

import io.vertx.core.Context;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import org.fairrag.filter.TermSelection;
import org.fairrag.generate.Prompts;
import org.fairrag.generate.SourceArticle;
import org.fairrag.generate.Statement;
import org.fairrag.generate.Summary;
import org.fairrag.generate.SummaryService;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyIndex;

/**
 * {@code POST /api/summarize}: a summary of chosen articles in which every statement cites them, stored
 * as an FDO. With {@code Accept: text/event-stream} the statements stream as they are made
 * ({@code statement} events), then the stored summary ({@code summary}) or an {@code error} event.
 * {@code GET /api/summarize/prompt} gives the default request and the model.
 */
public final class SummarizeHandler {

    private static final Set<String> FIELDS = Set.of("articles", "prompt", "terms");
    public static final int MAX_PROMPT = 4000;

    private final SummaryService summaries;
    private final Prompts prompts;
    private final Supplier<VocabularyIndex> vocabulary;
    private final String baseUrl;
    private final Function<RoutingContext, List<String>> visibleGraphs;

    /** @param visibleGraphs the content graphs the request's caller may see */
    public SummarizeHandler(SummaryService summaries, Prompts prompts, Supplier<VocabularyIndex> vocabulary,
                            String baseUrl, Function<RoutingContext, List<String>> visibleGraphs) {
        this.summaries = summaries;
        this.prompts = prompts;
        this.vocabulary = vocabulary;
        this.baseUrl = baseUrl;
        this.visibleGraphs = visibleGraphs;
    }

    public void defaultPrompt(RoutingContext ctx) {
        ctx.json(new JsonObject().put("prompt", prompts.defaultSummaryPrompt()).put("model", summaries.model()));
    }

    public void handle(RoutingContext ctx) {
        JsonRequest body = JsonRequest.of(ctx, FIELDS);
        List<String> pids = body.requiredPids("articles", SummaryService.MAX_SOURCES, baseUrl);
        String prompt = TextInput.prose(body.string("prompt", MAX_PROMPT));
        if (prompt.isEmpty()) {
            prompt = prompts.defaultSummaryPrompt();
        }
        VocabularyIndex vocab = vocabulary.get();
        List<String> labels = TermSelection.validated(body.strings("terms", TermSelection.MAX_TERMS), null, false,
                List.of(), vocab).terms().stream().map(id -> vocab.byId(id).map(Term::label).orElseThrow()).toList();
        boolean stream = accepts(ctx, "text/event-stream");
        String request = prompt;
        summaries.sources(pids, visibleGraphs.apply(ctx))
                .onFailure(ctx::fail)
                .onSuccess(sources -> {
                    if (stream) {
                        stream(ctx, request, sources, labels);
                    } else {
                        summaries.summarize(request, sources, labels, s -> { })
                                .onSuccess(summary -> ctx.response().setStatusCode(201)
                                        .putHeader("Location", summary.pid())
                                        .putHeader("Content-Type", "application/json; charset=utf-8")
                                        .end(toJson(summary).encode()))
                                .onFailure(ctx::fail);
                    }
                });
    }

    private void stream(RoutingContext ctx, String prompt, List<SourceArticle> sources, List<String> labels) {
        HttpServerResponse response = ctx.response()
                .setChunked(true)
                .putHeader("Content-Type", "text/event-stream; charset=utf-8")
                .putHeader("X-Accel-Buffering", "no");
        response.write(": summarizing " + sources.size() + " articles\n\n");
        Context context = ctx.vertx().getOrCreateContext();
        summaries.summarize(prompt, sources, labels,
                        statement -> context.runOnContext(v -> event(response, "statement", toJson(statement))))
                .onComplete(ar -> context.runOnContext(v -> {
                    if (ar.succeeded()) {
                        event(response, "summary", toJson(ar.result()));
                    } else {
                        ApiException e = ar.cause() instanceof ApiException a ? a
                                : new ApiException(500, "internal_error", "The summary failed; it has been logged.");
                        event(response, "error", Errors.body(e.code(), e.getMessage()).put("status", e.status()));
                    }
                    if (!response.closed()) {
                        response.end();
                    }
                }));
    }

    private static void event(HttpServerResponse response, String name, JsonObject data) {
        if (!response.closed() && !response.ended()) {
            response.write("event: " + name + "\ndata: " + data.encode() + "\n\n");
        }
    }

    private static boolean accepts(RoutingContext ctx, String type) {
        String accept = ctx.request().getHeader("Accept");
        return accept != null && accept.contains(type);
    }

    static JsonObject toJson(Statement s) {
        return new JsonObject().put("text", s.text()).put("cites", new JsonArray(s.cites()));
    }

    static JsonObject toJson(Summary s) {
        JsonArray statements = new JsonArray();
        s.statements().forEach(st -> statements.add(toJson(st)));
        return new JsonObject()
                .put("pid", s.pid())
                .put("text", s.text())
                .put("statements", statements)
                .put("model", s.model())
                .put("sources", new JsonArray(s.sources().stream().map(SourceArticle::pid).toList()))
                .put("prompt", s.prompt())
                .put("created", s.created().toString())
                .put("repairs", new JsonArray(s.repairs()));
    }
}
