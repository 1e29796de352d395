package org.fairrag.http;

import io.micrometer.core.instrument.Counter;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import org.fairrag.failure.ApiException;

/**
 * Refuses a request with 429 and {@code Retry-After} when its client has used up its token bucket. The
 * client is the caller's API key, else its IP address (see {@link Caller#rateKey}).
 */
public final class RateLimitHandler implements Handler<RoutingContext> {

    private final TokenBuckets buckets;
    private final Counter refused;

    public RateLimitHandler(TokenBuckets buckets, Counter refused) {
        this.buckets = buckets;
        this.refused = refused;
    }

    @Override
    public void handle(RoutingContext ctx) {
        TokenBuckets.Decision decision = buckets.take(Caller.of(ctx).rateKey(ctx));
        if (decision.allowed()) {
            ctx.next();
            return;
        }
        refused.increment();
        ctx.fail(new ApiException(429, "rate_limited", "Too many requests from this client; retry in "
                + decision.retryAfterSeconds() + " s.", decision.retryAfterSeconds()));
    }
}
