package org.fairrag.generate;

import java.text.BreakIterator;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The sentences of an abstract as stored, each with the role its section label names (a structured
 * abstract keeps {@code "RESULTS: ..."} inline; the label is taken off the sentence) and its place in
 * the abstract. The summarizer and the sentence-role classifier's training split abstracts alike.
 */
public final class AbstractSentences {

    /**
     * A label at the start of a sentence: upper-case words ({@code "MATERIALS AND METHODS: "}), or
     * capitalised words that name a role ({@code "Materials and Methods: "}).
     */
    private static final Pattern LABEL = Pattern.compile("^([A-Z][A-Za-z /&,-]{2,50}):\\s+");
    private static final Pattern UPPER_CASE = Pattern.compile("[A-Z /&,-]+");
    private static final Pattern CAPITALISED = Pattern.compile("\\p{Lu}\\p{Ll}+(?: (?:and|of|the|\\p{Lu}\\p{Ll}+)){0,4}");

    /**
     * One sentence.
     *
     * @param section the role named by the label of the section it lies in, empty in an unstructured
     *                abstract or under a label naming no single role
     * @param labelled whether the sentence lies under a section label at all
     * @param index    its place among the abstract's sentences, from 0
     * @param count    how many sentences the abstract has
     */
    public record Sentence(String text, Optional<SentenceRole> section, boolean labelled, int index, int count) {

        /** Where the sentence lies, from 0 (first) to 1 (last). */
        public double relativePosition() {
            return count <= 1 ? 0 : index / (double) (count - 1);
        }
    }

    private AbstractSentences() {}

    public static List<Sentence> of(String abstractText) {
        if (abstractText == null || abstractText.isBlank()) {
            return List.of();
        }
        record Raw(String text, String label) {}
        List<Raw> raw = new ArrayList<>();
        BreakIterator it = BreakIterator.getSentenceInstance(Locale.ENGLISH);
        it.setText(abstractText);
        String label = null;
        for (int start = it.first(), end = it.next(); end != BreakIterator.DONE; start = end, end = it.next()) {
            String text = abstractText.substring(start, end).strip();
            Matcher m = LABEL.matcher(text);
            if (m.find() && isLabel(m.group(1))) {
                label = m.group(1).strip();
                text = text.substring(m.end());
            }
            if (!text.isBlank()) {
                raw.add(new Raw(text, label));
            }
        }
        List<Sentence> out = new ArrayList<>(raw.size());
        for (Raw r : raw) {
            out.add(new Sentence(r.text(), r.label() == null ? Optional.empty() : SentenceRole.ofLabel(r.label()),
                    r.label() != null, out.size(), raw.size()));
        }
        return out;
    }

    private static boolean isLabel(String candidate) {
        return UPPER_CASE.matcher(candidate).matches()
                || CAPITALISED.matcher(candidate).matches() && SentenceRole.ofLabel(candidate).isPresent();
    }
}
