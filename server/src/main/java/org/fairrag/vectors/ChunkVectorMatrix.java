package org.fairrag.vectors;

import java.io.IOException;
import java.util.Arrays;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.util.Bits;

/**
 * The chunk vectors of one segment as {@link ScaledCodes}, with the article each chunk belongs to: the first
 * pass of an exact search for the articles nearest to a query by their best chunk. From the codes, every
 * chunk gets bounds on its score; the articles whose best chunk is sure to be among the k best give a bar,
 * and only the chunks whose upper bound reaches it need their float vectors read and multiplied.
 */
final class ChunkVectorMatrix {

    /** The upper bound of a row that is not admitted. */
    static final float NOT_ADMITTED = Float.NEGATIVE_INFINITY;

    /** Segment document of each row, increasing. */
    private final int[] docs;
    /** The owner (article) of each row, as the segment's doc-values ordinal of its id. */
    private final int[] owners;
    private final int ownerCount;
    private final ScaledCodes codes;

    private ChunkVectorMatrix(int[] docs, int[] owners, int ownerCount, ScaledCodes codes) {
        this.docs = docs;
        this.owners = owners;
        this.ownerCount = ownerCount;
        this.codes = codes;
    }

    /** Every vector of {@code vectorField} in the segment, with the ordinal of each document's {@code ownerField}. */
    static ChunkVectorMatrix read(LeafReader segment, String vectorField, String ownerField, int dimension)
            throws IOException {
        FloatVectorValues values = segment.getFloatVectorValues(vectorField);
        SortedDocValues ownerValues = DocValues.getSorted(segment, ownerField);
        int rows = values == null ? 0 : values.size();
        int[] docs = new int[rows];
        int[] owners = new int[rows];
        ScaledCodes codes = new ScaledCodes(rows, dimension);
        int r = 0;
        if (values != null) {
            for (int doc = values.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = values.nextDoc()) {
                if (!ownerValues.advanceExact(doc)) {
                    throw new IOException("chunk document " + doc + " of " + segment + " has no " + ownerField);
                }
                docs[r] = doc;
                owners[r] = ownerValues.ordValue();
                codes.set(r, values.vectorValue());
                r++;
            }
        }
        return new ChunkVectorMatrix(Arrays.copyOf(docs, r), Arrays.copyOf(owners, r), ownerValues.getValueCount(), codes);
    }

    int rows() {
        return docs.length;
    }

    /**
     * Bounds on the score of every admitted row for {@code query}, in the dot-product space, and the k-th best
     * lower bound of an article: k articles of this segment have a chunk that scores at least that much.
     *
     * @param admitted the segment's documents that may be returned, or null for all of them
     */
    Bounds bounds(float[] query, Bits admitted, int k) {
        ScaledCodes.Probe probe = codes.probe(query);
        float[] upper = new float[docs.length];
        float[] bestLower = new float[ownerCount];
        Arrays.fill(bestLower, Float.NEGATIVE_INFINITY);
        for (int r = 0; r < docs.length; r++) {
            if (admitted != null && !admitted.get(docs[r])) {
                upper[r] = NOT_ADMITTED;
                continue;
            }
            float approximate = probe.approximate(r);
            float error = probe.error(r);
            upper[r] = approximate + error;
            bestLower[owners[r]] = Math.max(bestLower[owners[r]], approximate - error);
        }
        float[] kBest = new float[k];
        Arrays.fill(kBest, Float.NEGATIVE_INFINITY);
        for (float lower : bestLower) {
            ScaledCodes.offer(kBest, lower);
        }
        return new Bounds(upper, k == 0 ? Float.POSITIVE_INFINITY : kBest[0]);
    }

    /** Segment document of a row. */
    int doc(int row) {
        return docs[row];
    }

    /** The owner ordinal of a row. */
    int owner(int row) {
        return owners[row];
    }

    /**
     * @param upper          each row's upper bound ({@link #NOT_ADMITTED} for a row not admitted)
     * @param kthBestArticle the k-th best article's lower bound in the segment
     */
    record Bounds(float[] upper, float kthBestArticle) {}
}
