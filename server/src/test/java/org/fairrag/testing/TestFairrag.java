package org.fairrag.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
 */
public final class TestFairrag {

    /** The base URL test instances mint PIDs under. */
    public static final String BASE_URL = "http://fairrag.test";

    private static Fairrag demo;
    private static HttpServerLauncher.Running demoServer;
    private static Fairrag mesh;

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
            demo = open(searchConfig(newDir("demo")));
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
            mesh = open(newDir("mesh"));
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
    public static Path newDir(String name) {
        try {
            Path root = Files.createDirectories(Path.of("target", "test-data"));
            return Files.createTempDirectory(root.toAbsolutePath(), name + "-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
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

    private static void closeAtExit(Fairrag fairrag) {
        Runtime.getRuntime().addShutdownHook(new Thread(fairrag::close));
    }
}
