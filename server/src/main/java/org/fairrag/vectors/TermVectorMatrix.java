package org.fairrag.vectors;

import java.util.Arrays;
import org.apache.lucene.search.HitQueue;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.util.Bits;

/**
 * The term-name vectors of one segment, searched exactly by dot product.
 *
 * <p>A scan of every name is what finds the true nearest terms, and its cost is reading every vector. So
 * each row is also kept as {@link ScaledCodes}, and the scan runs in two passes: the first multiplies the
 * query's codes with every row's, which gives each row's score within a bound; the second multiplies in
 * floats only the rows whose upper bound reaches the k-th best lower bound, usually a few dozen of tens of
 * thousands. The result is the exact one, scores included; only the work differs.
 */
final class TermVectorMatrix {

    /** Dimensions summed apart when a row is scored in floats (the order of the sums fixes the last bits). */
    static final int BLOCK = 64;

    private final int dimension;
    private final int[] docs;
    private final float[] values;
    private final ScaledCodes codes;

    /** @param vectors by document, null for a document without one */
    TermVectorMatrix(float[][] vectors, int dimension) {
        this.dimension = dimension;
        int rows = 0;
        for (float[] v : vectors) {
            rows += v == null ? 0 : 1;
        }
        docs = new int[rows];
        values = new float[rows * dimension];
        codes = new ScaledCodes(rows, dimension);
        int r = 0;
        for (int doc = 0; doc < vectors.length; doc++) {
            if (vectors[doc] != null) {
                docs[r] = doc;
                System.arraycopy(vectors[doc], 0, values, r * dimension, dimension);
                codes.set(r, vectors[doc]);
                r++;
            }
        }
    }

    int rows() {
        return docs.length;
    }

    /**
     * Offers every live row whose score beats the queue's weakest entry to {@code best} (a queue of
     * sentinels, Lucene's collector idiom), with document ids shifted by {@code docBase}.
     *
     * @param live the segment's live documents, or null when none is deleted
     */
    void collect(float[] query, Bits live, int docBase, HitQueue best) {
        ScaledCodes.Probe probe = codes.probe(query);
        // The k-th best lower bound so far: the weakest of a min-heap of k lower bounds.
        float[] lowerBounds = new float[best.size()];
        Arrays.fill(lowerBounds, Float.NEGATIVE_INFINITY);
        float floor = best.top().score;
        int[] candidates = new int[Math.min(docs.length, 64)];
        float[] candidateUpper = new float[candidates.length];
        int count = 0;
        for (int r = 0; r < docs.length; r++) {
            if (live != null && !live.get(docs[r])) {
                continue;
            }
            float approximate = probe.approximate(r);
            float error = probe.error(r);
            float upper = approximate + error;
            if (upper <= floor || (lowerBounds.length > 0 && upper < lowerBounds[0])) {
                continue;
            }
            ScaledCodes.offer(lowerBounds, approximate - error);
            if (count == candidates.length) {
                candidates = Arrays.copyOf(candidates, count * 2);
                candidateUpper = Arrays.copyOf(candidateUpper, count * 2);
            }
            candidates[count] = r;
            candidateUpper[count++] = upper;
        }
        float bar = lowerBounds.length > 0 ? lowerBounds[0] : Float.POSITIVE_INFINITY;
        ScoreDoc weakest = best.top();
        for (int c = 0; c < count; c++) {
            if (candidateUpper[c] < bar) {
                continue;
            }
            int r = candidates[c];
            float score = score(query, r * dimension);
            if (score > weakest.score) {
                weakest.doc = docBase + docs[r];
                weakest.score = score;
                weakest = best.updateTop();
            }
        }
    }

    /** The row's score in floats, summed block by block as the scan has always summed it. */
    private float score(float[] query, int row) {
        float score = 0;
        for (int from = 0; from < dimension; from += BLOCK) {
            score += dot(query, values, row, from, Math.min(dimension, from + BLOCK));
        }
        return score;
    }

    private static float dot(float[] query, float[] values, int row, int from, int to) {
        float s0 = 0;
        float s1 = 0;
        float s2 = 0;
        float s3 = 0;
        int i = from;
        for (; i + 3 < to; i += 4) {
            s0 += query[i] * values[row + i];
            s1 += query[i + 1] * values[row + i + 1];
            s2 += query[i + 2] * values[row + i + 2];
            s3 += query[i + 3] * values[row + i + 3];
        }
        for (; i < to; i++) {
            s0 += query[i] * values[row + i];
        }
        return s0 + s1 + s2 + s3;
    }
}
