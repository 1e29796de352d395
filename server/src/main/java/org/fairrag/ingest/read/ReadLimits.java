package org.fairrag.ingest.read;

import java.util.Locale;

/**
 * How large one record of a source and one text value in it may be, in characters. Readers enforce
 * both while reading: a larger record is never held in memory, it is skipped to its end and rejected
 * with the reason.
 *
 * @param maxRecordChars the longest record: a JSONL or MeSH TSV line, a CSV row, a MEDLINE record, a
 *                       {@code PubmedArticle} (its text, with every element counted as
 *                       {@value #ELEMENT_CHARS} characters for the memory it takes)
 * @param maxTextChars   the longest single value: a title, an abstract section, a MEDLINE field, an XML
 *                       text node; also the longest XML tag, comment or CDATA section
 */
public record ReadLimits(int maxRecordChars, int maxTextChars) {

    /** 16 Mi characters: the longest record of the shared PubMed sample is 46 thousand. */
    public static final int DEFAULT_MAX_RECORD_CHARS = 16 << 20;
    /** 1 Mi characters: the longest abstract of the shared PubMed sample is 5,744. */
    public static final int DEFAULT_MAX_TEXT_CHARS = 1 << 20;
    public static final ReadLimits DEFAULT = new ReadLimits(DEFAULT_MAX_RECORD_CHARS, DEFAULT_MAX_TEXT_CHARS);
    /** What an XML element costs towards {@link #maxRecordChars}, whatever its length. */
    public static final int ELEMENT_CHARS = 64;
    /** Arrays of chars cannot be much longer; a record is held as one. */
    private static final int LARGEST = 1 << 30;

    public ReadLimits {
        if (maxTextChars < 1024 || maxRecordChars < maxTextChars || maxRecordChars > LARGEST) {
            throw new IllegalArgumentException("read limits: the text limit must be at least 1024 characters and the "
                    + "record limit between it and " + LARGEST + ", got record " + maxRecordChars + ", text " + maxTextChars);
        }
    }

    /** Why a record over {@link #maxRecordChars} is rejected: {@code what} names it, {@code length} is its size if known (else -1). */
    String recordTooLong(String what, long length) {
        return what + (length < 0 ? "" : " of " + format(length) + " characters") + " is longer than the record limit of "
                + format(maxRecordChars) + " characters";
    }

    /** Why a record holding a value over {@link #maxTextChars} is rejected. */
    String textTooLong(String what) {
        return what + " is longer than the text limit of " + format(maxTextChars) + " characters";
    }

    /** {@code "16,777,216"}: how the limits are written in rejection reasons. */
    static String format(long chars) {
        return String.format(Locale.ROOT, "%,d", chars);
    }
}
