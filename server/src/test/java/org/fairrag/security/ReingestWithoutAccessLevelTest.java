package org.fairrag.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.SourceFile;
import org.fairrag.ingest.read.ReadLimits;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.Test;

/**
 * Replays a finding of the command-line sweep (2026-11-25): {@code fairrag ingest --access restricted r5.jsonl}, then
 * {@code fairrag ingest r5.jsonl} (no level: it meant public) said "5 updated", exit 0, and the restricted articles
 * were public. A re-ingest that names no level now leaves an article already in at the other level as it is, and
 * rejects its record with the reason; the restricted articles stay closed to anonymous callers.
 */
class ReingestWithoutAccessLevelTest {

    private final RestrictedContentServer server = RestrictedContentServer.get();

    @Test
    void should_reject_rather_than_publish_restricted_articles_reingested_without_a_level() throws Exception {
        Path file = Files.writeString(TestFairrag.newSharedDir("security-reingest").resolve("again.jsonl"),
                RestrictedContentServer.article("99200004", RestrictedContentServer.SECRET
                        + " model of oral cancer, unpublished trial data", "Mouth Neoplasms")
                + RestrictedContentServer.article("99200005", RestrictedContentServer.SECRET
                        + " tumour xenografts, embargoed cohort", "Neoplasms"));

        ArticleIngest.Report report = server.fairrag.ingest(SourceFile.of(file),
                ArticleIngest.Options.keepingLevels(false, ReadLimits.DEFAULT), IngestProgress.NONE);

        assertThat(report.counts().read()).isEqualTo(2);
        assertThat(report.counts().accepted()).isZero();
        assertThat(report.counts().rejected()).isEqualTo(2);
        assertThat(report.rejections()).allSatisfy(r -> assertThat(r.reason())
                .contains("the article is restricted and no access level was given").contains("--access restricted"));
        for (String pid : server.restrictedPids) {
            assertThat(server.fairrag.registry().find(pid.substring(pid.lastIndexOf('/') + 1)).await().orElseThrow()
                    .accessLevel()).isEqualTo("restricted");
            assertThat(server.http.get(pid, "Accept", "application/json").statusCode()).as("anonymous " + pid).isEqualTo(401);
        }
        String hits = server.http.get("/api/articles/search?k=20&q=" + RestrictedContentServer.SECRET).body();
        server.restrictedPids.forEach(pid -> assertThat(hits).doesNotContain(pid));
    }
}
