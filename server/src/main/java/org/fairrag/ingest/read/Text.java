package org.fairrag.ingest.read;

/** Whitespace and control-character normalisation shared by the readers. */
final class Text {

    private Text() {}

    /**
     * Collapses every run of whitespace (including no-break and thin spaces) to one space and trims, and drops
     * control characters (NUL, escape, DEL, the C1 range): they carry no text, PostgreSQL refuses a NUL in the
     * record kept of each source, and an escape sequence would reach the terminal of whoever prints a title.
     * Returns null for null, empty or blank input.
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
            if (Character.getType(c) == Character.CONTROL) {
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
}
