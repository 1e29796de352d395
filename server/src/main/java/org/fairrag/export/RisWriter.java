package org.fairrag.export;

import java.util.List;

/**
 * Articles as RIS records ({@code TY  - JOUR} ... {@code ER  - }), CRLF line ends, one tag per line. RIS
 * has no escaping, so a value is made one line: line breaks and other control characters become spaces
 * (a title cannot start a tag of its own). Tags: TI, AU (one per author, {@code Family, Given}), PY, DA,
 * JO, AB, KW (one per MeSH term), DO, AN (the PMID), UR (the PID), L2 (the PubMed page). Missing fields
 * are left out.
 */
final class RisWriter {

    private RisWriter() {}

    static String write(List<ExportedArticle> articles) {
        StringBuilder out = new StringBuilder();
        for (ExportedArticle a : articles) {
            tag(out, "TY", "JOUR");
            tag(out, "TI", a.title());
            for (ExportedArticle.Author author : a.authors()) {
                tag(out, "AU", author.family() == null ? author.name()
                        : author.given() == null ? author.family() : author.family() + ", " + author.given());
            }
            tag(out, "PY", a.year());
            tag(out, "DA", date(a.date()));
            tag(out, "JO", a.journal());
            tag(out, "AB", a.abstractText());
            a.subjects().forEach(s -> tag(out, "KW", s));
            tag(out, "DO", a.doi());
            tag(out, "AN", a.pmid());
            tag(out, "UR", a.pid());
            tag(out, "L2", a.pubmedUrl());
            out.append("ER  - \r\n\r\n");
        }
        return out.toString();
    }

    private static void tag(StringBuilder out, String tag, String value) {
        if (value == null) {
            return;
        }
        String line = oneLine(value);
        if (!line.isEmpty()) {
            out.append(tag).append("  - ").append(line).append("\r\n");
        }
    }

    static String oneLine(String value) {
        StringBuilder out = new StringBuilder(value.length());
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            out.append(Character.isISOControl(c) || c == '\u2028' || c == '\u2029' ? ' ' : c);
        }
        return out.toString().replaceAll(" {2,}", " ").strip();
    }

    /** {@code 2019-09-14} as {@code 2019/09/14/}, {@code 2019-09} as {@code 2019/09//}, a year as {@code 2019///}. */
    private static String date(String date) {
        if (date == null || date.length() < 4) {
            return null;
        }
        String[] parts = date.split("-");
        return parts[0] + "/" + (parts.length > 1 ? parts[1] : "") + "/" + (parts.length > 2 ? parts[2] : "") + "/";
    }
}
