package org.fairrag.annotate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The section labels of a structured abstract ("BACKGROUND:", "Materials and Methods:"), where they stand
 * and which section each part of the text belongs to. A label opens the text or follows the end of a
 * sentence and ends with a colon; it is written in capitals, or in capitalised words starting with one of
 * the words such labels start with (so that "Note: ..." or a capitalised name before a colon is not one).
 * A label in capitals has at most eight words: a longer run before a colon is a sentence written in capitals,
 * and the bound keeps Java's matcher, which recurses once per repeated word, from overflowing the stack on a
 * long text in capitals.
 */
final class SectionLabels {

    private static final Pattern LABEL = Pattern.compile(
            "(?:^|(?<=[.?!)\\]]\\s{1,3})|(?<=[.?!]))"
                    + "(\\p{Lu}{2,}(?:[ ,&/-]+[\\p{Lu}\\p{N}]+){0,7}"
                    + "|\\p{Lu}\\p{Ll}+(?: (?:and|of|the|for|\\p{Lu}\\p{Ll}+)){0,4})"
                    + "\\s?:(?=\\s)");

    /** First words of the labels of structured abstracts written in capitalised words. */
    private static final Set<String> FIRST_WORDS = Set.of("abstract", "aim", "aims", "background", "case", "clinical",
            "conclusion", "conclusions", "context", "data", "design", "discussion", "evidence", "findings", "funding",
            "importance", "interpretation", "intervention", "interventions", "introduction", "limitations", "main",
            "material", "materials", "measurements", "method", "methods", "methodology", "objective", "objectives",
            "outcome", "outcomes", "participants", "patients", "population", "purpose", "rationale", "results",
            "review", "setting", "settings", "significance", "study", "subjects", "summary", "trial");

    /** A label: the characters it takes, colon included, and its text. */
    record Label(int start, int end, String name) {}

    private final List<Label> labels;

    private SectionLabels(List<Label> labels) {
        this.labels = labels;
    }

    static SectionLabels of(String text) {
        List<Label> out = new ArrayList<>();
        Matcher m = LABEL.matcher(text);
        while (m.find()) {
            String name = m.group(1);
            boolean capitals = name.equals(name.toUpperCase(Locale.ROOT));
            if (capitals || FIRST_WORDS.contains(name.substring(0, wordEnd(name)).toLowerCase(Locale.ROOT))) {
                out.add(new Label(m.start(1), m.end(), name.strip()));
            }
        }
        return new SectionLabels(out);
    }

    private static int wordEnd(String name) {
        int space = name.indexOf(' ');
        return space < 0 ? name.length() : space;
    }

    /** The label of the section holding {@code offset}, or null before the first label (or without labels). */
    String sectionAt(int offset) {
        String section = null;
        for (Label l : labels) {
            if (l.start() > offset) {
                break;
            }
            section = l.name();
        }
        return section;
    }

    /** Whether {@code offset} falls inside a label itself. */
    boolean inLabel(int offset) {
        for (Label l : labels) {
            if (offset >= l.start() && offset < l.end()) {
                return true;
            }
        }
        return false;
    }

    List<Label> labels() {
        return labels;
    }
}
