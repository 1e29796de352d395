package org.fairrag.http;

import java.text.Normalizer;

/**
 * The one place free text from a request is cleaned before anything reads it: Unicode-normalised,
 * with control, format and other invisible characters (NUL, zero-width space and joiners, byte order
 * mark, soft hyphen, variation selectors, noncharacters), unpaired surrogates, private-use characters
 * and the replacement character U+FFFD removed, every kind of space (no-break, ideographic, ...) made a
 * plain space, and runs of spaces collapsed. A text left with nothing but combining marks (an accent on
 * no letter) is empty too. What is left may be empty: the caller then answers 400, since nothing
 * readable was asked.
 *
 * <p>"Readable" follows the embedding model (all-MiniLM-L6-v2's BERT tokenizer): tokenizing every code
 * point alone, the ones it reads as nothing are whitespace, controls, format characters, surrogates,
 * private use, U+FFFD and non-spacing marks; all of them are removed here or make an empty text, so that
 * no cleaned non-empty text reaches the model as empty. Unassigned code points are kept: the model reads
 * them (as an unknown token), and a newer Unicode version may assign them.
 */
public final class TextInput {

    private TextInput() {}

    /**
     * A search query: compatibility-normalised (NFKC, so full-width letters, ligatures and the like match
     * their plain forms), on one line.
     */
    public static String query(String raw) {
        return clean(raw, Normalizer.Form.NFKC, false);
    }

    /** Prose such as a prompt: canonically normalised (NFC), line breaks kept. */
    public static String prose(String raw) {
        return clean(raw, Normalizer.Form.NFC, true);
    }

    private static String clean(String raw, Normalizer.Form form, boolean keepLineBreaks) {
        if (raw == null) {
            return "";
        }
        StringBuilder valid = new StringBuilder(raw.length());
        raw.codePoints().filter(cp -> Character.getType(cp) != Character.SURROGATE).forEach(valid::appendCodePoint);
        String normalised = Normalizer.normalize(valid, form);
        StringBuilder out = new StringBuilder(normalised.length());
        boolean pendingSpace = false;
        int pendingBreaks = 0;
        for (int i = 0; i < normalised.length(); ) {
            int cp = normalised.codePointAt(i);
            i += Character.charCount(cp);
            if (isLineBreak(cp)) {
                if (keepLineBreaks) {
                    pendingBreaks++;
                } else {
                    pendingSpace = true;
                }
            } else if (cp == '\t' || Character.isSpaceChar(cp) || Character.isWhitespace(cp)) {
                pendingSpace = true;
            } else if (!isInvisible(cp)) {
                if (!out.isEmpty()) {
                    if (pendingBreaks > 0) {
                        out.append(pendingBreaks > 1 ? "\n\n" : "\n");
                    } else if (pendingSpace) {
                        out.append(' ');
                    }
                }
                pendingSpace = false;
                pendingBreaks = 0;
                out.appendCodePoint(cp);
            }
        }
        return out.codePoints().anyMatch(cp -> !isMark(cp) && cp != ' ' && cp != '\n') ? out.toString() : "";
    }

    /** A combining mark: it reads as nothing without a letter before it. */
    private static boolean isMark(int cp) {
        int type = Character.getType(cp);
        return type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK
                || type == Character.COMBINING_SPACING_MARK;
    }

    private static boolean isLineBreak(int cp) {
        return cp == '\n' || cp == '\r' || cp == 0x0085 || cp == 0x2028 || cp == 0x2029 || cp == 0x000B || cp == 0x000C;
    }

    /**
     * Characters that show nothing readable: controls, format characters, the other default-ignorable ones,
     * private use (no agreed glyph) and U+FFFD (what a decoder leaves of bytes it could not read).
     */
    private static boolean isInvisible(int cp) {
        int type = Character.getType(cp);
        return type == Character.CONTROL || type == Character.FORMAT || type == Character.SURROGATE
                || type == Character.PRIVATE_USE || cp == 0xFFFD
                || (cp >= 0xFE00 && cp <= 0xFE0F) || (cp >= 0xE0100 && cp <= 0xE01EF) // variation selectors
                || (cp >= 0x180B && cp <= 0x180F) // Mongolian variation selectors and vowel separator
                || cp == 0x034F // combining grapheme joiner
                || cp == 0x115F || cp == 0x1160 || cp == 0x3164 || cp == 0xFFA0 // Hangul fillers
                || cp == 0x17B4 || cp == 0x17B5 // Khmer inherent vowels
                || (cp >= 0xFDD0 && cp <= 0xFDEF) || (cp & 0xFFFE) == 0xFFFE; // noncharacters
    }
}
