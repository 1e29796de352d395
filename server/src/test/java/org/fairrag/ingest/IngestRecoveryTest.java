package org.fairrag.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.fairrag.app.Fairrag;
import org.fairrag.fdo.FdoKind;
import org.fairrag.fdo.PidScheme;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.Test;

/** Crashes and restarts, on fresh instances of their own (no vocabulary: headings stay unresolved). */
class IngestRecoveryTest {

    private static final Path KAGGLE_CSV = TestFairrag.kaggleSlice(1200);

    @Test
    void should_keep_what_was_committed_when_a_run_dies_and_complete_it_on_rerun() throws IOException {
        Path dir = TestFairrag.newDir("crash");
        AtomicBoolean crash = new AtomicBoolean(true);
        AtomicInteger batches = new AtomicInteger();
        try (Fairrag fairrag = TestFairrag.open(dir)) {
            fairrag.addArticleIndex(new ArticleIndex() {
                @Override
                public void index(List<Article> articles) {
                    if (batches.incrementAndGet() == 2 && crash.get()) {
                        throw new IllegalStateException("simulated crash in the second batch");
                    }
                }

                @Override
                public void remove(Collection<String> pids) {}
            });
            assertThatThrownBy(() -> ingest(fairrag)).hasMessageContaining("simulated crash");
            long committed = fairrag.registry().countByKind().await().getOrDefault(FdoKind.ARTICLE, 0L);
            assertThat(committed).isEqualTo(2L * ArticleIngest.BATCH_SIZE);
            String runId = ArticleIngest.runId(org.fairrag.fdo.Checksums.ofFile(KAGGLE_CSV), "public");
            assertThat(fairrag.runs().find(runId).await()).get().extracting(r -> r.status()).isEqualTo("failed");

            crash.set(false);
            ArticleIngest.Report rerun = ingest(fairrag);

            assertThat(rerun.counts().accepted()).isEqualTo(1200);
            assertThat(rerun.counts().created()).isEqualTo(1200 - 2 * ArticleIngest.BATCH_SIZE);
            assertThat(fairrag.registry().countByKind().await()).containsEntry(FdoKind.ARTICLE, 1200L);
            assertThat(fairrag.runs().find(runId).await()).get().extracting(r -> r.status()).isEqualTo("completed");
        }
    }

    @Test
    void should_find_everything_again_after_a_restart() throws IOException {
        Path dir = TestFairrag.newDir("restart");
        long triples;
        try (Fairrag fairrag = TestFairrag.open(dir)) {
            ingest(fairrag);
            triples = fairrag.graph().size(List.of(fairrag.graphs().publicContent()));
        }

        try (Fairrag reopened = TestFairrag.open(dir)) {
            assertThat(reopened.registry().countByKind().await()).containsEntry(FdoKind.ARTICLE, 1200L);
            assertThat(reopened.graph().size(List.of(reopened.graphs().publicContent()))).isEqualTo(triples);
            assertThat(reopened.registry().find(PidScheme.idFor("article:pubmed:9854")).await()).isPresent();
            assertThat(ingest(reopened).alreadyIngested()).isTrue();
        }
    }

    @Test
    void should_refuse_to_open_data_published_under_another_base_url() {
        Path dir = TestFairrag.newDir("base");
        TestFairrag.open(dir).close();

        assertThatThrownBy(() -> TestFairrag.open(TestFairrag.config(dir).toBuilder().baseUrl("https://elsewhere.test").build()))
                .hasMessageContaining("FAIRRAG_BASE_URL=" + TestFairrag.BASE_URL);
    }

    private static ArticleIngest.Report ingest(Fairrag fairrag) throws IOException {
        return fairrag.ingest(SourceFile.of(KAGGLE_CSV), ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
    }
}
