package org.fairrag.annotate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fairrag.terms.TermWords;

/**
 * Running text (or a term name) as the name dictionary compares it: the words the term lexicon's
 * normalisation gives ({@link TermWords#inText}: lower case, accents folded, plurals and possessives
 * removed, function words kept), with the punctuation between two words as a token of its own. Spaces,
 * hyphens, slashes and apostrophes between words are no token ("non-small cell" reads as "non small
 * cell"); a comma, a bracket or a full stop is, so a name only matches across the same punctuation
 * ("Aged, 80 and over") and never across a sentence or a clause that punctuation closes.
 */
final class TextTokens {

    /** Greek letters written as letters in text and spelt out in MeSH names (TNF-α, Tumor Necrosis Factor-alpha). */
    private static final Map<String, String> GREEK = Map.ofEntries(Map.entry("α", "alpha"), Map.entry("β", "beta"),
            Map.entry("γ", "gamma"), Map.entry("δ", "delta"), Map.entry("ε", "epsilon"), Map.entry("κ", "kappa"),
            Map.entry("λ", "lambda"), Map.entry("μ", "mu"), Map.entry("ω", "omega"));

    final String text;
    /** The normalised word, or the punctuation of a gap token. */
    final String[] normalised;
    final int[] start;
    final int[] end;
    final boolean[] gap;

    private TextTokens(String text, List<String> normalised, List<int[]> spans, List<Boolean> gaps) {
        this.text = text;
        this.normalised = normalised.toArray(String[]::new);
        int n = spans.size();
        this.start = new int[n];
        this.end = new int[n];
        this.gap = new boolean[n];
        for (int i = 0; i < n; i++) {
            start[i] = spans.get(i)[0];
            end[i] = spans.get(i)[1];
            gap[i] = gaps.get(i);
        }
    }

    static TextTokens of(TermWords words, String text) {
        List<TermWords.Word> found = words.inText(text);
        List<String> normalised = new ArrayList<>(found.size() + found.size() / 4);
        List<int[]> spans = new ArrayList<>(found.size() + found.size() / 4);
        List<Boolean> gaps = new ArrayList<>(found.size() + found.size() / 4);
        int previousEnd = -1;
        for (TermWords.Word w : found) {
            if (previousEnd >= 0) {
                String punctuation = punctuation(text, previousEnd, w.start());
                if (!punctuation.isEmpty()) {
                    normalised.add(punctuation);
                    spans.add(new int[] {previousEnd, w.start()});
                    gaps.add(true);
                }
            }
            normalised.add(GREEK.getOrDefault(w.normalised(), w.normalised()));
            spans.add(new int[] {w.start(), w.end()});
            gaps.add(false);
            previousEnd = w.end();
        }
        return new TextTokens(text, normalised, spans, gaps);
    }

    /** The characters between two words that separate them, without spaces, hyphens, slashes and apostrophes. */
    private static String punctuation(String text, int from, int to) {
        StringBuilder out = null;
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c) || c == '-' || c == '/' || c == '\'' || c == '\u2019' || c == '\u2010'
                    || c == '\u2011' || c == '\u2013' || c == '\u00A0') {
                continue;
            }
            if (out == null) {
                out = new StringBuilder(2);
            }
            out.append(c);
        }
        return out == null ? "" : out.toString();
    }

    int size() {
        return normalised.length;
    }

    /** The text a token came from, as written. */
    String surface(int i) {
        return text.substring(start[i], end[i]);
    }

    /** Index of the first token starting at or after {@code offset}. */
    int firstAtOrAfter(int offset) {
        int lo = 0;
        int hi = start.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (start[mid] < offset) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
