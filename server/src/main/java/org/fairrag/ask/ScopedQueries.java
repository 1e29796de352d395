package org.fairrag.ask;

import io.vertx.core.json.JsonObject;
import java.util.Set;

/**
 * Runs a read-only SELECT or ASK query the way the public SPARQL endpoint runs it: validated (no
 * {@code SERVICE}), over the given graphs only (the caller's), within the endpoint's row and time limits.
 * Blocking.
 */
@FunctionalInterface
public interface ScopedQueries {

    /**
     * @param query         SPARQL query text
     * @param visibleGraphs the graphs the caller may see; the query's default graph is their union
     * @return the standard SPARQL 1.1 JSON results object ({@code head}/{@code results}, or {@code boolean})
     * @throws org.fairrag.failure.ApiException when the endpoint refuses the query (400) or it runs out of time (503)
     */
    JsonObject run(String query, Set<String> visibleGraphs);
}
