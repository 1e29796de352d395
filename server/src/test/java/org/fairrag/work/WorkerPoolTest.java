package org.fairrag.work;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.fairrag.failure.ApiException;

/** A full pool refuses at once with 503 instead of queueing, and says so in its meters. */
class WorkerPoolTest {

    private final Vertx vertx = Vertx.vertx();

    @AfterEach
    void close() {
        vertx.close().await();
    }

    @Test
    void should_refuse_with_503_when_threads_and_queue_are_taken() throws Exception {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        WorkerPool pool = new WorkerPool(vertx, "test", 1, 1).bindTo(registry);
        CountDownLatch release = new CountDownLatch(1);
        Future<Boolean> running = pool.submit(() -> release.await(30, TimeUnit.SECONDS));
        Future<Boolean> waiting = pool.submit(() -> true);

        Future<Boolean> refused = pool.submit(() -> true);

        assertThat(refused.failed()).isTrue();
        assertThat(refused.cause()).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.status()).isEqualTo(503);
            assertThat(e.retryAfterSeconds()).isPositive();
        });
        assertThat(registry.get("fairrag.pool.in.flight").tag("pool", "test").gauge().value()).isEqualTo(2);
        assertThat(registry.get("fairrag.pool.refused").tag("pool", "test").functionCounter().count()).isEqualTo(1);
        release.countDown();
        assertThat(running.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS)).isTrue();
        assertThat(waiting.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS)).isTrue();
        pool.close();
    }
}
