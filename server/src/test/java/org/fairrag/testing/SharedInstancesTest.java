package org.fairrag.testing;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The suite's shared instances index the bundled data with the vectors shipped in the jar, as a user's
 * first start does: were the model to embed MeSH's names and the demo's chunks again, every test run
 * would spend minutes on it.
 */
class SharedInstancesTest {

    @Test
    void should_index_mesh_names_with_the_shipped_vectors_only() {
        TestFairrag.IndexedTexts mesh = TestFairrag.meshLoadTexts();
        assertThat(mesh.model()).isZero();
        assertThat(mesh.shipped()).isGreaterThan(30_000);
    }

    @Test
    void should_index_the_demo_articles_chunks_with_the_shipped_vectors_only() {
        TestFairrag.IndexedTexts demo = TestFairrag.demoLoadTexts();
        assertThat(demo.model()).isZero();
        assertThat(demo.shipped()).isGreaterThan(2_500);
    }

    @Test
    void should_hand_out_the_demo_with_every_article_annotated_and_its_associations_counted() {
        org.fairrag.app.Fairrag demo = TestFairrag.demo();
        assertThat(demo.annotating()).as("the background annotation has ended").isEmpty();
        assertThat(demo.mentionCheck().missing()).isEmpty();
        assertThat(demo.mentionIndex().counts().articles()).isEqualTo(2_500);
        assertThat(demo.graph().size(java.util.List.of(demo.graphs().publicAssociations()))).isPositive();
    }
}
