package org.fairrag.http;

import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * {@code /health}: one check per component, each {@code UP}, {@code DEGRADED} (working, but saturated: new work
 * waits or is refused) or {@code DOWN}. The whole is {@code DOWN} (503) when any component is, else
 * {@code DEGRADED} when any is, else {@code UP} (both 200). Probes run on the event loop but never block: each
 * returns a future. Only holders of an admin key see the components' details (store addresses, counts,
 * errors); everyone else sees statuses alone.
 */
public final class HealthChecksFactory {

    /** How long a single probe may take before it counts as DOWN. */
    public static final long PROBE_TIMEOUT_MS = 3_000;

    public enum Status { UP, DEGRADED, DOWN }

    private record Result(String id, Status status, JsonObject details) {}

    /** Work under way in the background that the API does not wait for: how much is done of how much. */
    public record Work(long done, long of) {}

    private final Map<String, Supplier<Future<Result>>> probes = new LinkedHashMap<>();
    private final Map<String, Supplier<Optional<Work>>> background = new LinkedHashMap<>();

    /** Adds a component whose probe succeeds with details (UP) or fails (DOWN, with the reason). */
    public HealthChecksFactory component(String name, Supplier<Future<JsonObject>> probe) {
        probes.put(name, () -> {
            Future<JsonObject> result;
            try {
                result = probe.get();
            } catch (RuntimeException e) {
                result = Future.failedFuture(e);
            }
            return result.timeout(PROBE_TIMEOUT_MS, TimeUnit.MILLISECONDS)
                    .map(details -> new Result(name, Status.UP, details))
                    .otherwise(e -> new Result(name, Status.DOWN,
                            new JsonObject().put("error", String.valueOf(e.getMessage()))));
        });
        return this;
    }

    /** Adds a component that is UP, or DEGRADED while {@code saturated} says so; never DOWN. */
    public HealthChecksFactory load(String name, BooleanSupplier saturated, Supplier<JsonObject> details) {
        probes.put(name, () -> Future.succeededFuture(new Result(name,
                saturated.getAsBoolean() ? Status.DEGRADED : Status.UP, details.get())));
        return this;
    }

    /**
     * Adds a field of the whole, {@code name: {"done", "of"}}, while {@code work} is under way; it changes no
     * status. Callers who may not see details see the share done only ({@code "percent"}), since the counts
     * would tell how many restricted objects exist.
     */
    public HealthChecksFactory background(String name, Supplier<Optional<Work>> work) {
        background.put(name, work);
        return this;
    }

    /** @param showsDetails whether the request's caller may see the components' details */
    public Handler<RoutingContext> handler(Function<RoutingContext, Future<Boolean>> showsDetails) {
        return ctx -> {
            List<Future<Result>> results = new ArrayList<>();
            probes.values().forEach(probe -> results.add(probe.get()));
            Future.join(results).onComplete(done -> showsDetails.apply(ctx).otherwise(false).onComplete(details -> {
                Status overall = Status.UP;
                JsonArray checks = new JsonArray();
                for (Future<Result> f : results) {
                    Result r = f.result();
                    if (r.status().compareTo(overall) > 0) {
                        overall = r.status();
                    }
                    JsonObject check = new JsonObject().put("id", r.id()).put("status", r.status().name());
                    if (details.result()) {
                        check.put("data", r.details());
                    }
                    checks.add(check);
                }
                JsonObject body = new JsonObject().put("status", overall.name()).put("checks", checks);
                background.forEach((name, work) -> work.get().ifPresent(w -> body.put(name, details.result()
                        ? new JsonObject().put("done", w.done()).put("of", w.of())
                        : new JsonObject().put("percent", w.of() == 0 ? 100 : 100 * w.done() / w.of()))));
                ctx.response()
                        .setStatusCode(overall == Status.DOWN ? 503 : 200)
                        .putHeader("Content-Type", "application/json; charset=utf-8")
                        .putHeader("Cache-Control", "no-store")
                        .end(body.encode());
            }));
        };
    }
}
