package org.fairrag.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.SourceFile;
import org.fairrag.store.PidRecord;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code fairrag pid tombstone} on a stopped instance's data directory, as an operator runs it. */
class TombstoneCommandTest {

    @Test
    void should_tombstone_an_article_from_the_command_line_once() throws Exception {
        Path dir = TestFairrag.newDir("cli-tombstone");
        Path jsonl = dir.resolveSibling(dir.getFileName() + ".jsonl");
        Files.writeString(jsonl, "{\"pmid\": \"98000001\", \"title\": \"To be withdrawn.\", \"abstract\": \"Gone soon.\"}\n");
        try (var fairrag = TestFairrag.open(dir)) {
            fairrag.ingest(SourceFile.of(jsonl), ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
        }
        String pid = TestFairrag.BASE_URL + "/pid/" + ArticleIngest.articleId("98000001");

        Run first = run("pid", "tombstone", pid, "--reason", "Retracted", "--data-dir", dir.toString(),
                "--base-url", TestFairrag.BASE_URL);
        Run again = run("pid", "tombstone", pid, "--reason", "Something else", "--data-dir", dir.toString(),
                "--base-url", TestFairrag.BASE_URL);
        Run malformed = run("pid", "tombstone", pid.substring(0, pid.length() - 1) + "x", "--reason", "x",
                "--data-dir", dir.toString(), "--base-url", TestFairrag.BASE_URL);

        assertThat(first.status).as(first.err).isZero();
        assertThat(first.out).contains(pid + " tombstoned: Retracted");
        assertThat(again.status).isZero();
        assertThat(again.out).contains("was already tombstoned: Retracted");
        assertThat(malformed.status).isNotZero();
        try (var fairrag = TestFairrag.open(dir)) {
            PidRecord record = fairrag.registry().find(ArticleIngest.articleId("98000001")).await().orElseThrow();
            assertThat(record.tombstoned()).isTrue();
            assertThat(record.tombstoneReason()).isEqualTo("Retracted");
        }
    }

    private record Run(int status, String out, String err) {}

    private static Run run(String... args) {
        var out = new java.io.ByteArrayOutputStream();
        var previous = System.out;
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new Main()).setErr(new PrintWriter(err));
        int status;
        System.setOut(new java.io.PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            status = cli.execute(args);
        } finally {
            System.setOut(previous);
        }
        return new Run(status, out.toString(java.nio.charset.StandardCharsets.UTF_8), err.toString());
    }
}
