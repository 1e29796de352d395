package org.fairrag.ingest.read;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/** Whitespace normalisation and character decoding shared by the readers. */
final class Text {

    private static final int BUFFER_CHARS = 1 << 16;

    private Text() {}

    /**
     * Collapses every run of whitespace (including no-break and thin spaces) to one space and trims;
     * returns null for null, empty or blank input.
     */
    static String clean(String s) {
        if (s == null) {
            return null;
        }
        StringBuilder out = null;
        boolean pendingSpace = false;
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c) || Character.isSpaceChar(c)) {
                pendingSpace = true;
                continue;
            }
            if (out == null) {
                out = new StringBuilder(n - i);
            } else if (pendingSpace) {
                out.append(' ');
            }
            pendingSpace = false;
            out.append(c);
        }
        return out == null ? null : out.toString();
    }

    /** A buffered UTF-8 reader over {@code in} that drops a leading byte order mark. */
    static BufferedReader utf8(InputStream in) throws IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), BUFFER_CHARS);
        reader.mark(1);
        if (reader.read() != '\uFEFF') {
            reader.reset();
        }
        return reader;
    }
}
