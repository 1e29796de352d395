package org.fairrag.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.fairrag.embed.Chunker;
import org.fairrag.embed.Embedder;
import org.fairrag.embed.EmbeddingSettings;
import org.fairrag.embed.LangChainEmbedder;
import org.fairrag.embed.PrecomputedVectors;
import org.fairrag.embed.Vectors;
import org.fairrag.ingest.Article;
import org.fairrag.terms.TermIndexer;
import org.fairrag.vocab.Concept;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The vectors shipped in the jar still stand for the bundled data, the model and the chunker: when this
 * fails, regenerate them with {@code java -jar server/target/fairrag.jar demo-vectors} (see the README).
 */
class ShippedVectorsTest {

    private static final String REGENERATE = "the shipped vectors no longer match: regenerate them with "
            + "`java -jar server/target/fairrag.jar demo-vectors` from the repository root";
    /** Every how many-th name or article is compared with what the model computes today. */
    private static final int SAMPLE_EVERY = 50;

    private static Embedder model;
    private static Chunker chunker;
    private static PrecomputedVectors names;
    private static PrecomputedVectors chunks;
    private static List<Article> articles;

    @BeforeAll
    static void read() throws IOException {
        model = LangChainEmbedder.create(EmbeddingSettings.DEFAULT);
        chunker = new Chunker();
        names = shipped(Fairrag.MESH_NAME_VECTORS);
        chunks = shipped(Fairrag.DEMO_CHUNK_VECTORS);
        articles = DemoData.articles();
    }

    @Test
    void should_be_stamped_with_the_bundled_data_the_model_and_the_chunker() throws IOException {
        assertThat(names.mismatch(model, chunker.version(), PrecomputedVectors.resourcesChecksum(VectorsModule.NAME_VECTOR_INPUTS))).as(REGENERATE)
                .isEmpty();
        assertThat(chunks.mismatch(model, chunker.version(), PrecomputedVectors.resourcesChecksum(List.of(Fairrag.DEMO_ARTICLES)))).as(REGENERATE).isEmpty();
    }

    @Test
    void should_hold_every_mesh_preferred_name_every_lay_name_and_the_chunks_of_every_demo_article() throws IOException {
        List<Concept> concepts = DemoData.meshConcepts();
        assertThat(concepts).hasSizeGreaterThan(30_000);
        assertThat(concepts).allSatisfy(c -> assertThat(names.vector(c.prefLabel())).as(REGENERATE + ": " + c.prefLabel()).isPresent());
        assertThat(TermIndexer.bundledLayNames()).hasSizeGreaterThan(5_000)
                .allSatisfy(n -> assertThat(names.vector(n)).as(REGENERATE + ": " + n).isPresent());

        assertThat(articles).hasSize(2500);
        for (Article a : articles) {
            List<String> shipped = chunks.chunks(a.title(), a.abstractText()).orElseThrow(() -> new AssertionError(REGENERATE
                    + ": no chunks for PMID " + a.pmid()));
            assertThat(shipped).allSatisfy(c -> assertThat(chunks.vector(c)).isPresent());
        }
    }

    @Test
    void should_be_what_the_chunker_and_the_model_give_today() {
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < articles.size(); i += SAMPLE_EVERY) {
            Article a = articles.get(i);
            List<String> today = chunker.chunks(a.title(), a.abstractText());
            assertThat(chunks.chunks(a.title(), a.abstractText())).as(REGENERATE + ": PMID " + a.pmid()).hasValue(today);
            texts.addAll(today);
        }
        List<float[]> fresh = model.embedAll(texts);
        double sum = 0;
        for (int i = 0; i < texts.size(); i++) {
            double cosine = Vectors.dot(fresh.get(i), chunks.vector(texts.get(i)).orElseThrow());
            assertThat(cosine).as(texts.get(i)).isGreaterThan(0.999);
            sum += cosine;
        }
        assertThat(sum / texts.size()).isGreaterThan(0.9995);
    }

    @Test
    void should_give_the_names_vectors_close_to_the_models() throws IOException {
        List<String> sample = new ArrayList<>();
        List<Concept> concepts = DemoData.meshConcepts();
        for (int i = 0; i < concepts.size(); i += SAMPLE_EVERY * 10) {
            sample.add(concepts.get(i).prefLabel());
        }
        List<float[]> fresh = model.embedAll(sample);
        for (int i = 0; i < sample.size(); i++) {
            assertThat((double) Vectors.dot(fresh.get(i), names.vector(sample.get(i)).orElseThrow())).as(sample.get(i))
                    .isGreaterThan(0.999);
        }
    }

    private static PrecomputedVectors shipped(String resource) throws IOException {
        try (InputStream in = ShippedVectorsTest.class.getResourceAsStream(resource)) {
            assertThat(in).as(REGENERATE + ": " + resource + " is missing").isNotNull();
            return PrecomputedVectors.read(in);
        }
    }
}
