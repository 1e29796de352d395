package org.fairrag.http;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.Locale;
import java.util.Set;
import java.util.function.Supplier;
import org.fairrag.annotate.Mention;
import org.fairrag.annotate.SubjectSuggester;
import org.fairrag.failure.ApiException;
import org.fairrag.work.WorkerPool;

/**
 * {@code POST /api/annotate} with {@code {"title", "abstract"}}: the vocabulary terms the text mentions and
 * the subject terms suggested for it, each with its evidence, computed on the search pool; nothing is
 * stored. Neighbours are taken among the articles the caller may see.
 */
public final class AnnotateHandler {

    public static final int MAX_TITLE = 2_000;
    public static final int MAX_ABSTRACT = 20_000;

    private final Supplier<SubjectSuggester> suggester;
    private final WorkerPool pool;

    public AnnotateHandler(Supplier<SubjectSuggester> suggester, WorkerPool pool) {
        this.suggester = suggester;
        this.pool = pool;
    }

    public void handle(RoutingContext ctx) {
        long start = System.nanoTime();
        JsonRequest request = JsonRequest.of(ctx, Set.of("title", "abstract"));
        // A part with nothing readable (see TextInput) counts as absent; the others are read as sent, so
        // that the offsets of the mentions are offsets in the caller's own text.
        String title = readableOrNull(request.string("title", MAX_TITLE));
        String abstractText = readableOrNull(request.string("abstract", MAX_ABSTRACT));
        if (title == null && abstractText == null) {
            throw ApiException.badRequest("missing_text", "Give a 'title', an 'abstract', or both, with visible"
                    + " text (spaces, control, invisible and private-use characters or a lone accent do not count).");
        }
        Set<String> levels = Caller.of(ctx).accessLevels();
        pool.submit(() -> suggester.get().suggest(title, abstractText, levels)).onSuccess(s -> {
            JsonArray mentions = new JsonArray();
            for (Mention m : s.mentions()) {
                JsonObject o = new JsonObject().put("id", m.termId()).put("label", m.label()).put("pid", m.termPid())
                        .put("text", m.exact()).put("part", part(m.part())).put("start", m.start()).put("end", m.end())
                        .put("sentence", m.sentence()).put("negated", m.negated());
                if (m.abbreviation() != null) {
                    o.put("abbreviation", m.abbreviation());
                }
                mentions.add(o);
            }
            JsonArray subjects = new JsonArray();
            for (SubjectSuggester.Subject subject : s.subjects()) {
                JsonArray evidence = new JsonArray();
                for (SubjectSuggester.Evidence e : subject.evidence()) {
                    if (e instanceof SubjectSuggester.MentionEvidence m) {
                        evidence.add(new JsonObject().put("mention", m.text()).put("part", part(m.part()))
                                .put("start", m.start()).put("end", m.end()));
                    } else if (e instanceof SubjectSuggester.NeighbourEvidence n) {
                        evidence.add(new JsonObject().put("article", n.pid()).put("title", n.title())
                                .put("similarity", Math.round(n.similarity() * 1000) / 1000.0));
                    } else if (e instanceof SubjectSuggester.NameEvidence n) {
                        evidence.add(new JsonObject().put("nameSimilarity", Math.round(n.similarity() * 1000) / 1000.0)
                                .put("nameRank", n.rank()));
                    }
                }
                subjects.add(new JsonObject().put("id", subject.termId()).put("label", subject.label())
                        .put("pid", subject.termPid()).put("score", Math.round(subject.score() * 1000) / 1000.0)
                        .put("evidence", evidence));
            }
            JsonObject body = new JsonObject().put("mentions", mentions).put("subjects", subjects)
                    .put("tookMs", (System.nanoTime() - start) / 1_000_000);
            ctx.response().putHeader("Content-Type", "application/json; charset=utf-8").end(body.encode());
        }).onFailure(ctx::fail);
    }

    private static String readableOrNull(String text) {
        return text == null || TextInput.prose(text).isEmpty() ? null : text;
    }

    private static String part(org.fairrag.annotate.TextPart part) {
        return part.name().toLowerCase(Locale.ROOT);
    }
}
