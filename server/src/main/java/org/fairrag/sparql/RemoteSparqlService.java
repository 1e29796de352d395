package org.fairrag.sparql;

import io.micrometer.core.instrument.Counter;
import java.io.OutputStream;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.jena.atlas.lib.AlarmClock;
import org.apache.jena.atlas.lib.Alarm;
import org.apache.jena.sparql.engine.http.QueryExceptionHTTP;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.exec.http.QueryExecHTTP;
import org.apache.jena.sparql.exec.http.QueryExecHTTPBuilder;
import org.apache.jena.sparql.exec.http.QuerySendMode;
import org.fairrag.failure.ApiException;

/**
 * Forwards public queries to an external SPARQL 1.1 endpoint ({@code FAIRRAG_SPARQL_URL}) with the SPARQL
 * protocol, the query's graphs as its protocol dataset, and writes the answer in the format the client asked
 * for as it arrives. The time limit covers the whole exchange: the request is aborted when it runs out. The
 * endpoint itself should refuse {@code SERVICE} too; queries that name it never reach it from here.
 */
public final class RemoteSparqlService implements SparqlQueryService {

    private final String queryUrl;
    private final Duration timeout;
    private final Counter timeouts;

    public RemoteSparqlService(String queryUrl, Duration timeout, Counter timeouts) {
        this.queryUrl = queryUrl;
        this.timeout = timeout;
        this.timeouts = timeouts;
    }

    @Override
    public void execute(PublicQuery query, ResultFormat format, OutputStream out) {
        QueryExecHTTPBuilder request = QueryExecHTTP.service(queryUrl).query(query.query())
                .sendMode(QuerySendMode.asPostForm).timeout(timeout.toMillis(), TimeUnit.MILLISECONDS);
        query.defaultGraphs().forEach(request::addDefaultGraphURI);
        query.namedGraphs().forEach(request::addNamedGraphURI);
        AtomicBoolean expired = new AtomicBoolean();
        try (QueryExec exec = request.build()) {
            Alarm alarm = AlarmClock.get().add(() -> {
                expired.set(true);
                exec.abort();
            }, timeout.toMillis());
            try {
                QueryResultWriter.write(exec, query.query(), format, out);
            } finally {
                AlarmClock.get().cancel(alarm);
            }
        } catch (RuntimeException e) {
            if (expired.get() || SparqlFailures.cancelled(e) || timedOutUpstream(e)) {
                timeouts.increment();
                throw SparqlFailures.timeout(timeout);
            }
            if (e instanceof QueryExceptionHTTP http && http.getStatusCode() >= 400) {
                String message = http.getResponse() == null || http.getResponse().isBlank()
                        ? "The triple store refused the query." : http.getResponse().strip();
                throw http.getStatusCode() < 500 ? ApiException.badRequest("bad_query", message)
                        : new ApiException(502, "upstream_error", message);
            }
            throw e;
        }
    }

    /** The endpoint's own time limit (a 503, or a message saying so) or no answer in time. */
    private static boolean timedOutUpstream(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof HttpTimeoutException) {
                return true;
            }
            if (t instanceof QueryExceptionHTTP http && (http.getStatusCode() == 503 || String.valueOf(http.getResponse())
                    .toLowerCase(Locale.ROOT).contains("timeout"))) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String describe() {
        return "the SPARQL endpoint " + queryUrl;
    }
}
