package org.fairrag.vectors;

import java.util.Arrays;
import org.apache.lucene.search.HitQueue;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.util.Bits;

/**
 * The term-name vectors of one segment, searched exactly by dot product.
 *
 * <p>A scan of every name is what finds the true nearest terms, and its cost is reading every vector. So
 * each row is also kept as 8-bit integers with its own scale, a quarter of the bytes, and the scan runs in
 * two passes: the first multiplies the query's 8-bit codes with every row's, which gives each row's score
 * within a bound of the rounding of both (Cauchy–Schwarz on what the codes leave out); the second
 * multiplies in floats only the rows whose upper bound reaches the k-th best lower bound, usually a few
 * dozen of tens of thousands. The result is the exact one, scores included; only the work differs.
 */
final class TermVectorMatrix {

    /** Dimensions summed apart when a row is scored in floats (the order of the sums fixes the last bits). */
    static final int BLOCK = 64;
    private static final int LEVELS = 127;
    /**
     * Float sums of the same products in another order differ in their last bits: a bound is widened by
     * this much so that rounding can never leave out a row that belongs in the list.
     */
    private static final float ROUNDING = 1e-4f;

    private final int dimension;
    private final int[] docs;
    private final float[] values;
    private final byte[] codes;
    /** For each row: the scale of its codes, the norm of its codes times that scale, and the norm of what they leave out. */
    private final float[] scales;
    private final float[] codeNorms;
    private final float[] residualNorms;

    /** @param vectors by document, null for a document without one */
    TermVectorMatrix(float[][] vectors, int dimension) {
        this.dimension = dimension;
        int rows = 0;
        for (float[] v : vectors) {
            rows += v == null ? 0 : 1;
        }
        docs = new int[rows];
        values = new float[rows * dimension];
        codes = new byte[rows * dimension];
        scales = new float[rows];
        codeNorms = new float[rows];
        residualNorms = new float[rows];
        int r = 0;
        for (int doc = 0; doc < vectors.length; doc++) {
            if (vectors[doc] != null) {
                docs[r] = doc;
                System.arraycopy(vectors[doc], 0, values, r * dimension, dimension);
                double[] norms = quantize(vectors[doc], codes, r * dimension);
                scales[r] = (float) norms[0];
                codeNorms[r] = (float) norms[1];
                residualNorms[r] = (float) norms[2];
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
        byte[] queryCodes = new byte[dimension];
        double[] queryNorms = quantize(query, queryCodes, 0);
        float queryScale = (float) queryNorms[0];
        float queryResidual = (float) queryNorms[2];
        float queryNorm = (float) Math.sqrt(squaredNorm(query));
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
            float approximate = scales[r] * queryScale * codeProduct(queryCodes, r * dimension);
            float error = queryResidual * codeNorms[r] + queryNorm * residualNorms[r] + ROUNDING;
            float upper = approximate + error;
            if (upper <= floor || (lowerBounds.length > 0 && upper < lowerBounds[0])) {
                continue;
            }
            float lower = approximate - error;
            if (lowerBounds.length > 0 && lower > lowerBounds[0]) {
                lowerBounds[0] = lower;
                siftDown(lowerBounds);
            }
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

    private int codeProduct(byte[] queryCodes, int row) {
        int s0 = 0;
        int s1 = 0;
        int s2 = 0;
        int s3 = 0;
        int i = 0;
        for (; i + 3 < dimension; i += 4) {
            s0 += queryCodes[i] * codes[row + i];
            s1 += queryCodes[i + 1] * codes[row + i + 1];
            s2 += queryCodes[i + 2] * codes[row + i + 2];
            s3 += queryCodes[i + 3] * codes[row + i + 3];
        }
        for (; i < dimension; i++) {
            s0 += queryCodes[i] * codes[row + i];
        }
        return s0 + s1 + s2 + s3;
    }

    /**
     * Writes the vector's 8-bit codes (value / scale, rounded; the scale maps its largest magnitude to 127)
     * at {@code offset}, and returns the scale, the norm of the codes times the scale, and the norm of the
     * difference between the vector and the codes times the scale, each rounded up.
     */
    private static double[] quantize(float[] vector, byte[] out, int offset) {
        float max = 0;
        for (float v : vector) {
            max = Math.max(max, Math.abs(v));
        }
        double scale = max == 0 ? 0 : max / (double) LEVELS;
        double codeSquares = 0;
        double residualSquares = 0;
        for (int i = 0; i < vector.length; i++) {
            int code = scale == 0 ? 0 : (int) Math.round(vector[i] / scale);
            out[offset + i] = (byte) code;
            codeSquares += (double) code * code;
            double residual = vector[i] - code * scale;
            residualSquares += residual * residual;
        }
        return new double[] {scale, Math.sqrt(codeSquares) * scale * (1 + 1e-6), Math.sqrt(residualSquares) * (1 + 1e-6)};
    }

    private static double squaredNorm(float[] vector) {
        double sum = 0;
        for (float v : vector) {
            sum += (double) v * v;
        }
        return sum;
    }

    private static void siftDown(float[] heap) {
        int i = 0;
        while (true) {
            int left = 2 * i + 1;
            int smallest = i;
            if (left < heap.length && heap[left] < heap[smallest]) {
                smallest = left;
            }
            if (left + 1 < heap.length && heap[left + 1] < heap[smallest]) {
                smallest = left + 1;
            }
            if (smallest == i) {
                return;
            }
            float t = heap[i];
            heap[i] = heap[smallest];
            heap[smallest] = t;
            i = smallest;
        }
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
