package org.fairrag.app;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.SourceFile;
import org.fairrag.ingest.read.SourceFormats;
import org.fairrag.vectors.VectorStoreSettings;
import org.fairrag.vocab.VocabularyInfo;
import org.fairrag.vocab.read.MeshTsvReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code fairrag bench ...}: measurements that print figures with the baseline measured in the same run. */
@Command(name = "bench", description = "Benchmarks.", subcommands = {BenchCommand.Ingest.class, SearchBench.class, TermLinkingBench.class,
        RetrievalQualityBench.class, FilterBench.class, AnnotateBench.class, AskBench.class, SummarizeBench.class})
final class BenchCommand {

    @Command(name = "ingest", description = "RDF ingestion throughput on real article files, with and without the "
            + "jena-text index (each configuration on a fresh data directory, embedded PostgreSQL and TDB2; no embeddings).")
    static final class Ingest implements Callable<Integer> {

        @Parameters(arity = "0..1", paramLabel = "DIR", defaultValue = "../shared/data/pubmed",
                description = "Directory of article files (searched recursively; default ${DEFAULT-VALUE}).")
        Path dir;

        @Option(names = "--work-dir", description = "Where the throw-away data directories go (default: a temp dir).")
        Path workDir;

        @Option(names = "--derived", description = "Instead of DIR, ingest this many records derived from the demo "
                + "articles (each a demo record under a new PMID), into TDB2 + jena-text only, without concept "
                + "mentions; prints time and disk.")
        Integer derived;

        @Override
        public Integer call() throws Exception {
            if (derived != null) {
                return ingestDerived();
            }
            List<Path> files = articleFiles(dir);
            if (files.isEmpty()) {
                throw new IllegalArgumentException("No article files under " + dir.toAbsolutePath());
            }
            Path base = workDir != null ? Files.createDirectories(workDir) : Files.createTempDirectory("fairrag-bench");
            System.out.printf("Ingesting %d files from %s%n", files.size(), dir.toAbsolutePath());
            Result withText = run(base.resolve("with-text"), true, files);
            Result withoutText = run(base.resolve("without-text"), false, files);
            System.out.println();
            System.out.printf("%-22s %8s %10s %9s %12s %12s%n", "configuration", "records", "articles", "seconds",
                    "records/s", "articles/s");
            for (Result r : List.of(withoutText, withText)) {
                System.out.printf("%-22s %8d %10d %9.1f %12.0f %12.0f%n", r.label, r.records, r.articles, r.seconds,
                        r.records / r.seconds, r.articles / r.seconds);
            }
            System.out.printf("text index costs %.2fx the time of TDB2 alone (baseline: TDB2 without text index, same run)%n",
                    withText.seconds / withoutText.seconds);
            return 0;
        }

        private record Result(String label, long records, long articles, double seconds) {}

        private int ingestDerived() throws IOException {
            if (derived < 1) {
                throw new IllegalArgumentException("--derived needs at least 1 record, got " + derived);
            }
            Path base = workDir != null ? Files.createDirectories(workDir) : Files.createTempDirectory("fairrag-bench");
            Path records = base.resolve("derived-" + derived + ".jsonl.gz");
            writeDerivedRecords(records, derived);
            System.out.printf("Ingesting %d records derived from the demo articles (%s, %d MB), TDB2 + jena-text, no "
                    + "concept mentions, no embeddings; load average %s%n", derived, records, Files.size(records) >> 20,
                    Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
            Path dataDir = base.resolve("derived-data");
            FairragConfig config = FairragConfig.builder().dataDir(dataDir).port(0).baseUrl("http://bench.fairrag.test")
                    .loadDemo(false).textIndex(true).mentions(false).vectors(VectorStoreSettings.Kind.NONE).build();
            try (Fairrag fairrag = Fairrag.open(config)) {
                try (InputStream in = Fairrag.class.getResourceAsStream(Fairrag.BUNDLED_MESH)) {
                    fairrag.loadVocabulary(VocabularyInfo.MESH_2024, MeshTsvReader.read(SourceFormats.decompressed(in)),
                            IngestProgress.NONE);
                }
                long before = bytes(dataDir.resolve("fuseki"));
                long t0 = System.nanoTime();
                var counts = fairrag.ingest(SourceFile.of(records), ArticleIngest.Options.DEFAULT, IngestProgress.NONE).counts();
                double seconds = (System.nanoTime() - t0) / 1e9;
                long articles = fairrag.registry().countByKind().await().getOrDefault(org.fairrag.fdo.FdoKind.ARTICLE, 0L);
                System.out.printf("%d records read, %d articles in the registry, in %.0f s (%.0f records/s); load average "
                        + "now %s%n", counts.read(), articles, seconds, counts.read() / seconds,
                        Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
                System.out.printf("triple store on disk (TDB2 + jena-text, MeSH included): %d MB, of which the articles "
                        + "added %d MB; PostgreSQL %d MB%n", bytes(dataDir.resolve("fuseki")) >> 20,
                        (bytes(dataDir.resolve("fuseki")) - before) >> 20, bytes(dataDir.resolve("postgres")) >> 20);
                for (Path sub : subdirectories(dataDir.resolve("fuseki"))) {
                    System.out.printf("  %s: %d MB%n", dataDir.relativize(sub), bytes(sub) >> 20);
                }
            }
            return 0;
        }

        /** {@code n} JSONL records: the demo articles in turn, each under a PMID of its own. */
        private static void writeDerivedRecords(Path file, int n) throws IOException {
            var json = new com.fasterxml.jackson.databind.ObjectMapper();
            List<com.fasterxml.jackson.databind.node.ObjectNode> demo = new ArrayList<>();
            try (var lines = new java.io.BufferedReader(new java.io.InputStreamReader(new java.util.zip.GZIPInputStream(
                    Fairrag.class.getResourceAsStream(Fairrag.DEMO_ARTICLES)), java.nio.charset.StandardCharsets.UTF_8))) {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    demo.add((com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(line));
                }
            }
            try (var out = new java.io.BufferedWriter(new java.io.OutputStreamWriter(new java.util.zip.GZIPOutputStream(
                    Files.newOutputStream(file)), java.nio.charset.StandardCharsets.UTF_8))) {
                for (int i = 0; i < n; i++) {
                    var record = demo.get(i % demo.size()).deepCopy();
                    record.put("pmid", Integer.toString(90_000_000 + i));
                    out.write(json.writeValueAsString(record));
                    out.write('\n');
                }
            }
        }

        private static long bytes(Path dir) throws IOException {
            if (!Files.exists(dir)) {
                return 0;
            }
            try (Stream<Path> files = Files.walk(dir)) {
                return files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
            }
        }

        private static List<Path> subdirectories(Path dir) throws IOException {
            try (Stream<Path> list = Files.list(dir)) {
                return list.filter(Files::isDirectory).sorted().toList();
            }
        }

        private static Result run(Path dataDir, boolean textIndex, List<Path> files) throws IOException {
            FairragConfig config = FairragConfig.builder().dataDir(dataDir).port(0).baseUrl("http://bench.fairrag.test")
                    .loadDemo(false).textIndex(textIndex).vectors(VectorStoreSettings.Kind.NONE).build();
            try (Fairrag fairrag = Fairrag.open(config)) {
                try (InputStream in = Fairrag.class.getResourceAsStream(Fairrag.BUNDLED_MESH)) {
                    fairrag.loadVocabulary(VocabularyInfo.MESH_2024, MeshTsvReader.read(org.fairrag.ingest.read.SourceFormats.decompressed(in)), IngestProgress.NONE);
                }
                long records = 0;
                long t0 = System.nanoTime();
                for (Path f : files) {
                    records += fairrag.ingest(SourceFile.of(f), ArticleIngest.Options.DEFAULT, IngestProgress.NONE).counts().read();
                }
                double seconds = (System.nanoTime() - t0) / 1e9;
                long articles = fairrag.registry().countByKind().await().getOrDefault(org.fairrag.fdo.FdoKind.ARTICLE, 0L);
                return new Result(textIndex ? "TDB2 + jena-text" : "TDB2 only", records, articles, seconds);
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
