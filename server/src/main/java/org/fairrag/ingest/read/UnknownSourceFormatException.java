package org.fairrag.ingest.read;

import java.io.IOException;

/** Thrown when neither the name nor the first bytes of a file tell which article format it holds. */
public final class UnknownSourceFormatException extends IOException {

    private static final long serialVersionUID = 1L;

    public UnknownSourceFormatException(String message) {
        super(message);
    }
}
