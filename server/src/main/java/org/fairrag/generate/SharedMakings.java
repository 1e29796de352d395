package org.fairrag.generate;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.BiFunction;
import java.util.function.Consumer;

/**
 * Summaries being made, by id, so that an identical request made meanwhile joins the making under way instead
 * of starting another (another run of a chat model, another summary of its caller's quota). A request that joins
 * gets the statements made so far, then the rest as they come, then the same summary. The making stops only when
 * every request that shares it has gone away; one that goes away while others wait gets a
 * {@link CancellationException} alone.
 */
final class SharedMakings {

    private final ConcurrentMap<String, Making> byId = new ConcurrentHashMap<>();

    /** Joins the making of {@code id}, if one is under way; null if none is. */
    Future<Summary> join(String id, Consumer<Statement> onStatement, Cancellation cancellation) {
        Making making = byId.get(id);
        return making == null ? null : making.join(onStatement, cancellation);
    }

    /**
     * Joins the making of {@code id} or, when none is under way, starts one: {@code start} is given what to tell
     * every joined request's statements to and the making's own cancellation, and makes the summary.
     */
    Future<Summary> joinOrStart(String id, Consumer<Statement> onStatement, Cancellation cancellation,
                                BiFunction<Consumer<Statement>, Cancellation, Future<Summary>> start) {
        while (true) {
            Making fresh = new Making();
            Making current = byId.merge(id, fresh, (old, unused) -> old.isOver() ? fresh : old);
            Future<Summary> joined = current.join(onStatement, cancellation);
            if (joined == null) {
                continue; // it ended between the two calls: start another
            }
            if (current == fresh) {
                start.apply(fresh::made, fresh.cancellation).onComplete(ar -> {
                    byId.remove(id, fresh);
                    fresh.end(ar.succeeded() ? ar.result() : null, ar.cause());
                });
            }
            return joined;
        }
    }

    /** Makings under way (for tests). */
    int size() {
        return byId.size();
    }

    private static final class Making {

        private final Cancellation cancellation = new Cancellation();
        private final List<Statement> made = new ArrayList<>();
        private final List<Waiting> waiting = new ArrayList<>();
        private boolean over;

        private record Waiting(Consumer<Statement> onStatement, Promise<Summary> result) {}

        /** Null when this making is already over (done, failed, or left by everyone). */
        Future<Summary> join(Consumer<Statement> onStatement, Cancellation requestGone) {
            Waiting w = new Waiting(onStatement, Promise.promise());
            synchronized (this) {
                if (over) {
                    return null;
                }
                made.forEach(onStatement);
                waiting.add(w);
            }
            requestGone.onCancel(() -> leave(w));
            return w.result.future();
        }

        synchronized boolean isOver() {
            return over;
        }

        synchronized void made(Statement statement) {
            made.add(statement);
            waiting.forEach(w -> w.onStatement.accept(statement));
        }

        private void leave(Waiting w) {
            boolean nobodyLeft;
            synchronized (this) {
                if (!waiting.remove(w)) {
                    return;
                }
                nobodyLeft = waiting.isEmpty();
                over |= nobodyLeft;
            }
            w.result.tryFail(new CancellationException("the client went away"));
            if (nobodyLeft) {
                cancellation.cancel();
            }
        }

        void end(Summary summary, Throwable failure) {
            List<Waiting> all;
            synchronized (this) {
                over = true;
                all = List.copyOf(waiting);
                waiting.clear();
            }
            for (Waiting w : all) {
                if (failure == null) {
                    w.result.tryComplete(summary);
                } else {
                    w.result.tryFail(failure);
                }
            }
        }
    }
}
