package org.fairrag.ingest.read;

import java.util.regex.Pattern;

/**
 * Repairs structured abstracts whose section labels were glued to the previous sentence when the
 * sections were concatenated ({@code "...Africa.DESIGN: Systematic review."}).
 */
final class AbstractLabels {

    /**
     * A position right after a sentence end (a letter, digit, closing bracket, percent sign or quote,
     * then {@code . ? !}) and right before a label followed by a colon and whitespace. A label is
     * upper-case words ({@code MATERIALS AND METHODS}) or capitalised words ({@code Materials and
     * Methods}). The negative look-behind keeps chains of initials ({@code U.S.A.}) intact; decimals
     * ({@code pH 7.4}) never match since a label starts with a letter.
     */
    private static final Pattern GLUED_LABEL = Pattern.compile(
            "(?<=[\\p{L}\\p{N})\\]%'\"\u2019\u201D][.?!])(?<!\\.\\p{Lu}\\.)"
                    + "(?=(?:\\p{Lu}{2,}(?:[ ,&/-]+[\\p{Lu}\\p{N}]+)*"
                    + "|\\p{Lu}\\p{Ll}+(?: (?:and|of|the|\\p{Lu}\\p{Ll}+)){0,4}):\\s)");

    private AbstractLabels() {}

    /** {@code text} with a space inserted between a sentence end and a label glued to it. */
    static String separate(String text) {
        return text == null ? null : GLUED_LABEL.matcher(text).replaceAll(" ");
    }
}
