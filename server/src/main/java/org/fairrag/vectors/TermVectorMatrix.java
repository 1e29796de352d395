package org.fairrag.vectors;

import org.apache.lucene.search.HitQueue;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.util.Bits;

/**
 * The term-name vectors of one segment in one row-major array, searched exactly by dot product.
 *
 * <p>A scan of every name is what finds the true nearest terms, and most of its cost is reading and
 * multiplying vectors that cannot make the list. So a row is multiplied block by block, and after each
 * block its best possible score is bounded by Cauchy–Schwarz: the score so far plus the norm of the query's
 * remaining dimensions times the norm of the row's. A row whose bound cannot beat the weakest of the best
 * found so far is left there. The result is the exact one; only the work differs.
 */
final class TermVectorMatrix {

    /** Dimensions multiplied between two checks of a row's bound. */
    static final int BLOCK = 64;
    /**
     * Float sums of the same products in another order differ in their last bits: a bound is widened by
     * this much so that rounding can never leave out a row that belongs in the list.
     */
    private static final float ROUNDING = 1e-4f;

    private final int dimension;
    private final int checks;
    private final int[] docs;
    private final float[] values;
    /** For row r and check c: the norm of the row's dimensions after block c. */
    private final float[] restNorms;

    /** @param vectors by document, null for a document without one */
    TermVectorMatrix(float[][] vectors, int dimension) {
        this.dimension = dimension;
        this.checks = (dimension - 1) / BLOCK;
        int rows = 0;
        for (float[] v : vectors) {
            rows += v == null ? 0 : 1;
        }
        docs = new int[rows];
        values = new float[rows * dimension];
        restNorms = new float[rows * checks];
        int r = 0;
        for (int doc = 0; doc < vectors.length; doc++) {
            if (vectors[doc] != null) {
                docs[r] = doc;
                System.arraycopy(vectors[doc], 0, values, r * dimension, dimension);
                restNormsOf(vectors[doc], restNorms, r * checks);
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
        float[] queryRest = new float[checks];
        restNormsOf(query, queryRest, 0);
        ScoreDoc weakest = best.top();
        for (int r = 0; r < docs.length; r++) {
            if (live != null && !live.get(docs[r])) {
                continue;
            }
            int row = r * dimension;
            float score = 0;
            boolean pruned = false;
            for (int block = 0, from = 0; from < dimension; block++, from += BLOCK) {
                score += dot(query, values, row, from, Math.min(dimension, from + BLOCK));
                if (block < checks
                        && score + queryRest[block] * restNorms[r * checks + block] + ROUNDING <= weakest.score) {
                    pruned = true;
                    break;
                }
            }
            if (!pruned && score > weakest.score) {
                weakest.doc = docBase + docs[r];
                weakest.score = score;
                weakest = best.updateTop();
            }
        }
    }

    private void restNormsOf(float[] vector, float[] out, int offset) {
        for (int c = 0; c < checks; c++) {
            double sum = 0;
            for (int i = (c + 1) * BLOCK; i < dimension; i++) {
                sum += (double) vector[i] * vector[i];
            }
            out[offset + c] = (float) Math.sqrt(sum);
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
