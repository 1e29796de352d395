package org.fairrag.export;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Articles as CSV (RFC 4180): a header row, one row per article, CRLF line ends, every field that holds
 * a comma, a quote or a line break quoted with its quotes doubled. A field starting with {@code =},
 * {@code +}, {@code -}, {@code @}, a tab or a carriage return gets a leading apostrophe, so that a
 * spreadsheet shows it as text instead of running it as a formula. Lists (authors, MeSH terms) are
 * joined with {@code "; "}.
 */
final class CsvWriter {

    static final List<String> HEADER = List.of("pid", "pmid", "doi", "title", "authors", "journal", "year", "date",
            "mesh_terms", "abstract", "pubmed_url");

    private CsvWriter() {}

    static String write(List<ExportedArticle> articles) {
        StringBuilder out = new StringBuilder();
        row(out, HEADER);
        for (ExportedArticle a : articles) {
            row(out, List.of(a.pid(), a.pmid(), text(a.doi()), text(a.title()),
                    a.authors().stream().map(CsvWriter::name).collect(Collectors.joining("; ")),
                    text(a.journal()), text(a.year()), text(a.date()), String.join("; ", a.subjects()),
                    text(a.abstractText()), a.pubmedUrl()));
        }
        return out.toString();
    }

    private static String name(ExportedArticle.Author author) {
        return author.family() == null ? author.name()
                : author.given() == null ? author.family() : author.family() + ", " + author.given();
    }

    private static void row(StringBuilder out, List<String> fields) {
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            out.append(field(fields.get(i)));
        }
        out.append("\r\n");
    }

    static String field(String value) {
        String v = value;
        if (!v.isEmpty() && "=+-@\t\r".indexOf(v.charAt(0)) >= 0) {
            v = "'" + v;
        }
        if (v.indexOf(',') >= 0 || v.indexOf('"') >= 0 || v.indexOf('\n') >= 0 || v.indexOf('\r') >= 0) {
            return '"' + v.replace("\"", "\"\"") + '"';
        }
        return v;
    }

    private static String text(String value) {
        return value == null ? "" : value;
    }
}
