package org.fairrag.vectors;

import java.io.IOException;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.AbstractKnnCollector;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.KnnCollector;
import org.apache.lucene.search.join.BitSetProducer;
import org.apache.lucene.search.join.DiversifyingChildrenFloatKnnVectorQuery;
import org.apache.lucene.search.join.DiversifyingNearestChildrenKnnCollectorManager;
import org.apache.lucene.search.knn.KnnCollectorManager;
import org.apache.lucene.search.knn.MultiLeafKnnCollector;
import org.apache.lucene.util.hnsw.BlockingFloatHeap;

/**
 * The k-NN search over chunks that keeps the best chunk of each article, each segment's graph walked with the
 * candidates {@link KnnCandidates} gives for that segment's own chunk vectors (with a filter, those it admits there),
 * at least the results asked for and at most the query's candidates. The segments' results are merged to the query's
 * candidates, as Lucene does.
 *
 * <p>Why by segment: Lucene walks every segment's graph with the query's count, so an index of three segments did
 * three walks each sized for the whole index. What a walk finds depends on the graph it walks: the chunks about as near
 * to the query as its tenth neighbour are shared out among the segments, and each graph has only its share of them to
 * tell apart.
 */
final class SegmentSizedKnnQuery extends DiversifyingChildrenFloatKnnVectorQuery {

    private final String field;
    private final AdmittedChunks admitted;
    private final BitSetProducer articles;
    private final KnnCandidates rule;
    private final int candidates;
    private final int least;

    /**
     * @param admitted   the chunks a search may return, or null for all
     * @param candidates the query's candidates: the most a segment's walk keeps, and how many the merge keeps
     * @param articles   the article documents, each the last of its block of chunks
     * @param least      the fewest candidates a segment's walk keeps: the results asked for
     */
    SegmentSizedKnnQuery(String field, float[] vector, AdmittedChunks admitted, int candidates, BitSetProducer articles,
                         KnnCandidates rule, int least) {
        super(field, vector, admitted, candidates, articles);
        this.field = field;
        this.admitted = admitted;
        this.articles = articles;
        this.rule = rule;
        this.candidates = candidates;
        this.least = least;
    }

    /** The candidates the walk of {@code segment}'s graph keeps. */
    int candidates(LeafReaderContext segment) throws IOException {
        long vectors;
        if (admitted != null) {
            vectors = admitted.count(segment);
        } else {
            FloatVectorValues values = segment.reader().getFloatVectorValues(field);
            vectors = values == null ? 0 : values.size();
        }
        return Math.min(candidates, Math.max(least, rule.forChunkVectors(vectors)));
    }

    @Override
    protected KnnCollectorManager getKnnCollectorManager(int merged, IndexSearcher searcher) {
        // The walks share the score a candidate has to beat to be among the merged candidates of all segments, as
        // Lucene's walks of one size do; each keeps its own candidates below that.
        BlockingFloatHeap mergedScores = searcher.getIndexReader().leaves().size() > 1 ? new BlockingFloatHeap(merged) : null;
        return (visitedLimit, segment) -> {
            int own = candidates(segment);
            // Made for one segment (a searcher over it alone), Lucene's collector does not share scores itself.
            KnnCollector walk = new DiversifyingNearestChildrenKnnCollectorManager(own, articles,
                    new IndexSearcher(segment.reader())).newCollector(visitedLimit, segment);
            return mergedScores == null || walk == null ? walk
                    : new MultiLeafKnnCollector(own, mergedScores, (AbstractKnnCollector) walk);
        };
    }

    @Override
    public boolean equals(Object other) {
        return super.equals(other) && other instanceof SegmentSizedKnnQuery q && rule.equals(q.rule) && least == q.least;
    }

    @Override
    public int hashCode() {
        return 31 * super.hashCode() + java.util.Objects.hash(rule, least);
    }
}
