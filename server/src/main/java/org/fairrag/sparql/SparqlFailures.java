package org.fairrag.sparql;

import java.time.Duration;
import java.util.Optional;
import org.apache.jena.query.QueryCancelledException;
import org.apache.jena.query.text.TextIndexParseException;
import org.apache.jena.sparql.expr.ExprException;
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

    /**
     * The 400 for a failure the query itself caused before or while it ran: an expression the engine refused to build
     * or evaluate outside a row (a regular expression that does not compile, unknown flags), a text search that
     * Lucene cannot parse. Empty for any other failure, a fault of the server's.
     */
    static Optional<ApiException> queryFault(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof ExprException) {
                return Optional.of(ApiException.badRequest("query_error",
                        "The query cannot be evaluated: " + firstLine(t.getMessage()).replace("java.util.regex.PatternSyntaxException: ", "") + "."));
            }
            if (t instanceof TextIndexParseException) { // jena-text's wrapper of Lucene's query parser's error
                return Optional.of(ApiException.badRequest("text_query_syntax",
                        "The text search of text:query cannot be read: " + firstLine(t.getMessage())
                                + ". Quote or escape Lucene's special characters (+ - && || ! ( ) { } [ ] ^ \" ~ * ? : \\ /)."));
            }
        }
        return Optional.empty();
    }

    /** The message's first line, or its first two when the first only announces the second ("...error:"). */
    private static String firstLine(String message) {
        if (message == null || message.isBlank()) {
            return "no detail";
        }
        String[] lines = message.strip().split("\\R", 3);
        return lines[0].endsWith(":") && lines.length > 1 ? lines[0] + " " + lines[1].strip() : lines[0];
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
