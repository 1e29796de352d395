package org.fairrag.ingest.read;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;

/**
 * Decodes bytes to characters like an {@link java.io.InputStreamReader}, replacing each malformed byte
 * sequence with U+FFFD, but remembers where it did so (character offset, line and column), so that a
 * reader can report the record that holds it instead of passing the replacement on silently. A byte
 * order mark at the start is dropped.
 */
public final class TextDecoder extends Reader {

    private static final int BUFFER = 1 << 16;
    private static final char REPLACEMENT = '\uFFFD';
    private static final byte[] UTF8_BYTE_ORDER_MARK = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
    /** Beyond this many pending places, further replacements are counted into the last one. */
    private static final int MAX_PENDING = 1024;

    /** Replaced bytes: {@code count} sequences, the first at {@code offset} (line and column from 1). */
    public record Invalid(long offset, long line, long column, int count) {

        Invalid plus(Invalid later) {
            return new Invalid(offset, line, column, count + later.count);
        }

        /** {@code "invalid UTF-8: 2 byte sequences replaced by U+FFFD, the first at line 3, column 14"}. */
        public String describe(Charset charset) {
            return "invalid " + charset.name() + ": " + (count == 1 ? "1 byte sequence" : count + " byte sequences")
                    + " replaced by U+FFFD, the first at line " + line + ", column " + column;
        }
    }

    private final InputStream in;
    private final Charset charset;
    private final CharsetDecoder decoder;
    private final ByteBuffer bytes = ByteBuffer.allocate(BUFFER);
    private final CharBuffer chars = CharBuffer.allocate(BUFFER);
    private final ArrayDeque<Invalid> pending = new ArrayDeque<>();
    private boolean endOfInput;
    private boolean flushed;
    /** Whether the first bytes were looked at for a byte order mark. */
    private boolean started;
    /** How far into {@code chars} lines have been counted. */
    private int scanned;
    /** Offset in the decoded text of {@code chars}' first character. */
    private long bufferOffset;
    /** Line of the next character to be decoded, and the offset where that line starts. */
    private long line = 1;
    private long lineStart;

    TextDecoder(InputStream in, Charset charset) {
        this.in = in;
        this.charset = charset;
        this.decoder = charset.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        bytes.flip();
        chars.flip();
    }

    Charset charset() {
        return charset;
    }

    /**
     * The replacements at offsets before {@code end}, taken out and summed; null when there were none.
     * Call it with the end of each record, also of records skipped, so that the places do not pile up.
     */
    Invalid takeInvalidBefore(long end) {
        Invalid taken = null;
        while (!pending.isEmpty() && pending.peekFirst().offset() < end) {
            Invalid next = pending.pollFirst();
            taken = taken == null ? next : taken.plus(next);
        }
        return taken;
    }

    @Override
    public int read(char[] target, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        if (!chars.hasRemaining() && !fill()) {
            return -1;
        }
        int n = Math.min(len, chars.remaining());
        chars.get(target, off, n);
        return n;
    }

    @Override
    public int read() throws IOException {
        if (!chars.hasRemaining() && !fill()) {
            return -1;
        }
        return chars.get();
    }

    /** Decodes the next characters into the empty buffer; false at the end of the input. */
    private boolean fill() throws IOException {
        bufferOffset += chars.limit();
        chars.clear();
        scanned = 0;
        while (chars.position() == 0) {
            if (flushed) {
                chars.flip();
                return false;
            }
            CoderResult result = decoder.decode(bytes, chars, endOfInput);
            if (result.isError()) {
                countLines(chars.position());
                replace(result.length());
            } else if (result.isUnderflow() && chars.position() == 0) {
                // More bytes are read only when nothing is left to give: a failing stream fails no earlier.
                if (endOfInput) {
                    flushed = decoder.flush(chars).isUnderflow();
                } else {
                    readBytes();
                }
            }
        }
        countLines(chars.position());
        chars.flip();
        return true;
    }

    private void readBytes() throws IOException {
        bytes.compact();
        int n = in.read(bytes.array(), bytes.position(), bytes.remaining());
        if (n < 0) {
            endOfInput = true;
        } else {
            bytes.position(bytes.position() + n);
        }
        bytes.flip();
        if (!started && bytes.hasRemaining()) {
            started = true;
            if (charset.equals(StandardCharsets.UTF_8) && bytes.remaining() >= UTF8_BYTE_ORDER_MARK.length
                    && startsWithByteOrderMark()) {
                bytes.position(bytes.position() + UTF8_BYTE_ORDER_MARK.length);
            }
        }
    }

    private boolean startsWithByteOrderMark() {
        for (int i = 0; i < UTF8_BYTE_ORDER_MARK.length; i++) {
            if (bytes.get(bytes.position() + i) != UTF8_BYTE_ORDER_MARK[i]) {
                return false;
            }
        }
        return true;
    }

    private void replace(int malformedBytes) {
        bytes.position(bytes.position() + malformedBytes);
        long offset = bufferOffset + chars.position();
        Invalid invalid = new Invalid(offset, line, offset - lineStart + 1, 1);
        if (pending.size() < MAX_PENDING) {
            pending.addLast(invalid);
        } else {
            pending.addLast(pending.pollLast().plus(invalid));
        }
        chars.put(REPLACEMENT);
        scanned = chars.position();
    }

    private void countLines(int upTo) {
        char[] array = chars.array();
        for (int i = scanned; i < upTo; i++) {
            if (array[i] == '\n') {
                line++;
                lineStart = bufferOffset + i + 1;
            }
        }
        scanned = upTo;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
