package org.fairrag.vectors;

import java.io.IOException;
import java.util.List;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.ConstantScoreScorer;
import org.apache.lucene.search.ConstantScoreWeight;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.BitSetIterator;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.FixedBitSet;

/**
 * The live documents of one reader that a filter admits, found once and counted: a filtered search sizes its
 * candidates from the count, or scores these documents one by one, and the k-NN walk takes them as its filter
 * instead of running the filter's term lookups again. Valid for the reader it was made from only.
 */
final class AdmittedChunks extends Query {

    private final Object readerIdentity;
    /** By segment ({@link LeafReaderContext#ord}); null where the segment admits nothing. */
    private final FixedBitSet[] bySegment;
    private final int[] countBySegment;
    private final long count;

    private AdmittedChunks(Object readerIdentity, FixedBitSet[] bySegment, int[] countBySegment) {
        this.readerIdentity = readerIdentity;
        this.bySegment = bySegment;
        this.countBySegment = countBySegment;
        long n = 0;
        for (int c : countBySegment) {
            n += c;
        }
        this.count = n;
    }

    /** Runs {@code filter} over every segment of the searcher's reader, keeping the live documents it matches. */
    static AdmittedChunks of(IndexSearcher searcher, Query filter) throws IOException {
        IndexReader reader = searcher.getIndexReader();
        Weight weight = searcher.createWeight(searcher.rewrite(filter), ScoreMode.COMPLETE_NO_SCORES, 1);
        List<LeafReaderContext> leaves = reader.leaves();
        FixedBitSet[] bySegment = new FixedBitSet[leaves.size()];
        int[] counts = new int[leaves.size()];
        for (LeafReaderContext leaf : leaves) {
            Scorer scorer = weight.scorer(leaf);
            if (scorer == null) {
                continue;
            }
            Bits live = leaf.reader().getLiveDocs();
            FixedBitSet passing = new FixedBitSet(leaf.reader().maxDoc());
            DocIdSetIterator docs = scorer.iterator();
            for (int doc = docs.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = docs.nextDoc()) {
                if (live == null || live.get(doc)) {
                    passing.set(doc);
                }
            }
            counts[leaf.ord] = passing.cardinality();
            bySegment[leaf.ord] = counts[leaf.ord] == 0 ? null : passing;
        }
        return new AdmittedChunks(reader.getContext().id(), bySegment, counts);
    }

    /** How many documents of all segments are admitted. */
    long count() {
        return count;
    }

    /** How many documents of the segment are admitted. */
    int count(LeafReaderContext leaf) {
        return countBySegment[leaf.ord];
    }

    /** The segment's admitted documents in order, or null when it admits none. */
    DocIdSetIterator iterator(LeafReaderContext leaf) {
        FixedBitSet bits = bySegment[leaf.ord];
        return bits == null ? null : new BitSetIterator(bits, countBySegment[leaf.ord]);
    }

    /** The segment's admitted documents as bits. */
    Bits bits(LeafReaderContext leaf) {
        FixedBitSet bits = bySegment[leaf.ord];
        return bits == null ? new Bits.MatchNoBits(leaf.reader().maxDoc()) : bits;
    }

    @Override
    public Weight createWeight(IndexSearcher searcher, ScoreMode scoreMode, float boost) {
        if (searcher.getIndexReader().getContext().id() != readerIdentity) {
            throw new IllegalStateException("admitted chunks searched with another reader than they were found in");
        }
        return new ConstantScoreWeight(this, boost) {
            @Override
            public Scorer scorer(LeafReaderContext leaf) {
                DocIdSetIterator docs = iterator(leaf);
                return docs == null ? null : new ConstantScoreScorer(this, score(), scoreMode, docs);
            }

            @Override
            public boolean isCacheable(LeafReaderContext leaf) {
                // Made for one search: caching it would only push out filters that are used again.
                return false;
            }
        };
    }

    @Override
    public void visit(QueryVisitor visitor) {
        visitor.visitLeaf(this);
    }

    @Override
    public String toString(String field) {
        return "AdmittedChunks(" + count + ")";
    }

    @Override
    public boolean equals(Object other) {
        return this == other;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(this);
    }
}
