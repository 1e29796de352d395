package org.fairrag.app;

import ch.qos.logback.classic.LoggerContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.fairrag.fdo.FdoKind;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.read.ReadLimits;
import org.fairrag.ingest.SourceFile;
import org.fairrag.store.IngestionRuns;
import org.fairrag.vocab.VocabularyInfo;
import org.fairrag.vocab.read.MeshTsvReader;
import org.fairrag.vocab.read.SkosReader;
import org.fairrag.vocab.read.SkosVocabulary;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/**
 * The {@code fairrag} command line: {@code serve} (the default), {@code ingest}, {@code info}, {@code check},
 * {@code annotate}, {@code train}, {@code pid tombstone} and {@code apikey}. Every command that opens the stores closes them
 * when the process is told to stop (the instance's shutdown hook). The benchmarks have a jar of their own (the {@code bench} module);
 * {@code fairrag bench} only says so.
 */
@Command(name = "fairrag", mixinStandardHelpOptions = true, version = "fairrag 0.1.0", scope = ScopeType.INHERIT,
        description = "FAIR Graph-RAG server for biomedical literature.",
        subcommands = {Main.Serve.class, Main.Ingest.class, Main.Info.class, CheckCommand.class, CompactCommand.class, AnnotateCommand.class, RelationsCommand.class,
                Main.BenchMoved.class, TrainCommand.class, PidCommand.class, ApiKeyCommand.class, DemoVectorsCommand.class})
public final class Main implements Callable<Integer> {

    private static final Logger LOG = LoggerFactory.getLogger(Main.class);

    @Mixin
    ConfigOptions options;

    public static void main(String[] args) {
        run(new Main(), args);
    }

    /** Runs {@code command} (a picocli command: this one, or the benchmarks' jar's) on {@code args} and exits with its status. */
    public static void run(Object command, String[] args) {
        int status = execute(commandLine(command), args);
        flushLogs();
        System.exit(status);
    }

    /**
     * The command line of {@code command}: a failure ends it with one line, status 2 for a data directory it cannot
     * use (as for a usage error), else 1.
     */
    static CommandLine commandLine(Object command) {
        CommandLine cli = new CommandLine(command);
        cli.setExecutionExceptionHandler((e, cmd, parsed) -> {
            LOG.debug("command failed", e);
            cmd.getErr().println("fairrag: " + (e.getMessage() != null ? e.getMessage() : e.toString()));
            return e instanceof DataDirectory.Unusable ? 2 : 1;
        });
        return cli;
    }

    /**
     * Runs the command line and returns the exit status. An {@link Error} (out of memory; a fault in a store's
     * memory-mapped file when the disk is full) ends the command with status 3: without this the main thread
     * would die alone, the stores' threads keep the process alive, and a server still starting would answer
     * {@code starting} for ever.
     */
    static int execute(CommandLine cli, String[] args) {
        try {
            return cli.execute(args);
        } catch (OutOfMemoryError e) {
            cli.getErr().println("fairrag: out of memory (" + e.getMessage() + "): give Java more heap (java -Xmx4g -jar ...)"
                    + " or, for ingest, lower --max-record / --max-text");
            return 3;
        } catch (Error e) {
            LOG.error("fairrag stopped on an error", e);
            cli.getErr().println("fairrag: stopped on an error: " + e);
            return 3;
        }
    }

    /** Stops logging, which writes out what the asynchronous appenders still hold. */
    static void flushLogs() {
        if (LoggerFactory.getILoggerFactory() instanceof LoggerContext context) {
            context.stop();
        }
    }

    /** {@code fairrag} alone serves. */
    @Override
    public Integer call() throws Exception {
        return new Serve().run(options);
    }

    @Command(name = "serve", description = "Start the server; on an empty data directory, load the bundled demo first.")
    static final class Serve implements Callable<Integer> {
        @Mixin
        ConfigOptions options;

        @Override
        public Integer call() throws Exception {
            return run(options);
        }

        int run(ConfigOptions opts) throws IOException, InterruptedException {
            FairragConfig config = opts.config();
            DataDirectory.check(config.dataDir(), true);
            Lifecycle lifecycle = Lifecycle.begin(config);
            CountDownLatch stopped = new CountDownLatch(1);
            // The lifecycle also closes itself from a hook of its own; this one writes the logs out and lets run() return.
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                LOG.info("Shutting down");
                lifecycle.close();
                LOG.info("fairrag stopped");
                flushLogs();
                stopped.countDown();
            }, "fairrag-serve-shutdown"));
            StartupSequence startup = new StartupSequence(lifecycle, new ConsoleProgress());
            startup.listen();
            startup.open();
            stopped.await();
            return 0;
        }
    }

    /** {@code fairrag bench ...}: the benchmarks left the server's jar; says in one line which jar runs them. */
    @Command(name = "bench", hidden = true, description = "The benchmarks are in bench/target/fairrag-bench.jar.")
    static final class BenchMoved implements Callable<Integer> {
        @Unmatched
        List<String> args = new ArrayList<>();

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            spec.commandLine().getErr().println(("fairrag: the benchmarks have a jar of their own: java -jar bench/target/fairrag-bench.jar "
                    + String.join(" ", args)).strip());
            return 2;
        }
    }

    @Command(name = "ingest", description = "Ingest article files (PubMed XML, MEDLINE, Kaggle CSV, JSONL; gzip or not) "
            + "or, with --vocabulary, a vocabulary (MeSH descriptors TSV or a SKOS file). Stop the server first.")
    static final class Ingest implements Callable<Integer> {
        @Mixin
        ConfigOptions options;

        @Parameters(arity = "1..*", paramLabel = "FILE", description = "Files to ingest, in order.")
        List<Path> files;

        @Option(names = "--access", description = "Access level of the ingested articles: public or restricted. Without it, "
                + "new articles are public and an article already in at the restricted level is rejected, not published; "
                + "with it, articles already in at the other level move to this one (each with a warning).")
        String access;

        @Option(names = "--force", description = "Re-verify files that were ingested before.")
        boolean force;

        @Option(names = "--vocabulary", description = "The files are vocabularies, not articles.")
        boolean vocabulary;

        @Option(names = "--vocabulary-key", description = "Key of a SKOS vocabulary, used as the prefix of its term ids (e.g. hp).")
        String vocabularyKey;

        @Option(names = "--vocabulary-title", description = "Title of a SKOS vocabulary.")
        String vocabularyTitle;

        @Option(names = "--vocabulary-license", description = "Licence IRI of a SKOS vocabulary.")
        String vocabularyLicense;

        @Option(names = "--no-bundled-vocabulary", description = "Into a store with no vocabulary, ingest as it is "
                + "(the records' MeSH headings stay unresolved) instead of loading the bundled MeSH 2024 first.")
        boolean noBundledVocabulary;

        @Option(names = "--no-compact", description = "Leave the embedded triple store as the ingest left it (by default it "
                + "is compacted at the end when the ingest added at least " + CompactCommand.AFTER_RECORDS + " records).")
        boolean noCompact;

        @Option(names = "--max-record", paramLabel = "CHARS", defaultValue = "${env:FAIRRAG_INGEST_MAX_RECORD:-"
                + ReadLimits.DEFAULT_MAX_RECORD_CHARS + "}",
                description = "Longest record (a line, a CSV row, a MEDLINE record, an XML article) in characters; "
                        + "longer ones are rejected unread (env FAIRRAG_INGEST_MAX_RECORD, default ${DEFAULT-VALUE}).")
        int maxRecord;

        @Option(names = "--max-text", paramLabel = "CHARS", defaultValue = "${env:FAIRRAG_INGEST_MAX_TEXT:-"
                + ReadLimits.DEFAULT_MAX_TEXT_CHARS + "}",
                description = "Longest value (a title, an abstract, an XML text node or tag) in characters "
                        + "(env FAIRRAG_INGEST_MAX_TEXT, default ${DEFAULT-VALUE}).")
        int maxText;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            List<String> unreadable = unreadable(files);
            if (!unreadable.isEmpty()) {
                // Checked before any store opens: a missing third file must not end the command after two were ingested.
                spec.commandLine().getErr().println("fairrag ingest: cannot read " + String.join(", ", unreadable)
                        + "; nothing was ingested");
                return 2;
            }
            if (access != null && !"public".equals(access) && !"restricted".equals(access)) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--access must be public or restricted, got: " + access);
            }
            ReadLimits limits = new ReadLimits(maxRecord, maxText);
            ArticleIngest.Options ingestOptions = access == null ? ArticleIngest.Options.keepingLevels(force, limits)
                    : new ArticleIngest.Options(access, force, limits);
            int rejected = 0;
            long accepted = 0;
            try (Fairrag fairrag = Fairrag.open(options.offline(true))) {
                if (loadsBundledVocabularyFirst(vocabulary, noBundledVocabulary, fairrag.vocabulary().isEmpty())) {
                    // Without a vocabulary no MeSH heading of the records would resolve to a term: every one would
                    // be kept as an unresolved heading, and the articles would have no subjects.
                    System.out.println("The store has no vocabulary yet: loading the bundled MeSH 2024 descriptors first, "
                            + "so that the records' MeSH headings become their subjects (load another vocabulary first "
                            + "with --vocabulary)");
                    fairrag.loadVocabulary(VocabularyInfo.MESH_2024, DemoData.meshConcepts(), new ConsoleProgress());
                }
                for (Path file : files) {
                    if (vocabulary) {
                        rejected += loadVocabulary(fairrag, file, limits);
                        continue;
                    }
                    ArticleIngest.Report r = fairrag.ingest(SourceFile.of(file), ingestOptions, new ConsoleProgress());
                    if (r.alreadyIngested()) {
                        // Nothing was read this time: its rejections were reported (and counted in the status) then.
                        System.out.printf("%s (%s): already ingested as %s; nothing changed (use --force to re-verify)%s%n",
                                file, r.format(), r.runPid(), r.counts().rejected() == 0 ? ""
                                        : "; " + r.counts().rejected() + " of its records were rejected then");
                        continue;
                    }
                    rejected += r.counts().rejected();
                    accepted += r.counts().accepted();
                    System.out.printf("%s (%s): %d read, %d accepted, %d rejected; articles %d created, %d updated, "
                            + "%d unchanged; run %s%n", file, r.format(), r.counts().read(), r.counts().accepted(),
                            r.counts().rejected(), r.counts().created(), r.counts().updated(), r.counts().unchanged(),
                            r.runPid());
                    printAtMost("rejected", r.rejections().stream().map(x -> x.locator() + ": " + x.reason()).toList());
                    printAtMost("warning", r.warnings().stream().map(x -> x.locator() + ": " + x.message()).toList());
                }
                if (!noCompact && accepted >= CompactCommand.AFTER_RECORDS) {
                    CompactCommand.compact(fairrag);
                }
            }
            return rejected > 0 ? 2 : 0;
        }

        /** Each file that cannot be read, with why. */
        static List<String> unreadable(List<Path> files) {
            List<String> out = new ArrayList<>();
            for (Path file : files) {
                if (!Files.exists(file)) {
                    out.add(file + " (no such file)");
                } else if (!Files.isRegularFile(file)) {
                    out.add(file + " (not a file)");
                } else if (!Files.isReadable(file)) {
                    out.add(file + " (no permission to read it)");
                }
            }
            return out;
        }

        /**
         * Whether an ingest loads the bundled MeSH before its files: only for article files, into a store with no
         * vocabulary, unless told not to.
         */
        static boolean loadsBundledVocabularyFirst(boolean vocabularyFiles, boolean optedOut, boolean storeHasNoVocabulary) {
            return !vocabularyFiles && !optedOut && storeHasNoVocabulary;
        }

        private static void printAtMost(String kind, List<String> lines) {
            lines.stream().limit(20).forEach(line -> System.out.printf("  %s %s%n", kind, line));
            if (lines.size() > 20) {
                System.out.printf("  ... and %d more (see the run's report)%n", lines.size() - 20);
            }
        }

        /** Loads one vocabulary file; returns how many of its rows or terms were rejected. */
        private int loadVocabulary(Fairrag fairrag, Path file, ReadLimits limits) throws IOException {
            String name = file.getFileName().toString().toLowerCase();
            if (name.endsWith(".tsv") || name.endsWith(".tsv.gz")) {
                MeshTsvReader.Table table = MeshTsvReader.read(file, limits);
                var report = fairrag.loadVocabulary(VocabularyInfo.MESH_2024, table.concepts(), new ConsoleProgress());
                System.out.printf("%s: %d terms, %d created, %d updated, %d unchanged, %d rejected%n", file, report.terms(),
                        report.created(), report.updated(), report.unchanged(), table.rejections().size() + report.rejected());
                printAtMost("rejected", concat(table.rejections(), report.rejections()));
                printAtMost("warning", table.warnings());
                return table.rejections().size() + report.rejected();
            }
            if (vocabularyKey == null) {
                throw new CommandLine.ParameterException(new CommandLine(this),
                        "A SKOS vocabulary needs --vocabulary-key (the prefix of its term ids, e.g. hp)");
            }
            SkosVocabulary skos = SkosReader.read(file, limits);
            VocabularyInfo info = new VocabularyInfo(vocabularyKey,
                    vocabularyTitle != null ? vocabularyTitle : skos.schemeTitle() != null ? skos.schemeTitle() : vocabularyKey,
                    "unknown", vocabularyLicense != null ? vocabularyLicense : "http://rightsstatements.org/vocab/UND/1.0/",
                    skos.schemeIri() != null ? skos.schemeIri() : file.toUri().toString(), true);
            var report = fairrag.loadVocabulary(info, skos.concepts(), new ConsoleProgress());
            System.out.printf("%s: %d terms (%d concepts without a label skipped), %d created, %d updated, %d unchanged, %d rejected%n",
                    file, report.terms(), skos.skippedConcepts(), report.created(), report.updated(), report.unchanged(),
                    skos.rejections().size() + report.rejected());
            printAtMost("rejected", concat(skos.rejections(), report.rejections()));
            return skos.rejections().size() + report.rejected();
        }

        private static List<String> concat(List<String> first, List<String> second) {
            return java.util.stream.Stream.concat(first.stream(), second.stream()).toList();
        }
    }

    @Command(name = "info", description = "Print the configuration and what the collection holds.")
    static final class Info implements Callable<Integer> {
        @Mixin
        ConfigOptions options;

        @Override
        public Integer call() throws Exception {
            FairragConfig config = options.offline(false);
            try (Fairrag fairrag = Fairrag.open(config)) {
                var counts = fairrag.registry().countByKind().await();
                System.out.printf("data directory  %s%n", config.dataDir());
                System.out.printf("base URL        %s (PIDs: %s/pid/...)%n", config.baseUrl(), config.baseUrl());
                System.out.printf("PostgreSQL      %s%n", fairrag.database().describe());
                System.out.printf("triple store    %s%n", fairrag.graph().describe());
                System.out.printf("dataset PID     %s%n", fairrag.datasetFdo().pid());
                for (FdoKind kind : FdoKind.values()) {
                    System.out.printf("%-15s %d%n", plural(kind.code()), counts.getOrDefault(kind, 0L));
                }
                System.out.printf("triples         %d%n", fairrag.graph().size(List.of(fairrag.graphs().vocabulary(),
                        fairrag.graphs().publicContent(), fairrag.graphs().restrictedContent())));
                // With the embedded PostgreSQL this process holds the only data directory its runs can be in.
                boolean noOtherIngest = fairrag.embeddedPostgres().isPresent();
                for (var run : fairrag.runs().all().await()) {
                    System.out.print(describe(run, config.pidUrl(run.id()), noOtherIngest));
                }
            }
            return 0;
        }

        /**
         * One run's line, and for a run that did not complete how to finish it. A run still marked running when no other
         * ingest can be at work was stopped without a word (kill -9, a power cut): it reads as interrupted.
         */
        /** "articles", "summaries", "ingestion-runs": a kind's code as a count of it reads. */
        static String plural(String kind) {
            return kind.endsWith("y") ? kind.substring(0, kind.length() - 1) + "ies" : kind + "s";
        }

        static String describe(IngestionRuns.Run run, String pid, boolean noOtherIngest) {
            String status = "running".equals(run.status()) && noOtherIngest ? "interrupted" : run.status();
            String line = String.format("run %s  %-11s %s  %d read, %d accepted, %d rejected%n", pid, status,
                    run.sourceName(), run.counts().read(), run.counts().accepted(), run.counts().rejected());
            if (run.completed() || "running".equals(status)) {
                return line;
            }
            return line + String.format("    not completed: fairrag ingest %s again finishes it, keeping the batches "
                    + "committed before%s%n", run.sourceName(), "restricted".equals(run.accessLevel()) ? " (with --access restricted)" : "");
        }
    }
}
