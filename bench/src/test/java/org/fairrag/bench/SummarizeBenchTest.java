package org.fairrag.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.fairrag.app.Fairrag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The scoring and the record split of {@code bench summarize}. */
class SummarizeBenchTest {

    @Test
    void should_score_rouge_l_by_the_longest_common_subsequence_of_words() {
        assertThat(SummarizeBench.rougeL("The cat sat on the mat.", "the cat is on the mat")).isCloseTo(5 / 6.0, within(1e-9));
        assertThat(SummarizeBench.rougeL("on the mat the cat", "the cat on the mat")).isCloseTo(0.6, within(1e-9));
        assertThat(SummarizeBench.rougeL("nothing shared", "the cat")).isZero();
        assertThat(SummarizeBench.rougeL("", "the cat")).isZero();
    }

    @Test
    void should_give_a_seeded_bootstrap_interval_around_the_mean_and_of_paired_differences() {
        double[] a = {0.1, 0.4, 0.2, 0.9, 0.5, 0.3};
        double[] b = {0.0, 0.3, 0.1, 0.8, 0.4, 0.2};

        double[] ci = SummarizeBench.bootstrap(a, null, 1000);
        double[] difference = SummarizeBench.bootstrap(a, b, 1000);

        assertThat(ci[0]).isLessThan(0.4).isGreaterThanOrEqualTo(0.1);
        assertThat(ci[1]).isGreaterThan(0.4).isLessThanOrEqualTo(0.9);
        assertThat(SummarizeBench.bootstrap(a, null, 1000)).containsExactly(ci);
        assertThat(difference[0]).isCloseTo(0.1, within(1e-9));
        assertThat(difference[1]).isCloseTo(0.1, within(1e-9));
    }

    @Test
    void should_take_the_pubmedqa_records_of_one_half_with_the_conclusion_cut_off_the_abstract(@TempDir Path dir) throws Exception {
        List<String> lines = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Fairrag.class.getResourceAsStream(Fairrag.DEMO_ARTICLES)), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null && lines.size() < 40; line = in.readLine()) {
                lines.add(line);
            }
        }
        Path file = dir.resolve("records.jsonl");
        Files.write(file, lines);

        List<SummarizeBench.QaRecord> even = SummarizeBench.read(file, SummarizeBench.Half.EVEN);
        List<SummarizeBench.QaRecord> odd = SummarizeBench.read(file, SummarizeBench.Half.ODD);
        List<SummarizeBench.QaRecord> all = SummarizeBench.read(file, SummarizeBench.Half.ALL);

        assertThat(even).isNotEmpty().allMatch(r -> Long.parseLong(r.pmid()) % 2 == 0);
        assertThat(odd).allMatch(r -> Long.parseLong(r.pmid()) % 2 == 1);
        assertThat(all).hasSize(even.size() + odd.size());
        assertThat(lines.stream().filter(l -> l.contains("\"pubmedqa")).count()).isEqualTo(all.size());
        for (SummarizeBench.QaRecord r : all) {
            assertThat(r.context()).isNotBlank().doesNotContain(r.conclusion());
            assertThat(r.question()).endsWith("?");
        }
    }
}
