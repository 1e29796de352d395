package org.fairrag.annotate;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.fairrag.app.Fairrag;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.SourceFile;
import org.fairrag.testing.DemoRecords;
import org.fairrag.testing.TestFairrag;
import org.fairrag.vocab.VocabularyInfo;
import org.junit.jupiter.api.Test;

/**
 * Articles ingested with annotation deferred (as the demo is on a first start) get no mentions; the
 * background run annotates those without any, resuming a run stopped halfway without doing an article twice,
 * and then counts the associations.
 */
class MentionBackfillTest {

    private static final List<String> PMIDS = List.of("17318707", "26594976", "23507684");

    @Test
    void should_annotate_the_articles_left_without_mentions_once_and_count_their_associations() throws Exception {
        try (Fairrag fairrag = TestFairrag.fresh("mention-backfill")) {
            List<String> lines = DemoRecords.lines(PMIDS.toArray(String[]::new));
            fairrag.loadVocabulary(VocabularyInfo.MESH_2024, MentionCheckTest.conceptsOf(lines), IngestProgress.NONE);
            Path file = Files.write(TestFairrag.newDir("mention-backfill-files").resolve("a.jsonl"), lines);
            MentionCheck check = fairrag.mentionCheck();
            MentionStore store = new MentionStore(fairrag.graph(), fairrag.graphs());

            fairrag.mentionIndex().deferring(() ->
                    fairrag.ingest(SourceFile.of(file), ArticleIngest.Options.DEFAULT, IngestProgress.NONE));

            List<String> pids = PMIDS.stream().map(p -> fairrag.publisher().pidUrl(ArticleIngest.articleId(p))).sorted().toList();
            assertThat(store.stored()).as("nothing annotated while deferred").isEmpty();
            assertThat(check.missing()).containsExactlyElementsOf(pids);

            // A run stopped after its first article.
            check.annotate(pids.subList(0, 1), done -> {}, () -> false);
            long annotatedBefore = fairrag.mentionIndex().counts().articles();
            long countsBefore = fairrag.associationRefresher().finished();

            MentionBackfill.Result result = fairrag.annotateMissingInBackground().get(5, TimeUnit.MINUTES);

            assertThat(result.annotated()).isEqualTo(2);
            assertThat(fairrag.mentionIndex().counts().articles()).as("the first article not annotated again")
                    .isEqualTo(annotatedBefore + 2);
            assertThat(result.countedAfterwards()).isTrue();
            assertThat(fairrag.associationRefresher().finished()).isEqualTo(countsBefore + 1);
            assertThat(check.missing()).isEmpty();
            assertThat(check.check().problems()).isEmpty();
            assertThat(fairrag.annotating()).as("no run under way any more").isEmpty();
            assertThat(fairrag.annotateMissingInBackground().get(5, TimeUnit.MINUTES).annotated()).isZero();
        }
    }

    @Test
    void should_take_an_article_published_again_while_deferred_out_of_its_old_mentions() throws Exception {
        try (Fairrag fairrag = TestFairrag.fresh("mention-backfill-again")) {
            List<String> lines = DemoRecords.lines(PMIDS.get(0));
            fairrag.loadVocabulary(VocabularyInfo.MESH_2024, MentionCheckTest.conceptsOf(lines), IngestProgress.NONE);
            Path dir = TestFairrag.newDir("mention-backfill-again-files");
            fairrag.ingest(SourceFile.of(Files.write(dir.resolve("a.jsonl"), lines)), ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
            String pid = fairrag.publisher().pidUrl(ArticleIngest.articleId(PMIDS.get(0)));
            MentionStore store = new MentionStore(fairrag.graph(), fairrag.graphs());
            assertThat(store.stored()).containsKey(pid);

            // The same article, now restricted, published while annotation is deferred.
            fairrag.mentionIndex().deferring(() -> fairrag.ingest(SourceFile.of(Files.write(dir.resolve("b.jsonl"), lines)),
                    new ArticleIngest.Options("restricted", false), IngestProgress.NONE));

            assertThat(store.stored()).as("its public mentions are gone, none made yet").doesNotContainKey(pid);
            assertThat(fairrag.mentionCheck().missing()).containsExactly(pid);
            fairrag.annotateMissingInBackground().get(5, TimeUnit.MINUTES);
            assertThat(store.stored().get(pid).accessLevel()).isEqualTo("restricted");
        }
    }
}
