package org.fairrag.http;

import java.util.Locale;

/** Builds a {@code Server-Timing} header value: {@code embed;dur=1.20, retrieve;dur=0.85, total;dur=2.31}. */
final class ServerTiming {

    private final StringBuilder value = new StringBuilder();

    ServerTiming add(String metric, long nanos) {
        if (!value.isEmpty()) {
            value.append(", ");
        }
        value.append(metric).append(";dur=").append(String.format(Locale.ROOT, "%.2f", nanos / 1e6));
        return this;
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
