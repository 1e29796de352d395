package org.fairrag.ingest.read;

/** Whitespace and control-character normalisation shared by the readers. */
final class Text {

    private Text() {}

    /**
     * Collapses every run of whitespace (including no-break and thin spaces) to one space and trims, and drops
     * control characters (NUL, escape, DEL, the C1 range): they carry no text, PostgreSQL refuses a NUL in the
     * record kept of each source, and an escape sequence would reach the terminal of whoever prints a title. Also
     * drops the bidirectional embedding, override and isolate controls (U+202A to U+202E, U+2066 to U+2069): in a
     * title they turn the text after them around ("evil" shown as "live"), which spoofs what a page shows; the
     * directional marks (U+200E, U+200F) stay. Returns null for null, empty or blank input.
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
            if (Character.getType(c) == Character.CONTROL || isBidiControl(c)) {
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

    private static boolean isBidiControl(char c) {
        return (c >= '\u202A' && c <= '\u202E') || (c >= '\u2066' && c <= '\u2069');
    }
}
