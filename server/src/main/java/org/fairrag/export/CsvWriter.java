package org.fairrag.export;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.QuoteMode;

/**
 * Articles as CSV (RFC 4180, written by commons-csv): a header row, one row per article, CRLF line ends,
 * fields with a comma, a quote or a line break quoted. A field starting with {@code =}, {@code +},
 * {@code -}, {@code @}, a tab or a carriage return gets a leading apostrophe, so that a spreadsheet shows
 * it as text instead of running it as a formula. Lists (authors, MeSH terms) are joined with {@code "; "}.
 */
final class CsvWriter {

    static final List<String> HEADER = List.of("pid", "pmid", "doi", "title", "authors", "journal", "year", "date",
            "mesh_terms", "abstract", "pubmed_url");

    private static final CSVFormat FORMAT = CSVFormat.RFC4180.builder().setQuoteMode(QuoteMode.MINIMAL).get();

    private CsvWriter() {}

    static String write(List<ExportedArticle> articles) {
        StringBuilder out = new StringBuilder();
        try (CSVPrinter csv = new CSVPrinter(out, FORMAT)) {
            csv.printRecord(HEADER);
            for (ExportedArticle a : articles) {
                csv.printRecord(List.of(a.pid(), a.pmid(), text(a.doi()), text(a.title()),
                        a.authors().stream().map(CsvWriter::name).collect(Collectors.joining("; ")),
                        text(a.journal()), text(a.year()), text(a.date()), String.join("; ", a.subjects()),
                        text(a.abstractText()), a.pubmedUrl()).stream().map(CsvWriter::inert).toList());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("writing CSV into memory", e);
        }
        return out.toString();
    }

    private static String name(ExportedArticle.Author author) {
        return author.family() == null ? author.name()
                : author.given() == null ? author.family() : author.family() + ", " + author.given();
    }

    /** The value with an apostrophe before a first character that would make a spreadsheet run it. */
    static String inert(String value) {
        return !value.isEmpty() && "=+-@\t\r".indexOf(value.charAt(0)) >= 0 ? "'" + value : value;
    }

    private static String text(String value) {
        return value == null ? "" : value;
    }
}
