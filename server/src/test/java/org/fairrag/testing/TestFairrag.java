package org.fairrag.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;
import org.fairrag.app.Fairrag;
import org.fairrag.app.FairragConfig;
import org.fairrag.app.HttpServerLauncher;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.read.SourceFormats;
import org.fairrag.vectors.VectorStoreSettings;
import org.fairrag.vocab.VocabularyInfo;
import org.fairrag.vocab.read.MeshTsvReader;

/**
 * Real fairrag instances for tests: embedded PostgreSQL and TDB2 in a fresh directory under
 * {@code target/}. Expensive instances are shared by the whole test JVM and closed when it exits:
 * {@link #demo()} holds MeSH and the bundled demo articles, with the embedded vector index and the real
 * embedding model (whose vectors of the bundled data come precomputed, as on a first start), and serves
 * HTTP; {@link #mesh()} holds MeSH only, for tests that ingest files of their own. Both start from a copy
 * of one data directory into which MeSH was loaded once. Instances from {@link #config} have no vector
 * index, so that tests about ingestion do not spend minutes embedding; {@link #searchConfig} adds it.
 *
 * <p>Every directory from {@link #newDir} is deleted again: a test class's own directories after the
 * class ({@link TestDataCleanup}), the shared instances' and the MeSH template's when the JVM exits. A
 * store with MeSH takes more than a gigabyte, and a whole run left over ten gigabytes behind, enough to
 * fill a CI disk.
 */
public final class TestFairrag {

    /** The base URL test instances mint PIDs under. */
    public static final String BASE_URL = "http://fairrag.test";

    private static Fairrag demo;
    private static HttpServerLauncher.Running demoServer;
    private static Fairrag mesh;
    private static Path meshTemplate;
    private static IndexedTexts meshLoadTexts;
    private static IndexedTexts demoLoadTexts;
    private static final List<Path> createdDirs = new ArrayList<>();
    private static final Set<Path> sharedDirs = new HashSet<>();
    private static final List<Fairrag> sharedInstances = new ArrayList<>();

    private TestFairrag() {}

    /** A fresh instance with nothing loaded, in a new directory. The caller closes it. */
    public static Fairrag fresh(String name) {
        return open(newDir(name));
    }

    public static Fairrag open(Path dataDir) {
        return open(config(dataDir));
    }

    public static Fairrag open(FairragConfig config) {
        try {
            return Fairrag.open(config);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A test instance's configuration: no vector index, and no rate limits or quotas (tests send bursts of
     * requests; {@code LimitsTest} and the tests in {@code org.fairrag.security} set their own), a short
     * shutdown grace.
     */
    public static FairragConfig config(Path dataDir) {
        FairragConfig.Limits d = FairragConfig.Limits.DEFAULT;
        FairragConfig.Builder builder = FairragConfig.builder();
        if (ExternalStores.enabled()) {
            builder = ExternalStores.apply(builder, dataDir);
        }
        return builder.dataDir(dataDir).port(0).host("127.0.0.1").baseUrl(BASE_URL)
                .loadDemo(false).vectors(VectorStoreSettings.Kind.NONE)
                .limits(new FairragConfig.Limits(0, 1, 0, 1, d.maxBodyBytes(), d.maxUriLength(), Duration.ofSeconds(2)))
                .quotas(new FairragConfig.Quotas(0, 0, 1, FairragConfig.Quotas.DEFAULT.apiKeyCacheTime()))
                .build();
    }

    /** Like {@link #config}, with the embedded Lucene vector index and the in-JVM embedding model. */
    public static FairragConfig searchConfig(Path dataDir) {
        return config(dataDir).toBuilder().vectors(VectorStoreSettings.Kind.LUCENE).build();
    }

    /**
     * A closed data directory with MeSH loaded, its term vectors written and its snapshot made, once per test
     * JVM: the demo and MeSH instances start from copies of it instead of loading MeSH each.
     */
    private static synchronized Path meshTemplate() {
        if (meshTemplate == null) {
            Path dir = newSharedDir("mesh-template");
            try (Fairrag template = open(searchConfig(dir))) {
                loadMesh(template);
                meshLoadTexts = IndexedTexts.of(template);
            }
            meshTemplate = dir;
        }
        return meshTemplate;
    }

    /**
     * A new directory holding a copy of {@link #meshTemplate()}, permissions included: PostgreSQL refuses a
     * data directory that others may read.
     */
    private static Path copyOfMeshTemplate(String name) {
        Path from = meshTemplate();
        Path to = newSharedDir(name);
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                if (!f.equals(from)) {
                    Files.copy(f, to.resolve(from.relativize(f).toString()), StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return to;
    }

    /**
     * An instance with MeSH in a shared directory: a copy of {@link #meshTemplate()}, or, with external stores
     * (which live outside the directory, so a copy would not carry them), one that loads MeSH itself.
     */
    private static Fairrag openWithMesh(String name, Function<Path, FairragConfig> config) {
        if (!ExternalStores.enabled()) {
            return open(config.apply(copyOfMeshTemplate(name)));
        }
        Fairrag fairrag = open(config.apply(newSharedDir(name)));
        loadMesh(fairrag);
        return fairrag;
    }

    /** The shared instance with MeSH and the demo articles, serving HTTP on {@link #demoPort()}. */
    public static synchronized Fairrag demo() {
        if (demo == null) {
            demo = openWithMesh("demo", TestFairrag::searchConfig);
            try {
                // As serve does: the concept mentions after the API opens; tests wait for them, so they see the whole demo.
                demo.loadDemoIfEmpty(IngestProgress.NONE, true);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            demoLoadTexts = IndexedTexts.of(demo);
            demoServer = HttpServerLauncher.start(demo);
            demo.annotateMissingInBackground().join();
            closeAtExit(demo);
        }
        return demo;
    }

    /** How many texts an instance indexed with the shipped vectors, and how many the model embedded. */
    public record IndexedTexts(double shipped, double model) {
        static IndexedTexts of(Fairrag fairrag) {
            return new IndexedTexts(count(fairrag, "known"), count(fairrag, "model"));
        }

        private static double count(Fairrag fairrag, String vectors) {
            return fairrag.metrics().get("fairrag.indexing.texts").tag("vectors", vectors).counter().count();
        }
    }

    /** The texts loading MeSH into the data directory the shared instances start from indexed. */
    public static synchronized IndexedTexts meshLoadTexts() {
        meshTemplate();
        return meshLoadTexts;
    }

    /** The texts loading the demo articles into {@link #demo()} indexed (MeSH came with its data directory). */
    public static synchronized IndexedTexts demoLoadTexts() {
        demo();
        return demoLoadTexts;
    }

    public static synchronized int demoPort() {
        demo();
        return demoServer.port();
    }

    /** The router of the demo instance's HTTP server. */
    public static synchronized io.vertx.ext.web.Router demoRouter() {
        demo();
        return demoServer.router();
    }

    /** The shared instance with the MeSH vocabulary and no articles but those tests ingest. */
    public static synchronized Fairrag mesh() {
        if (mesh == null) {
            mesh = openWithMesh("mesh", TestFairrag::config);
            closeAtExit(mesh);
        }
        return mesh;
    }

    public static void loadMesh(Fairrag fairrag) {
        try (InputStream in = SourceFormats.decompressed(Fairrag.class.getResourceAsStream(Fairrag.BUNDLED_MESH))) {
            fairrag.loadVocabulary(VocabularyInfo.MESH_2024, MeshTsvReader.read(in), IngestProgress.NONE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A new empty directory under {@code target/test-data}. */
    public static synchronized Path newDir(String name) {
        try {
            Path root = Files.createDirectories(Path.of("target", "test-data"));
            Path dir = Files.createTempDirectory(root.toAbsolutePath(), name + "-");
            createdDirs.add(dir);
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Like {@link #newDir}, for an instance or files shared by several test classes: kept until the JVM exits. */
    public static synchronized Path newSharedDir(String name) {
        Path dir = newDir(name);
        sharedDirs.add(dir);
        return dir;
    }

    /** How many directories {@link #newDir} has handed out so far; a mark for {@link #deleteDirsSince}. */
    static synchronized int dirMark() {
        return createdDirs.size();
    }

    /** Deletes the directories handed out since {@code mark}, but those of the shared instances. */
    static synchronized void deleteDirsSince(int mark) {
        List<Path> since = createdDirs.subList(mark, createdDirs.size());
        List<Path> own = since.stream().filter(dir -> !sharedDirs.contains(dir)).toList();
        own.forEach(ExternalStores::stop);
        own.forEach(TestFairrag::deleteTree);
        since.removeIf(dir -> !sharedDirs.contains(dir));
    }

    private static void deleteTree(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            System.err.println("could not delete test data " + dir + ": " + e.getMessage());
        }
    }

    /** A test resource as a file path. */
    public static Path resource(String name) {
        try {
            return Path.of(TestFairrag.class.getResource(name).toURI());
        } catch (Exception e) {
            throw new IllegalArgumentException("no test resource " + name, e);
        }
    }

    /**
     * The header and the first {@code records} rows of the Kaggle CSV sample (2,600 rows) in a file of their own,
     * for tests that need a few batches of a real file and not the time the whole one takes to ingest.
     */
    public static Path kaggleSlice(int records) {
        Path file = newDir("kaggle").resolve("kaggle_pubmed_multilabel_slice_" + records + ".csv");
        CSVFormat csv = CSVFormat.DEFAULT.builder().setRecordSeparator('\n').get();
        try (InputStream in = SourceFormats.decompressed(Files.newInputStream(resource("/samples/kaggle/kaggle_pubmed_multilabel_slice.csv.gz")));
                CSVParser rows = CSVParser.parse(new InputStreamReader(in, StandardCharsets.UTF_8), csv);
                Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
                CSVPrinter printer = new CSVPrinter(out, csv)) {
            Iterator<CSVRecord> it = rows.iterator();
            for (int i = 0; i <= records; i++) {
                if (!it.hasNext()) {
                    throw new IllegalArgumentException("the Kaggle sample has fewer than " + records + " rows");
                }
                printer.printRecord(it.next());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    /** Closes a shared instance when the JVM exits, before its directory is deleted. */
    public static synchronized void closeAtExit(Fairrag fairrag) {
        if (sharedInstances.isEmpty()) {
            Runtime.getRuntime().addShutdownHook(new Thread(TestFairrag::closeSharedAndDeleteAll, "test-data-cleanup"));
        }
        sharedInstances.add(fairrag);
    }

    private static synchronized void closeSharedAndDeleteAll() {
        sharedInstances.forEach(Fairrag::close);
        ExternalStores.stopAll();
        createdDirs.forEach(TestFairrag::deleteTree);
    }
}
