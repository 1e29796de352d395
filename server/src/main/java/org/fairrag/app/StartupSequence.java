package org.fairrag.app;

import java.io.IOException;
import org.fairrag.ingest.IngestProgress;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How {@code serve} starts: it listens at once (the web app and {@code /health}, which tells how far the
 * start-up is; the API answers 503 {@code starting}), then opens the stores, loads the bundled demo into
 * an empty data directory (its concept mentions left for later) and opens the API; then annotates, in the background,
 * the articles without concept mentions (the demo's, or those a stopped run left) and counts their associations.
 */
final class StartupSequence {

    private static final Logger LOG = LoggerFactory.getLogger(StartupSequence.class);

    private final Lifecycle lifecycle;
    private final StartupProgress progress;
    private HttpServerLauncher.Listening listening;
    private String url;

    StartupSequence(Lifecycle lifecycle, IngestProgress console) {
        this.lifecycle = lifecycle;
        this.progress = new StartupProgress(console);
    }

    /** Listens at once (blocking until it does); returns the port. */
    int listen() {
        listening = HttpServerLauncher.listen(lifecycle, progress::toJson);
        url = localUrl(lifecycle.config().host(), listening.port());
        LOG.info("fairrag is starting; {} shows how far it is", url);
        return listening.port();
    }

    /** Opens the stores, loads the demo into an empty data directory and opens the API; a failure closes the lifecycle. */
    Fairrag open() throws IOException {
        FairragConfig config = lifecycle.config();
        Fairrag fairrag = Fairrag.open(lifecycle, progress);
        try {
            if (config.loadDemo()) {
                fairrag.loadDemoIfEmpty(progress, true);
            }
            progress.step("Opening the API");
            HttpServerLauncher.start(fairrag, listening);
        } catch (IOException | RuntimeException e) {
            fairrag.close();
            throw e;
        }
        progress.ready();
        LOG.info("Start-up: {}", progress.finishedSteps());
        LOG.info("fairrag is ready after {} s: open {} (PIDs under {}/pid/)", String.format("%.1f",
                progress.elapsedMillis() / 1000.0), url, config.baseUrl());
        fairrag.serving();
        return fairrag;
    }

    /** The address to open on this machine: a server listening on every interface is at localhost. */
    static String localUrl(String host, int port) {
        String h = host.equals("0.0.0.0") || host.equals("::") || host.isBlank() ? "localhost"
                : host.contains(":") ? "[" + host + "]" : host;
        return "http://" + h + ":" + port + "/";
    }
}
