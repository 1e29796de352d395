package org.fairrag.sparql;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;

/**
 * Runs public SPARQL queries ({@link PublicQuery}: validated, scoped to the caller's graphs, row-capped)
 * within the time limit, on the embedded store in-process or forwarded to an external SPARQL endpoint. Every
 * method blocks: callers on the event loop go through a worker pool.
 */
public interface SparqlQueryService {

    /**
     * Runs the query and writes its answer to {@code out} in {@code format}, streaming: results are written
     * as they are found, never all held in memory (except JSON-LD and RDF/XML graphs, built from the capped
     * solutions first).
     *
     * @throws org.fairrag.failure.ApiException 503 {@code query_timeout} when the time limit stopped the query,
     *         400 {@code query_too_complex} when it recursed too deeply to finish
     */
    void execute(PublicQuery query, ResultFormat format, OutputStream out);

    /** Runs a SELECT or ASK query and returns the standard SPARQL 1.1 JSON results object. */
    default JsonObject jsonResults(PublicQuery query) {
        if (query.answersWithGraph()) {
            throw new IllegalArgumentException("JSON results are for SELECT and ASK queries");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        execute(query, ResultFormat.JSON, out);
        return new JsonObject(Buffer.buffer(out.toByteArray()));
    }

    /** A short description for logs (never shown to the public). */
    String describe();
}
