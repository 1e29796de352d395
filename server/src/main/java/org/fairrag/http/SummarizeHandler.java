package org.fairrag.http;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.function.Function;
import java.util.function.Supplier;
import org.fairrag.filter.TermSelection;
import org.fairrag.generate.Cancellation;
import org.fairrag.generate.Prompts;
import org.fairrag.generate.SelectedTerm;
import org.fairrag.generate.SourceArticle;
import org.fairrag.generate.Statement;
import org.fairrag.generate.Summary;
import org.fairrag.generate.SummaryInput;
import org.fairrag.generate.SummaryService;
import org.fairrag.vocab.VocabularyIndex;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.fairrag.failure.ApiException;

/**
 * {@code POST /api/summarize}: a summary of chosen articles in which every statement cites them, stored
 * as an FDO. With {@code Accept: text/event-stream} the statements stream as they are made
 * ({@code statement} events), then the stored summary ({@code summary}) or an {@code error} event.
 * {@code GET /api/summarize/prompt} gives the default request and the model.
 *
 * <p>A request identical to one already answered gets the summary already published ({@code 200}), at no
 * cost; one identical to a summary being made joins it ({@code 201} for both), at no cost either. A new summary
 * ({@code 201}) counts against the caller's hourly quota ({@code 429} beyond it), one that fails does not (one whose
 * client goes away does). When every client waiting for a summary has gone away before the end, the summarizer is
 * stopped and nothing is published.
 */
public final class SummarizeHandler {

    private static final Logger LOG = LoggerFactory.getLogger(SummarizeHandler.class);
    private static final Set<String> FIELDS = Set.of("articles", "prompt", "terms");
    public static final int MAX_PROMPT = 4000;

    private final SummaryService summaries;
    private final Prompts prompts;
    private final Supplier<VocabularyIndex> vocabulary;
    private final String baseUrl;
    private final Function<RoutingContext, List<String>> visibleGraphs;
    private final TokenBuckets hourlyQuota;

    /**
     * @param visibleGraphs the content graphs the request's caller may see
     * @param hourlyQuota   new summaries per client (see {@link Caller#rateKey}); null for no quota
     */
    public SummarizeHandler(SummaryService summaries, Prompts prompts, Supplier<VocabularyIndex> vocabulary,
                            String baseUrl, Function<RoutingContext, List<String>> visibleGraphs, TokenBuckets hourlyQuota) {
        this.summaries = summaries;
        this.prompts = prompts;
        this.vocabulary = vocabulary;
        this.baseUrl = baseUrl;
        this.visibleGraphs = visibleGraphs;
        this.hourlyQuota = hourlyQuota;
    }

    public void defaultPrompt(RoutingContext ctx) {
        ctx.json(new JsonObject().put("prompt", prompts.defaultSummaryPrompt()).put("model", summaries.model()));
    }

    public void handle(RoutingContext ctx) {
        JsonRequest body = JsonRequest.of(ctx, FIELDS);
        List<String> pids = body.requiredPids("articles", SummaryService.MAX_SOURCES, baseUrl);
        String typed = TextInput.prose(body.string("prompt", MAX_PROMPT));
        String prompt = typed.isEmpty() ? prompts.defaultSummaryPrompt() : typed;
        VocabularyIndex vocab = vocabulary.get();
        List<SelectedTerm> terms = TermSelection.validated(body.strings("terms", TermSelection.MAX_TERMS), null, false,
                List.of(), vocab).terms().stream().map(id -> vocab.byId(id).orElseThrow())
                .map(t -> new SelectedTerm(t.id(), t.pid(), t.label(), t.altLabels())).toList();
        boolean stream = accepts(ctx, "text/event-stream");
        Cancellation cancellation = new Cancellation();
        ctx.response().closeHandler(v -> {
            if (!ctx.response().ended()) {
                cancellation.cancel();
            }
        });
        summaries.sources(pids, visibleGraphs.apply(ctx))
                .map(sources -> new SummaryInput(prompt, sources, terms))
                .compose(input -> summaries.anchored(input, Caller.of(ctx).accessLevels()))
                .compose(input -> summaries.published(input).map(published -> new Request(input, published)))
                .onFailure(ctx::fail)
                .onSuccess(request -> {
                    if (request.published().isPresent()) {
                        answer(ctx, stream, request.published().get(), 200);
                        return;
                    }
                    if (stream) {
                        stream(ctx, request.input(), cancellation);
                    } else {
                        Future<Summary> made;
                        try {
                            made = summaries.summarize(request.input(), s -> { }, cancellation, quota(ctx));
                        } catch (ApiException refused) {
                            ctx.fail(refused);
                            return;
                        }
                        made.onSuccess(summary -> answer(ctx, false, summary, 201)).onFailure(e -> failed(ctx, e));
                    }
                });
    }

    private record Request(SummaryInput input, Optional<Summary> published) {}

    /**
     * A new summary counts against the caller's quota ({@code 429} when it is spent); joining an identical request's
     * summary being made does not, nor does one that failed (the client does not pay for the server's or the model's
     * failure). One its client stopped still counts, or going away just before the end would make model calls free.
     */
    private SummaryService.Admission quota(RoutingContext ctx) {
        if (hourlyQuota == null) {
            return SummaryService.Admission.FREE;
        }
        String client = Caller.of(ctx).rateKey(ctx);
        return new SummaryService.Admission() {
            @Override
            public void admit() {
                TokenBuckets.Decision decision = hourlyQuota.take(client);
                if (!decision.allowed()) {
                    throw new ApiException(429, "summary_quota", "This client has made as many new summaries as an hour"
                            + " allows; the next is possible in " + decision.retryAfterSeconds() + " s (a request already"
                            + " answered is answered again at any time).", decision.retryAfterSeconds());
                }
            }

            @Override
            public void giveBack() {
                hourlyQuota.giveBack(client);
            }
        };
    }

    private void answer(RoutingContext ctx, boolean stream, Summary summary, int status) {
        if (!stream) {
            ctx.response().setStatusCode(status)
                    .putHeader("Location", summary.pid())
                    .putHeader("Content-Type", "application/json; charset=utf-8")
                    .end(toJson(summary).encode());
            return;
        }
        HttpServerResponse response = startEvents(ctx, summary.sources().size());
        summary.statements().forEach(s -> event(response, "statement", toJson(s, summary.terms())));
        event(response, "summary", toJson(summary));
        response.end();
    }

    private void stream(RoutingContext ctx, SummaryInput input, Cancellation cancellation) {
        Context context = ctx.vertx().getOrCreateContext();
        // Statements, even those of a summary being made that this request joins, reach the response on this
        // context, so after the events have started below.
        Future<Summary> made;
        try {
            made = summaries.summarize(input, statement -> context.runOnContext(v -> event(ctx.response(),
                    "statement", toJson(statement, input.terms()))), cancellation, quota(ctx));
        } catch (ApiException refused) {
            // Refused before anything is made (the quota): a plain error status, not an event. A model that fails at
            // once is a failure while making, however fast it came, and reaches the client as an event below.
            ctx.fail(refused);
            return;
        }
        HttpServerResponse response = startEvents(ctx, input.sources().size());
        made.onComplete(ar -> context.runOnContext(v -> {
                    if (ar.succeeded()) {
                        event(response, "summary", toJson(ar.result()));
                    } else if (ar.cause() instanceof CancellationException) {
                        cancelled(ctx);
                        return;
                    } else {
                        ApiException e = ar.cause() instanceof ApiException a ? a
                                : new ApiException(500, "internal_error", "The summary failed; it has been logged.");
                        if (!(ar.cause() instanceof ApiException)) {
                            LOG.error("POST /api/summarize [{}] failed", RequestLogHandler.requestId(ctx), ar.cause());
                        }
                        event(response, "error", Errors.body(e.code(), e.getMessage()).put("status", e.status()));
                    }
                    if (!response.closed()) {
                        response.end();
                    }
                }));
    }

    private static HttpServerResponse startEvents(RoutingContext ctx, int sources) {
        HttpServerResponse response = ctx.response()
                .setChunked(true)
                .putHeader("Content-Type", "text/event-stream; charset=utf-8")
                .putHeader("X-Accel-Buffering", "no");
        response.write(": summarizing " + sources + " articles\n\n");
        return response;
    }

    private static void failed(RoutingContext ctx, Throwable e) {
        if (e instanceof CancellationException) {
            cancelled(ctx);
        } else {
            ctx.fail(e);
        }
    }

    private static void cancelled(RoutingContext ctx) {
        LOG.info("POST /api/summarize [{}]: the client went away; the summarizer was stopped and nothing was published",
                RequestLogHandler.requestId(ctx));
    }

    private static void event(HttpServerResponse response, String name, JsonObject data) {
        if (!response.closed() && !response.ended()) {
            response.write("event: " + name + "\ndata: " + data.encode() + "\n\n");
        }
    }

    /** Whether {@code Accept} names {@code type} itself with a weight above 0 ({@code text/event-stream;q=0} refuses it). */
    private static boolean accepts(RoutingContext ctx, String type) {
        return ctx.parsedHeaders().accept().stream()
                .anyMatch(m -> m.weight() > 0 && type.equalsIgnoreCase(m.component() + "/" + m.subComponent()));
    }

    /** A statement: its text, the PIDs it cites and, when terms were selected, the term it is about. */
    static JsonObject toJson(Statement s, List<SelectedTerm> terms) {
        JsonObject json = new JsonObject().put("text", s.text()).put("cites", new JsonArray(s.cites()));
        terms.stream().filter(t -> t.id().equals(s.term())).findFirst()
                .ifPresent(t -> json.put("term", new JsonObject().put("id", t.id()).put("label", t.label())));
        return json;
    }

    static JsonObject toJson(Summary s) {
        JsonArray statements = new JsonArray();
        s.statements().forEach(st -> statements.add(toJson(st, s.terms())));
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
