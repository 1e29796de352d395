package org.fairrag.ingest.read;

import com.google.common.collect.AbstractIterator;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.fairrag.ingest.ReadResult;
import org.fairrag.ingest.RecordReader;
import org.fairrag.ingest.SourceFormat;

/**
 * Reads the MEDLINE/PubMed text format ({@code PMID- }, {@code TI  - }, ...): a tag in the first four
 * columns, {@code "- "}, the value, continuation lines indented. Records are separated by blank lines
 * or start at a {@code PMID} line. The format carries no MeSH UIs: headings have names only, and
 * {@code *} on the descriptor or any qualifier marks a major topic.
 */
public final class MedlineReader implements RecordReader {

    /** The {@code source} of every record this reader yields. */
    public static final String SOURCE = "medline_txt";

    private static final String DOI_SUFFIX = " [doi]";
    private static final String ORCID_PREFIX = "ORCID:";

    @Override
    public SourceFormat format() {
        return SourceFormat.MEDLINE;
    }

    @Override
    public Results open(InputStream in, String sourceName) throws IOException {
        return new MedlineResults(Text.utf8(in), sourceName);
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

    private static final class MedlineResults extends AbstractIterator<ReadResult> implements Results {

        private final BufferedReader lines;
        private final String sourceName;
        private final List<Field> fields = new ArrayList<>();
        private int lineNumber;
        private int recordLine;
        /** A tag line read ahead: the {@code PMID} that starts the next record without a blank line. */
        private String pending;

        MedlineResults(BufferedReader lines, String sourceName) {
            this.lines = lines;
            this.sourceName = sourceName;
        }

        @Override
        protected ReadResult computeNext() {
            try {
                fields.clear();
                String line = pending;
                pending = null;
                if (line == null) {
                    line = nextLine();
                }
                while (line != null && line.isBlank()) {
                    line = nextLine();
                }
                if (line == null) {
                    return endOfData();
                }
                recordLine = lineNumber;
                for (; line != null && !line.isBlank(); line = nextLine()) {
                    if (!fields.isEmpty() && isTagLine(line) && tag(line).equals("PMID")) {
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

        private String nextLine() throws IOException {
            String line = lines.readLine();
            if (line != null) {
                lineNumber++;
            }
            return line;
        }

        /** Anything that is not a tag line continues the previous field, whatever its indentation. */
        private void addLine(String line) {
            if (isTagLine(line)) {
                fields.add(new Field(tag(line), line.length() > 6 ? line.substring(6) : ""));
            } else if (!fields.isEmpty()) {
                fields.get(fields.size() - 1).value.append(' ').append(line);
            }
        }

        private ReadResult toResult() {
            String locator = sourceName + " line " + recordLine;
            ArticleDraft draft = new ArticleDraft(SOURCE);
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
                    case "DP" -> draft.date = PubDates.parse(value);
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
