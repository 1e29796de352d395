package org.fairrag.vectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class KnnCandidatesTest {

    @Test
    void should_keep_600_candidates_up_to_240000_chunk_vectors() {
        assertThat(KnnCandidates.SCALED.forChunkVectors(0)).isEqualTo(600);
        assertThat(KnnCandidates.SCALED.forChunkVectors(7_500)).isEqualTo(600);
        assertThat(KnnCandidates.SCALED.forChunkVectors(100_000)).isEqualTo(600);
        assertThat(KnnCandidates.SCALED.forChunkVectors(240_000)).isEqualTo(600);
    }

    @Test
    void should_grow_in_proportion_to_the_chunk_vectors_above_that() {
        assertThat(KnnCandidates.SCALED.forChunkVectors(240_400)).isEqualTo(601);
        assertThat(KnnCandidates.SCALED.forChunkVectors(300_000)).isEqualTo(750);
        assertThat(KnnCandidates.SCALED.forChunkVectors(1_000_000)).isEqualTo(2_500);
        assertThat(KnnCandidates.SCALED.forChunkVectors(Long.MAX_VALUE / 2)).isEqualTo(Integer.MAX_VALUE);
    }

    @Test
    void should_keep_a_fixed_count_at_every_size() {
        KnnCandidates fixed = KnnCandidates.fixed(600);

        assertThat(fixed.isFixed()).isTrue();
        assertThat(KnnCandidates.SCALED.isFixed()).isFalse();
        assertThat(fixed.forChunkVectors(10)).isEqualTo(600);
        assertThat(fixed.forChunkVectors(1_000_000)).isEqualTo(600);
        assertThat(fixed.describe()).isEqualTo("600");
        assertThat(KnnCandidates.SCALED.describe()).isEqualTo("auto");
    }

    @Test
    void should_parse_auto_or_a_number_and_explain_anything_else() {
        assertThat(KnnCandidates.parse(" AUTO ")).isEqualTo(KnnCandidates.SCALED);
        assertThat(KnnCandidates.parse("1200")).isEqualTo(KnnCandidates.fixed(1200));
        for (String bad : new String[] {"0", "-5", "many", "", "1.5"}) {
            assertThatThrownBy(() -> KnnCandidates.parse(bad)).as(bad)
                    .hasMessageContaining("FAIRRAG_VECTOR_CANDIDATES must be auto or a number");
        }
    }

    @Test
    void should_refuse_a_rule_without_candidates_or_with_more_than_one_a_vector() {
        assertThatThrownBy(() -> new KnnCandidates(0, 0.1)).hasMessageContaining("at least one candidate");
        assertThatThrownBy(() -> new KnnCandidates(10, 1.5)).hasMessageContaining("from 0 to 1");
        assertThatThrownBy(() -> new KnnCandidates(10, Double.NaN)).hasMessageContaining("from 0 to 1");
    }
}
