package org.fairrag.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.IntSupplier;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** How the command line ends when a command dies of an error instead of returning, and where the benchmarks went. */
class MainTest {

    @Command(name = "dies")
    static final class Dies implements Callable<Integer> {
        private final Error error;

        Dies(Error error) {
            this.error = error;
        }

        @Override
        public Integer call() {
            throw error;
        }
    }

    @Test
    void should_end_with_status_3_and_say_so_when_a_command_dies_of_an_error() {
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new Dies(new InternalError("a fault occurred in a recent unsafe memory access")))
                .setErr(new PrintWriter(err, true));

        assertThat(Main.execute(cli, new String[0])).isEqualTo(3);
        assertThat(err.toString()).startsWith("fairrag: stopped on an error: java.lang.InternalError: a fault occurred");
    }

    @Test
    void should_say_how_to_give_more_heap_when_out_of_memory() {
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new Dies(new OutOfMemoryError("Java heap space"))).setErr(new PrintWriter(err, true));

        assertThat(Main.execute(cli, new String[0])).isEqualTo(3);
        assertThat(err.toString()).startsWith("fairrag: out of memory (Java heap space): give Java more heap");
    }

    /** Every command and subcommand, leaves included, answers --help with its own usage and status 0, opening nothing. */
    @Test
    void should_print_the_usage_of_every_command_on_help() {
        CommandLine root = new CommandLine(new Main());
        List<CommandLine> all = new ArrayList<>();
        collect(root, all);

        assertThat(all).hasSizeGreaterThan(10);
        for (CommandLine command : all) {
            StringWriter out = new StringWriter();
            CommandLine cli = new CommandLine(new Main()).setOut(new PrintWriter(out, true));
            List<String> args = new ArrayList<>(List.of(command.getCommandSpec().qualifiedName(" ").split(" ")));
            args.remove(0); // "fairrag"
            args.add("--help");

            assertThat(Main.execute(cli, args.toArray(String[]::new))).as(String.join(" ", args)).isZero();
            assertThat(out.toString()).as(String.join(" ", args)).startsWith("Usage: " + command.getCommandSpec().qualifiedName(" "));
        }
    }

    private static void collect(CommandLine command, List<CommandLine> into) {
        into.add(command);
        command.getSubcommands().values().stream().distinct().forEach(sub -> collect(sub, into));
    }

    @Test
    void should_say_in_one_line_which_jar_runs_the_benchmarks() {
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new Main()).setErr(new PrintWriter(err, true));

        assertThat(Main.execute(cli, new String[] {"bench", "search", "--articles", "100000"})).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("fairrag: the benchmarks have a jar of their own: "
                + "java -jar bench/target/fairrag-bench.jar search --articles 100000" + System.lineSeparator());
    }

    /**
     * Replays a finding of the command-line sweep (2026-11-25): ingesting a file again printed its old rejections and
     * exited 2 though nothing was read or changed, so a script saw a failure.
     */
    @Test
    void should_end_an_ingest_of_a_file_already_in_with_status_0_and_name_its_old_rejections_by_count(@TempDir Path dir)
            throws IOException {
        Path file = Files.writeString(dir.resolve("one-bad.jsonl"), "{\"pmid\": \"99320001\", \"title\": \"A fine record.\"}\n"
                + "{\"pmid\": \"not a pmid\", \"title\": \"A bad one.\"}\n");
        String[] args = {"ingest", "--data-dir", dir.resolve("data").toString(), "--base-url", TestFairrag.BASE_URL,
                "--no-bundled-vocabulary", file.toString()};

        int first = Main.execute(Main.commandLine(new Main()), args);
        Printed again = printing(() -> Main.execute(Main.commandLine(new Main()), args));

        assertThat(first).isEqualTo(2);
        assertThat(again.status()).isZero();
        assertThat(again.out()).contains("already ingested as").contains("1 of its records were rejected then")
                .doesNotContain("rejected " + file.getFileName());
    }

    private record Printed(int status, String out) {}

    /** Runs a command, keeping what it prints on the standard output. */
    private static Printed printing(IntSupplier command) {
        PrintStream before = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            int status = command.getAsInt();
            return new Printed(status, bytes.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(before);
        }
    }

    /** Replays a finding of the command-line sweep (2026-11-25): info counted "summarys". */
    @Test
    void should_count_each_kind_of_object_in_plain_english() {
        assertThat(List.of("article", "term", "summary", "ingestion-run").stream().map(Main.Info::plural))
                .containsExactly("articles", "terms", "summaries", "ingestion-runs");
    }

    /** Replays a finding of the command-line sweep (2026-11-25): a bad --access was refused after the stores opened. */
    @Test
    void should_refuse_a_bad_access_level_before_opening_any_store(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("a.jsonl"), "{\"pmid\": \"1\", \"title\": \"T\"}\n");
        Path dataDir = dir.resolve("data");
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new Main()).setErr(new PrintWriter(err, true));

        int status = Main.execute(cli, new String[] {"ingest", "--data-dir", dataDir.toString(), "--access", "RESTRICTED",
                file.toString()});

        assertThat(status).isEqualTo(2);
        assertThat(err.toString()).contains("--access must be public or restricted, got: RESTRICTED");
        assertThat(dataDir).doesNotExist();
    }

    /** Replays a finding of the ingestion sweep (2026-11-24): a missing file was found only when its turn came. */
    @Test
    void should_refuse_an_ingest_naming_a_missing_file_before_opening_any_store(@TempDir Path dir) throws IOException {
        Path present = Files.writeString(dir.resolve("present.jsonl"), "{\"pmid\": \"1\", \"title\": \"T\"}\n");
        Path dataDir = dir.resolve("data");
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new Main()).setErr(new PrintWriter(err, true));

        int status = Main.execute(cli, new String[] {"ingest", "--data-dir", dataDir.toString(), present.toString(),
                dir.resolve("missing.jsonl").toString(), dir.toString()});

        assertThat(status).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("fairrag ingest: cannot read " + dir.resolve("missing.jsonl") + " (no such file), "
                + dir + " (not a file); nothing was ingested" + System.lineSeparator());
        assertThat(dataDir).doesNotExist();
    }

    /** Replays a finding of the ingestion sweep (2026-11-24): after kill -9 a run read "running" for ever in info. */
    @Test
    void should_show_a_run_left_running_as_interrupted_when_no_other_ingest_can_be_at_work_and_say_how_to_finish_it() {
        var counts = new org.fairrag.store.IngestionRuns.Counts(500, 498, 2, 498, 0, 0);
        var stale = new org.fairrag.store.IngestionRuns.Run("r1", "pubmed24n0001.xml.gz", "sha256:00", "PUBMED_XML",
                "restricted", "running", java.time.OffsetDateTime.now(), null, counts);
        var done = new org.fairrag.store.IngestionRuns.Run("r2", "b.jsonl", "sha256:01", "JSONL", "public", "completed",
                java.time.OffsetDateTime.now(), java.time.OffsetDateTime.now(), counts);

        String embedded = Main.Info.describe(stale, "http://x/pid/r1", true);
        String external = Main.Info.describe(stale, "http://x/pid/r1", false);

        assertThat(embedded).startsWith("run http://x/pid/r1  interrupted pubmed24n0001.xml.gz  500 read, 498 accepted, 2 rejected")
                .contains("not completed: fairrag ingest pubmed24n0001.xml.gz again finishes it")
                .contains("--access restricted");
        assertThat(external).as("another process may be ingesting into an external PostgreSQL")
                .contains(" running ").doesNotContain("not completed");
        assertThat(Main.Info.describe(done, "http://x/pid/r2", true)).contains(" completed ").doesNotContain("not completed");
    }

    @Test
    void ingestLoadsTheBundledMeshFirstOnlyForArticleFilesIntoAStoreWithoutVocabularyUnlessToldNotTo() {
        assertThat(Main.Ingest.loadsBundledVocabularyFirst(false, false, true)).isTrue();
        assertThat(Main.Ingest.loadsBundledVocabularyFirst(false, false, false)).as("the store has a vocabulary").isFalse();
        assertThat(Main.Ingest.loadsBundledVocabularyFirst(true, false, true)).as("the files are vocabularies").isFalse();
        assertThat(Main.Ingest.loadsBundledVocabularyFirst(false, true, true)).as("--no-bundled-vocabulary").isFalse();
    }
}
