package org.fairrag.ingest.read;

import java.io.FilterReader;
import java.io.IOException;
import java.io.Reader;

/**
 * Stops XML whose tags, comments, CDATA sections, processing instructions or DOCTYPE run longer than a
 * limit, before the parser gets to them: the JDK parser holds each of these whole in memory, while it
 * hands text between tags over in pieces (which {@link XmlElement} then limits record by record). Over
 * the limit, reading fails with {@link TooLong}: the parser cannot be resumed after it.
 */
final class XmlMarkupLimit extends FilterReader {

    /** Markup longer than the limit: the file cannot be read on. */
    static final class TooLong extends IOException {
        TooLong(String message) {
            super(message);
        }
    }

    private enum State { TEXT, OPEN, TAG, ATTRIBUTE, BANG, BANG_DASH, COMMENT, CDATA, PROCESSING, DOCTYPE }

    private final int limit;
    private TooLong tooLong;
    private State state = State.TEXT;
    private long length;
    private long line = 1;
    private long markupLine;
    /** The quote that closes the attribute value or DOCTYPE literal being read, or 0. */
    private char quote;
    /** {@code -} or {@code ]} just read (for the ends of comments and CDATA), or {@code ?} in a processing instruction. */
    private int closing;
    /** {@code [} nesting in a DOCTYPE (its internal subset). */
    private int depth;

    XmlMarkupLimit(Reader in, int limit) {
        super(in);
        this.limit = limit;
    }

    @Override
    public int read(char[] buffer, int off, int len) throws IOException {
        if (tooLong != null) {
            throw tooLong;
        }
        int n = in.read(buffer, off, len);
        for (int i = off; i < off + n; i++) {
            if (!see(buffer[i])) {
                // What came before is handed over, so the parser finishes the records it holds.
                if (i > off) {
                    return i - off;
                }
                throw tooLong;
            }
        }
        return n;
    }

    @Override
    public int read() throws IOException {
        char[] one = new char[1];
        return read(one, 0, 1) < 0 ? -1 : one[0];
    }

    @Override
    public long skip(long n) throws IOException {
        char[] skipped = new char[(int) Math.min(n, 8192)];
        int read = read(skipped, 0, skipped.length);
        return Math.max(read, 0);
    }

    /** Follows the markup by one character; false when this character makes it too long. */
    private boolean see(char c) {
        if (c == '\n') {
            line++;
        }
        if (state == State.TEXT) {
            if (c == '<') {
                state = State.OPEN;
                length = 1;
                markupLine = line;
            }
            return true;
        }
        if (++length > limit) {
            tooLong = new TooLong("markup (a tag, comment, CDATA section, processing instruction or DOCTYPE) starting at line "
                    + markupLine + " is longer than the text limit of " + ReadLimits.format(limit) + " characters");
            return false;
        }
        state = switch (state) {
            case OPEN -> c == '!' ? State.BANG : c == '?' ? State.PROCESSING : c == '>' ? State.TEXT : State.TAG;
            case TAG -> tag(c);
            case ATTRIBUTE -> attribute(c);
            case BANG -> c == '-' ? State.BANG_DASH : c == '[' ? State.CDATA : doctype(c);
            case BANG_DASH -> c == '-' ? State.COMMENT : doctype(c);
            case COMMENT -> ending(c, '-');
            case CDATA -> ending(c, ']');
            case PROCESSING -> processing(c);
            case DOCTYPE -> doctype(c);
            case TEXT -> State.TEXT;
        };
        return true;
    }

    private State tag(char c) {
        if (c == '"' || c == '\'') {
            quote = c;
            return State.ATTRIBUTE;
        }
        return c == '>' ? State.TEXT : State.TAG;
    }

    private State attribute(char c) {
        if (c == quote) {
            quote = 0;
            return State.TAG;
        }
        return State.ATTRIBUTE;
    }

    /** Comments end at {@code -->}, CDATA sections at {@code ]]>}. */
    private State ending(char c, char twice) {
        State current = state;
        if (c == '>' && closing >= 2) {
            closing = 0;
            return State.TEXT;
        }
        closing = c == twice ? closing + 1 : 0;
        return current;
    }

    private State processing(char c) {
        boolean end = c == '>' && closing == '?';
        closing = c;
        if (end) {
            closing = 0;
            return State.TEXT;
        }
        return State.PROCESSING;
    }

    /** A DOCTYPE ends at the first {@code >} outside quotes and outside its internal subset. */
    private State doctype(char c) {
        if (quote != 0) {
            if (c == quote) {
                quote = 0;
            }
        } else if (c == '"' || c == '\'') {
            quote = c;
        } else if (c == '[') {
            depth++;
        } else if (c == ']') {
            depth = Math.max(0, depth - 1);
        } else if (c == '>' && depth == 0) {
            return State.TEXT;
        }
        return State.DOCTYPE;
    }
}
