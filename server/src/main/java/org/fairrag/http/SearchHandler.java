package org.fairrag.http;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.fairrag.search.ArticleHit;
import org.fairrag.search.ArticleQuery;
import org.fairrag.search.ArticleSearch;
import org.fairrag.terms.TermRef;
import org.fairrag.vocab.VocabularyIndex;
import org.fairrag.failure.ApiException;
import org.fairrag.work.WorkerPool;

/**
 * {@code GET /api/articles/search}: validates the query, runs the hybrid search on the search pool and
 * writes the hits, with a {@code Server-Timing} header that splits the time into embedding the query,
 * retrieval, and the total as the server saw it.
 */
public final class SearchHandler {

    public static final int DEFAULT_K = 10;
    public static final int MAX_K = 100;
    private static final int MIN_YEAR = 1000;
    private static final int MAX_YEAR = 9999;

    private final Optional<ArticleSearch> search;
    private final WorkerPool pool;
    private final Supplier<VocabularyIndex> vocabulary;

    /** @param search empty when the server runs without a vector index */
    public SearchHandler(Optional<ArticleSearch> search, WorkerPool pool, Supplier<VocabularyIndex> vocabulary) {
        this.search = search;
        this.pool = pool;
        this.vocabulary = vocabulary;
    }

    public void handle(RoutingContext ctx) {
        long start = System.nanoTime();
        QueryParams p = new QueryParams(ctx);
        String text = p.requiredText("q");
        int k = p.integer("k", DEFAULT_K, 1, MAX_K);
        VocabularyIndex vocab = vocabulary.get();
        var terms = p.termIds("terms", vocab);
        boolean matchAll = "all".equals(p.choice("mode", "any", Set.of("any", "all")));
        boolean explode = p.bool("explode", false);
        boolean withSuggested = p.bool("suggested", false);
        var exclude = p.termIds("exclude", vocab);
        Integer yearFrom = p.optionalInteger("yearFrom", MIN_YEAR, MAX_YEAR);
        Integer yearTo = p.optionalInteger("yearTo", MIN_YEAR, MAX_YEAR);
        if (yearFrom != null && yearTo != null && yearFrom > yearTo) {
            throw ApiException.badRequest("invalid_parameter", "yearFrom (" + yearFrom + ") is after yearTo (" + yearTo + ").");
        }
        ArticleSearch s = search.orElseThrow(() -> new ApiException(503, "search_unavailable",
                "Article search is off: the server runs without a vector index (FAIRRAG_VECTORS=none)."));
        ArticleQuery query = new ArticleQuery(text, k, terms, matchAll, explode, exclude, yearFrom, yearTo,
                Caller.of(ctx).accessLevels(), withSuggested);
        pool.submit(() -> s.search(query)).onSuccess(r -> {
            long total = System.nanoTime() - start;
            JsonArray results = new JsonArray();
            for (ArticleHit h : r.hits()) {
                JsonArray hitTerms = new JsonArray();
                for (TermRef t : h.terms()) {
                    hitTerms.add(new JsonObject().put("id", t.id()).put("label", t.label()));
                }
                JsonObject hit = new JsonObject().put("pid", h.pid()).put("pmid", h.pmid()).put("title", h.title())
                        .put("snippet", h.snippet()).put("score", h.score()).put("year", h.year())
                        .put("journal", h.journal()).put("terms", hitTerms);
                if (!h.suggestedTerms().isEmpty()) {
                    JsonArray suggested = new JsonArray();
                    h.suggestedTerms().forEach(t -> suggested.add(new JsonObject().put("id", t.id()).put("label", t.label())));
                    hit.put("suggestedTerms", suggested);
                }
                results.add(hit);
            }
            JsonObject body = new JsonObject().put("query", text).put("tookMs", total / 1_000_000).put("results", results);
            ctx.response()
                    .putHeader("Content-Type", "application/json; charset=utf-8")
                    .putHeader("Server-Timing", new ServerTiming().add("embed", r.embedNanos())
                            .add("retrieve", r.retrieveNanos()).add("total", System.nanoTime() - start).toString())
                    .end(body.encode());
        }).onFailure(ctx::fail);
    }
}
