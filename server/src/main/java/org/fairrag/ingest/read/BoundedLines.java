package org.fairrag.ingest.read;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Splits decoded text into lines (ended by {@code \n}, {@code \r\n} or {@code \r}) without ever holding
 * more than a limit of one: the part of a longer line past the limit is read and dropped, and the line
 * is returned as too long with its full length. In CSV mode a line end inside a quoted field (RFC 4180:
 * a field that starts with {@code "}, in which {@code ""} is a quote) does not end the record, so a
 * "line" is a whole CSV row.
 */
public final class BoundedLines implements Closeable {

    /**
     * One line (or CSV row).
     *
     * @param text      its text without the line end; null when it is longer than the limit
     * @param length    its length in characters, also when too long
     * @param firstLine the number of the line it starts on, from 1
     * @param invalid   the malformed bytes replaced in it, or null
     */
    public record Line(String text, long length, long firstLine, TextDecoder.Invalid invalid) {

        public boolean tooLong() {
            return text == null;
        }
    }

    private enum Csv { FIELD_START, UNQUOTED, QUOTED, QUOTE_IN_QUOTED }

    private static final int BUFFER = 1 << 16;

    private final TextDecoder in;
    private final int maxChars;
    private final boolean csv;
    private final char[] buffer = new char[BUFFER];
    private final StringBuilder text = new StringBuilder();
    private int position;
    private int limit;
    /** Offset in the decoded text of {@code buffer[0]}. */
    private long bufferOffset;
    private long lineNumber = 1;
    private boolean skipLineFeed;

    /** The lines of UTF-8 {@code in}, none held longer than {@code maxChars}. */
    public static BoundedLines utf8(InputStream in, int maxChars) {
        return new BoundedLines(new TextDecoder(in, StandardCharsets.UTF_8), maxChars, false);
    }

    BoundedLines(TextDecoder in, int maxChars, boolean csv) {
        this.in = in;
        this.maxChars = maxChars;
        this.csv = csv;
    }

    /** The next line, or null at the end of the text. */
    public Line next() throws IOException {
        text.setLength(0);
        long length = 0;
        long firstLine = lineNumber;
        boolean tooLong = false;
        boolean any = false;
        Csv state = Csv.FIELD_START;
        while (true) {
            if (position == limit && !fill()) {
                if (!any) {
                    return null;
                }
                return new Line(tooLong ? null : text.toString(), length, firstLine, in.takeInvalidBefore(Long.MAX_VALUE));
            }
            if (skipLineFeed) {
                skipLineFeed = false;
                if (buffer[position] == '\n') {
                    position++;
                    continue;
                }
            }
            any = true;
            int start = position;
            int end = -1;
            if (csv) {
                for (int i = start; i < limit; i++) {
                    char c = buffer[i];
                    state = next(state, c);
                    if (c == '\n' || c == '\r') {
                        if (state != Csv.QUOTED) {
                            end = i;
                            break;
                        }
                        if (c == '\n' || i + 1 == limit || buffer[i + 1] != '\n') {
                            lineNumber++;
                        }
                    }
                }
            } else {
                for (int i = start; i < limit; i++) {
                    char c = buffer[i];
                    if (c == '\n' || c == '\r') {
                        end = i;
                        break;
                    }
                }
            }
            int segment = (end < 0 ? limit : end) - start;
            if (end >= 0 && length == 0 && segment <= maxChars) {
                // The whole line lies in the buffer: no copy through the builder.
                return endLine(end, new String(buffer, start, segment), segment, firstLine);
            }
            length += segment;
            if (!tooLong) {
                if (length > maxChars) {
                    tooLong = true;
                    text.setLength(0);
                    text.trimToSize();
                } else {
                    text.append(buffer, start, segment);
                }
            }
            if (end < 0) {
                position = limit;
                continue;
            }
            return endLine(end, tooLong ? null : text.toString(), length, firstLine);
        }
    }

    private Line endLine(int end, String lineText, long length, long firstLine) {
        position = end + 1;
        lineNumber++;
        if (buffer[end] == '\r') {
            skipLineFeed = true;
        }
        TextDecoder.Invalid invalid = in.takeInvalidBefore(bufferOffset + position);
        return new Line(lineText, length, firstLine, invalid);
    }

    /** The CSV state after {@code c}; a line end only matters outside a quoted field. */
    private static Csv next(Csv state, char c) {
        return switch (state) {
            case FIELD_START -> c == '"' ? Csv.QUOTED : c == ',' || c == '\n' || c == '\r' ? Csv.FIELD_START : Csv.UNQUOTED;
            case UNQUOTED -> c == ',' || c == '\n' || c == '\r' ? Csv.FIELD_START : Csv.UNQUOTED;
            case QUOTED -> c == '"' ? Csv.QUOTE_IN_QUOTED : Csv.QUOTED;
            case QUOTE_IN_QUOTED -> c == '"' ? Csv.QUOTED : c == ',' || c == '\n' || c == '\r' ? Csv.FIELD_START : Csv.UNQUOTED;
        };
    }

    private boolean fill() throws IOException {
        bufferOffset += limit;
        position = 0;
        limit = 0;
        int n = in.read(buffer, 0, BUFFER);
        if (n <= 0) {
            return false;
        }
        limit = n;
        return true;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
