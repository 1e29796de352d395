package org.fairrag.ingest.read;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.fairrag.ingest.RecordReader;
import org.fairrag.ingest.SourceFormat;

/**
 * Detects the format of an article file, first by its name ({@code .xml}, {@code .jsonl},
 * {@code .ndjson}, {@code .csv}, {@code .txt}, {@code .medline}, {@code .nbib}, each optionally
 * {@code .gz}), else by its first non-blank bytes; and opens it, gunzipped when its first bytes are the
 * gzip magic number whatever its name.
 */
public final class SourceFormats {

    private static final int BUFFER_BYTES = 1 << 16;
    private static final int SNIFF_BYTES = 4096;
    private static final Pattern MEDLINE_TAG_LINE = Pattern.compile("[A-Z][A-Z ]{3}- .*", Pattern.DOTALL);

    private SourceFormats() {}

    /** The format a file name states by its extension, a trailing {@code .gz} ignored. */
    public static Optional<SourceFormat> byName(String fileName) {
        String name = fileName.toLowerCase(Locale.ROOT);
        if (name.endsWith(".gz")) {
            name = name.substring(0, name.length() - ".gz".length());
        }
        String extension = name.substring(name.lastIndexOf('.') + 1);
        return switch (extension) {
            case "xml" -> Optional.of(SourceFormat.PUBMED_XML);
            case "jsonl", "ndjson" -> Optional.of(SourceFormat.JSONL);
            case "csv" -> Optional.of(SourceFormat.KAGGLE_CSV);
            case "txt", "medline", "nbib" -> Optional.of(SourceFormat.MEDLINE);
            default -> Optional.empty();
        };
    }

    /**
     * The format the first bytes of decompressed content show: {@code <} starts XML, <code>{</code> a
     * JSON line, a tag line such as {@code PMID- 123} MEDLINE, and a CSV header naming
     * {@code abstractText} and {@code meshMajor} the Kaggle CSV. Leading blank lines and a byte order
     * mark are skipped.
     */
    public static Optional<SourceFormat> byContent(byte[] head) {
        String text = new String(head, StandardCharsets.UTF_8).replace("\uFEFF", "").stripLeading();
        if (text.startsWith("<")) {
            return Optional.of(SourceFormat.PUBMED_XML);
        }
        if (text.startsWith("{")) {
            return Optional.of(SourceFormat.JSONL);
        }
        int endOfLine = text.indexOf('\n');
        String firstLine = endOfLine < 0 ? text : text.substring(0, endOfLine);
        if (MEDLINE_TAG_LINE.matcher(firstLine).matches()) {
            return Optional.of(SourceFormat.MEDLINE);
        }
        if (firstLine.contains("abstractText") && firstLine.contains("meshMajor")) {
            return Optional.of(SourceFormat.KAGGLE_CSV);
        }
        return Optional.empty();
    }

    /** {@code in}, buffered, and gunzipped when it starts with the gzip magic bytes {@code 1f 8b}. */
    public static InputStream decompressed(InputStream in) throws IOException {
        BufferedInputStream buffered = new BufferedInputStream(in, BUFFER_BYTES);
        buffered.mark(2);
        boolean gzip = buffered.read() == 0x1f && buffered.read() == 0x8b;
        buffered.reset();
        return gzip ? new BufferedInputStream(new FailOneReadLate(new GZIPInputStream(buffered, BUFFER_BYTES)), BUFFER_BYTES)
                : buffered;
    }

    /**
     * Opens {@code path} decompressed, with its format.
     *
     * @throws UnknownSourceFormatException when neither name nor content tells the format
     */
    public static OpenedSource open(Path path) throws IOException {
        InputStream in = decompressed(Files.newInputStream(path));
        try {
            Optional<SourceFormat> format = byName(path.getFileName().toString());
            if (format.isEmpty()) {
                in.mark(SNIFF_BYTES);
                byte[] head = in.readNBytes(SNIFF_BYTES);
                in.reset();
                format = byContent(head);
                if (format.isEmpty()) {
                    throw new UnknownSourceFormatException("unknown format: " + path
                            + " (no known file extension; content starts with " + quote(head) + ")");
                }
            }
            return new OpenedSource(format.get(), in);
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    /** A new reader for {@code format}, with the default limits. */
    public static RecordReader forFormat(SourceFormat format) {
        return forFormat(format, ReadLimits.DEFAULT);
    }

    /**
     * A new reader for {@code format} that rejects records over {@code limits}, and ends with a rejection where a file
     * turns out cut short ({@link StopsAtDamage}).
     */
    public static RecordReader forFormat(SourceFormat format, ReadLimits limits) {
        return new StopsAtDamage(switch (format) {
            case PUBMED_XML -> new PubmedXmlReader(limits);
            case MEDLINE -> new MedlineReader(limits);
            case KAGGLE_CSV -> new KaggleCsvReader(limits);
            case JSONL -> new JsonlReader(limits);
        });
    }

    /** Opens {@code path} and streams its records, with the file name as source name. */
    public static RecordReader.Results read(Path path) throws IOException {
        return read(path, ReadLimits.DEFAULT);
    }

    /** Opens {@code path} and streams its records within {@code limits}, with the file name as source name. */
    public static RecordReader.Results read(Path path, ReadLimits limits) throws IOException {
        OpenedSource source = open(path);
        try {
            return forFormat(source.format(), limits).open(source.stream(), path.getFileName().toString());
        } catch (IOException | RuntimeException e) {
            source.close();
            throw e;
        }
    }

    private static String quote(byte[] head) {
        String start = Text.clean(new String(head, 0, Math.min(head.length, 40), StandardCharsets.UTF_8));
        return start == null ? "nothing but whitespace" : "\"" + start + "\"";
    }
}
