package org.fairrag.ingest.read;

import com.google.common.base.CharMatcher;
import java.util.Locale;
import java.util.regex.Pattern;

/** Validation and normalisation of the identifiers the readers extract: PMID, DOI, ORCID. */
final class Identifiers {

    private static final CharMatcher DIGITS = CharMatcher.inRange('0', '9');
    private static final Pattern DOI = Pattern.compile("10\\.\\d{4,9}/\\S+");
    private static final String[] DOI_PREFIXES = {"https://doi.org/", "http://doi.org/", "https://dx.doi.org/",
            "http://dx.doi.org/", "doi:"};
    private static final CharMatcher ORCID_CHARS = DIGITS.or(CharMatcher.anyOf("Xx"));

    private Identifiers() {}

    /** Why {@code pmid} is not a PMID as the article shape wants it (1 to 10 ASCII digits, no leading zero), or null. */
    static String notPmid(String pmid) {
        if (pmid == null || pmid.isEmpty() || !DIGITS.matchesAllOf(pmid)) {
            return "a PMID is a number of ASCII digits";
        }
        if (pmid.charAt(0) == '0') {
            return pmid.length() == 1 ? "a PMID is a number from 1" : "a PMID has no leading zero";
        }
        return pmid.length() > 10 ? "a PMID has at most 10 digits" : null;
    }

    /**
     * The bare DOI ({@code 10.1371/journal.pone.0173548}) from a DOI, {@code doi:} or resolver URL; null
     * when the value is not a DOI (sources put publisher item ids in DOI fields too).
     */
    static String doi(String value) {
        String doi = Text.clean(value);
        if (doi == null) {
            return null;
        }
        String lower = doi.toLowerCase(Locale.ROOT);
        for (String prefix : DOI_PREFIXES) {
            if (lower.startsWith(prefix)) {
                doi = doi.substring(prefix.length()).trim();
                break;
            }
        }
        return DOI.matcher(doi).matches() ? doi : null;
    }

    /**
     * The ORCID iD as {@code 0000-0002-1825-0097} from any common spelling (URL, with or without
     * hyphens); null when the value does not hold sixteen ORCID characters.
     */
    static String orcid(String value) {
        if (value == null) {
            return null;
        }
        int slash = value.lastIndexOf('/');
        String bare = ORCID_CHARS.retainFrom(value.substring(slash + 1));
        if (bare.length() != 16 || !DIGITS.matchesAllOf(bare.substring(0, 15))) {
            return null;
        }
        bare = bare.toUpperCase(Locale.ROOT);
        return String.join("-", bare.substring(0, 4), bare.substring(4, 8), bare.substring(8, 12), bare.substring(12));
    }
}
