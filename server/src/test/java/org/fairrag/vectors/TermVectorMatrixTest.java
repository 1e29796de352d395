package org.fairrag.vectors;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.apache.lucene.search.HitQueue;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.util.FixedBitSet;
import org.apache.lucene.util.VectorUtil;
import org.fairrag.embed.Vectors;
import org.junit.jupiter.api.Test;

/** The pruned scan finds exactly what multiplying every vector finds. */
class TermVectorMatrixTest {

    private static final int DIMENSION = 384;

    @Test
    void should_find_the_same_nearest_rows_as_a_full_scan() {
        Random random = new Random(7);
        float[][] vectors = clustered(random, 5_000, 40);
        TermVectorMatrix matrix = new TermVectorMatrix(vectors, DIMENSION);

        for (int q = 0; q < 50; q++) {
            // Queries near stored vectors, as a query near some term names is, and far from all.
            float[] query = q % 2 == 0 ? RandomVectors.near(random, vectors[random.nextInt(vectors.length)], 0.3f)
                    : RandomVectors.unit(random, DIMENSION);
            for (int k : new int[] {1, 8, 100}) {
                assertThat(docs(collect(matrix, query, null, 0, k))).as("query %d, k %d", q, k)
                        .containsExactlyElementsOf(docs(fullScan(vectors, query, null, 0, k)));
            }
        }
    }

    @Test
    void should_skip_deleted_and_missing_documents_and_shift_ids_by_the_segment_base() {
        Random random = new Random(11);
        float[][] vectors = clustered(random, 600, 6);
        vectors[3] = null;
        vectors[17] = null;
        FixedBitSet live = new FixedBitSet(vectors.length);
        live.set(0, vectors.length);
        float[] query = RandomVectors.near(random, vectors[42], 0.05f);
        live.clear(42);
        TermVectorMatrix matrix = new TermVectorMatrix(vectors, DIMENSION);

        List<ScoreDoc> found = collect(matrix, query, live, 1_000, 20);

        assertThat(matrix.rows()).isEqualTo(598);
        assertThat(docs(found)).doesNotContain(1_042, 1_003, 1_017).allMatch(d -> d >= 1_000)
                .containsExactlyElementsOf(docs(fullScan(vectors, query, live, 1_000, 20)));
    }

    @Test
    void should_find_the_same_rows_when_the_vectors_span_few_directions() {
        // More vectors than dimensions, all in a plane of a few directions: a second-moment matrix far from full rank.
        Random random = new Random(5);
        float[][] vectors = clustered(random, 2_000, 3);
        for (int i = 0; i < vectors.length; i++) {
            java.util.Arrays.fill(vectors[i], 8, DIMENSION, 0f);
            vectors[i] = Vectors.normalized(vectors[i]);
        }
        TermVectorMatrix matrix = new TermVectorMatrix(vectors, DIMENSION);
        float[] query = RandomVectors.near(random, vectors[9], 0.2f);

        assertThat(docs(collect(matrix, query, null, 0, 10)))
                .containsExactlyElementsOf(docs(fullScan(vectors, query, null, 0, 10)));
    }

    @Test
    void should_keep_better_hits_of_an_earlier_segment_and_take_every_row_of_a_short_one() {
        Random random = new Random(13);
        float[][] first = clustered(random, 400, 4);
        float[][] second = clustered(random, 5, 2);
        float[] query = RandomVectors.near(random, first[7], 0.1f);
        float[][] both = new float[first.length + second.length][];
        System.arraycopy(first, 0, both, 0, first.length);
        System.arraycopy(second, 0, both, first.length, second.length);

        HitQueue best = new HitQueue(10, true);
        new TermVectorMatrix(first, DIMENSION).collect(query, null, 0, best);
        new TermVectorMatrix(second, DIMENSION).collect(query, null, first.length, best);

        assertThat(docs(drained(best))).containsExactlyElementsOf(docs(fullScan(both, query, null, 0, 10)));
        assertThat(docs(collect(new TermVectorMatrix(second, DIMENSION), query, null, 0, 10)))
                .containsExactlyElementsOf(docs(fullScan(second, query, null, 0, 10))).hasSize(5);
    }

    @Test
    void should_find_the_same_rows_among_near_duplicates() {
        // Rows closer to each other than the 8-bit codes can tell apart: the second pass in floats must decide.
        Random random = new Random(17);
        float[] centre = RandomVectors.unit(random, DIMENSION);
        float[][] vectors = new float[300][];
        for (int i = 0; i < vectors.length; i++) {
            vectors[i] = RandomVectors.near(random, centre, 0.002f);
        }
        TermVectorMatrix matrix = new TermVectorMatrix(vectors, DIMENSION);
        float[] query = RandomVectors.near(random, centre, 0.5f);

        assertThat(docs(collect(matrix, query, null, 0, 8))).containsExactlyElementsOf(docs(fullScan(vectors, query, null, 0, 8)));
    }

    @Test
    void should_score_as_the_dot_product() {
        Random random = new Random(3);
        float[][] vectors = clustered(random, 50, 2);
        float[] query = RandomVectors.unit(random, DIMENSION);

        List<ScoreDoc> found = collect(new TermVectorMatrix(vectors, DIMENSION), query, null, 0, 5);

        for (ScoreDoc d : found) {
            assertThat(d.score).isCloseTo(VectorUtil.dotProduct(query, vectors[d.doc]), org.assertj.core.data.Offset.offset(1e-5f));
        }
    }

    private static List<ScoreDoc> collect(TermVectorMatrix matrix, float[] query, FixedBitSet live, int base, int k) {
        HitQueue best = new HitQueue(k, true);
        matrix.collect(query, live, base, best);
        return drained(best);
    }

    private static List<ScoreDoc> fullScan(float[][] vectors, float[] query, FixedBitSet live, int base, int k) {
        return IntStream.range(0, vectors.length)
                .filter(d -> vectors[d] != null && (live == null || live.get(d)))
                .mapToObj(d -> new ScoreDoc(base + d, VectorUtil.dotProduct(query, vectors[d])))
                .sorted(Comparator.comparingDouble((ScoreDoc d) -> -d.score).thenComparingInt(d -> d.doc))
                .limit(k).toList();
    }

    private static List<ScoreDoc> drained(HitQueue best) {
        List<ScoreDoc> out = new ArrayList<>();
        while (best.size() > 0) {
            ScoreDoc d = best.pop();
            if (d.score != Float.NEGATIVE_INFINITY) {
                out.add(0, d);
            }
        }
        return out;
    }

    private static List<Integer> docs(List<ScoreDoc> hits) {
        return hits.stream().map(d -> d.doc).toList();
    }

    /** Unit vectors around a few centres, as names of one branch of a vocabulary lie near each other. */
    private static float[][] clustered(Random random, int count, int centres) {
        float[][] centre = new float[centres][];
        for (int c = 0; c < centres; c++) {
            centre[c] = RandomVectors.unit(random, DIMENSION);
        }
        float[][] out = new float[count][];
        for (int i = 0; i < count; i++) {
            out[i] = RandomVectors.near(random, centre[random.nextInt(centres)], 0.8f);
        }
        return out;
    }
}
