package org.fairrag.app;

import java.io.IOException;
import org.fairrag.ingest.IngestProgress;

/**
 * One capability of an instance: it is given the modules it depends on in its constructor, builds its own
 * services, adds its own routes to the API and takes part in the instance's lifecycle. {@link Fairrag} builds
 * the modules in order, then opens them in the same order; a module is only ever used by modules after it.
 *
 * <p>The hooks, in the order they are called:
 * <ol>
 *   <li>the constructor: no blocking work, but it may begin work in the background (PostgreSQL, a snapshot)
 *       that {@link #open} then waits for, so that such work overlaps with the opening of the modules before;</li>
 *   <li>{@link #open}: opens what the module keeps and builds its services (blocking); the services of a
 *       module exist once it is open;</li>
 *   <li>{@link #addRoutes}: only when the instance serves HTTP, builds the module's handlers and adds its
 *       routes and health checks;</li>
 *   <li>{@link #beforeServing}: the API is built and about to open (following other servers' changes);</li>
 *   <li>{@link #serving}: the API is open (work that runs in the background while the server answers).</li>
 * </ol>
 * Stopping is the {@link Lifecycle}'s: whatever a module opens it registers with {@link Lifecycle#closeWith}, so
 * it closes in the reverse order of opening, after the modules opened later.
 */
public interface FairragModule {

    /** The capability's name, as logs and the architecture page call it. */
    String name();

    /** Opens what the module keeps and builds its services, telling {@code progress} the steps. Blocking. */
    default void open(IngestProgress progress) throws IOException {}

    /**
     * Waits for work the constructor began in the background, however it ends: called on every module before
     * the instance closes after a failure to open, so that nothing is left starting behind it.
     */
    default void settle() {}

    /** Builds the module's handlers and adds its routes and health checks to {@code api}. */
    default void addRoutes(ApiContext api) {}

    /** The API is built and opens next: work that must run before the first request (following other servers). */
    default void beforeServing(ApiContext api) {}

    /** The API is open. */
    default void serving() {}
}
