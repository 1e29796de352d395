package org.fairrag.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.fairrag.fdo.FdoKind;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.ConsistencyCheck;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.SourceFile;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.Test;

/**
 * A real {@code fairrag ingest} process killed (SIGKILL, no shutdown hook) after its first committed
 * batch: its embedded PostgreSQL outlives it, the next start stops that leftover instead of waiting for it,
 * and a rerun of the same file completes the run with the stores in agreement.
 */
class KillDuringIngestTest {

    private static final Path KAGGLE_CSV = TestFairrag.kaggleSlice(1200);

    @Test
    void should_agree_after_a_killed_ingest_is_run_again() throws Exception {
        Path dir = TestFairrag.newInstanceDir("killed");
        ProcessBuilder builder = new ProcessBuilder(javaBinary(), "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "ingest", "--data-dir", dir.toString(), "--base-url", TestFairrag.BASE_URL,
                "--no-demo", "--no-bundled-vocabulary", KAGGLE_CSV.toString())
                .redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.PIPE);
        // The stores that must agree are the graph and the registry, which the rerun below opens without a vector index.
        builder.environment().put("FAIRRAG_VECTORS", "none");
        Process child = builder.start();
        child.getOutputStream().close();
        List<String> output = new ArrayList<>();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                output.add(line);
                if (line.contains("batch committed")) {
                    break;
                }
            }
        }
        assertThat(output).as("the child's output").anyMatch(l -> l.contains("batch committed"));
        child.destroyForcibly();
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        Optional<ProcessHandle> leftover = postmaster(dir);
        assertThat(leftover).as("the killed process's PostgreSQL still runs").hasValueSatisfying(p -> assertThat(p.isAlive()).isTrue());

        try (Fairrag fairrag = TestFairrag.open(dir)) {
            assertThat(leftover.get().isAlive()).as("the leftover PostgreSQL was stopped").isFalse();
            long committed = fairrag.registry().countByKind().await().getOrDefault(FdoKind.ARTICLE, 0L);
            assertThat(committed).isBetween(1L, 1199L);

            ArticleIngest.Report rerun = fairrag.ingest(SourceFile.of(KAGGLE_CSV), ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
            ConsistencyCheck.Report check = fairrag.consistencyCheck().check();

            assertThat(rerun.alreadyIngested()).isFalse();
            assertThat(fairrag.registry().countByKind().await()).containsEntry(FdoKind.ARTICLE, 1200L);
            assertThat(check.problems()).isEmpty();
            assertThat(check.activeArticles()).isEqualTo(1200);
            assertThat(check.graphArticles()).isEqualTo(1200);
        }
        assertThat(postmaster(dir)).as("closing stops PostgreSQL").isEmpty();
    }

    private static Optional<ProcessHandle> postmaster(Path dataDir) throws Exception {
        Path lock = dataDir.resolve("postgres").resolve("postmaster.pid");
        if (!Files.exists(lock)) {
            return Optional.empty();
        }
        return ProcessHandle.of(Long.parseLong(Files.readAllLines(lock).get(0).strip())).filter(ProcessHandle::isAlive);
    }

    private static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
