package org.fairrag.annotate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.fairrag.embed.Chunker;
import org.fairrag.testing.TestEmbedders;
import org.fairrag.testing.TestFairrag;
import org.fairrag.vectors.IndexedTerm;
import org.fairrag.vectors.LuceneVectorIndex;
import org.junit.jupiter.api.Test;

/**
 * The terms with the nearest names: each term once, by its nearest name, even when a term has several names
 * indexed (the server indexes a preferred name and lay names), and only names that count. A real index of
 * three-dimensional name vectors.
 */
class NearestNamesTest {

    @Test
    void should_return_k_distinct_terms_when_one_term_has_the_two_nearest_names() throws Exception {
        try (LuceneVectorIndex index = LuceneVectorIndex.open(TestFairrag.newDir("nearest-names"), "hand-made", 3)) {
            index.upsertTerms(List.of(
                    new IndexedTerm("D1", "c1", List.of(name("first", 1, 0, 0), name("first, other name", 0.99f, 0.141f, 0))),
                    new IndexedTerm("D2", "c2", List.of(name("second", 0.9f, 0.436f, 0))),
                    new IndexedTerm("D3", "c3", List.of(name("third", 0, 0, 1)))));
            NearestNames names = new NearestNames(index, TestEmbedders.model(), new Chunker(), Neighbours.Embedded.TITLE, 2,
                    hit -> true);

            List<NearestNames.Match> nearest = names.nearest(new float[] {1, 0, 0});

            assertThat(nearest).extracting(NearestNames.Match::termId).containsExactly("D1", "D2");
            assertThat(nearest).extracting(NearestNames.Match::rank).containsExactly(0, 1);
            assertThat(nearest.get(0).similarity()).isGreaterThan(nearest.get(1).similarity());
        }
    }

    @Test
    void should_pass_over_names_that_do_not_count_however_near() throws Exception {
        try (LuceneVectorIndex index = LuceneVectorIndex.open(TestFairrag.newDir("nearest-names-counted"), "hand-made", 3)) {
            index.upsertTerms(List.of(
                    new IndexedTerm("D1", "c1", List.of(name("first", 1, 0, 0))),
                    new IndexedTerm("D2", "c2", List.of(name("second", 0, 1, 0), name("everyday second", 0.99f, 0.141f, 0))),
                    new IndexedTerm("D3", "c3", List.of(name("third", 0.9f, 0.436f, 0)))));
            NearestNames names = new NearestNames(index, TestEmbedders.model(), new Chunker(), Neighbours.Embedded.TITLE, 2,
                    hit -> !hit.name().startsWith("everyday"));

            assertThat(names.nearest(new float[] {1, 0, 0})).extracting(NearestNames.Match::termId).containsExactly("D1", "D3");
        }
    }

    private static IndexedTerm.Name name(String text, float x, float y, float z) {
        float norm = (float) Math.sqrt(x * x + y * y + z * z);
        return new IndexedTerm.Name(text, new float[] {x / norm, y / norm, z / norm});
    }
}
