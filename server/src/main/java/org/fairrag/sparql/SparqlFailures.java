package org.fairrag.sparql;

import java.time.Duration;
import org.apache.jena.query.QueryCancelledException;
import org.fairrag.failure.ApiException;

/** The answers of the SPARQL services to queries they could not finish. */
final class SparqlFailures {

    private SparqlFailures() {}

    /** 503, not 504: fairrag is the origin server, and the store is healthy, merely busy with that query. */
    static ApiException timeout(Duration limit) {
        return new ApiException(503, "query_timeout", "The query did not finish within "
                + limit.toMillis() / 1000.0 + " s; make it more selective.");
    }

    static ApiException tooComplex() {
        return ApiException.badRequest("query_too_complex",
                "The query is too complex to run: it recursed too deeply. Split it into simpler queries.");
    }

    /** Whether a failure is a query stopped by its time limit, however a writer wrapped it. */
    static boolean cancelled(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof QueryCancelledException) {
                return true;
            }
        }
        return false;
    }
}
