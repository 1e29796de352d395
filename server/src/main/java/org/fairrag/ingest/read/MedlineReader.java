package org.fairrag.ingest.read;

import com.google.common.collect.AbstractIterator;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.fairrag.ingest.ReadResult;
import org.fairrag.ingest.RecordReader;
import org.fairrag.ingest.SourceFormat;

/**
 * Reads the MEDLINE/PubMed text format ({@code PMID- }, {@code TI  - }, ...): a tag in the first four
 * columns, {@code "- "}, the value, continuation lines indented. Records are separated by blank lines
 * or start at a {@code PMID} line. The format carries no MeSH UIs: headings have names only, and
 * {@code *} on the descriptor or any qualifier marks a major topic. A line or field longer than the
 * text limit, or a record longer than the record limit, rejects the record; its excess is never held.
 */
public final class MedlineReader implements RecordReader {

    /** The {@code source} of every record this reader yields. */
    public static final String SOURCE = "medline_txt";

    private static final String DOI_SUFFIX = " [doi]";
    private static final String ORCID_PREFIX = "ORCID:";

    private final ReadLimits limits;

    public MedlineReader() {
        this(ReadLimits.DEFAULT);
    }

    public MedlineReader(ReadLimits limits) {
        this.limits = limits;
    }

    @Override
    public SourceFormat format() {
        return SourceFormat.MEDLINE;
    }

    @Override
    public Results open(InputStream in, String sourceName) {
        TextDecoder text = new TextDecoder(in, StandardCharsets.UTF_8);
        return new MedlineResults(new BoundedLines(text, limits.maxTextChars(), false), text, sourceName);
    }

    /** One {@code TAG - value} line with its continuations. */
    private static final class Field {
        final String tag;
        final StringBuilder value;

        Field(String tag, String value) {
            this.tag = tag;
            this.value = new StringBuilder(value);
        }
    }

    private final class MedlineResults extends AbstractIterator<ReadResult> implements Results {

        private final BoundedLines lines;
        private final TextDecoder text;
        private final String sourceName;
        private final List<Field> fields = new ArrayList<>();
        private long recordLine;
        private long recordChars;
        private String pmid;
        /** Why the record being read is rejected; its further lines are then read but not kept. */
        private String tooLong;
        private TextDecoder.Invalid invalid;
        /** A tag line read ahead: the {@code PMID} that starts the next record without a blank line. */
        private BoundedLines.Line pending;

        MedlineResults(BoundedLines lines, TextDecoder text, String sourceName) {
            this.lines = lines;
            this.text = text;
            this.sourceName = sourceName;
        }

        @Override
        protected ReadResult computeNext() {
            try {
                fields.clear();
                recordChars = 0;
                pmid = null;
                tooLong = null;
                invalid = null;
                BoundedLines.Line line = pending;
                pending = null;
                if (line == null) {
                    line = lines.next();
                }
                while (line != null && isBlank(line)) {
                    line = lines.next();
                }
                if (line == null) {
                    return endOfData();
                }
                recordLine = line.firstLine();
                for (; line != null && !isBlank(line); line = lines.next()) {
                    if (!line.tooLong() && !fields.isEmpty() && isTagLine(line.text()) && tag(line.text()).equals("PMID")) {
                        pending = line;
                        break;
                    }
                    addLine(line);
                }
                return toResult();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private static boolean isBlank(BoundedLines.Line line) {
            return !line.tooLong() && line.text().isBlank();
        }

        /** Anything that is not a tag line continues the previous field, whatever its indentation. */
        private void addLine(BoundedLines.Line line) {
            invalid = invalid == null ? line.invalid() : line.invalid() == null ? invalid : invalid.plus(line.invalid());
            recordChars += line.length() + 1;
            if (tooLong != null) {
                return;
            }
            if (line.tooLong()) {
                tooLong = limits.textTooLong("line " + line.firstLine());
            } else if (recordChars > limits.maxRecordChars()) {
                tooLong = limits.recordTooLong("the record", -1);
            } else if (isTagLine(line.text())) {
                String value = line.text().length() > 6 ? line.text().substring(6) : "";
                fields.add(new Field(tag(line.text()), value));
                if (fields.size() == 1 && tag(line.text()).equals("PMID")) {
                    pmid = Text.clean(value);
                }
            } else if (!fields.isEmpty()) {
                Field last = fields.get(fields.size() - 1);
                last.value.append(' ').append(line.text());
                if (last.value.length() > limits.maxTextChars()) {
                    tooLong = limits.textTooLong("field " + last.tag);
                }
            }
            if (tooLong != null) {
                fields.clear();
            }
        }

        private ReadResult toResult() {
            String locator = sourceName + " line " + recordLine;
            if (tooLong != null) {
                return new ReadResult.Rejected(locator, tooLong + (pmid == null ? "" : " (PMID " + pmid + ")"));
            }
            ArticleDraft draft = new ArticleDraft(SOURCE, limits);
            draft.invalidBytes(invalid, text.charset());
            String journalAbbreviation = null;
            boolean lastAuthorAwaitsAu = false;
            for (Field field : fields) {
                String value = Text.clean(field.value.toString());
                if (value == null) {
                    continue;
                }
                switch (field.tag) {
                    case "PMID" -> draft.pmid = value;
                    case "TI" -> draft.title = value;
                    case "AB" -> draft.abstractText = value;
                    case "JT" -> draft.journal = value;
                    case "TA" -> journalAbbreviation = value;
                    case "DP" -> draft.date(value, PubDates.parse(value));
                    case "FAU" -> {
                        draft.addAuthorName(value);
                        lastAuthorAwaitsAu = true;
                    }
                    case "AU" -> {
                        // AU repeats the preceding FAU in short form; alone, it is the only name there is.
                        if (!lastAuthorAwaitsAu) {
                            draft.addAuthorName(value);
                        }
                        lastAuthorAwaitsAu = false;
                    }
                    case "CN" -> {
                        draft.addNamedAuthor(value, null);
                        lastAuthorAwaitsAu = false;
                    }
                    case "AUID" -> {
                        if (value.startsWith(ORCID_PREFIX)) {
                            draft.setLastAuthorOrcid(value.substring(ORCID_PREFIX.length()));
                        }
                    }
                    case "LID", "AID" -> {
                        if (draft.doi == null && value.endsWith(DOI_SUFFIX)) {
                            draft.doi = value.substring(0, value.length() - DOI_SUFFIX.length());
                        }
                    }
                    case "MH" -> addHeading(value, draft);
                    default -> { }
                }
            }
            if (draft.journal == null) {
                draft.journal = journalAbbreviation;
            }
            return draft.toResult(locator);
        }

        @Override
        public void close() throws IOException {
            lines.close();
        }
    }

    private static boolean isTagLine(String line) {
        return line.length() >= 5 && line.charAt(4) == '-' && (line.length() == 5 || line.charAt(5) == ' ')
                && Character.isUpperCase(line.charAt(0));
    }

    private static String tag(String line) {
        return line.substring(0, 4).trim();
    }

    /** {@code "Neoplasms/*therapy"} is descriptor {@code Neoplasms}, major through its qualifier. */
    private static void addHeading(String value, ArticleDraft draft) {
        int slash = value.indexOf('/');
        String descriptor = slash < 0 ? value : value.substring(0, slash);
        if (descriptor.startsWith("*")) {
            descriptor = descriptor.substring(1);
        }
        draft.addMesh(null, descriptor, value.indexOf('*') >= 0, List.of());
    }
}
