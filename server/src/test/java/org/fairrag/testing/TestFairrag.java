package org.fairrag.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
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
 * embedding model, and serves HTTP; {@link #mesh()} holds MeSH only, for tests that ingest files of
 * their own. Instances from {@link #config} have no vector index, so that tests about ingestion do not
 * spend minutes embedding; {@link #searchConfig} adds it.
 *
 * <p>Every directory from {@link #newDir} is deleted again: a test class's own directories after the
 * class ({@link TestDataCleanup}), the shared instances' when the JVM exits. A store with MeSH takes
 * more than a gigabyte, and a whole run left over ten gigabytes behind, enough to fill a CI disk.
 */
public final class TestFairrag {

    /** The base URL test instances mint PIDs under. */
    public static final String BASE_URL = "http://fairrag.test";

    private static Fairrag demo;
    private static HttpServerLauncher.Running demoServer;
    private static Fairrag mesh;
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
        return FairragConfig.builder().dataDir(dataDir).port(0).host("127.0.0.1").baseUrl(BASE_URL)
                .loadDemo(false).vectors(VectorStoreSettings.Kind.NONE)
                .limits(new FairragConfig.Limits(0, 1, 0, 1, d.maxBodyBytes(), d.maxUriLength(), Duration.ofSeconds(2)))
                .quotas(new FairragConfig.Quotas(0, 0, 1, FairragConfig.Quotas.DEFAULT.apiKeyCacheTime()))
                .build();
    }

    /** Like {@link #config}, with the embedded Lucene vector index and the in-JVM embedding model. */
    public static FairragConfig searchConfig(Path dataDir) {
        return config(dataDir).toBuilder().vectors(VectorStoreSettings.Kind.LUCENE).build();
    }

    /** The shared instance with MeSH and the demo articles, serving HTTP on {@link #demoPort()}. */
    public static synchronized Fairrag demo() {
        if (demo == null) {
            demo = open(searchConfig(newSharedDir("demo")));
            try {
                demo.loadDemoIfEmpty(IngestProgress.NONE);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            demoServer = HttpServerLauncher.start(demo);
            closeAtExit(demo);
        }
        return demo;
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
            mesh = open(newSharedDir("mesh"));
            loadMesh(mesh);
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
        since.stream().filter(dir -> !sharedDirs.contains(dir)).forEach(TestFairrag::deleteTree);
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

    /** Closes a shared instance when the JVM exits, before its directory is deleted. */
    public static synchronized void closeAtExit(Fairrag fairrag) {
        if (sharedInstances.isEmpty()) {
            Runtime.getRuntime().addShutdownHook(new Thread(TestFairrag::closeSharedAndDeleteAll, "test-data-cleanup"));
        }
        sharedInstances.add(fairrag);
    }

    private static synchronized void closeSharedAndDeleteAll() {
        sharedInstances.forEach(Fairrag::close);
        createdDirs.forEach(TestFairrag::deleteTree);
    }
}
