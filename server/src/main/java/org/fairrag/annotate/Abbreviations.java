package org.fairrag.annotate;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Abbreviations an abstract defines for itself, "long form (SF)", found as Schwartz and Hearst (2003)
 * find them: a short form in brackets after the words it abbreviates, whose letters and digits appear in
 * order in the long form, its first letter at the start of a word, the long form being the shortest
 * stretch of the preceding words that holds them. The short form must have a capital letter, so that
 * "(n = 20)" or "(years)" define nothing.
 */
final class Abbreviations {

    private static final int MAX_SHORT = 10;

    /** A definition: the short form, and where the long form and the short form stand. */
    record Definition(String shortForm, int longStart, int longEnd, int shortStart, int shortEnd) {}

    private Abbreviations() {}

    /** The definitions in {@code text}, each within one of the {@code sentences}. */
    static List<Definition> find(String text, int[][] sentences) {
        List<Definition> out = new ArrayList<>();
        for (int[] sentence : sentences) {
            for (int open = text.indexOf('(', sentence[0]); open >= 0 && open < sentence[1];
                 open = text.indexOf('(', open + 1)) {
                int close = text.indexOf(')', open + 1);
                if (close < 0 || close > sentence[1]) {
                    break;
                }
                Definition d = definition(text, sentence[0], open, close);
                if (d != null) {
                    out.add(d);
                }
            }
        }
        return out;
    }

    private static Definition definition(String text, int sentenceStart, int open, int close) {
        int shortStart = open + 1;
        int shortEnd = close;
        for (int i = shortStart; i < close; i++) {
            char c = text.charAt(i);
            if (c == ';' || c == ',') {
                shortEnd = i;
                break;
            }
        }
        while (shortStart < shortEnd && Character.isWhitespace(text.charAt(shortStart))) {
            shortStart++;
        }
        while (shortEnd > shortStart && Character.isWhitespace(text.charAt(shortEnd - 1))) {
            shortEnd--;
        }
        String shortForm = text.substring(shortStart, shortEnd);
        if (!validShortForm(shortForm)) {
            return null;
        }
        int regionEnd = open;
        while (regionEnd > sentenceStart && Character.isWhitespace(text.charAt(regionEnd - 1))) {
            regionEnd--;
        }
        int maxWords = Math.min(shortForm.length() + 5, shortForm.length() * 2);
        int regionStart = regionEnd;
        int words = 0;
        while (regionStart > sentenceStart && words < maxWords) {
            int i = regionStart - 1;
            while (i >= sentenceStart && Character.isWhitespace(text.charAt(i))) {
                i--;
            }
            while (i >= sentenceStart && !Character.isWhitespace(text.charAt(i))) {
                i--;
            }
            regionStart = i + 1;
            words++;
        }
        String region = text.substring(regionStart, regionEnd);
        int longOffset = longFormStart(shortForm, region);
        if (longOffset < 0) {
            return null;
        }
        String longForm = region.substring(longOffset);
        if (longForm.length() <= shortForm.length() || longForm.contains(shortForm)) {
            return null;
        }
        return new Definition(shortForm, regionStart + longOffset, regionEnd, shortStart, shortEnd);
    }

    private static boolean validShortForm(String s) {
        if (s.length() < 2 || s.length() > MAX_SHORT || !Character.isLetterOrDigit(s.charAt(0))) {
            return false;
        }
        if (s.chars().filter(Character::isWhitespace).count() > 1) {
            return false;
        }
        return s.chars().anyMatch(Character::isUpperCase);
    }

    /**
     * Where, in {@code region}, the long form of {@code shortForm} starts, or -1: matching the short form's
     * letters and digits from its last to its first against the region from its end, the first one at the
     * start of a word.
     */
    static int longFormStart(String shortForm, String region) {
        int s = shortForm.length() - 1;
        int l = region.length() - 1;
        while (s >= 0) {
            char c = Character.toLowerCase(shortForm.charAt(s));
            if (!Character.isLetterOrDigit(c)) {
                s--;
                continue;
            }
            while (l >= 0 && (Character.toLowerCase(region.charAt(l)) != c
                    || (s == 0 && l > 0 && Character.isLetterOrDigit(region.charAt(l - 1))))) {
                l--;
            }
            if (l < 0) {
                return -1;
            }
            l--;
            s--;
        }
        int wordStart = l + 1;
        while (wordStart > 0 && !Character.isWhitespace(region.charAt(wordStart - 1))) {
            wordStart--;
        }
        return wordStart;
    }

    /**
     * Where {@code shortForm} stands as a word of its own in {@code text} (or with a plural "s": NSAIDs),
     * as {@code [start, end)} pairs.
     */
    static List<int[]> uses(String text, String shortForm) {
        Matcher m = Pattern.compile("(?<![\\p{L}\\p{N}])" + Pattern.quote(shortForm) + "s?(?![\\p{L}\\p{N}])").matcher(text);
        List<int[]> out = new ArrayList<>();
        while (m.find()) {
            out.add(new int[] {m.start(), m.end()});
        }
        return out;
    }
}
