package org.fairrag.embed;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CachingEmbedderTest {

    private static final Embedder MODEL = LangChainEmbedder.create(EmbeddingSettings.DEFAULT);

    /** Counts what reaches the model. */
    private static final class Counting implements Embedder {
        final List<String> seen = new ArrayList<>();

        @Override
        public List<float[]> embedAll(List<String> texts) {
            seen.addAll(texts);
            return MODEL.embedAll(texts);
        }

        @Override
        public int dimension() {
            return MODEL.dimension();
        }

        @Override
        public String modelName() {
            return MODEL.modelName();
        }
    }

    @Test
    void should_embed_a_repeated_query_once_and_give_the_same_vector() {
        Counting model = new Counting();
        CachingEmbedder cached = new CachingEmbedder(model, 100);

        float[] first = cached.embed("mouth cancer");
        float[] again = cached.embed("mouth cancer");
        List<float[]> mixed = cached.embedAll(List.of("mouth cancer", "heart attack"));

        assertThat(model.seen).containsExactly("mouth cancer", "heart attack");
        assertThat(again).isSameAs(first);
        assertThat(mixed.get(0)).isSameAs(first);
        assertThat(cached.dimension()).isEqualTo(384);
    }

    @Test
    void should_make_unit_vectors_that_put_related_texts_closer() {
        float[] mouth = MODEL.embed("mouth cancer");
        float[] oral = MODEL.embed("Mouth Neoplasms");
        float[] bone = MODEL.embed("broken leg bone");

        assertThat(Vectors.dot(mouth, mouth)).isCloseTo(1f, org.assertj.core.data.Offset.offset(1e-4f));
        assertThat(Vectors.dot(mouth, oral)).isGreaterThan(Vectors.dot(mouth, bone));
    }
}
