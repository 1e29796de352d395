package org.fairrag.embed;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.util.List;
import org.fairrag.app.DemoData;
import org.fairrag.app.Fairrag;
import org.fairrag.app.VectorsModule;
import org.fairrag.ingest.Article;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The vectors shipped in the jar stand in for the real model only when they were made with it, with this
 * chunker and from the bundled files as they are; otherwise the model computes every vector and the chunker
 * cuts every article, as if nothing had been shipped.
 */
class BundledVectorsTest {

    private static final String NAME = "Myocardial Infarction";
    private static final BundledVectors.Source NAMES = new BundledVectors.Source(Fairrag.MESH_NAME_VECTORS,
            VectorsModule.NAME_VECTOR_INPUTS);
    private static final BundledVectors.Source CHUNKS = new BundledVectors.Source(Fairrag.DEMO_CHUNK_VECTORS,
            List.of(Fairrag.DEMO_ARTICLES));

    private static Embedder model;
    private static Chunker chunker;
    private static Article article;

    @BeforeAll
    static void read() throws IOException {
        model = LangChainEmbedder.create(EmbeddingSettings.DEFAULT);
        chunker = new Chunker();
        // One with a long abstract: a chunker of other chunk sizes cuts it otherwise.
        article = DemoData.articles().stream().filter(a -> chunker.chunks(a.title(), a.abstractText()).size() > 1)
                .findFirst().orElseThrow();
    }

    @Test
    void should_stand_in_for_the_model_where_they_match() {
        BundledVectors bundled = new BundledVectors(List.of(NAMES, CHUNKS), model, chunker.version());

        float[] shipped = bundled.vector(NAME).orElseThrow();
        assertThat(Vectors.dot(shipped, model.embed(NAME))).isGreaterThan(0.999f);
        assertThat(shipped).as("8-bit vectors, not the model's own").isNotEqualTo(model.embed(NAME));
        assertThat(bundled.chunks(article.title(), article.abstractText())).hasValue(chunker.chunks(article.title(), article.abstractText()));
        assertThat(bundled.vector("a text nobody shipped")).isEmpty();

        MeterRegistry metrics = new SimpleMeterRegistry();
        PrecomputedEmbedder indexing = new PrecomputedEmbedder(model, bundled);
        indexing.bindTo(metrics);
        indexing.embedAll(List.of(NAME, "a text nobody shipped", "Neoplasms"));
        assertThat(metrics.get("fairrag.indexing.texts").tag("vectors", "known").counter().count()).isEqualTo(2);
        assertThat(metrics.get("fairrag.indexing.texts").tag("vectors", "model").counter().count()).isEqualTo(1);
    }

    @Test
    void should_leave_the_vectors_to_the_model_when_made_from_other_data() {
        BundledVectors.Source otherInputs = new BundledVectors.Source(Fairrag.MESH_NAME_VECTORS, List.of(Fairrag.DEMO_ARTICLES));
        BundledVectors bundled = new BundledVectors(List.of(otherInputs), model, chunker.version());

        assertThat(bundled.vector(NAME)).isEmpty();
        assertThat(new PrecomputedEmbedder(model, bundled).embed(NAME)).isEqualTo(model.embed(NAME));
    }

    @Test
    void should_cut_the_articles_afresh_when_they_were_cut_by_another_chunker() {
        BundledVectors bundled = new BundledVectors(List.of(CHUNKS), model, "sentences-64 another-splitter");
        String firstChunk = chunker.chunks(article.title(), article.abstractText()).get(0);

        assertThat(bundled.chunks(article.title(), article.abstractText())).isEmpty();
        assertThat(bundled.vector(firstChunk)).isEmpty();
        assertThat(new Chunker(64).using(bundled).chunks(article.title(), article.abstractText()))
                .isEqualTo(new Chunker(64).chunks(article.title(), article.abstractText()))
                .isNotEqualTo(chunker.chunks(article.title(), article.abstractText()));
    }

    @Test
    void should_leave_the_vectors_to_the_model_when_made_with_another() {
        Embedder renamed = new Embedder() {
            @Override
            public List<float[]> embedAll(List<String> texts) {
                return model.embedAll(texts);
            }

            @Override
            public int dimension() {
                return model.dimension();
            }

            @Override
            public String modelName() {
                return "all-minilm-l6-v2 fine-tuned";
            }
        };
        BundledVectors bundled = new BundledVectors(List.of(NAMES, CHUNKS), renamed, chunker.version());

        assertThat(bundled.vector(NAME)).isEmpty();
        assertThat(bundled.chunks(article.title(), article.abstractText())).isEmpty();
    }

    @Test
    void should_leave_the_vectors_to_the_model_when_none_are_shipped() {
        BundledVectors bundled = new BundledVectors(List.of(new BundledVectors.Source("/fairrag/demo/none.vectors",
                List.of(Fairrag.BUNDLED_MESH))), model, chunker.version());

        assertThat(bundled.vector(NAME)).isEmpty();
        assertThat(new PrecomputedEmbedder(model, bundled).embed(NAME)).isEqualTo(model.embed(NAME));
    }
}
