package org.fairrag.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.fairrag.app.FairragConfig;
import org.fairrag.vectors.KnnCandidates;
import org.fairrag.vectors.VectorQuantization;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class SearchBenchOptionsTest {

    private static SearchBench parse(String... args) {
        SearchBench bench = new SearchBench();
        new CommandLine(bench).parseArgs(args);
        return bench;
    }

    @Test
    void should_take_several_sizes_and_the_corpus_recipe() {
        SearchBench bench = parse("--articles", "100000,1000000", "--chunks-per-article", "1", "--quantization", "int8",
                "--no-force-merge", "--write-buffer-mb", "1536", "--build-only");
        bench.validate();

        assertThat(bench.articles).containsExactly(100_000, 1_000_000);
        assertThat(bench.chunksPerArticle).isEqualTo(1);
        assertThat(bench.quantization).isEqualTo("int8");
        assertThat(bench.noForceMerge).isTrue();
        assertThat(bench.writeBufferMb).isEqualTo(1536);
        assertThat(bench.buildOnly).isTrue();
    }

    @Test
    void should_measure_the_demo_unless_only_derived_corpora_are_asked_for() {
        assertThat(parse().measuresDemo()).isTrue();
        assertThat(parse("--demo-only").measuresDemo()).isTrue();
        assertThat(parse("--derived-only").measuresDemo()).isFalse();
        assertThat(parse("--build-only").measuresDemo()).isFalse();
    }

    @Test
    void should_keep_the_earlier_single_corpus_by_default() {
        SearchBench bench = parse();
        bench.validate();

        assertThat(bench.articles).containsExactly(100_000);
        assertThat(bench.chunksPerArticle).isZero();
        assertThat(bench.noForceMerge).isFalse();
        assertThat(SearchBench.corpusName(100_000, 0, VectorQuantization.NONE)).isEqualTo("derived-100000");
    }

    @Test
    void should_build_corpora_of_other_recipes_in_other_directories() {
        assertThat(List.of(SearchBench.corpusName(100_000, 0, VectorQuantization.NONE),
                SearchBench.corpusName(100_000, 1, VectorQuantization.NONE),
                SearchBench.corpusName(100_000, 1, VectorQuantization.INT8),
                SearchBench.corpusName(1_000_000, 1, VectorQuantization.INT8))).doesNotHaveDuplicates()
                .contains("derived-1000000-c1-int8");
    }

    @Test
    void should_refuse_sizes_below_one_and_unknown_quantizations() {
        assertThatThrownBy(() -> parse("--articles", "100000,0").validate()).hasMessageContaining("--articles");
        assertThatThrownBy(() -> parse("--chunks-per-article", "-1").validate()).hasMessageContaining("--chunks-per-article");
        assertThatThrownBy(() -> parse("--quantization", "int4").validate()).hasMessageContaining("none or int8");
        assertThatThrownBy(() -> parse("--articles", "many")).isInstanceOf(CommandLine.ParameterException.class);
        assertThatThrownBy(() -> parse("--knn-candidates", "0").validate()).hasMessageContaining("--knn-candidates");
    }

    @Test
    void should_search_the_derived_corpora_with_the_server_s_candidates_unless_told() {
        FairragConfig config = FairragConfig.fromEnvironment(Map.of("FAIRRAG_VECTOR_CANDIDATES", "300")).build();

        assertThat(parse().candidateSettings(config)).containsExactly(KnnCandidates.fixed(300));
        assertThat(parse().candidateSettings(FairragConfig.fromEnvironment(Map.of()).build()))
                .containsExactly(KnnCandidates.SCALED);
        assertThat(parse("--knn-candidates", "200").candidateSettings(config)).containsExactly(KnnCandidates.fixed(200));
    }

    @Test
    void should_try_the_server_s_rule_with_another_share_of_the_chunk_vectors() {
        SearchBench bench = parse("--knn-candidates", "auto,0.2%");
        bench.validate();
        List<KnnCandidates> settings = bench.candidateSettings(FairragConfig.fromEnvironment(Map.of()).build());

        assertThat(settings).containsExactly(KnnCandidates.SCALED, new KnnCandidates(600, 0.002));
        assertThat(settings.get(1).forChunkVectors(1_000_000)).isEqualTo(2_000);
        assertThat(settings.get(1).forChunkVectors(200_000)).isEqualTo(600);
        assertThatThrownBy(() -> parse("--knn-candidates", "150%").validate()).hasMessageContaining("--knn-candidates");
        assertThatThrownBy(() -> parse("--knn-candidates", "x%").validate()).hasMessageContaining("--knn-candidates");
    }

    @Test
    void should_measure_each_candidate_setting_in_turn_in_one_run() {
        SearchBench bench = parse("--knn-candidates", "auto,600,auto");
        bench.validate();

        assertThat(bench.candidateSettings(FairragConfig.fromEnvironment(Map.of()).build()))
                .containsExactly(KnnCandidates.SCALED, KnnCandidates.fixed(600));
        assertThatThrownBy(() -> parse("--knn-candidates", "auto,many").validate()).hasMessageContaining("--knn-candidates");
    }

    @Test
    void should_give_the_nearest_rank_percentiles_of_the_search_times() {
        double[] ms = new double[200];
        for (int i = 0; i < ms.length; i++) {
            ms[i] = ms.length - i;
        }

        assertThat(SearchBench.percentile(ms, 50)).isEqualTo(100);
        assertThat(SearchBench.percentile(ms, 99)).isEqualTo(198);
        assertThat(SearchBench.percentile(new double[] {7}, 99)).isEqualTo(7);
        assertThat(SearchBench.percentile(new double[0], 50)).isZero();
    }
}
