package org.fairrag.search;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.pubsub.PgSubscriber;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import org.fairrag.store.PidRecord;
import org.fairrag.store.PidRegistry;
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
 * indexer, which embeds only what changed, and removes the withdrawn ones. Its own changes come back too
 * and cost a comparison of checksums. Announcements made while the connection is down are lost: the
 * subscriber reconnects, and {@code fairrag check --repair} mends what a long outage missed.
 */
public final class VectorIndexFollower implements AutoCloseable {

    public static final String CHANNEL = "fairrag_article_changes";
    private static final Logger LOG = LoggerFactory.getLogger(VectorIndexFollower.class);
    private static final long GATHER_MS = 250;
    private static final long RETRY_MS = 2_000;

    private final Vertx vertx;
    private final PgSubscriber subscriber;
    private final PidRegistry registry;
    private final PublishedArticles published;
    private final ArticleIndexer indexer;
    private final VectorIndex vectors;
    private final Supplier<VocabularyIndex> vocabulary;
    private final Function<String, String> pidOf;
    private final WorkerPool pool;
    private final Set<String> pending = new LinkedHashSet<>();
    private boolean scheduled;

    public VectorIndexFollower(Vertx vertx, PgConnectOptions database, PidRegistry registry, PublishedArticles published,
                               ArticleIndexer indexer, VectorIndex vectors, Supplier<VocabularyIndex> vocabulary,
                               Function<String, String> pidOf, WorkerPool pool) {
        this.vertx = vertx;
        this.subscriber = PgSubscriber.subscriber(vertx, database).reconnectPolicy(retries -> RETRY_MS);
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
        subscriber.channel(CHANNEL).handler(this::changed);
        return subscriber.connect().onSuccess(v -> LOG.info("Following article changes of other servers (PostgreSQL channel {})", CHANNEL));
    }

    /** On the event loop: gathers ids, so that an ingestion's batch is read and indexed together. */
    private void changed(String id) {
        pending.add(id);
        schedule(GATHER_MS);
    }

    private void schedule(long delayMs) {
        if (!scheduled) {
            scheduled = true;
            vertx.setTimer(delayMs, t -> flush());
        }
    }

    private void flush() {
        scheduled = false;
        List<String> ids = new ArrayList<>(pending);
        pending.clear();
        if (ids.isEmpty()) {
            return;
        }
        registry.findAll(ids).compose(records -> pool.submit(() -> {
            follow(ids, records);
            return null;
        })).onFailure(e -> {
            LOG.warn("Could not bring {} changed articles into the vector index ({}); trying again", ids.size(), e.toString());
            pending.addAll(ids);
            schedule(RETRY_MS);
        });
    }

    /** On a worker: the registry says which articles are active; the graph says what they are now. */
    private void follow(List<String> ids, Map<String, PidRecord> records) {
        List<String> active = new ArrayList<>();
        List<String> withdrawn = new ArrayList<>();
        for (String id : ids) {
            PidRecord record = records.get(id);
            if (record != null && !record.tombstoned()) {
                active.add(pidOf.apply(id));
            } else {
                withdrawn.add(pidOf.apply(id));
            }
        }
        if (!withdrawn.isEmpty()) {
            vectors.deleteArticles(withdrawn);
        }
        if (!active.isEmpty()) {
            // The indexer compares content and fields (access level included), so a move costs no embedding.
            indexer.index(published.read(active, vocabulary.get()));
        }
        LOG.debug("Followed {} article changes: {} indexed, {} withdrawn", ids.size(), active.size(), withdrawn.size());
    }

    @Override
    public void close() {
        subscriber.close().await();
    }
}
