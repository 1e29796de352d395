package org.fairrag.vocab.read;

import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Keeps the RDF parser from holding a line longer than a limit (in bytes). In a line-based syntax
 * (N-Triples, N-Quads: one statement a line) such a line is dropped before the parser sees it and
 * reported; in any other syntax a statement may span lines, so the file cannot be read on past it and
 * reading fails with an {@link IOException} that says where.
 */
final class RdfLineLimit extends FilterInputStream {

    private final int limit;
    private final boolean dropLongLines;
    private final List<String> dropped = new ArrayList<>();
    private final byte[] chunk = new byte[1 << 16];
    /** Drop mode: the unfinished line, held until its end shows it is within the limit. */
    private final ByteArrayOutputStream current = new ByteArrayOutputStream();
    /** Drop mode: whole lines ready for the parser. */
    private final ByteArrayOutputStream ready = new ByteArrayOutputStream();
    private byte[] released = new byte[0];
    private int releasedPosition;
    private long lineNumber = 1;
    private long lineBytes;
    private boolean skipping;
    private boolean endOfInput;
    private IOException failure;

    RdfLineLimit(InputStream in, int limit, boolean dropLongLines) {
        super(in);
        this.limit = limit;
        this.dropLongLines = dropLongLines;
    }

    /** Why reading failed, whatever the parser wrapped it in; null while it has not. */
    IOException failure() {
        return failure;
    }

    /** The lines dropped, as {@code "line 12: ..."}. */
    List<String> dropped() {
        return dropped;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] target, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        return dropLongLines ? readDropping(target, off, len) : readFailing(target, off, len);
    }

    private int readFailing(byte[] target, int off, int len) throws IOException {
        int n = in.read(target, off, len);
        for (int i = off; i < off + n; i++) {
            if (target[i] == '\n') {
                lineNumber++;
                lineBytes = 0;
            } else if (++lineBytes > limit) {
                failure = new IOException("line " + lineNumber + " is longer than the record limit of " + format(limit)
                        + " bytes; a statement may span lines in this syntax, so the file is not read on");
                throw failure;
            }
        }
        return n;
    }

    private int readDropping(byte[] target, int off, int len) throws IOException {
        while (releasedPosition == released.length) {
            if (endOfInput) {
                return -1;
            }
            fillReleased();
        }
        int n = Math.min(len, released.length - releasedPosition);
        System.arraycopy(released, releasedPosition, target, off, n);
        releasedPosition += n;
        return n;
    }

    /** Reads on until whole lines are ready for the parser, or the input ends. */
    private void fillReleased() throws IOException {
        int n = in.read(chunk, 0, chunk.length);
        if (n < 0) {
            endOfInput = true;
            if (skipping) {
                drop();
            } else {
                current.writeTo(ready);
                current.reset();
            }
        } else {
            int start = 0;
            for (int i = 0; i < n; i++) {
                if (chunk[i] == '\n') {
                    segment(start, i + 1, true);
                    start = i + 1;
                }
            }
            segment(start, n, false);
        }
        released = ready.toByteArray();
        releasedPosition = 0;
        ready.reset();
    }

    /** Bytes {@code from..to} of the chunk, ending their line when {@code endsLine} (the newline included). */
    private void segment(int from, int to, boolean endsLine) throws IOException {
        lineBytes += to - from - (endsLine ? 1 : 0);
        if (!skipping && lineBytes > limit) {
            skipping = true;
            current.reset();
        }
        if (!skipping) {
            current.write(chunk, from, to - from);
        }
        if (endsLine) {
            if (skipping) {
                drop();
            } else {
                current.writeTo(ready);
                current.reset();
            }
            lineBytes = 0;
            lineNumber++;
        }
    }

    private void drop() {
        dropped.add("line " + lineNumber + ": " + format(lineBytes) + " bytes, longer than the record limit of "
                + format(limit) + " bytes; the line is left out");
        skipping = false;
    }

    private static String format(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
