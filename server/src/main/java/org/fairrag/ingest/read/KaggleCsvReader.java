package org.fairrag.ingest.read;

import com.google.common.collect.AbstractIterator;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import org.apache.commons.csv.CSVException;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.fairrag.ingest.ReadResult;
import org.fairrag.ingest.RecordReader;
import org.fairrag.ingest.SourceFormat;

/**
 * Reads the Kaggle "PubMed Multi Label Text Classification" CSV (RFC 4180, columns {@code Title,
 * abstractText, meshMajor, pmid, meshid, ...}). Despite its name, {@code meshMajor} lists all headings
 * of an article, so every heading is read with {@code major = false}. {@code meshid} holds the tree
 * numbers of the headings that have some, in order; when its length differs from {@code meshMajor}'s
 * (headings without tree numbers are left out) the two cannot be paired and headings get names only.
 * The file has no journal, date or authors. Section labels glued to the previous sentence in the
 * abstracts are separated ({@link AbstractLabels}). A row longer than the record limit is rejected
 * without being held.
 */
public final class KaggleCsvReader implements RecordReader {

    /** The {@code source} of every record this reader yields. */
    public static final String SOURCE = "kaggle_pubmed_multilabel";

    private static final String TITLE = "Title";
    private static final String ABSTRACT = "abstractText";
    private static final String MESH_NAMES = "meshMajor";
    private static final String PMID = "pmid";
    private static final String TREE_NUMBERS = "meshid";
    private static final List<String> COLUMNS = List.of(TITLE, ABSTRACT, MESH_NAMES, PMID, TREE_NUMBERS);

    private static final CSVFormat FORMAT = CSVFormat.RFC4180;

    private final ReadLimits limits;

    public KaggleCsvReader() {
        this(ReadLimits.DEFAULT);
    }

    public KaggleCsvReader(ReadLimits limits) {
        this.limits = limits;
    }

    @Override
    public SourceFormat format() {
        return SourceFormat.KAGGLE_CSV;
    }

    /** @throws IOException when the header lacks one of the columns this reader needs */
    @Override
    public Results open(InputStream in, String sourceName) throws IOException {
        TextDecoder text = new TextDecoder(in, StandardCharsets.UTF_8);
        BoundedLines rows = new BoundedLines(text, limits.maxRecordChars(), true);
        try {
            BoundedLines.Line header = rows.next();
            List<String> names = header == null || header.tooLong() ? List.of() : parse(header.text()).toList();
            for (String column : COLUMNS) {
                if (!names.contains(column)) {
                    throw new IOException(sourceName + ": not a Kaggle PubMed CSV, no column '" + column
                            + "' in header " + names);
                }
            }
            return new CsvResults(rows, text, FORMAT.builder().setHeader(names.toArray(String[]::new)).get(), sourceName);
        } catch (IOException | RuntimeException e) {
            rows.close();
            throw e;
        }
    }

    /** The fields of one row (the rows are split by {@link BoundedLines}, one parser a row). */
    private static CSVRecord parse(String row) throws IOException {
        try (CSVParser parser = FORMAT.parse(new StringReader(row))) {
            Iterator<CSVRecord> records = parser.iterator();
            return records.hasNext() ? records.next() : null;
        }
    }

    private final class CsvResults extends AbstractIterator<ReadResult> implements Results {

        private final BoundedLines rows;
        private final TextDecoder text;
        private final CSVFormat withHeader;
        private final String sourceName;
        private boolean stopped;

        CsvResults(BoundedLines rows, TextDecoder text, CSVFormat withHeader, String sourceName) {
            this.rows = rows;
            this.text = text;
            this.withHeader = withHeader;
            this.sourceName = sourceName;
        }

        @Override
        protected ReadResult computeNext() {
            if (stopped) {
                return endOfData();
            }
            try {
                BoundedLines.Line row;
                do {
                    row = rows.next();
                    if (row == null) {
                        return endOfData();
                    }
                } while (!row.tooLong() && row.text().isEmpty());
                String locator = sourceName + " line " + row.firstLine();
                if (row.tooLong()) {
                    return new ReadResult.Rejected(locator, limits.recordTooLong("a row", row.length()));
                }
                CSVRecord record;
                try (CSVParser parser = withHeader.parse(new StringReader(row.text()))) {
                    record = parser.iterator().next();
                } catch (UncheckedIOException e) {
                    if (!(e.getCause() instanceof CSVException)) {
                        throw e;
                    }
                    // A quote left open swallows the rest of the file: no later record can be trusted.
                    stopped = true;
                    return new ReadResult.Rejected(locator, "CSV not well-formed, reading stopped: "
                            + e.getCause().getMessage());
                }
                return toResult(record, locator, row.invalid(), text);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void close() throws IOException {
            rows.close();
        }
    }

    private ReadResult toResult(CSVRecord row, String locator, TextDecoder.Invalid invalid, TextDecoder text) {
        for (String column : COLUMNS) {
            if (!row.isSet(column)) {
                return new ReadResult.Rejected(locator, "row has " + row.size() + " columns, no '" + column + "'");
            }
        }
        ArticleDraft draft = new ArticleDraft(SOURCE, limits);
        draft.invalidBytes(invalid, text.charset());
        draft.pmid = row.get(PMID);
        draft.title = row.get(TITLE);
        draft.abstractText = AbstractLabels.separate(row.get(ABSTRACT));
        List<String> names;
        try {
            names = PythonLiterals.stringList(row.get(MESH_NAMES));
        } catch (IllegalArgumentException e) {
            return new ReadResult.Rejected(locator, "unreadable " + MESH_NAMES + ": " + e.getMessage());
        }
        List<List<String>> treeNumbers;
        try {
            treeNumbers = PythonLiterals.nestedStringList(row.get(TREE_NUMBERS));
        } catch (IllegalArgumentException e) {
            return new ReadResult.Rejected(locator, "unreadable " + TREE_NUMBERS + ": " + e.getMessage());
        }
        boolean paired = treeNumbers.size() == names.size();
        for (int i = 0; i < names.size(); i++) {
            draft.addMesh(null, names.get(i), false, paired ? treeNumbers.get(i) : List.of());
        }
        return draft.toResult(locator);
    }
}
