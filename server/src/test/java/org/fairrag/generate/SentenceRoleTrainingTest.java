package org.fairrag.generate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.fairrag.embed.EmbeddingSettings;
import org.fairrag.embed.LangChainEmbedder;
import org.fairrag.ingest.ReadResult;
import org.fairrag.ingest.RecordReader;
import org.fairrag.ingest.read.SourceFormats;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Fitting the sentence-role classifier on real structured abstracts (the Kaggle sample) with the real embedding model. */
class SentenceRoleTrainingTest {

    private static final LangChainEmbedder EMBEDDER = LangChainEmbedder.create(EmbeddingSettings.DEFAULT);
    private static final Map<String, float[]> EMBEDDED = new HashMap<>();
    private static final List<SentenceRoleTraining.LabelledAbstract> ABSTRACTS = new ArrayList<>();
    private static final Map<String, String> SOURCES = Map.of("kaggle sample", "sha256:test");
    private static SentenceRoleTraining.Fitted fitted;

    @BeforeAll
    static void readStructuredAbstracts() throws Exception {
        try (RecordReader.Results results = SourceFormats.read(
                TestFairrag.resource("/samples/kaggle/kaggle_pubmed_multilabel_slice.csv.gz"))) {
            while (results.hasNext() && ABSTRACTS.size() < 40) {
                if (results.next() instanceof ReadResult.Accepted a && a.record().abstractText() != null
                        && a.record().abstractText().contains("RESULTS: ")) {
                    ABSTRACTS.add(new SentenceRoleTraining.LabelledAbstract(a.record().pmid(), a.record().abstractText()));
                }
            }
        }
    }

    /** The real model, each text embedded once however often the test fits. */
    private static final Function<List<String>, List<float[]>> EMBED = texts -> {
        List<String> missing = texts.stream().filter(t -> !EMBEDDED.containsKey(t)).distinct().toList();
        List<float[]> vectors = EMBEDDER.embedAll(missing);
        IntStream.range(0, missing.size()).forEach(i -> EMBEDDED.put(missing.get(i), vectors.get(i)));
        return texts.stream().map(EMBEDDED::get).toList();
    };

    @Test
    void should_learn_the_roles_of_labelled_sentences_better_than_the_majority_role_on_the_held_back_abstracts() throws Exception {
        SentenceRoleTraining.Fitted fitted = fitted();

        JsonNode json = new ObjectMapper().readTree(fitted.json());
        assertThat(json.path("embedding").asText()).isEqualTo("all-minilm-l6-v2");
        assertThat(json.path("training").path("sha256").asText()).startsWith("sha256:");
        assertThat(json.path("training").path("files").path("kaggle sample").asText()).isEqualTo("sha256:test");
        assertThat(json.path("heldBack").path("sentences").asInt()).isPositive();
        assertThat(json.path("heldBack").path("accuracy").asDouble())
                .isGreaterThan(json.path("heldBack").path("majorityRoleAccuracy").asDouble() + 0.1);
        assertThat(fitted.classifier().identity()).startsWith(SentenceRoleTraining.NAME + "@");
    }

    @Test
    void should_fit_the_same_classifier_from_the_same_abstracts() {
        byte[] first = fitted().json();
        byte[] second = training().fit(ABSTRACTS, SOURCES).json();

        assertThat(second).isEqualTo(first);
    }

    @Test
    void should_hold_back_about_one_abstract_in_five_by_pmid_alone() {
        long held = IntStream.range(0, 2000).mapToObj(i -> Integer.toString(30_000_000 + i * 37))
                .filter(SentenceRoleTraining::heldBack).count();

        assertThat(held).isBetween(340L, 460L);
        assertThat(SentenceRoleTraining.heldBack("30389700")).isEqualTo(SentenceRoleTraining.heldBack("30389700"));
        assertThat(IntStream.range(0, 200).map(i -> SentenceRoleTraining.fold(Integer.toString(1000 + i))).distinct().count())
                .isEqualTo(SentenceRoleTraining.FOLDS);
    }

    @Test
    void should_take_only_sentences_under_a_label_naming_a_role() {
        List<SentenceRoleTraining.Example> examples = SentenceRoleTraining.examples(List.of(
                new SentenceRoleTraining.LabelledAbstract("1", "BACKGROUND: Oral cancer is common in older smokers. "
                        + "TRIAL REGISTRATION: The trial was registered with the national registry. "
                        + "RESULTS: Survival improved in the treated group of patients."),
                new SentenceRoleTraining.LabelledAbstract("2", "Oral cancer is common in older smokers. Survival improved "
                        + "in the treated group of patients.")));

        assertThat(examples).extracting(SentenceRoleTraining.Example::role)
                .containsExactly(SentenceRole.BACKGROUND, SentenceRole.RESULTS);
        assertThat(examples).extracting(SentenceRoleTraining.Example::count).containsOnly(3);
    }

    /** One fit of {@link #ABSTRACTS}, made once for the class: a fit takes seconds of cross-validation. */
    private static synchronized SentenceRoleTraining.Fitted fitted() {
        if (fitted == null) {
            fitted = training().fit(ABSTRACTS, SOURCES);
        }
        return fitted;
    }

    private static SentenceRoleTraining training() {
        return new SentenceRoleTraining(EMBED, EMBEDDER.modelName(), EMBEDDER.dimension(), line -> { });
    }
}
