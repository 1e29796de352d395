package org.fairrag.vectors;

import java.util.Locale;

/**
 * How many candidate articles an HNSW search of the embedded index keeps while it walks the graph (Lucene's ef):
 * at least {@code least}, and {@code perVector} of the chunk vectors the search can return when that is more (all
 * of the index's, or with a filter, as many as it admits), so that the candidates grow
 * with the collection. A fixed count is the same rule with {@code perVector} 0.
 *
 * <p>Why in proportion to the collection: for a given query, the chunks about as near to it as its tenth nearest
 * grow in number as the collection grows (on the bench's derived corpora, 40 noisy copies of each demo chunk at
 * 300,000 vectors, 400 at a million), and the walk must keep about as many candidates to tell them apart. Measured
 * there: 600 candidates found 99.0% of the exact top ten at 300,000 vectors in one segment, 85.6% at a million in
 * three; 0.95 took about 1,700 at the million (README, Capacity). The rule sizes the search's candidates from the
 * vectors of all segments, and each segment's walk from the segment's own ({@link SegmentSizedKnnQuery}).
 *
 * @param least     fewest candidates, whatever the size
 * @param perVector candidates for each chunk vector of the index, from 0 (a fixed count) to 1
 */
public record KnnCandidates(int least, double perVector) {

    /**
     * The server's default: 600 candidates up to 240,000 chunk vectors (about 80,000 abstracts of three chunks),
     * 0.25% of the vectors above: 750 at 300,000, 2,500 at a million (where 2,400 found 97.7% of the exact top ten).
     */
    public static final KnnCandidates SCALED = new KnnCandidates(600, 0.0025);

    /** The name of {@link #SCALED} in configuration. */
    public static final String SCALED_NAME = "auto";

    public KnnCandidates {
        if (least < 1) {
            throw new IllegalArgumentException("a k-NN search needs at least one candidate, got " + least);
        }
        if (!(perVector >= 0 && perVector <= 1)) {
            throw new IllegalArgumentException("candidates per vector must be from 0 to 1, got " + perVector);
        }
    }

    /** Always {@code candidates}, whatever the size of the index. */
    public static KnnCandidates fixed(int candidates) {
        return new KnnCandidates(candidates, 0);
    }

    /** Parses {@code auto} (the scaling default) or a fixed number of candidates. */
    public static KnnCandidates parse(String value) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        if (v.equals(SCALED_NAME)) {
            return SCALED;
        }
        try {
            return fixed(Integer.parseInt(v));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("FAIRRAG_VECTOR_CANDIDATES must be auto or a number of candidates of at "
                    + "least 1, got: " + value);
        }
    }

    /** The candidates of a search that can return any of {@code vectors} chunk vectors. */
    public int forChunkVectors(long vectors) {
        return (int) Math.min(Integer.MAX_VALUE, Math.max(least, (long) Math.ceil(vectors * perVector)));
    }

    /** Whether the count is the same at every size. */
    public boolean isFixed() {
        return perVector == 0;
    }

    /** {@code auto}, a number, or the rule in words. */
    public String describe() {
        if (equals(SCALED)) {
            return SCALED_NAME;
        }
        return isFixed() ? Integer.toString(least)
                : String.format(Locale.ROOT, "at least %d, %.4g of the chunk vectors", least, perVector);
    }
}
