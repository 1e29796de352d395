package org.fairrag.http;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * One token bucket per client: a client may make {@code burst} requests at once and then
 * {@code ratePerSecond} a second. Clients idle long enough to have a full bucket again are forgotten,
 * and at most {@code maxClients} are remembered, so the memory it takes is bounded whatever the traffic.
 * Time comes from an injected nanosecond clock.
 */
public final class TokenBuckets {

    /** The answer to one request: allowed, or refused with the whole seconds to wait until a token is there. */
    public record Decision(boolean allowed, long retryAfterSeconds) {}

    private static final Decision ALLOWED = new Decision(true, 0);

    private final double ratePerNano;
    private final int burst;
    private final LongSupplier nanoClock;
    private final Cache<String, Bucket> buckets;

    public TokenBuckets(double ratePerSecond, int burst, int maxClients, LongSupplier nanoClock) {
        if (ratePerSecond <= 0 || burst < 1) {
            throw new IllegalArgumentException("a token bucket needs a positive rate and a burst of at least 1");
        }
        this.ratePerNano = ratePerSecond / 1e9;
        this.burst = burst;
        this.nanoClock = nanoClock;
        // A bucket unused for this long has refilled completely: forgetting it changes nothing.
        Duration refill = Duration.ofNanos((long) Math.ceil(burst / ratePerNano));
        this.buckets = Caffeine.newBuilder().maximumSize(maxClients).expireAfterAccess(refill).build();
    }

    /** Takes a token from {@code client}'s bucket if it has one. */
    public Decision take(String client) {
        Bucket bucket = buckets.get(client, k -> new Bucket(burst, nanoClock.getAsLong()));
        synchronized (bucket) {
            long now = nanoClock.getAsLong();
            bucket.tokens = Math.min(burst, bucket.tokens + (now - bucket.updated) * ratePerNano);
            bucket.updated = now;
            if (bucket.tokens >= 1) {
                bucket.tokens -= 1;
                return ALLOWED;
            }
            double secondsToToken = (1 - bucket.tokens) / ratePerNano / 1e9;
            return new Decision(false, Math.max(1, (long) Math.ceil(secondsToToken)));
        }
    }

    /**
     * Gives back a token taken for work that was then not done (it failed, or its client went away), so that only
     * what was delivered counts; never beyond a full bucket.
     */
    public void giveBack(String client) {
        Bucket bucket = buckets.getIfPresent(client);
        if (bucket != null) {
            synchronized (bucket) {
                bucket.tokens = Math.min(burst, bucket.tokens + 1);
            }
        }
    }

    private static final class Bucket {
        double tokens;
        long updated;

        Bucket(double tokens, long updated) {
            this.tokens = tokens;
            this.updated = updated;
        }
    }
}
