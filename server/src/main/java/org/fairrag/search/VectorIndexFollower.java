package org.fairrag.search;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.pubsub.PgSubscriber;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import org.fairrag.store.PidRecord;
import org.fairrag.store.PidRegistry;
import org.fairrag.vectors.ArticleFields;
import org.fairrag.vectors.VectorIndex;
import org.fairrag.vocab.VocabularyIndex;
import org.fairrag.work.WorkerPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps this server's own vector index in step with articles that another server, or a {@code fairrag
 * ingest} run, publishes, moves or withdraws on shared stores. PostgreSQL announces each change of an
 * article's registry row on {@link #CHANNEL} when it commits, after the graph was written (migration V5);
 * the follower gathers the ids for a moment, reads those articles from the graph and hands them to the
 * indexer, which embeds only what changed, and removes the withdrawn ones. One batch runs at a time, so a
 * later state of an article is never overtaken by an earlier one.
 *
 * <p>Each time the subscription is in place (at start and after every reconnection) the follower compares
 * the registry's status and access level of every article with the index, so that a withdrawal or a move
 * announced while this server was stopped or disconnected is applied too. A change of content missed that
 * way is mended by {@code fairrag check --repair}.
 */
public final class VectorIndexFollower implements AutoCloseable {

    public static final String CHANNEL = "fairrag_article_changes";
    private static final Logger LOG = LoggerFactory.getLogger(VectorIndexFollower.class);
    private static final long GATHER_MS = 250;
    private static final long FIRST_RETRY_MS = 2_000;
    private static final long LAST_RETRY_MS = 60_000;
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(30);

    private final Vertx vertx;
    private final PgSubscriber subscriber;
    private final PidRegistry registry;
    private final PublishedArticles published;
    private final ArticleIndexer indexer;
    private final VectorIndex vectors;
    private final Supplier<VocabularyIndex> vocabulary;
    private final Function<String, String> pidOf;
    private final WorkerPool pool;

    // Guarded by this: touched by the subscriber's handler, timers, the pool's callbacks and close().
    private final Set<String> pending = new LinkedHashSet<>();
    private long timer = -1;
    private Future<Void> running;
    private long retryMs = FIRST_RETRY_MS;
    private boolean closed;

    public VectorIndexFollower(Vertx vertx, PgConnectOptions database, PidRegistry registry, PublishedArticles published,
                               ArticleIndexer indexer, VectorIndex vectors, Supplier<VocabularyIndex> vocabulary,
                               Function<String, String> pidOf, WorkerPool pool) {
        this.vertx = vertx;
        this.subscriber = PgSubscriber.subscriber(vertx, database).reconnectPolicy(retries -> FIRST_RETRY_MS);
        this.registry = registry;
        this.published = published;
        this.indexer = indexer;
        this.vectors = vectors;
        this.vocabulary = vocabulary;
        this.pidOf = pidOf;
        this.pool = pool;
    }

    /** Subscribes; the future completes once the server listens for changes. */
    public Future<Void> start() {
        subscriber.channel(CHANNEL).handler(this::changed).subscribeHandler(v -> reconcile());
        return subscriber.connect().onSuccess(v -> LOG.info("Following article changes of other servers (PostgreSQL channel {})", CHANNEL));
    }

    private void changed(String id) {
        synchronized (this) {
            pending.add(id);
        }
        schedule(GATHER_MS);
    }

    /** Everything whose status or access level in the registry disagrees with the index is followed again. */
    private void reconcile() {
        registry.articles().compose(records -> pool.submit(() -> disagreeing(records))).onSuccess(ids -> {
            if (!ids.isEmpty()) {
                LOG.info("{} articles changed while this server was not listening: bringing them into its vector index", ids.size());
                synchronized (this) {
                    pending.addAll(ids);
                }
                schedule(GATHER_MS);
            }
        }).onFailure(e -> LOG.warn("Could not compare the vector index with the registry ({}); `fairrag check` will tell", e.toString()));
    }

    private List<String> disagreeing(List<PidRecord> records) {
        Set<String> indexedPids = vectors.articlePids();
        Map<String, ArticleFields> indexed = vectors.articles(indexedPids);
        List<String> out = new ArrayList<>();
        Set<String> registered = new HashSet<>();
        for (PidRecord r : records) {
            String pid = pidOf.apply(r.id());
            registered.add(pid);
            ArticleFields fields = indexed.get(pid);
            boolean wrong = r.tombstoned() ? fields != null : fields == null || !fields.accessLevel().equals(r.accessLevel());
            if (wrong) {
                out.add(r.id());
            }
        }
        for (String pid : indexedPids) {
            if (!registered.contains(pid)) {
                out.add(pid.substring(pid.lastIndexOf('/') + 1));
            }
        }
        return out;
    }

    private synchronized void schedule(long delayMs) {
        if (!closed && timer < 0 && running == null) {
            timer = vertx.setTimer(delayMs, t -> flush());
        }
    }

    private void flush() {
        List<String> ids;
        Promise<Void> done = Promise.promise();
        synchronized (this) {
            timer = -1;
            if (closed || pending.isEmpty()) {
                return;
            }
            ids = new ArrayList<>(pending);
            pending.clear();
            running = done.future();
        }
        registry.findAll(ids).compose(records -> pool.submit(() -> {
            follow(ids, records);
            return (Void) null;
        })).onComplete(result -> {
            long next;
            boolean more;
            synchronized (this) {
                running = null;
                if (result.failed()) {
                    LOG.warn("Could not bring {} changed articles into the vector index ({}); trying again in {} s",
                            ids.size(), result.cause().toString(), retryMs / 1000);
                    pending.addAll(ids);
                    next = retryMs;
                    retryMs = Math.min(LAST_RETRY_MS, retryMs * 2);
                } else {
                    retryMs = FIRST_RETRY_MS;
                    next = GATHER_MS;
                }
                more = !pending.isEmpty();
            }
            done.complete();
            if (more) {
                schedule(next);
            }
        });
    }

    /** On a worker: the registry says which articles are active; the graph says what they are now. */
    private void follow(List<String> ids, Map<String, PidRecord> records) {
        List<String> active = new ArrayList<>();
        List<String> withdrawn = new ArrayList<>();
        for (String id : ids) {
            PidRecord record = records.get(id);
            (record != null && !record.tombstoned() ? active : withdrawn).add(pidOf.apply(id));
        }
        if (!withdrawn.isEmpty()) {
            vectors.deleteArticles(withdrawn);
        }
        if (!active.isEmpty()) {
            // The indexer compares text and fields (access level included): a move or a re-read costs no embedding.
            indexer.index(published.read(active, vocabulary.get()));
        }
        LOG.debug("Followed {} article changes: {} indexed, {} withdrawn", ids.size(), active.size(), withdrawn.size());
    }

    /** Stops listening and waits (a while) for the batch being indexed, before the index closes. */
    @Override
    public void close() {
        Future<Void> inFlight;
        synchronized (this) {
            closed = true;
            if (timer >= 0) {
                vertx.cancelTimer(timer);
            }
            inFlight = running;
        }
        subscriber.close().await();
        if (inFlight != null) {
            try {
                inFlight.toCompletionStage().toCompletableFuture().get(CLOSE_WAIT.toSeconds(), TimeUnit.SECONDS);
            } catch (Exception e) {
                LOG.warn("The vector index follower's last batch did not end within {} s", CLOSE_WAIT.toSeconds());
            }
        }
    }
}
