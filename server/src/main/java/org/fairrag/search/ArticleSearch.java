package org.fairrag.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.fairrag.embed.Embedder;
import org.fairrag.terms.TermRef;
import org.fairrag.vectors.ArticleFields;
import org.fairrag.vectors.ArticleFilter;
import org.fairrag.vectors.ChunkHit;
import org.fairrag.vectors.VectorIndex;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyIndex;

/**
 * Hybrid article search: the chunks nearest to the query's vector and the chunks that match its words
 * best (BM25), each list reduced to one chunk per article and fused by reciprocal rank (k = 60), so that
 * an article either kind of match finds comes back, and one both find comes first. The filter is
 * applied inside both searches. Blocking: embeds the query and searches the index.
 */
public final class ArticleSearch {

    /** The constant of reciprocal-rank fusion (Cormack et al. 2009): rank r adds 1 / (60 + r). */
    public static final int RRF_K = 60;
    /** Articles taken from each list before fusing: enough that an article ranked low in both can still win. */
    private static final int MIN_CANDIDATES = 50;

    private final Embedder queryEmbedder;
    private final VectorIndex index;
    private final Supplier<VocabularyIndex> vocabulary;

    public ArticleSearch(Embedder queryEmbedder, VectorIndex index, Supplier<VocabularyIndex> vocabulary) {
        this.queryEmbedder = queryEmbedder;
        this.index = index;
        this.vocabulary = vocabulary;
    }

    /** The hits and where the time went. */
    public record Result(List<ArticleHit> hits, long embedNanos, long retrieveNanos) {}

    public Result search(ArticleQuery query) {
        VocabularyIndex vocab = vocabulary.get();
        ArticleFilter filter = query.filter(vocab);
        long t0 = System.nanoTime();
        float[] vector = queryEmbedder.embed(query.text());
        long t1 = System.nanoTime();
        int candidates = Math.max(MIN_CANDIDATES, 2 * query.k());
        List<ChunkHit> byMeaning = index.nearestChunks(vector, candidates, filter);
        List<ChunkHit> byWords = index.matchingChunks(query.text(), candidates, filter);
        List<Fused> fused = fuse(byMeaning, byWords);
        List<Fused> top = fused.subList(0, Math.min(query.k(), fused.size()));
        Map<String, ArticleFields> fields = index.articles(top.stream().map(f -> f.chunk.articlePid()).toList());
        long t2 = System.nanoTime();
        List<ArticleHit> hits = new ArrayList<>(top.size());
        for (Fused f : top) {
            ArticleFields a = fields.get(f.chunk.articlePid());
            if (a != null) {
                hits.add(new ArticleHit(a.pid(), a.pmid(), a.title(), snippet(f.chunk, a.title()), f.score, a.year(),
                        a.journal(), terms(a.termIds(), vocab), terms(a.suggestedTermIds(), vocab)));
            }
        }
        return new Result(hits, t1 - t0, t2 - t1);
    }

    private record Fused(ChunkHit chunk, double score, int bestRank) {}

    /** Reciprocal-rank fusion; an article's snippet is its chunk from the list that ranks it higher. */
    static List<Fused> fuse(List<ChunkHit> first, List<ChunkHit> second) {
        Map<String, Fused> byArticle = new LinkedHashMap<>();
        for (List<ChunkHit> list : List.of(first, second)) {
            for (int rank = 1; rank <= list.size(); rank++) {
                ChunkHit hit = list.get(rank - 1);
                double add = 1.0 / (RRF_K + rank);
                int r = rank;
                byArticle.merge(hit.articlePid(), new Fused(hit, add, rank), (a, b) ->
                        new Fused(a.bestRank <= r ? a.chunk : b.chunk, a.score + b.score, Math.min(a.bestRank, r)));
            }
        }
        List<Fused> out = new ArrayList<>(byArticle.values());
        out.sort(Comparator.comparingDouble((Fused f) -> -f.score).thenComparingInt(f -> f.bestRank));
        return out;
    }

    /** The chunk's text; the first chunk starts with the title, which a result shows anyway. */
    private static String snippet(ChunkHit chunk, String title) {
        String text = chunk.text();
        if (chunk.ordinal() == 0 && title != null && text.startsWith(title)) {
            String rest = text.substring(title.length()).strip();
            return rest.isEmpty() ? text : rest;
        }
        return text;
    }

    private static List<TermRef> terms(List<String> ids, VocabularyIndex vocab) {
        List<TermRef> out = new ArrayList<>(ids.size());
        for (String id : ids) {
            out.add(new TermRef(id, vocab.byId(id).map(Term::label).orElse(id)));
        }
        return out;
    }
}
