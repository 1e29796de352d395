package org.fairrag.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Token buckets on a clock the test moves by hand. */
class TokenBucketsTest {

    private static final long SECOND = 1_000_000_000L;
    private final AtomicLong now = new AtomicLong(1_000 * SECOND);

    @Test
    void should_allow_a_burst_then_refuse_with_the_seconds_until_the_next_token() {
        TokenBuckets buckets = new TokenBuckets(0.5, 3, 100, now::get);

        for (int i = 0; i < 3; i++) {
            assertThat(buckets.take("a").allowed()).isTrue();
        }
        TokenBuckets.Decision refused = buckets.take("a");

        assertThat(refused.allowed()).isFalse();
        assertThat(refused.retryAfterSeconds()).isEqualTo(2);
    }

    @Test
    void should_refill_at_the_rate_and_never_beyond_the_burst() {
        TokenBuckets buckets = new TokenBuckets(2, 2, 100, now::get);
        buckets.take("a");
        buckets.take("a");
        assertThat(buckets.take("a").allowed()).isFalse();

        now.addAndGet(SECOND / 2);
        assertThat(buckets.take("a").allowed()).isTrue();
        assertThat(buckets.take("a").allowed()).isFalse();

        now.addAndGet(3600 * SECOND);
        assertThat(buckets.take("a").allowed()).isTrue();
        assertThat(buckets.take("a").allowed()).isTrue();
        assertThat(buckets.take("a").allowed()).isFalse();
    }

    @Test
    void should_take_back_a_token_given_back_but_never_beyond_the_burst() {
        TokenBuckets buckets = new TokenBuckets(0.001, 1, 100, now::get);
        assertThat(buckets.take("a").allowed()).isTrue();
        assertThat(buckets.take("a").allowed()).isFalse();

        buckets.giveBack("a");
        buckets.giveBack("a");

        assertThat(buckets.take("a").allowed()).isTrue();
        assertThat(buckets.take("a").allowed()).isFalse();
    }

    @Test
    void should_keep_one_bucket_per_client() {
        TokenBuckets buckets = new TokenBuckets(1, 1, 100, now::get);

        assertThat(buckets.take("a").allowed()).isTrue();
        assertThat(buckets.take("a").allowed()).isFalse();
        assertThat(buckets.take("b").allowed()).isTrue();
    }
}
