package org.fairrag.http;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.function.Supplier;
import org.fairrag.relate.AssociationStore;
import org.fairrag.relate.CoOccurrence;
import org.fairrag.relate.RelatedConcepts;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyIndex;
import org.fairrag.work.WorkerPool;

/**
 * {@code GET /api/terms/:id/related}: the concepts the literature mentions with a term, with evidence.
 * Validates, runs the work on the search pool, writes JSON.
 */
public final class RelatedConceptsHandler {

    public static final int DEFAULT_EVIDENCE = 3;
    public static final int MAX_EVIDENCE = CoOccurrence.MAX_EVIDENCE;

    private final RelatedConcepts related;
    private final WorkerPool pool;
    private final Supplier<VocabularyIndex> vocabulary;

    public RelatedConceptsHandler(RelatedConcepts related, WorkerPool pool, Supplier<VocabularyIndex> vocabulary) {
        this.related = related;
        this.pool = pool;
        this.vocabulary = vocabulary;
    }

    public void related(RoutingContext ctx) {
        String id = TermsHandler.termId(ctx, vocabulary);
        QueryParams p = new QueryParams(ctx);
        int k = p.integer("k", TermsHandler.DEFAULT_K, 1, TermsHandler.MAX_K);
        int evidence = p.integer("evidence", DEFAULT_EVIDENCE, 0, MAX_EVIDENCE);
        var accessLevels = Caller.of(ctx).accessLevels();
        Term term = vocabulary.get().byId(id).orElseThrow();
        pool.submit(() -> related.related(id, k, accessLevels, evidence)).onSuccess(a -> {
            JsonArray results = new JsonArray();
            for (RelatedConcepts.Related r : a.related()) {
                JsonArray sentences = new JsonArray();
                for (RelatedConcepts.Evidence e : r.evidence()) {
                    sentences.add(new JsonObject().put("pid", e.articlePid()).put("pmid", e.pmid()).put("sentence", e.sentence())
                            .put("part", e.part()).put("start", e.start()).put("end", e.end()).put("text", e.text()));
                }
                JsonObject item = new JsonObject().put("id", r.termId()).put("label", r.label()).put("pid", r.termPid())
                        .put("association", r.association()).put("npmi", r.npmi()).put("sentences", r.sentences())
                        .put("articles", r.articles()).put("evidence", sentences);
                if (r.typed() != null) {
                    item.put("relation", new JsonObject().put("type", r.typed().relation().code())
                            .put("subject", r.typed().subjectId()).put("model", r.typed().model()).put("at", r.typed().at()));
                }
                results.add(item);
            }
            TermsHandler.json(ctx, new JsonObject().put("id", id).put("label", term.label()).put("pid", term.pid())
                    .put("countedOver", a.view() == AssociationStore.View.ALL ? "public and restricted articles" : "public articles")
                    .put("sentences", a.sentences()).put("countedAt", a.countedAt()).put("results", results), null);
        }).onFailure(ctx::fail);
    }
}
