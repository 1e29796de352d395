package org.fairrag.export;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Articles as BibTeX {@code @article} entries, UTF-8. Text fields are escaped for LaTeX ({@code \ { } % & $ #
 * _ ^ ~} become commands, so braces always balance); titles are double-braced to keep their
 * capitalisation; corporate authors and name parts holding a comma or the word "and" are braced so they
 * stay one name. {@code doi} and {@code url} are verbatim fields: only braces, backslashes and white space
 * are percent-encoded there. Keys are {@code pmid<PMID>}, made unique within the file. Missing fields are
 * left out.
 */
final class BibtexWriter {

    private static final Pattern AND_WORD = Pattern.compile("(?i)(^|\\s)and(\\s|$)");

    private BibtexWriter() {}

    static String write(List<ExportedArticle> articles) {
        StringBuilder out = new StringBuilder();
        Set<String> keys = new HashSet<>();
        for (ExportedArticle a : articles) {
            if (!out.isEmpty()) {
                out.append('\n');
            }
            out.append("@article{").append(uniqueKey(a, keys)).append(",\n");
            List<String[]> fields = new ArrayList<>();
            if (a.title() != null) {
                fields.add(new String[] {"title", "{" + latex(a.title()) + "}"});
            }
            if (!a.authors().isEmpty()) {
                fields.add(new String[] {"author", String.join(" and ", a.authors().stream().map(BibtexWriter::name).toList())});
            }
            add(fields, "journal", latexOrNull(a.journal()));
            add(fields, "year", latexOrNull(a.year()));
            add(fields, "doi", verbatimOrNull(a.doi()));
            add(fields, "pmid", latex(a.pmid()));
            add(fields, "url", verbatimOrNull(a.pid()));
            add(fields, "abstract", latexOrNull(a.abstractText()));
            if (!a.subjects().isEmpty()) {
                fields.add(new String[] {"keywords", latex(String.join(", ", a.subjects()))});
            }
            for (String[] f : fields) {
                out.append("  ").append(f[0]).append(" = {").append(f[1]).append("},\n");
            }
            out.append("}\n");
        }
        return out.toString();
    }

    private static void add(List<String[]> fields, String name, String value) {
        if (value != null && !value.isEmpty()) {
            fields.add(new String[] {name, value});
        }
    }

    private static String uniqueKey(ExportedArticle a, Set<String> used) {
        String base = "pmid" + a.pmid().replaceAll("[^A-Za-z0-9]", "");
        String key = base;
        for (int n = 2; !used.add(key); n++) {
            key = base + "-" + n;
        }
        return key;
    }

    /** {@code Family, Given}; a name the source does not split is braced whole (a corporate author). */
    private static String name(ExportedArticle.Author author) {
        if (author.family() == null) {
            return "{" + latex(author.name()) + "}";
        }
        String family = namePart(author.family());
        return author.given() == null ? family : family + ", " + namePart(author.given());
    }

    private static String namePart(String part) {
        String escaped = latex(part);
        return part.indexOf(',') >= 0 || AND_WORD.matcher(part).find() ? "{" + escaped + "}" : escaped;
    }

    private static String latexOrNull(String text) {
        return text == null ? null : latex(text);
    }

    /** Text safe inside a braced BibTeX field: LaTeX specials as commands, control characters as spaces. */
    static String latex(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\\' -> out.append("\\textbackslash{}");
                case '{' -> out.append("\\textbraceleft{}");
                case '}' -> out.append("\\textbraceright{}");
                case '^' -> out.append("\\textasciicircum{}");
                case '~' -> out.append("\\textasciitilde{}");
                case '%', '&', '$', '#', '_' -> out.append('\\').append(c);
                default -> out.append(Character.isISOControl(c) ? ' ' : c);
            }
        }
        return out.toString().replaceAll(" {2,}", " ").strip();
    }

    private static String verbatimOrNull(String value) {
        if (value == null) {
            return null;
        }
        StringBuilder out = new StringBuilder(value.length());
        for (char c : value.strip().toCharArray()) {
            switch (c) {
                case '{' -> out.append("%7B");
                case '}' -> out.append("%7D");
                case '\\' -> out.append("%5C");
                default -> out.append(Character.isWhitespace(c) || Character.isISOControl(c) ? "%20" : String.valueOf(c));
            }
        }
        return out.toString();
    }
}
