package org.fairrag.generate;

import java.text.BreakIterator;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns a model's text into statements with citations checked against the sources it was given.
 * Citations are {@code [n]}, {@code [n, m]}, {@code [n-m]} or runs of them. A citation of a number
 * that was not given is removed and reported; a statement left without any valid citation is dropped
 * and reported: nothing uncited or wrongly cited is ever shown.
 */
final class CitedStatementParser {

    private static final Pattern CITATION = Pattern.compile("\\[(\\s*\\d+\\s*(?:[-–,]\\s*\\d+\\s*)*)\\]");
    /** Citations placed after the sentence's full stop ("... disease. [2]") belong to that sentence. */
    private static final Pattern TRAILING_CITATIONS = Pattern.compile("([.!?])\\s*((?:\\[[\\d\\s,\\-–]+\\]\\s*)+)");
    private static final Pattern BULLET = Pattern.compile("^\\s*(?:[-*•]|\\d+[.)])\\s+");
    private static final Pattern SPACES = Pattern.compile("\\s+");
    private static final Pattern SPACE_BEFORE_PUNCTUATION = Pattern.compile("\\s+([.,;:!?])");

    private final List<SourceArticle> sources;
    private final List<String> repairs = new ArrayList<>();

    CitedStatementParser(List<SourceArticle> sources) {
        this.sources = sources;
    }

    List<String> repairs() {
        return repairs;
    }

    /** The checked statements of one block of text (a line or a paragraph). */
    List<Statement> parse(String block) {
        String text = BULLET.matcher(block.strip()).replaceFirst("");
        if (text.isEmpty()) {
            return List.of();
        }
        text = TRAILING_CITATIONS.matcher(text).replaceAll(m -> " " + Matcher.quoteReplacement(m.group(2).strip()) + m.group(1) + " ");
        List<Statement> out = new ArrayList<>();
        BreakIterator sentences = BreakIterator.getSentenceInstance(Locale.ENGLISH);
        sentences.setText(text);
        for (int start = sentences.first(), end = sentences.next(); end != BreakIterator.DONE;
             start = end, end = sentences.next()) {
            Statement s = statement(text.substring(start, end).strip());
            if (s != null) {
                out.add(s);
            }
        }
        return out;
    }

    private Statement statement(String sentence) {
        if (sentence.isEmpty()) {
            return null;
        }
        Set<String> cites = new LinkedHashSet<>();
        Matcher m = CITATION.matcher(sentence);
        while (m.find()) {
            for (int n : numbers(m.group(1))) {
                if (n >= 1 && n <= sources.size()) {
                    cites.add(sources.get(n - 1).pid());
                } else {
                    repairs.add("removed citation [" + n + "]: only " + sources.size() + " sources were given");
                }
            }
        }
        String clean = SPACE_BEFORE_PUNCTUATION.matcher(
                SPACES.matcher(CITATION.matcher(sentence).replaceAll("")).replaceAll(" ").strip()).replaceAll("$1");
        if (clean.isEmpty() || clean.chars().noneMatch(Character::isLetter)) {
            return null;
        }
        if (cites.isEmpty()) {
            repairs.add("dropped a statement that cited no given source: \"" + abbreviate(clean) + "\"");
            return null;
        }
        return new Statement(clean, List.copyOf(cites));
    }

    private static List<Integer> numbers(String group) {
        List<Integer> out = new ArrayList<>();
        for (String part : group.split(",")) {
            String[] range = part.trim().split("[-–]");
            try {
                int from = Integer.parseInt(range[0].trim());
                int to = range.length > 1 ? Integer.parseInt(range[1].trim()) : from;
                for (int n = from; n <= Math.min(to, from + 100); n++) {
                    out.add(n);
                }
            } catch (NumberFormatException e) {
                // not a number: ignore this part
            }
        }
        return out;
    }

    private static String abbreviate(String s) {
        return s.length() > 80 ? s.substring(0, 80) + "…" : s;
    }
}
