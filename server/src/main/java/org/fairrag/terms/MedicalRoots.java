package org.fairrag.terms;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The everyday meanings of the Greek and Latin word parts of medical names, from the bundled glossary
 * {@code fairrag/terms/medical-roots.tsv} (see its header for how it was made): "hepat" means liver,
 * "-itis" inflammation, "hypo-" low. Immutable.
 */
final class MedicalRoots {

    static final String RESOURCE = "/fairrag/terms/medical-roots.tsv";
    private static final int MIN_ROOT = 4;
    /** A word must be longer than a prefix or suffix by this much to contain it. */
    private static final int MIN_REST = 2;

    private record Part(String letters, Position position, List<String> meanings) {}

    /** A word part found in a word: the letters {@code start} (inclusive) to {@code end}, and what they mean. */
    record Found(int start, int end, List<String> meanings) {}

    private enum Position { START, END, ANYWHERE }

    private final List<Part> parts;

    private MedicalRoots(List<Part> parts) {
        this.parts = List.copyOf(parts);
    }

    static MedicalRoots bundled() {
        try (InputStream in = MedicalRoots.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("Missing resource " + RESOURCE);
            }
            return read(in);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + RESOURCE, e);
        }
    }

    static MedicalRoots read(InputStream in) throws IOException {
        List<Part> parts = new ArrayList<>();
        for (String[] cols : BundledTable.rows(in, 2, "medical roots")) {
            String part = cols[0].toLowerCase(Locale.ROOT);
            Position position = part.endsWith("-") ? Position.START : part.startsWith("-") ? Position.END : Position.ANYWHERE;
            String letters = part.replace("-", "");
            if (position == Position.ANYWHERE && letters.length() < MIN_ROOT) {
                throw new IOException("medical roots: a part matched anywhere needs " + MIN_ROOT + " letters: " + part);
            }
            List<String> meanings = new ArrayList<>();
            for (String m : cols[1].split(",")) {
                if (!m.isBlank()) {
                    meanings.add(m.trim());
                }
            }
            parts.add(new Part(letters, position, meanings));
        }
        return new MedicalRoots(parts);
    }

    /**
     * The word parts {@code word} (lower case) contains: prefixes at its start, suffixes at its end, roots
     * of five letters or more anywhere, and four-letter roots at its start or right after a part that
     * starts it ("glyc" in hypo-glyc-emia, not "uter" in de-uter-ium: short roots hide inside unrelated
     * words). A prefix of one or two letters counts only when a root or suffix follows it (an-emia, not
     * an-imal).
     */
    List<Found> parts(String word) {
        List<Part> starts = new ArrayList<>();
        for (Part p : parts) {
            if ((p.position == Position.START || p.position == Position.ANYWHERE)
                    && word.length() >= p.letters.length() + MIN_REST && word.startsWith(p.letters)) {
                starts.add(p);
            }
        }
        List<Found> out = new ArrayList<>();
        for (Part p : parts) {
            int at = switch (p.position) {
                case START -> starts.contains(p) && (p.letters.length() > 2 || followedByPart(word, p)) ? 0 : -1;
                case END -> word.length() >= p.letters.length() + MIN_REST && word.endsWith(p.letters)
                        ? word.length() - p.letters.length() : -1;
                case ANYWHERE -> p.letters.length() > MIN_ROOT ? word.indexOf(p.letters) : shortRootAt(word, p, starts);
            };
            if (at >= 0) {
                out.add(new Found(at, at + p.letters.length(), p.meanings));
            }
        }
        return out;
    }

    /** Where a four-letter root starts the word or follows a part that starts it; -1 when it does neither. */
    private static int shortRootAt(String word, Part root, List<Part> starts) {
        for (Part s : starts) {
            if (s == root) {
                return 0;
            }
            int at = s.letters.length();
            if (word.startsWith(root.letters, at)) {
                return at;
            }
            if (at < word.length() && "aeiou".indexOf(word.charAt(at)) >= 0 && word.startsWith(root.letters, at + 1)) {
                return at + 1;
            }
        }
        return -1;
    }

    private boolean followedByPart(String word, Part prefix) {
        for (Part p : parts) {
            if (p.position != Position.START && after(word, prefix, p)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code next} follows {@code first} in {@code word}, directly or after a connecting vowel (gastr-o-enteritis). */
    private static boolean after(String word, Part first, Part next) {
        int at = first.letters.length();
        return word.startsWith(next.letters, at) || (at < word.length() && "aeiou".indexOf(word.charAt(at)) >= 0
                && word.startsWith(next.letters, at + 1));
    }
}
