package org.fairrag.app;

import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.file.FileSystemOptions;
import io.vertx.micrometer.Label;
import io.vertx.micrometer.MicrometerMetricsFactory;
import io.vertx.micrometer.MicrometerMetricsOptions;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import org.fairrag.http.HttpMetricTags;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What an instance runs on before any store opens, and the one place that closes things: the data
 * directory's lock, Vert.x with the instance's meters, and every resource registered with
 * {@link #closeWith}, closed in reverse order of registration by {@link #close} or, when the process is
 * told to stop, by a shutdown hook. Begun in milliseconds, so a server can listen before its stores open.
 */
public final class Lifecycle implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Lifecycle.class);
    static final String INSTANCE_FILE = "fairrag-instance.properties";

    private final FairragConfig config;
    private final PrometheusMeterRegistry metrics = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final List<AutoCloseable> closeables = new ArrayList<>();
    private final Thread shutdownHook = new Thread(this::closeQuietly, "fairrag-shutdown");
    private final Vertx vertx;

    private Lifecycle(FairragConfig config) throws IOException {
        this.config = config;
        Files.createDirectories(config.dataDir());
        closeables.add(DataDirectoryLock.acquire(config.dataDir()));
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        try {
            checkBaseUrl(config);
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
        // Before Vert.x registers its HTTP meters: a made-up method must not add series without end.
        metrics.config().meterFilter(HttpMetricTags.boundedMethods());
        this.vertx = Vertx.builder()
                .with(new VertxOptions()
                        .setFileSystemOptions(new FileSystemOptions().setFileCacheDir(config.dataDir().resolve("cache").toString()))
                        // Vert.x keeps backends by registry name: a name of its own per instance, so that
                        // several instances in one JVM (tests) each count their own requests.
                        .setMetricsOptions(new MicrometerMetricsOptions().setEnabled(true)
                                .setRegistryName("fairrag-" + UUID.randomUUID())
                                .setLabels(EnumSet.of(Label.HTTP_ROUTE, Label.HTTP_METHOD, Label.HTTP_CODE, Label.POOL_TYPE, Label.POOL_NAME))))
                .withMetrics(new MicrometerMetricsFactory(metrics))
                .build();
        closeables.add(() -> vertx.close().await());
        new JvmMemoryMetrics().bindTo(metrics);
        new JvmGcMetrics().bindTo(metrics);
        new JvmThreadMetrics().bindTo(metrics);
        new ProcessorMetrics().bindTo(metrics);
    }

    /** Takes the data directory (failing at once when another process holds it) and starts Vert.x. */
    public static Lifecycle begin(FairragConfig config) throws IOException {
        return new Lifecycle(config);
    }

    public FairragConfig config() {
        return config;
    }

    public Vertx vertx() {
        return vertx;
    }

    /** Every meter of the instance: Vert.x HTTP metrics, worker pools, caches, JVM; scraped at /metrics. */
    public PrometheusMeterRegistry metrics() {
        return metrics;
    }

    /** Closes {@code resource} with the instance, before everything registered earlier. */
    public synchronized void closeWith(AutoCloseable resource) {
        closeables.add(resource);
    }

    @Override
    public void close() {
        closeQuietly();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // The JVM is shutting down: the hook is running or has run.
        }
    }

    private synchronized void closeQuietly() {
        for (int i = closeables.size() - 1; i >= 0; i--) {
            try {
                closeables.get(i).close();
            } catch (Exception e) {
                LOG.warn("Error while stopping {}: {}", closeables.get(i), e.toString());
            }
        }
        closeables.clear();
    }

    private static void checkBaseUrl(FairragConfig config) throws IOException {
        Path file = config.dataDir().resolve(INSTANCE_FILE);
        Properties p = new Properties();
        if (Files.exists(file)) {
            try (InputStream in = Files.newInputStream(file)) {
                p.load(in);
            }
            String minted = p.getProperty("baseUrl");
            if (minted != null && !minted.equals(config.baseUrl())) {
                throw new IllegalStateException("The data in " + config.dataDir() + " was published under the base URL "
                        + minted + ", so its PIDs start with " + minted + "/pid/. Start with FAIRRAG_BASE_URL=" + minted
                        + " (or --base-url), or use another FAIRRAG_DATA_DIR for " + config.baseUrl() + ".");
            }
        } else {
            p.setProperty("baseUrl", config.baseUrl());
            try (var out = Files.newOutputStream(file)) {
                p.store(out, "fairrag instance: PIDs in this data directory are minted under this base URL");
            }
        }
    }
}
