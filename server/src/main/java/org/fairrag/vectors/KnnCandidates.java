package org.fairrag.vectors;

import java.util.Locale;

/**
 * How many candidate articles an HNSW search of the embedded index keeps while it walks the graph (Lucene's ef):
 * at least {@code least}, and {@code perVector} of the chunk vectors in the index's largest segment when that is
 * more, so that the candidates grow with the graph they have to find the nearest chunks in. A fixed count is the
 * same rule with {@code perVector} 0.
 *
 * <p>Why the largest segment: each segment has a graph of its own, walked with the same candidate count, and the
 * largest graph is the hardest to find the nearest chunks in (a force-merged million in one graph kept fewer of
 * the exact top ten than the same million in three graphs, at the same count). Why in proportion: on the derived
 * million of the bench, the candidates needed for recall@10 0.95 grew about as fast as the segments, from fewer than
 * 600 at 100,000 vectors in one segment to about 1,700 at three segments of 333,000 (README, Capacity).
 *
 * @param least     fewest candidates, whatever the size
 * @param perVector candidates for each chunk vector of the largest segment, from 0 (a fixed count) to 1
 */
public record KnnCandidates(int least, double perVector) {

    /**
     * The server's default: 600 candidates (recall@10 0.997 on 100,000 derived articles in one segment) up to
     * 100,000 vectors in the largest segment, 0.6% of its vectors above.
     */
    public static final KnnCandidates SCALED = new KnnCandidates(600, 0.006);

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

    /** The candidates of a search over an index whose largest segment holds {@code vectors} chunk vectors. */
    public int forLargestSegment(long vectors) {
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
                : String.format(Locale.ROOT, "at least %d, %.4g of the largest segment's vectors", least, perVector);
    }
}
