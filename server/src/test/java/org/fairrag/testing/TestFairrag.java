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
import org.fairrag.store.PostgresServer;
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
    private static boolean cleanupRegistered;
    private static Thread backgroundBuild;
    // One lock per shared instance, apart from the class's own (short: directories, cleanup), so that a test
    // that needs none of them never waits for one being built in the background.
    private static final Object TEMPLATE_LOCK = new Object();
    private static final Object POSTGRES_TEMPLATE_LOCK = new Object();
    private static Path postgresTemplate;
    private static final Object DEMO_LOCK = new Object();
    private static final Object MESH_LOCK = new Object();

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
            if (config.embeddedPostgres()) {
                seedPostgres(config.dataDir().resolve("postgres"));
            }
            return Fairrag.open(config);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** How long test instances trust a verified API key: short, so that a test of revocation need not wait the default 30 s. */
    public static final Duration API_KEY_CACHE_TIME = Duration.ofSeconds(2);

    /**
     * A test instance's configuration: no vector index, and no rate limits or quotas (tests send bursts of
     * requests; {@code LimitsTest} and the tests in {@code org.fairrag.security} set their own), a short
     * API key cache and a short shutdown grace.
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
                .quotas(new FairragConfig.Quotas(0, 0, 1, API_KEY_CACHE_TIME))
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
    private static Path meshTemplate() {
        synchronized (TEMPLATE_LOCK) {
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
    }

    /** A new directory holding a copy of {@link #meshTemplate()}. */
    private static Path copyOfMeshTemplate(Path to) {
        copyTree(meshTemplate(), to);
        return to;
    }

    /**
     * A new instance's PostgreSQL data starts as a copy of one initialised once per test JVM: initdb takes
     * 0.7 to 2 s on 2 cores, and the suite opens some thirty fresh instances. Data that exists is left alone.
     */
    private static void seedPostgres(Path postgresData) throws IOException {
        if (Files.exists(postgresData)) {
            return;
        }
        Path template;
        synchronized (POSTGRES_TEMPLATE_LOCK) {
            if (postgresTemplate == null) {
                Path dir = newSharedDir("postgres-template").resolve("postgres");
                PostgresServer.start(dir).close();
                postgresTemplate = dir;
            }
            template = postgresTemplate;
        }
        Files.createDirectories(postgresData.getParent());
        copyTree(template, postgresData);
    }

    /** Copies a directory tree, permissions included: PostgreSQL refuses a data directory that others may read. */
    private static void copyTree(Path from, Path to) {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path target = f.equals(from) ? to : to.resolve(from.relativize(f).toString());
                if (!(f.equals(from) && Files.isDirectory(to))) {
                    Files.copy(f, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * An instance with MeSH in a shared directory: a copy of {@link #meshTemplate()}, or, with external stores
     * (which live outside the directory, so a copy would not carry them), one that loads MeSH itself.
     */
    private static Fairrag openWithMesh(String name, Function<Path, FairragConfig> config) {
        return openWithMesh(newSharedDir(name), config);
    }

    /**
     * A new instance of a test class's own with MeSH loaded, like {@link #mesh()} but configured by the caller
     * (from the directory it is given); its directory goes after the class. The caller closes it.
     */
    public static Fairrag withMesh(String name, Function<Path, FairragConfig> config) {
        return openWithMesh(newDir(name), config);
    }

    private static Fairrag openWithMesh(Path dir, Function<Path, FairragConfig> config) {
        if (!ExternalStores.enabled()) {
            return open(config.apply(copyOfMeshTemplate(dir)));
        }
        Fairrag fairrag = open(config.apply(dir));
        loadMesh(fairrag);
        return fairrag;
    }

    /** The shared instance with MeSH and the demo articles, serving HTTP on {@link #demoPort()}. */
    public static Fairrag demo() {
        synchronized (DEMO_LOCK) {
            if (demo == null) {
                Fairrag opened = openWithMesh("demo", TestFairrag::searchConfig);
                closeAtExit(opened);
                try {
                    // As serve does: the concept mentions after the API opens; tests wait for them, so they see the whole demo.
                    opened.loadDemoIfEmpty(IngestProgress.NONE, true);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                demoLoadTexts = IndexedTexts.of(opened);
                demoServer = HttpServerLauncher.start(opened);
                opened.annotateMissingInBackground().join();
                demo = opened;
            }
            return demo;
        }
    }

    /**
     * Starts building the shared instance that the test classes about to run need (the demo, else the MeSH
     * instance) on a thread of its own, so that it builds while the classes that need neither run
     * ({@link SharedInstancesLast} runs those first). A class that needs it waits for it as before; the JVM
     * waits for the build before it closes the shared instances at exit.
     */
    static void buildInBackground(SharedInstanceUsers.Need need) {
        Runnable build = switch (need) {
            case DEMO -> TestFairrag::demo;
            case MESH -> TestFairrag::mesh;
            case NONE -> null;
        };
        if (build == null) {
            return;
        }
        synchronized (TestFairrag.class) {
            if (backgroundBuild == null) {
                registerCleanupAtExit();
                backgroundBuild = new Thread(() -> {
                    try {
                        build.run();
                    } catch (RuntimeException e) {
                        // The class that needs the instance builds it again and fails with the cause.
                        System.err.println("building the shared " + need + " instance in the background failed: " + e);
                    }
                }, "shared-" + need.name().toLowerCase(java.util.Locale.ROOT) + "-build");
                backgroundBuild.setDaemon(true);
                backgroundBuild.start();
                org.slf4j.LoggerFactory.getLogger(TestFairrag.class)
                        .info("Building the shared {} instance in the background; the classes that need it run last", need);
            }
        }
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
    public static IndexedTexts meshLoadTexts() {
        synchronized (TEMPLATE_LOCK) {
            meshTemplate();
            return meshLoadTexts;
        }
    }

    /** The texts loading the demo articles into {@link #demo()} indexed (MeSH came with its data directory). */
    public static IndexedTexts demoLoadTexts() {
        synchronized (DEMO_LOCK) {
            demo();
            return demoLoadTexts;
        }
    }

    public static int demoPort() {
        synchronized (DEMO_LOCK) {
            demo();
            return demoServer.port();
        }
    }

    /** The router of the demo instance's HTTP server. */
    public static io.vertx.ext.web.Router demoRouter() {
        synchronized (DEMO_LOCK) {
            demo();
            return demoServer.router();
        }
    }

    /** The shared instance with the MeSH vocabulary and no articles but those tests ingest. */
    public static Fairrag mesh() {
        synchronized (MESH_LOCK) {
            if (mesh == null) {
                Fairrag opened = openWithMesh("mesh", TestFairrag::config);
                closeAtExit(opened);
                mesh = opened;
            }
            return mesh;
        }
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

    /**
     * Like {@link #newDir}, for an instance that a child process opens: its PostgreSQL data is seeded as
     * {@link #open} seeds it, so the child need not run initdb.
     */
    public static Path newInstanceDir(String name) {
        Path dir = newDir(name);
        try {
            seedPostgres(dir.resolve("postgres"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return dir;
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
        registerCleanupAtExit();
        sharedInstances.add(fairrag);
    }

    private static synchronized void registerCleanupAtExit() {
        if (!cleanupRegistered) {
            Runtime.getRuntime().addShutdownHook(new Thread(TestFairrag::closeSharedAndDeleteAll, "test-data-cleanup"));
            cleanupRegistered = true;
        }
    }

    private static void closeSharedAndDeleteAll() {
        Thread build;
        synchronized (TestFairrag.class) {
            build = backgroundBuild;
        }
        if (build != null) {
            try {
                // Closing an instance the build still writes to would leave its PostgreSQL running.
                build.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (TestFairrag.class) {
            closeAtOnce(sharedInstances);
            ExternalStores.stopAll();
            createdDirs.forEach(TestFairrag::deleteTree);
        }
    }

    /**
     * Closes the instances side by side: each stops its own PostgreSQL, several seconds apiece on a loaded machine,
     * and one after the other they outlasted the time Surefire gives a finished fork to exit.
     */
    private static void closeAtOnce(List<Fairrag> instances) {
        List<Thread> closing = new ArrayList<>();
        for (Fairrag instance : instances) {
            Thread thread = new Thread(instance::close, "test-close-" + closing.size());
            thread.start();
            closing.add(thread);
        }
        for (Thread thread : closing) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
