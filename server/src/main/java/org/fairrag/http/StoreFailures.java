package org.fairrag.http;

import java.net.ConnectException;
import java.net.SocketException;
import java.nio.channels.ClosedChannelException;
import java.util.Locale;

/** Tells a store that cannot be reached (connection refused, reset or closed) from other failures. */
final class StoreFailures {

    private StoreFailures() {}

    static boolean unreachable(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof ConnectException || t instanceof SocketException
                    || t instanceof ClosedChannelException) {
                return true;
            }
            String message = t.getMessage() == null ? "" : t.getMessage().toLowerCase(Locale.ROOT);
            // The PostgreSQL client reports a connection lost mid-request without a typed exception.
            if (message.contains("connection is closed") || message.contains("connection was closed")
                    || message.contains("connection refused")) {
                return true;
            }
        }
        return false;
    }
}
