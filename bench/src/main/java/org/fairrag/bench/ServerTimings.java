package org.fairrag.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Requests sent one at a time, summed up from their {@code Server-Timing} headers: the mean of each part (embedding
 * the query, linking its concepts, retrieval, and the rest of the server's total) and the percentiles of the server's
 * total and of the time the client saw.
 */
record ServerTimings(int requests, double embedMs, double conceptsMs, double retrieveMs, double totalMs, double p50Ms,
                     double p99Ms, double clientP50Ms, double cpuMs) {

    private static final Pattern METRIC = Pattern.compile("(embed|concepts|retrieve|total);dur=([0-9.]+)");

    /**
     * @param headers the {@code Server-Timing} value of each request; {@code clientMs} what the client measured for it;
     *                {@code cpuMs} the process's CPU time over all of them
     */
    static ServerTimings of(List<String> headers, double[] clientMs, double cpuMs) {
        if (headers.isEmpty() || headers.size() != clientMs.length) {
            throw new IllegalArgumentException("one client time for each of one or more requests, got " + headers.size()
                    + " headers and " + clientMs.length + " times");
        }
        int n = headers.size();
        double[] embed = new double[n];
        double[] concepts = new double[n];
        double[] retrieve = new double[n];
        double[] total = new double[n];
        for (int i = 0; i < n; i++) {
            Matcher m = METRIC.matcher(headers.get(i));
            while (m.find()) {
                double ms = Double.parseDouble(m.group(2));
                switch (m.group(1)) {
                    case "embed" -> embed[i] = ms;
                    case "concepts" -> concepts[i] = ms;
                    case "retrieve" -> retrieve[i] = ms;
                    default -> total[i] = ms;
                }
            }
        }
        return new ServerTimings(n, mean(embed), mean(concepts), mean(retrieve), mean(total),
                SearchBench.percentile(total, 50), SearchBench.percentile(total, 99), SearchBench.percentile(clientMs, 50),
                cpuMs / n);
    }

    /** The server's mean time outside embedding, concepts and retrieval: the handler, JSON, the worker pool's hand-off. */
    double otherMs() {
        return totalMs - embedMs - conceptsMs - retrieveMs;
    }

    String describe() {
        return String.format(Locale.ROOT, "server p50 %.2f ms, p99 %.2f ms; mean embed %.2f ms, concepts %.2f ms, retrieve "
                + "%.2f ms, other %.2f ms, total %.2f ms; client-observed p50 %.2f ms; %.2f CPU ms a request (process)", p50Ms,
                p99Ms, embedMs, conceptsMs, retrieveMs, otherMs(), totalMs, clientP50Ms, cpuMs);
    }

    /** For the summary table: p50 / p99 (mean retrieve; CPU a request). */
    String cell() {
        return String.format(Locale.ROOT, "%.1f / %.1f (%.1f; %.1f)", p50Ms, p99Ms, retrieveMs, cpuMs);
    }

    private static double mean(double[] v) {
        return Arrays.stream(v).average().orElse(0);
    }
}
