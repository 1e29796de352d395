package org.fairrag.http;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.fairrag.search.ArticleHit;
import org.fairrag.search.ArticleQuery;
import org.fairrag.search.ArticleSearch;
import org.fairrag.search.ConceptUse;
import org.fairrag.search.SearchedConcept;
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
        ConceptUse concepts = new ConceptUse(p.bool("concepts", true), Set.copyOf(p.termIds("notConcepts", vocab)),
                p.bool("mentions", ConceptUse.ON.mentions()));
        Integer yearFrom = p.optionalInteger("yearFrom", MIN_YEAR, MAX_YEAR);
        Integer yearTo = p.optionalInteger("yearTo", MIN_YEAR, MAX_YEAR);
        if (yearFrom != null && yearTo != null && yearFrom > yearTo) {
            throw ApiException.badRequest("invalid_parameter", "yearFrom (" + yearFrom + ") is after yearTo (" + yearTo + ").");
        }
        ArticleSearch s = search.orElseThrow(() -> new ApiException(503, "search_unavailable",
                "Article search is off: the server runs without a vector index (FAIRRAG_VECTORS=none)."));
        ArticleQuery query = new ArticleQuery(text, k, terms, matchAll, explode, exclude, yearFrom, yearTo,
                Caller.of(ctx).accessLevels(), withSuggested, concepts);
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
                        .put("journal", h.journal()).put("terms", hitTerms)
                        .put("matchedBy", new JsonArray(h.matchedBy().stream().map(ArticleHit.Match::apiName).toList()));
                if (!h.suggestedTerms().isEmpty()) {
                    JsonArray suggested = new JsonArray();
                    h.suggestedTerms().forEach(t -> suggested.add(new JsonObject().put("id", t.id()).put("label", t.label())));
                    hit.put("suggestedTerms", suggested);
                }
                results.add(hit);
            }
            JsonObject body = new JsonObject().put("query", text).put("tookMs", total / 1_000_000)
                    .put("concepts", conceptsJson(r.concepts())).put("conceptsOff", conceptsJson(r.off()))
                    .put("results", results);
            ctx.response()
                    .putHeader("Content-Type", "application/json; charset=utf-8")
                    .putHeader("Server-Timing", new ServerTiming().add("embed", r.embedNanos()).add("concepts", r.conceptNanos())
                            .add("retrieve", r.retrieveNanos()).add("total", System.nanoTime() - start).toString())
                    .end(body.encode());
        }).onFailure(ctx::fail);
    }

    /**
     * The concepts a search searched (or was told not to): {@code [{"id", "label", "matched", "text", "by", "weight",
     * "lists"}]}, {@code lists} giving the weight of each of the concept's lists that counted, by source.
     */
    static JsonArray conceptsJson(List<SearchedConcept> concepts) {
        JsonArray out = new JsonArray();
        for (SearchedConcept c : concepts) {
            JsonArray by = new JsonArray();
            if (c.byWords()) {
                by.add("words");
            }
            if (c.byMeaning()) {
                by.add("meaning");
            }
            out.add(new JsonObject().put("id", c.id()).put("label", c.label()).put("matched", c.matched())
                    .put("text", c.text()).put("by", by).put("weight", round(c.weight())).put("lists", lists(c)));
        }
        return out;
    }

    private static JsonObject lists(SearchedConcept c) {
        JsonObject out = new JsonObject();
        c.lists().forEach((source, weight) -> out.put(source, round(weight)));
        return out;
    }

    private static double round(double weight) {
        return Math.round(weight * 1000) / 1000.0;
    }
}
