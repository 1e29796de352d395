package org.fairrag.embed;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The file of precomputed vectors: what it gives back, how close, and when it may stand in for the model. */
class PrecomputedVectorsTest {

    private static final Embedder MODEL = LangChainEmbedder.create(EmbeddingSettings.DEFAULT);
    private static final String CHUNKER = "sentences-126 test";

    @Test
    void should_give_back_each_text_vector_and_article_chunks() throws Exception {
        List<String> texts = List.of("Mouth Neoplasms", "Heart attack and its treatment.", "A second chunk of the article.");
        List<float[]> exact = MODEL.embedAll(texts);
        var builder = new PrecomputedVectors.Builder(stamp(probe("heart attack"), "sha256:in"));
        for (int i = 0; i < texts.size(); i++) {
            builder.add(texts.get(i), exact.get(i));
        }
        builder.addArticle("Heart attack", "and its treatment. A second chunk of the article.", texts.subList(1, 3));

        PrecomputedVectors read = roundTrip(builder);

        assertThat(read.size()).isEqualTo(3);
        assertThat(read.articleCount()).isEqualTo(1);
        for (int i = 0; i < texts.size(); i++) {
            float[] v = read.vector(texts.get(i)).orElseThrow();
            assertThat(Vectors.dot(v, v)).isCloseTo(1.0f, org.assertj.core.data.Offset.offset(1e-5f));
            assertThat(Vectors.dot(v, exact.get(i))).as(texts.get(i)).isGreaterThan(0.9995f);
        }
        assertThat(read.vector("not a known text")).isEmpty();
        assertThat(read.chunks("Heart attack", "and its treatment. A second chunk of the article.")).hasValue(texts.subList(1, 3));
        assertThat(read.chunks("Heart attack", "another abstract")).isEmpty();
    }

    @Test
    void should_keep_unit_vectors_close_in_eight_bits() {
        Random random = new Random(7);
        for (int n = 0; n < 200; n++) {
            float[] v = new float[384];
            for (int i = 0; i < v.length; i++) {
                v[i] = (float) random.nextGaussian();
            }
            v = Vectors.normalized(v);
            assertThat(Vectors.dot(v, Quantization.viaInt8(v))).isGreaterThan(0.999f);
            assertThat(Vectors.dot(v, Quantization.viaFloat16(v))).isGreaterThan(0.99999f);
        }
    }

    @Test
    void should_stand_in_for_the_model_only_when_everything_it_was_made_with_holds() throws Exception {
        PrecomputedVectors ok = roundTrip(new PrecomputedVectors.Builder(stamp(probe("heart attack"), "sha256:in")));

        assertThat(ok.mismatch(MODEL, CHUNKER, "sha256:in")).isEmpty();
        assertThat(ok.mismatch(MODEL, CHUNKER, "sha256:other")).hasValueSatisfying(r -> assertThat(r).contains("other data"));
        assertThat(ok.mismatch(MODEL, "sentences-64 test", "sha256:in")).hasValueSatisfying(r -> assertThat(r).contains("chunked"));
        Embedder otherModel = new Embedder() {
            @Override
            public List<float[]> embedAll(List<String> texts) {
                return MODEL.embedAll(texts);
            }

            @Override
            public int dimension() {
                return MODEL.dimension();
            }

            @Override
            public String modelName() {
                return "openai:text-embedding-3-small";
            }
        };
        assertThat(ok.mismatch(otherModel, CHUNKER, "sha256:in")).hasValueSatisfying(r -> assertThat(r).contains("made with"));
        PrecomputedVectors.Probe changed = new PrecomputedVectors.Probe("heart attack", MODEL.embed("a walk in the park"));
        PrecomputedVectors drifted = roundTrip(new PrecomputedVectors.Builder(stamp(changed, "sha256:in")));
        assertThat(drifted.mismatch(MODEL, CHUNKER, "sha256:in")).hasValueSatisfying(r -> assertThat(r).contains("probe"));
    }

    @Test
    void should_checksum_inputs_by_their_bytes() throws Exception {
        String a = PrecomputedVectors.inputsChecksum(List.of(stream("one"), stream("two")));
        String b = PrecomputedVectors.inputsChecksum(List.of(stream("one"), stream("two")));
        String c = PrecomputedVectors.inputsChecksum(List.of(stream("one"), stream("two!")));

        assertThat(a).isEqualTo(b).isNotEqualTo(c).startsWith("sha256:");
    }

    private static PrecomputedVectors.Stamp stamp(PrecomputedVectors.Probe probe, String inputs) {
        return new PrecomputedVectors.Stamp(MODEL.modelName(), MODEL.dimension(), List.of(probe), CHUNKER, inputs);
    }

    private static PrecomputedVectors.Probe probe(String text) {
        return new PrecomputedVectors.Probe(text, MODEL.embed(text));
    }

    private static PrecomputedVectors roundTrip(PrecomputedVectors.Builder builder) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        builder.write(out);
        return PrecomputedVectors.read(new ByteArrayInputStream(out.toByteArray()));
    }

    private static ByteArrayInputStream stream(String s) {
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
    }
}
