package org.fairrag.anchor;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fairrag.search.ConceptArticles;
import org.fairrag.vectors.ChunkHit;

/**
 * The articles whose text mentions a concept or a narrower one (the concept mentions, negated ones left out),
 * whether or not indexers tagged them with it, each by its chunk that mentions it and is nearest to the
 * query; for a concept the query's words name only (one found by meaning alone is left to the other lists). Chosen within the concept's own distribution ({@link PerConceptSelection}): the articles whose
 * best mentioning chunk is at least as near to the query as the concept's mean, at least a page of them
 * when there are that many. For several concepts, the articles that mention each of them.
 */
public final class MentionedConceptArticles implements ConceptArticles {

    /**
     * The weight of its lists: on the lay development set, P@10 0.719 with weight 1 for every concept, 0.750 with 0.4,
     * 0.752 with 0.4 for named concepts only, against 0.785 without them (see the README).
     */
    public static final double DEFAULT_WEIGHT = 0.4;

    private final AnchoredContext context;
    private final double weight;

    /** @param weight how much its lists count against the indexed ones' (see {@link ConceptArticles#weight}) */
    public MentionedConceptArticles(AnchoredContext context, double weight) {
        this.context = context;
        this.weight = weight;
    }

    @Override
    public double weight() {
        return weight;
    }

    @Override
    public String name() {
        return ConceptArticles.MENTIONED;
    }

    @Override
    public List<ChunkHit> find(Request r) {
        if (!r.beyondNearest()) {
            return List.of();
        }
        List<List<AnchoredContext.Anchor>> places = context.places(r.conceptIds(), r.branches(), r.queryVector(), r.filter(),
                Set.of());
        Set<String> admitted = r.beyondNearest() ? null : new HashSet<>(r.nearest().stream().map(ChunkHit::articlePid).toList());
        Map<String, ChunkHit> best = new HashMap<>();
        Set<String> inEvery = null;
        for (List<AnchoredContext.Anchor> ofConcept : places) {
            Set<String> articles = new HashSet<>();
            for (AnchoredContext.Anchor a : ofConcept) {
                if (admitted != null && !admitted.contains(a.articlePid())) {
                    continue;
                }
                articles.add(a.articlePid());
                ChunkHit known = best.get(a.articlePid());
                if (known == null || a.similarity() > known.score()) {
                    best.put(a.articlePid(), new ChunkHit(a.articlePid(), a.chunk(), a.chunkText(), (float) a.similarity()));
                }
            }
            if (inEvery == null) {
                inEvery = articles;
            } else {
                inEvery.retainAll(articles);
            }
        }
        if (inEvery == null || inEvery.isEmpty()) {
            return List.of();
        }
        List<ChunkHit> candidates = new ArrayList<>();
        inEvery.forEach(pid -> candidates.add(best.get(pid)));
        PerConceptSelection selection = new PerConceptSelection(0, Math.min(r.page(), r.k()), r.k());
        List<ChunkHit> kept = new ArrayList<>(selection.select(candidates, ChunkHit::score).kept());
        kept.sort(Comparator.comparingDouble((ChunkHit h) -> -h.score()).thenComparing(ChunkHit::articlePid));
        return kept;
    }
}
