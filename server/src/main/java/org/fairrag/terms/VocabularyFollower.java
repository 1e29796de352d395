package org.fairrag.terms;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.pubsub.PgSubscriber;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.store.PidRegistry;
import org.fairrag.work.WorkerPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps this server's vocabulary in memory (terms, lexicon, term vectors) in step with a vocabulary that
 * another server or a {@code fairrag ingest} process loads into the shared graph: the loader announces it on
 * {@link PidRegistry#VOCABULARY_CHANNEL} once the graph has committed it, and this server reads the graph's
 * vocabulary again if its checksum is not the one in memory ({@link VocabularyState#refresh}). The same check
 * runs each time the subscription is in place, for a change made while this server was not listening. One
 * refresh at a time; announcements during one lead to one more check after it.
 */
public final class VocabularyFollower implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(VocabularyFollower.class);
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(60);

    private final PgSubscriber subscriber;
    private final VocabularyState state;
    private final WorkerPool pool;

    // Guarded by this.
    private Future<Boolean> running;
    private boolean again;
    private boolean closed;

    public VocabularyFollower(Vertx vertx, PgConnectOptions database, VocabularyState state, WorkerPool pool) {
        this.subscriber = PgSubscriber.subscriber(vertx, database).reconnectPolicy(retries -> 2_000L);
        this.state = state;
        this.pool = pool;
    }

    /** Subscribes; the future completes once the server listens for vocabulary changes. */
    public Future<Void> start() {
        subscriber.channel(PidRegistry.VOCABULARY_CHANNEL).handler(scheme -> check())
                .subscribeHandler(v -> check());
        return subscriber.connect().onSuccess(v -> LOG.info("Following vocabulary changes of other servers (PostgreSQL channel {})",
                PidRegistry.VOCABULARY_CHANNEL));
    }

    private void check() {
        Future<Boolean> started;
        synchronized (this) {
            if (closed) {
                return;
            }
            if (running != null) {
                again = true;
                return;
            }
            started = pool.submit(() -> state.refresh(IngestProgress.NONE));
            running = started;
        }
        started.onComplete(result -> {
            boolean more;
            synchronized (this) {
                running = null;
                more = again;
                again = false;
            }
            if (result.failed()) {
                LOG.warn("Could not read the changed vocabulary from the graph ({}); it is read again at the next change "
                        + "or restart", result.cause().toString());
            }
            if (more) {
                check();
            }
        });
    }

    /** Stops listening and waits (a while) for a refresh under way. */
    @Override
    public void close() {
        Future<Boolean> inFlight;
        synchronized (this) {
            closed = true;
            inFlight = running;
        }
        subscriber.close().await();
        if (inFlight != null) {
            try {
                inFlight.toCompletionStage().toCompletableFuture().get(CLOSE_WAIT.toSeconds(), TimeUnit.SECONDS);
            } catch (Exception e) {
                LOG.warn("The vocabulary follower's refresh did not end within {} s", CLOSE_WAIT.toSeconds());
            }
        }
    }
}
