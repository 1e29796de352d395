package org.fairrag.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.fairrag.app.ConsoleProgress;
import org.fairrag.app.Fairrag;
import org.fairrag.app.FairragConfig;
import org.fairrag.app.Main;
import org.fairrag.graph.EmbeddedDataset;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.SourceFile;
import org.fairrag.ingest.read.SourceFormats;
import org.fairrag.vectors.VectorStoreSettings;
import org.fairrag.vocab.VocabularyInfo;
import org.fairrag.vocab.read.MeshTsvReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * {@code java -jar bench/target/fairrag-bench.jar ...}: measurements that print figures with the baseline measured in the
 * same run. The jar holds only the benchmarks; its manifest puts the server's jar on the class path.
 */
@Command(name = "fairrag-bench", mixinStandardHelpOptions = true, scope = ScopeType.INHERIT, version = "fairrag-bench 0.1.0",
        description = "Benchmarks of fairrag (the server's jar, server/target/fairrag.jar, must be built next to this one).",
        subcommands = {BenchCommand.Ingest.class, SearchBench.class, TermLinkingBench.class,
        RetrievalQualityBench.class, ConceptListBench.class, ArticleRankBench.class, FilterBench.class, AnnotateBench.class, AskBench.class, SummarizeBench.class,
        AnchorBench.class})
public final class BenchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    public static void main(String[] args) {
        Main.run(new BenchCommand(), args);
    }

    /** Without a benchmark: the list of them. */
    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return 2;
    }

    @Command(name = "ingest", description = "RDF ingestion throughput on real article files (or on a corpus derived from "
            + "the demo with --derived), with and without the jena-text index (each configuration on a fresh data "
            + "directory, embedded PostgreSQL and TDB2; no embeddings, no mentions): time, records/s and the store's size on disk.")
    static final class Ingest implements Callable<Integer> {

        @Parameters(arity = "0..1", paramLabel = "DIR", defaultValue = "../shared/data/pubmed",
                description = "Directory of article files (searched recursively; default ${DEFAULT-VALUE}).")
        Path dir;

        @Option(names = "--work-dir", description = "Where the throw-away data directories go (default: a temp dir).")
        Path workDir;

        @Option(names = "--derived", defaultValue = "0", description = "Instead of DIR, ingest this many articles "
                + "derived from the bundled demo (see DerivedArticles; 0: use DIR).")
        int derived;

        @Override
        public Integer call() throws Exception {
            Path base = workDir != null ? Files.createDirectories(workDir) : Files.createTempDirectory("fairrag-bench");
            List<Path> files;
            if (derived > 0) {
                Path corpus = base.resolve("derived-" + derived + ".jsonl");
                DerivedArticles.write(derived, corpus);
                files = List.of(corpus);
                System.out.printf("Ingesting %,d articles derived from the demo (%s, %,d MB)%n", derived, corpus,
                        Files.size(corpus) >> 20);
            } else {
                files = articleFiles(dir);
                if (files.isEmpty()) {
                    throw new IllegalArgumentException("No article files under " + dir.toAbsolutePath());
                }
                System.out.printf("Ingesting %d files from %s%n", files.size(), dir.toAbsolutePath());
            }
            System.out.printf("machine: %d cores, load average %s%n", Runtime.getRuntime().availableProcessors(),
                    Files.readString(Path.of("/proc/loadavg")).trim());
            Result withoutText = run(base.resolve("without-text"), false, files);
            Result withText = run(base.resolve("with-text"), true, files);
            System.out.println();
            System.out.printf("%-22s %8s %10s %9s %12s %12s %14s %16s %10s%n", "configuration", "records", "articles",
                    "seconds", "records/s", "articles/s", "disk MB after", "after compact MB", "compact s");
            for (Result r : List.of(withoutText, withText)) {
                System.out.printf("%-22s %8d %10d %9.1f %12.0f %12.0f %14.0f %16.0f %10.1f%n", r.label, r.records, r.articles,
                        r.seconds, r.records / r.seconds, r.articles / r.seconds, r.storeBytes / 1048576.0,
                        r.compactedBytes / 1048576.0, r.compactSeconds);
            }
            System.out.printf("text index costs %.2fx the time of TDB2 alone (baseline: TDB2 without text index, same run)%n",
                    withText.seconds / withoutText.seconds);
            System.out.printf("load average at the end: %s%n", Files.readString(Path.of("/proc/loadavg")).trim());
            return 0;
        }

        /**
         * {@code storeBytes}: the triple store's directory (TDB2 and, where built, the text index), MeSH included, as
         * the ingest left it; {@code compactedBytes}: the same after {@code fairrag compact}.
         */
        private record Result(String label, long records, long articles, double seconds, long storeBytes,
                              long compactedBytes, double compactSeconds) {}

        private static Result run(Path dataDir, boolean textIndex, List<Path> files) throws IOException {
            FairragConfig config = FairragConfig.builder().dataDir(dataDir).port(0).baseUrl("http://bench.fairrag.test")
                    .loadDemo(false).textIndex(textIndex).mentions(false).vectors(VectorStoreSettings.Kind.NONE).build();
            String label = textIndex ? "TDB2 + jena-text" : "TDB2 only";
            try (Fairrag fairrag = Fairrag.open(config)) {
                try (InputStream in = Fairrag.class.getResourceAsStream(Fairrag.BUNDLED_MESH)) {
                    fairrag.loadVocabulary(VocabularyInfo.MESH_2024, MeshTsvReader.read(SourceFormats.decompressed(in)), IngestProgress.NONE);
                }
                long records = 0;
                ConsoleProgress progress = new ConsoleProgress();
                long t0 = System.nanoTime();
                for (Path f : files) {
                    records += fairrag.ingest(SourceFile.of(f), ArticleIngest.Options.DEFAULT, progress).counts().read();
                }
                double seconds = (System.nanoTime() - t0) / 1e9;
                progress.finish();
                long articles = fairrag.registry().countByKind().await().getOrDefault(org.fairrag.fdo.FdoKind.ARTICLE, 0L);
                System.out.printf("%s: %,d records in %.1f s%n", label, records, seconds);
                long stored = directorySize(dataDir.resolve("fuseki"));
                EmbeddedDataset.Compaction c = fairrag.embeddedTripleStore().orElseThrow().compact();
                return new Result(label, records, articles, seconds, stored, directorySize(dataDir.resolve("fuseki")),
                        c.millis() / 1000.0);
            }
        }

        private static long directorySize(Path dir) throws IOException {
            try (Stream<Path> walk = Files.walk(dir)) {
                return walk.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
            }
        }

        private static List<Path> articleFiles(Path dir) throws IOException {
            List<Path> out = new ArrayList<>();
            try (Stream<Path> walk = Files.walk(dir)) {
                walk.filter(Files::isRegularFile)
                        .filter(p -> SourceFormats.byName(p.getFileName().toString()).isPresent())
                        .sorted(Comparator.naturalOrder())
                        .forEach(out::add);
            }
            return out;
        }
    }
}
