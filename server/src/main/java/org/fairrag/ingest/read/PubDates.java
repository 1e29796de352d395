package org.fairrag.ingest.read;

import com.google.common.base.CharMatcher;
import com.google.common.base.Splitter;
import java.time.Year;
import java.time.YearMonth;
import java.util.List;
import java.util.Locale;

/**
 * Normalises PubMed publication dates to {@code yyyy}, {@code yyyy-MM} or {@code yyyy-MM-dd}, keeping
 * only the precision the source states unambiguously: a range or a season ends the date at the part
 * before it ({@code "1998 Dec-1999 Jan"} and {@code "2019 Sep-Oct"} give the year only). A year outside
 * {@value #FIRST_YEAR} to next year is no date: PubMed's records start in the 1700s, and a journal dates an issue
 * at most a few months ahead.
 */
final class PubDates {

    private static final CharMatcher DIGITS = CharMatcher.inRange('0', '9');
    private static final CharMatcher LETTERS = CharMatcher.inRange('a', 'z').or(CharMatcher.inRange('A', 'Z'));
    private static final Splitter WORDS = Splitter.on(CharMatcher.whitespace()).omitEmptyStrings();
    private static final List<String> MONTHS =
            List.of("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec");

    static final int FIRST_YEAR = 1500;

    private PubDates() {}

    /** A date from free text such as MEDLINE {@code DP} or XML {@code MedlineDate}; null if it has no year. */
    static String parse(String text) {
        if (text == null) {
            return null;
        }
        List<String> words = WORDS.splitToList(text);
        if (words.isEmpty()) {
            return null;
        }
        String first = words.get(0);
        if (first.length() > 4) {
            // "2009-2010" or "2009/10": a year range, or a year glued to something else; "99999" is no year.
            return DIGITS.matches(first.charAt(4)) ? null : of(first.substring(0, 4), null, null);
        }
        return of(first, words.size() > 1 ? words.get(1) : null, words.size() > 2 ? words.get(2) : null);
    }

    /**
     * A date from separate parts as XML {@code PubDate} gives them. {@code month} is a name
     * ({@code Apr}, {@code April}) or a number; null when the year is not four digits.
     */
    static String of(String year, String month, String day) {
        if (year == null || year.length() != 4 || !DIGITS.matchesAllOf(year)) {
            return null;
        }
        int y = Integer.parseInt(year);
        if (y < FIRST_YEAR || y > Year.now().getValue() + 1) {
            return null;
        }
        int m = month(month);
        if (m == 0) {
            return year;
        }
        String yearMonth = year + (m < 10 ? "-0" : "-") + m;
        int d = number(day);
        if (d < 1 || !YearMonth.of(Integer.parseInt(year), m).isValidDay(d)) {
            return yearMonth;
        }
        return yearMonth + (d < 10 ? "-0" : "-") + d;
    }

    private static int month(String token) {
        if (token == null) {
            return 0;
        }
        int number = number(token);
        if (number >= 1 && number <= 12) {
            return number;
        }
        if (token.length() < 3 || !LETTERS.matchesAllOf(token)) {
            return 0;
        }
        return MONTHS.indexOf(token.substring(0, 3).toLowerCase(Locale.ROOT)) + 1;
    }

    /** The value of a one- or two-digit token, else -1. */
    private static int number(String token) {
        if (token == null || token.isEmpty() || token.length() > 2 || !DIGITS.matchesAllOf(token)) {
            return -1;
        }
        return Integer.parseInt(token);
    }
}
