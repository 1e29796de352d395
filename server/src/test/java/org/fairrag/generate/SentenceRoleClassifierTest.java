package org.fairrag.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Arrays;
import java.util.List;
import org.fairrag.embed.EmbeddingSettings;
import org.fairrag.embed.LangChainEmbedder;
import org.junit.jupiter.api.Test;

/** The bundled sentence-role classifier with the real embedding model. */
class SentenceRoleClassifierTest {

    private static final LangChainEmbedder EMBEDDER = LangChainEmbedder.create(EmbeddingSettings.DEFAULT);

    @Test
    void should_be_bundled_for_the_default_embedding_model_only() {
        assertThat(SentenceRoleClassifier.bundledFor("all-minilm-l6-v2", 384)).isPresent();
        assertThat(SentenceRoleClassifier.bundledFor("openai:text-embedding-3-small", 1536)).isEmpty();
        assertThat(SentenceRoleClassifier.bundled().identity()).matches("sentence-roles-lr@[0-9a-f]{12}");
    }

    @Test
    void should_tell_the_role_of_sentences_of_an_unstructured_abstract() {
        SentenceRoleClassifier classifier = SentenceRoleClassifier.bundled();
        List<String> abstractText = List.of(
                "Oral squamous cell carcinoma is a common malignancy with poor survival in many countries.",
                "We enrolled 120 patients and randomly assigned them to receive the drug or a placebo for six months.",
                "The response rate was 45% in the treated group and 20% in the placebo group (p < 0.01).",
                "These findings suggest that the drug may be a useful addition to the treatment of oral cancer.");
        List<float[]> vectors = EMBEDDER.embedAll(abstractText);

        SentenceRole[] expected = SentenceRole.values();
        for (int i = 0; i < abstractText.size(); i++) {
            double[] p = classifier.probabilities(vectors.get(i), i, abstractText.size());
            assertThat(Arrays.stream(p).sum()).isCloseTo(1.0, within(1e-9));
            int best = 0;
            for (int k = 1; k < p.length; k++) {
                best = p[k] > p[best] ? k : best;
            }
            assertThat(SentenceRole.values()[best]).as(abstractText.get(i)).isEqualTo(expected[i]);
        }
    }

    @Test
    void should_ship_its_training_data_checksum_and_a_held_back_accuracy_above_the_majority_role() throws Exception {
        JsonNode json;
        try (var in = SentenceRoleClassifier.class.getResourceAsStream(SentenceRoleClassifier.BUNDLED)) {
            json = new ObjectMapper().readTree(in);
        }

        assertThat(json.path("training").path("sha256").asText()).matches("sha256:[0-9a-f]{64}");
        assertThat(json.path("training").path("files").size()).isPositive();
        assertThat(json.path("heldBack").path("accuracy").asDouble())
                .isGreaterThan(json.path("heldBack").path("majorityRoleAccuracy").asDouble() + 0.3);
    }
}
