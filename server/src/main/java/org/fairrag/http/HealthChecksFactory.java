package org.fairrag.http;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.healthchecks.HealthChecks;
import io.vertx.ext.healthchecks.Status;
import io.vertx.ext.web.healthchecks.HealthCheckHandler;
import java.util.function.Supplier;

/**
 * {@code /health}: one check per component, each answering UP or DOWN with details; the whole is DOWN
 * (503) when any component is. Checks run on the event loop but never block: each component's probe
 * returns a future.
 */
public final class HealthChecksFactory {

    /** How long a single probe may take before it counts as DOWN. */
    public static final long PROBE_TIMEOUT_MS = 3_000;

    private final HealthChecks checks;

    public HealthChecksFactory(Vertx vertx) {
        this.checks = HealthChecks.create(vertx);
    }

    /** Adds a component whose probe succeeds with details (UP) or fails (DOWN, with the reason). */
    public HealthChecksFactory component(String name, Supplier<Future<JsonObject>> probe) {
        checks.register(name, PROBE_TIMEOUT_MS, promise -> {
            Future<JsonObject> result;
            try {
                result = probe.get();
            } catch (RuntimeException e) {
                result = Future.failedFuture(e);
            }
            result.onComplete(ar -> promise.complete(ar.succeeded()
                    ? Status.OK(ar.result())
                    : Status.KO(new JsonObject().put("error", String.valueOf(ar.cause().getMessage())))));
        });
        return this;
    }

    public HealthCheckHandler handler() {
        return HealthCheckHandler.createWithHealthChecks(checks);
    }

    public HealthChecks checks() {
        return checks;
    }
}
