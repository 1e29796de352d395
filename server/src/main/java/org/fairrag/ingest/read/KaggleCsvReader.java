package org.fairrag.ingest.read;

import com.google.common.collect.AbstractIterator;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
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
 * abstracts are separated ({@link AbstractLabels}).
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

    private static final CSVFormat FORMAT = CSVFormat.RFC4180.builder()
            .setHeader()
            .setSkipHeaderRecord(true)
            .get();

    @Override
    public SourceFormat format() {
        return SourceFormat.KAGGLE_CSV;
    }

    /** @throws IOException when the header lacks one of the columns this reader needs */
    @Override
    public Results open(InputStream in, String sourceName) throws IOException {
        CSVParser parser = FORMAT.parse(Text.utf8(in));
        for (String column : COLUMNS) {
            if (!parser.getHeaderMap().containsKey(column)) {
                parser.close();
                throw new IOException(sourceName + ": not a Kaggle PubMed CSV, no column '" + column
                        + "' in header " + parser.getHeaderNames());
            }
        }
        return new CsvResults(parser, sourceName);
    }

    private static final class CsvResults extends AbstractIterator<ReadResult> implements Results {

        private final CSVParser parser;
        private final Iterator<CSVRecord> records;
        private final String sourceName;
        private boolean stopped;

        CsvResults(CSVParser parser, String sourceName) {
            this.parser = parser;
            this.records = parser.iterator();
            this.sourceName = sourceName;
        }

        @Override
        protected ReadResult computeNext() {
            if (stopped) {
                return endOfData();
            }
            long line = parser.getCurrentLineNumber() + 1;
            String locator = sourceName + " line " + line;
            try {
                if (!records.hasNext()) {
                    return endOfData();
                }
                return toResult(records.next(), locator);
            } catch (UncheckedIOException e) {
                if (!(e.getCause() instanceof CSVException)) {
                    throw e;
                }
                // A quote left open swallows the rest of the file: no later record can be trusted.
                stopped = true;
                return new ReadResult.Rejected(locator, "CSV not well-formed, reading stopped: "
                        + e.getCause().getMessage());
            }
        }

        @Override
        public void close() throws IOException {
            parser.close();
        }
    }

    private static ReadResult toResult(CSVRecord row, String locator) {
        for (String column : COLUMNS) {
            if (!row.isSet(column)) {
                return new ReadResult.Rejected(locator, "row has " + row.size() + " columns, no '" + column + "'");
            }
        }
        ArticleDraft draft = new ArticleDraft(SOURCE);
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
