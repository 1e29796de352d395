package org.fairrag.annotate;

import java.util.ArrayList;
import java.util.List;
import org.fairrag.terms.TermWords;

/**
 * Whether a concept is mentioned as absent, the way NegEx (Chapman et al., 2001) decides it: a negation
 * phrase before the mention ("no evidence of metastasis", "without recurrence") within
 * {@value #WINDOW_AFTER_TRIGGER} words, or after it ("metastasis was ruled out") within
 * {@value #WINDOW_BEFORE_TRIGGER} words, in the same sentence and not past a word or punctuation that ends
 * the clause ("but", "however", ";"). Phrases that look like negations and are not ("not only", "no
 * significant difference") are matched first and never trigger. Phrases are compared as the name
 * dictionary compares words ({@link TextTokens}), so plurals and case do not matter.
 */
final class Negations {

    static final int WINDOW_AFTER_TRIGGER = 6;
    static final int WINDOW_BEFORE_TRIGGER = 4;

    /** Phrases that negate what follows them. */
    private static final List<String> BEFORE = List.of("no", "not", "without", "absence of", "absent", "no evidence of",
            "no evidence for", "no sign of", "no signs of", "negative for", "free of", "free from", "lack of", "lacked",
            "lacking", "lacks", "denied", "denies", "ruled out", "excluded", "never", "neither", "nor", "none",
            "cannot", "failed to", "unable to", "did not", "does not", "do not");
    /** Phrases that negate what precedes them. */
    private static final List<String> AFTER = List.of("was ruled out", "were ruled out", "was excluded", "were excluded",
            "is absent", "are absent", "was absent", "were absent", "not detected", "not found", "not observed",
            "not seen", "not identified", "not present", "was negative", "were negative", "not detectable",
            "undetectable");
    /** Phrases that contain a negation word and negate nothing. */
    private static final List<String> PSEUDO = List.of("not only", "not necessarily", "no increase", "no change",
            "no changes", "not significantly", "no significant", "not significant", "no difference", "no differences",
            "not statistically", "no statistically", "not clear", "not known", "not well", "not yet", "no longer",
            "not always", "not all", "whether or not", "with or without", "gram negative", "no more than",
            "not more than", "not less than", "not limited to");
    /** Words that end the reach of a negation. */
    private static final List<String> ENDS = List.of("but", "however", "although", "though", "except", "whereas",
            "yet", "which", "who", "whose", "nevertheless", "apart", "aside", "still");

    private final List<String[]> before;
    private final List<String[]> after;
    private final List<String[]> pseudo;
    private final List<String> ends;

    Negations(TermWords words) {
        this.before = phrases(words, BEFORE);
        this.after = phrases(words, AFTER);
        this.pseudo = phrases(words, PSEUDO);
        this.ends = ENDS.stream().map(e -> words.inText(e).get(0).normalised()).toList();
    }

    private static List<String[]> phrases(TermWords words, List<String> phrases) {
        List<String[]> out = new ArrayList<>();
        for (String p : phrases) {
            out.add(words.inText(p).stream().map(TermWords.Word::normalised).toArray(String[]::new));
        }
        // Longest first, so that "no evidence of" is taken before "no".
        out.sort((a, b) -> Integer.compare(b.length, a.length));
        return out;
    }

    /**
     * Which of the tokens {@code [from, to)} (one sentence) are negated: {@code negated[i - from]} for token i.
     */
    boolean[] negated(TextTokens tokens, int from, int to) {
        int n = to - from;
        boolean[] out = new boolean[n];
        boolean[] taken = new boolean[n];
        for (int i = from; i < to; i++) {
            int length = matchAt(tokens, i, to, pseudo);
            for (int j = 0; j < length; j++) {
                taken[i - from + j] = true;
            }
        }
        for (int i = from; i < to; i++) {
            if (taken[i - from]) {
                continue;
            }
            int length = matchAt(tokens, i, to, before);
            if (length > 0 && free(taken, i - from, length)) {
                markForward(tokens, i + length, to, from, out);
                i += length - 1;
                continue;
            }
            length = matchAt(tokens, i, to, after);
            if (length > 0 && free(taken, i - from, length)) {
                markBackward(tokens, i - 1, from, out);
                i += length - 1;
            }
        }
        return out;
    }

    private void markForward(TextTokens tokens, int i, int to, int from, boolean[] out) {
        int words = 0;
        for (; i < to && words < WINDOW_AFTER_TRIGGER; i++) {
            if (endsClause(tokens, i)) {
                return;
            }
            out[i - from] = true;
            if (!tokens.gap[i]) {
                words++;
            }
        }
    }

    private void markBackward(TextTokens tokens, int i, int from, boolean[] out) {
        int words = 0;
        for (; i >= from && words < WINDOW_BEFORE_TRIGGER; i--) {
            if (endsClause(tokens, i)) {
                return;
            }
            out[i - from] = true;
            if (!tokens.gap[i]) {
                words++;
            }
        }
    }

    /** A word that ends a clause, or punctuation other than a comma or brackets. */
    private boolean endsClause(TextTokens tokens, int i) {
        if (tokens.gap[i]) {
            String p = tokens.normalised[i];
            return p.indexOf(';') >= 0 || p.indexOf(':') >= 0 || p.indexOf('.') >= 0 || p.indexOf('?') >= 0
                    || p.indexOf('!') >= 0;
        }
        return ends.contains(tokens.normalised[i]);
    }

    private static boolean free(boolean[] taken, int at, int length) {
        for (int j = at; j < at + length; j++) {
            if (taken[j]) {
                return false;
            }
        }
        return true;
    }

    /** The length of the longest phrase of {@code phrases} that the words from token {@code i} spell, or 0. */
    private static int matchAt(TextTokens tokens, int i, int to, List<String[]> phrases) {
        if (tokens.gap[i]) {
            return 0;
        }
        for (String[] phrase : phrases) {
            if (i + phrase.length > to) {
                continue;
            }
            boolean all = true;
            for (int j = 0; j < phrase.length && all; j++) {
                all = !tokens.gap[i + j] && tokens.normalised[i + j].equals(phrase[j]);
            }
            if (all) {
                return phrase.length;
            }
        }
        return 0;
    }
}
