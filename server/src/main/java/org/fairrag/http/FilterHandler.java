package org.fairrag.http;

import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import org.fairrag.filter.ArticleRetriever;
import org.fairrag.filter.FilterCost;
import org.fairrag.filter.FilterService;
import org.fairrag.filter.TermSelection;
import org.fairrag.fdo.FdoKind;
import org.fairrag.store.PidRecord;
import org.fairrag.store.PidRegistry;
import org.fairrag.vocab.VocabularyIndex;
import org.fairrag.failure.ApiException;
import org.fairrag.work.WorkerPool;

/**
 * {@code POST /api/filter}: keeps the articles the knowledge graph says are about the selected terms,
 * either of a given list of PIDs (the hits the user saw) or of a query's hits (filtered inside
 * retrieval). Its cost is bounded and known in advance ({@link FilterCost}): too costly is a 400, heavy
 * runs in a lane of its own.
 */
public final class FilterHandler {

    public static final int MAX_ARTICLES = 200;
    private static final Set<String> FIELDS = Set.of("articles", "q", "k", "terms", "mode", "explode", "exclude",
            "yearFrom", "yearTo", "suggested");

    private final FilterService filter;
    private final ArticleRetriever retriever;
    private final PidRegistry registry;
    private final Supplier<VocabularyIndex> vocabulary;
    private final WorkerPool pool;
    private final WorkerPool heavyPool;
    private final String baseUrl;
    private final Function<RoutingContext, List<String>> visibleGraphs;

    /**
     * @param pool          runs retrieval and light filters (shared with summarize and export)
     * @param heavyPool     runs the filters {@link FilterCost#heavy()} says are heavy, so that they wait for each
     *                      other and not light requests for them
     * @param visibleGraphs the content graphs the request's caller may see
     */
    public FilterHandler(FilterService filter, ArticleRetriever retriever, PidRegistry registry,
                         Supplier<VocabularyIndex> vocabulary, WorkerPool pool, WorkerPool heavyPool, String baseUrl,
                         Function<RoutingContext, List<String>> visibleGraphs) {
        this.filter = filter;
        this.retriever = retriever;
        this.registry = registry;
        this.vocabulary = vocabulary;
        this.pool = pool;
        this.heavyPool = heavyPool;
        this.baseUrl = baseUrl;
        this.visibleGraphs = visibleGraphs;
    }

    public void handle(RoutingContext ctx) {
        JsonRequest body = JsonRequest.of(ctx, FIELDS);
        TermSelection selection = TermSelection.validated(body.strings("terms", TermSelection.MAX_TERMS),
                body.string("mode", 10), body.bool("explode"), body.strings("exclude", TermSelection.MAX_TERMS),
                vocabulary.get()).withSuggested(Boolean.TRUE.equals(body.bool("suggested")));
        if (selection.terms().isEmpty() && selection.exclude().isEmpty()) {
            throw ApiException.badRequest("no_terms", "Select at least one term in 'terms' or 'exclude'.");
        }
        Integer yearFrom = body.integer("yearFrom", 0, 9999, null);
        Integer yearTo = body.integer("yearTo", 0, 9999, null);
        if (yearFrom != null && yearTo != null && yearFrom > yearTo) {
            throw ApiException.badRequest("bad_year_range", "yearFrom must not be after yearTo.");
        }
        boolean byList = body.has("articles");
        if (byList == body.has("q")) {
            throw ApiException.badRequest("articles_or_query", byList
                    ? "Give either 'articles' (a list of PIDs) or 'q' (a query), not both."
                    : "Give the articles to filter: 'articles' (a list of PIDs) or 'q' (a query whose hits are filtered).");
        }
        List<String> graphs = visibleGraphs.apply(ctx);
        Future<List<FilterService.Candidate>> candidates;
        WorkerPool lane;
        if (byList) {
            Set<String> ids = body.pidIds("articles", MAX_ARTICLES, baseUrl);
            lane = FilterCost.of(ids.size(), selection).checked().heavy() ? heavyPool : pool;
            candidates = candidatesFromList(ids, Caller.of(ctx));
        } else {
            String q = TextInput.query(body.string("q", 1000));
            if (q.isEmpty()) {
                throw ApiException.badRequest("empty_query",
                        "'q' must contain visible characters (spaces, control and invisible characters do not count).");
            }
            int k = body.integer("k", 1, 100, 10);
            lane = FilterCost.of(k, selection).checked().heavy() ? heavyPool : pool;
            if (retriever == null) {
                throw new ApiException(503, "search_unavailable", "Search is not available on this server.");
            }
            var accessLevels = Caller.of(ctx).accessLevels();
            candidates = pool.submit(() -> retriever.retrieve(q, k, selection, yearFrom, yearTo, accessLevels));
        }
        candidates
                .compose(list -> lane.submit(() -> filter.filter(list, selection, graphs, yearFrom, yearTo))
                        .map(result -> toJson(result, list.size())))
                .onSuccess(json -> ctx.json(json))
                .onFailure(ctx::fail);
    }

    /**
     * The candidates of a list of PIDs. Anything that is not an article the caller may see is refused
     * exactly as an id never issued is, so that the answer tells nothing about restricted objects.
     */
    private Future<List<FilterService.Candidate>> candidatesFromList(Set<String> ids, Caller caller) {
        return registry.findAll(ids).map(found -> {
            List<String> unknown = ids.stream().filter(id -> {
                PidRecord record = found.get(id);
                return record == null || record.kind() != FdoKind.ARTICLE || !caller.mayRead(record.accessLevel());
            }).toList();
            if (!unknown.isEmpty()) {
                throw ApiException.badRequest("unknown_article", "No article with PID " + baseUrl + "/pid/" + unknown.get(0) + ".");
            }
            List<FilterService.Candidate> out = new ArrayList<>();
            ids.forEach(id -> out.add(new FilterService.Candidate(baseUrl + "/pid/" + id, null)));
            return out;
        });
    }

    private static JsonObject toJson(FilterService.Result result, int input) {
        JsonArray results = new JsonArray();
        for (FilterService.Match m : result.results()) {
            JsonArray terms = new JsonArray();
            m.matchedTerms().forEach(t -> terms.add(new JsonObject().put("id", t.id()).put("label", t.label())));
            results.add(new JsonObject()
                    .put("pid", m.pid())
                    .put("pmid", m.pmid())
                    .put("title", m.title())
                    .put("abstract", m.abstractText())
                    .put("year", m.year())
                    .put("matchedTerms", terms)
                    .put("matchCount", m.matchCount())
                    .put("score", m.score()));
        }
        return new JsonObject().put("sparql", result.sparql()).put("input", input).put("kept", results.size())
                .put("results", results);
    }
}
