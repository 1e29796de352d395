package org.fairrag.http;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * How many requests of one kind each client may have in flight at once (the client is its API key, else its
 * address: {@link Caller#rateKey}), so that one client cannot take every thread of a pool while others wait.
 * A client is forgotten as soon as it has nothing in flight.
 */
public final class PerClientLimit {

    private final int max;
    private final ConcurrentHashMap<String, Integer> inFlight = new ConcurrentHashMap<>();

    /** @param max requests one client may have in flight */
    public PerClientLimit(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("a client must be allowed at least one request, got " + max);
        }
        this.max = max;
    }

    /** Takes a place for the client, unless it has {@code max} in flight already; {@link #release} gives it back. */
    public boolean tryAcquire(String client) {
        AtomicBoolean taken = new AtomicBoolean();
        inFlight.compute(client, (k, n) -> {
            int current = n == null ? 0 : n;
            if (current >= max) {
                return n;
            }
            taken.set(true);
            return current + 1;
        });
        return taken.get();
    }

    public void release(String client) {
        inFlight.computeIfPresent(client, (k, n) -> n <= 1 ? null : n - 1);
    }

    public int max() {
        return max;
    }
}
