package org.fairrag.terms;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Word synonyms mined from the names of each term: two names of one term that differ in one word only
 * make those words synonyms ("Kidney Failure" and "Renal Failure": kidney = renal), when that happens in
 * at least two terms, when the same two words do not tell the preferred names of two terms apart as often
 * (Sodium Channels and Potassium Channels), and when they seldom stand together in one name (Head and
 * Neck). Immutable.
 */
final class WordSynonyms {

    private static final int MIN_PAIR_SUPPORT = 2;

    private final int[][] partners;

    private WordSynonyms(int[][] partners) {
        this.partners = partners;
    }

    void writeTo(DataOutputStream out) throws IOException {
        Columns.writeIntRows(out, partners);
    }

    static WordSynonyms readFrom(DataInputStream in) throws IOException {
        return new WordSynonyms(Columns.readIntRows(in));
    }

    /** The synonyms of word {@code w}. */
    int[] of(int w) {
        return partners[w];
    }

    static WordSynonyms mine(LexiconNames names, NameWords words) {
        Map<Long, Integer> support = new HashMap<>();
        int from = 0;
        for (int t = 0; t < names.termCount(); t++) {
            int to = from;
            while (to < names.nameCount() && names.termOf(to) == t) {
                to++;
            }
            List<int[]> sets = new ArrayList<>();
            Set<String> seen = new HashSet<>();
            for (int i = from; i < to; i++) {
                int[] set = Arrays.stream(names.words(i)).distinct().sorted().toArray();
                if (set.length >= 2 && seen.add(Arrays.toString(set))) {
                    sets.add(set);
                }
            }
            Set<Long> pairsOfTerm = new HashSet<>();
            for (int i = 0; i < sets.size(); i++) {
                for (int j = i + 1; j < sets.size(); j++) {
                    long pair = singleDifference(sets.get(i), sets.get(j));
                    if (pair >= 0) {
                        pairsOfTerm.add(pair);
                    }
                }
            }
            pairsOfTerm.forEach(p -> support.merge(p, 1, Integer::sum));
            from = to;
        }
        Map<Long, Integer> contrast = new HashMap<>();
        Map<String, List<Integer>> byRest = new HashMap<>();
        for (int i = 0; i < names.nameCount(); i++) {
            if (!names.isPreferred(i)) {
                continue;
            }
            int[] set = Arrays.stream(names.words(i)).distinct().sorted().toArray();
            if (set.length < 2) {
                continue;
            }
            for (int leave = 0; leave < set.length; leave++) {
                StringBuilder rest = new StringBuilder();
                for (int j = 0; j < set.length; j++) {
                    if (j != leave) {
                        rest.append(set[j]).append(',');
                    }
                }
                byRest.computeIfAbsent(rest.toString(), k -> new ArrayList<>()).add(set[leave]);
            }
        }
        for (List<Integer> differing : byRest.values()) {
            List<Integer> distinct = new ArrayList<>(new TreeSet<>(differing));
            for (int i = 0; i < distinct.size(); i++) {
                for (int j = i + 1; j < distinct.size(); j++) {
                    contrast.merge(pair(distinct.get(i), distinct.get(j)), 1, Integer::sum);
                }
            }
        }
        Map<Long, Integer> together = new HashMap<>();
        for (int i = 0; i < names.nameCount(); i++) {
            int[] set = Arrays.stream(names.words(i)).distinct().sorted().toArray();
            for (int a = 0; a < set.length; a++) {
                for (int b = a + 1; b < set.length; b++) {
                    long p = pair(set[a], set[b]);
                    if (support.containsKey(p)) {
                        together.merge(p, 1, Integer::sum);
                    }
                }
            }
        }
        List<List<Integer>> partners = new ArrayList<>(words.size());
        for (int w = 0; w < words.size(); w++) {
            partners.add(new ArrayList<>(0));
        }
        support.forEach((pair, count) -> {
            int a = (int) (pair >> 32);
            int b = (int) (long) pair;
            if (count >= MIN_PAIR_SUPPORT && contrast.getOrDefault(pair, 0) * 3 <= count
                    && together.getOrDefault(pair, 0) * 2 <= count && meaningful(words.word(a)) && meaningful(words.word(b))) {
                partners.get(a).add(b);
                partners.get(b).add(a);
            }
        });
        int[][] out = new int[words.size()][];
        for (int w = 0; w < words.size(); w++) {
            out[w] = partners.get(w).stream().mapToInt(Integer::intValue).toArray();
        }
        return new WordSynonyms(out);
    }

    /** Numbers, Roman numerals and one- or two-letter words tell variants apart rather than name things. */
    private static boolean meaningful(String word) {
        return word.length() > 2 && !word.chars().allMatch(Character::isDigit) && !word.matches("[ivxl]+");
    }

    private static long singleDifference(int[] a, int[] b) {
        if (a.length != b.length) {
            return -1;
        }
        int onlyA = -1;
        int onlyB = -1;
        int i = 0;
        int j = 0;
        while (i < a.length || j < b.length) {
            if (i < a.length && j < b.length && a[i] == b[j]) {
                i++;
                j++;
            } else if (j >= b.length || (i < a.length && a[i] < b[j])) {
                if (onlyA >= 0) {
                    return -1;
                }
                onlyA = a[i++];
            } else {
                if (onlyB >= 0) {
                    return -1;
                }
                onlyB = b[j++];
            }
        }
        return onlyA < 0 || onlyB < 0 ? -1 : pair(onlyA, onlyB);
    }

    private static long pair(int a, int b) {
        return a < b ? ((long) a << 32) | b : ((long) b << 32) | a;
    }
}
