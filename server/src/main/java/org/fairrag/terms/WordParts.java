package org.fairrag.terms;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The Greek and Latin word parts ({@link MedicalRoots}) of the lexicon's words, and which everyday word or
 * phrase means which of them: "liver" means hepat- in hepatitis, "inflammation" means -itis. A part of a
 * word is an entry {@code word << 5 | part}; a word counts at most 31 parts. Immutable.
 */
final class WordParts {

    /** Parts counted per word (bits of a mask). */
    private static final int MAX_PARTS = 31;
    private static final long[] NONE = new long[0];

    /** For each word, for each of its word parts, the letters it spans as a bit mask. */
    private final long[][] partLetters;
    /** For an everyday word: the parts that mean it. */
    private final Map<String, long[]> glossedParts;
    /** For an everyday phrase (by its analysed key): the parts that mean it. */
    private final Map<String, long[]> glossedPartsByPhrase;

    private WordParts(long[][] partLetters, Map<String, long[]> glossedParts, Map<String, long[]> glossedPartsByPhrase) {
        this.partLetters = partLetters;
        this.glossedParts = glossedParts;
        this.glossedPartsByPhrase = glossedPartsByPhrase;
    }

    /** The parts of every word of {@code words} (found on its surface form), with their meanings analysed by {@code analyzer}. */
    static WordParts of(NameWords words, MedicalRoots roots, TermWords analyzer) {
        long[][] partLetters = new long[words.size()][];
        Map<String, Set<Long>> glossed = new HashMap<>();
        Map<String, Set<Long>> glossedByPhrase = new HashMap<>();
        for (int w = 0; w < words.size(); w++) {
            List<MedicalRoots.Found> parts = roots.parts(words.surface(w));
            partLetters[w] = new long[Math.min(parts.size(), MAX_PARTS)];
            for (int part = 0; part < partLetters[w].length; part++) {
                MedicalRoots.Found found = parts.get(part);
                partLetters[w][part] = letters(found.start(), found.end());
                long entry = (long) w << 5 | part;
                for (String meaning : found.meanings()) {
                    List<String> m = analyzer.of(meaning);
                    if (m.size() == 1) {
                        glossed.computeIfAbsent(m.get(0), k -> new HashSet<>()).add(entry);
                    } else if (m.size() > 1) {
                        glossedByPhrase.computeIfAbsent(LexiconNames.key(m), k -> new HashSet<>()).add(entry);
                    }
                }
            }
        }
        return new WordParts(partLetters, toLongArrays(glossed), toLongArrays(glossedByPhrase));
    }

    void writeTo(DataOutputStream out) throws IOException {
        Columns.writeLongRows(out, partLetters);
        Columns.writeLongsByString(out, glossedParts);
        Columns.writeLongsByString(out, glossedPartsByPhrase);
    }

    static WordParts readFrom(DataInputStream in) throws IOException {
        return new WordParts(Columns.readLongRows(in), Columns.readLongsByString(in), Columns.readLongsByString(in));
    }

    /** The parts the everyday word means, as entries. */
    long[] meaning(String word) {
        return glossedParts.getOrDefault(word, NONE);
    }

    /** The parts the everyday phrase with this analysed key means, as entries. */
    long[] meaningPhrase(String key) {
        return glossedPartsByPhrase.getOrDefault(key, NONE);
    }

    static int wordOf(long entry) {
        return (int) (entry >>> 5);
    }

    /** The entry's part as a one-bit mask. */
    static int partBit(long entry) {
        return 1 << (int) (entry & 31);
    }

    /** The share of the word's letters spanned by the parts in {@code parts} (a bit mask of part indexes). */
    float explainedShare(int word, int parts, String surface) {
        long letters = 0;
        for (int p = 0; p < partLetters[word].length; p++) {
            if ((parts & (1 << p)) != 0) {
                letters |= partLetters[word][p];
            }
        }
        return Long.bitCount(letters) / (float) Math.min(Long.SIZE, surface.length());
    }

    /** Bits {@code start} to {@code end} (exclusive), capped at 64 letters. */
    private static long letters(int start, int end) {
        long mask = 0;
        for (int i = start; i < Math.min(end, Long.SIZE); i++) {
            mask |= 1L << i;
        }
        return mask;
    }

    private static Map<String, long[]> toLongArrays(Map<String, Set<Long>> sets) {
        Map<String, long[]> out = new HashMap<>(sets.size() * 2);
        sets.forEach((k, v) -> out.put(k, v.stream().mapToLong(Long::longValue).sorted().toArray()));
        return out;
    }
}
