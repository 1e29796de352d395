package org.fairrag.terms;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.fairrag.vocab.Term;

/**
 * The terms of a lexicon and every name of each (its preferred name first, then its entry terms and
 * everyday names), each name as the ids of its {@link NameWords}; and the names by their analysed key
 * (their words in any order) and by their words written as one ("collarbone" for Collar Bone). Immutable.
 */
final class LexiconNames {

    private final String[] termIds;
    private final String[] termLabels;
    private final int[] termDepth;
    /** Index of each term's first name, its preferred name. */
    private final int[] termFirstName;
    private final String[] names;
    private final int[] nameTerm;
    private final boolean[] namePreferred;
    private final int[][] nameWords;
    private final Map<String, int[]> namesByKey;
    private final Map<String, int[]> namesByJoinedWords;

    private LexiconNames(String[] termIds, String[] termLabels, int[] termDepth, int[] termFirstName, String[] names,
                         int[] nameTerm, boolean[] namePreferred, int[][] nameWords, Map<String, int[]> namesByKey,
                         Map<String, int[]> namesByJoinedWords) {
        this.termIds = termIds;
        this.termLabels = termLabels;
        this.termDepth = termDepth;
        this.termFirstName = termFirstName;
        this.names = names;
        this.nameTerm = nameTerm;
        this.namePreferred = namePreferred;
        this.nameWords = nameWords;
        this.namesByKey = namesByKey;
        this.namesByJoinedWords = namesByJoinedWords;
    }

    /**
     * The names of {@code terms}, their words analysed by {@code analyzer} and given ids by {@code words}.
     *
     * @param otherNames further names by term id (everyday names)
     */
    static LexiconNames of(List<Term> terms, Map<String, List<String>> otherNames, TermWords analyzer,
                           NameWords.Builder words) {
        int termCount = terms.size();
        String[] termIds = new String[termCount];
        String[] termLabels = new String[termCount];
        int[] termDepth = new int[termCount];
        int[] termFirstName = new int[termCount];
        List<String> nameList = new ArrayList<>();
        List<Integer> owner = new ArrayList<>();
        List<Boolean> preferred = new ArrayList<>();
        for (int t = 0; t < termCount; t++) {
            Term term = terms.get(t);
            termIds[t] = term.id();
            termLabels[t] = term.label();
            termDepth[t] = term.treeNumbers().stream().mapToInt(n -> n.split("\\.").length).min().orElse(1);
            termFirstName[t] = nameList.size();
            nameList.add(term.label());
            owner.add(t);
            preferred.add(true);
            List<String> others = new ArrayList<>(term.altLabels());
            others.addAll(otherNames.getOrDefault(term.id(), List.of()));
            for (String alt : others) {
                nameList.add(alt);
                owner.add(t);
                preferred.add(false);
            }
        }
        int n = nameList.size();
        String[] names = nameList.toArray(String[]::new);
        int[] nameTerm = owner.stream().mapToInt(Integer::intValue).toArray();
        boolean[] namePreferred = new boolean[n];
        int[][] nameWords = new int[n][];
        Map<String, List<Integer>> byKey = new HashMap<>(n * 2);
        Map<String, List<Integer>> byJoined = new HashMap<>(n * 2);
        for (int i = 0; i < n; i++) {
            namePreferred[i] = preferred.get(i);
            List<String> w = analyzer.of(names[i]);
            List<String> surface = analyzer.surface(names[i]);
            int[] ids = new int[w.size()];
            for (int j = 0; j < ids.length; j++) {
                ids[j] = words.add(w.get(j), surface.size() == w.size() ? surface.get(j) : w.get(j), i);
            }
            nameWords[i] = ids;
            if (ids.length > 0) {
                byKey.computeIfAbsent(key(w), k -> new ArrayList<>()).add(i);
            }
            if (surface.size() > 1) {
                byJoined.computeIfAbsent(String.join("", surface), k -> new ArrayList<>()).add(i);
            }
        }
        return new LexiconNames(termIds, termLabels, termDepth, termFirstName, names, nameTerm, namePreferred, nameWords,
                toArrays(byKey), toArrays(byJoined));
    }

    void writeTo(DataOutputStream out) throws IOException {
        Columns.writeStrings(out, termIds);
        Columns.writeStrings(out, termLabels);
        Columns.writeInts(out, termDepth);
        Columns.writeInts(out, termFirstName);
        Columns.writeStrings(out, names);
        Columns.writeInts(out, nameTerm);
        Columns.writeBooleans(out, namePreferred);
        Columns.writeIntRows(out, nameWords);
        Columns.writeIntsByString(out, namesByKey);
        Columns.writeIntsByString(out, namesByJoinedWords);
    }

    static LexiconNames readFrom(DataInputStream in) throws IOException {
        return new LexiconNames(Columns.readStrings(in), Columns.readStrings(in), Columns.readInts(in), Columns.readInts(in),
                Columns.readStrings(in), Columns.readInts(in), Columns.readBooleans(in), Columns.readIntRows(in),
                Columns.readIntsByString(in), Columns.readIntsByString(in));
    }

    /** The analysed key of a name or phrase: its words sorted, each once. */
    static String key(List<String> words) {
        return String.join(" ", new TreeSet<>(words));
    }

    int termCount() {
        return termIds.length;
    }

    int nameCount() {
        return names.length;
    }

    String termId(int t) {
        return termIds[t];
    }

    String termLabel(int t) {
        return termLabels[t];
    }

    /** The depth of the term's shallowest tree number (1 without one). */
    int termDepth(int t) {
        return termDepth[t];
    }

    String name(int name) {
        return names[name];
    }

    int termOf(int name) {
        return nameTerm[name];
    }

    boolean isPreferred(int name) {
        return namePreferred[name];
    }

    /** The word ids of a name, in its order. */
    int[] words(int name) {
        return nameWords[name];
    }

    /** The word ids of the term's preferred name. */
    int[] preferredNameWords(int t) {
        return nameWords[termFirstName[t]];
    }

    /** The names whose key is {@code key}, or null. */
    int[] namesWithKey(String key) {
        return namesByKey.get(key);
    }

    /** The names of two or more words that, written as one, are {@code joined}; or null. */
    int[] namesJoinedAs(String joined) {
        return namesByJoinedWords.get(joined);
    }

    /** The terms some of {@code someNames} belong to. */
    Set<Integer> termsOf(int[] someNames) {
        Set<Integer> terms = new HashSet<>();
        for (int name : someNames) {
            terms.add(nameTerm[name]);
        }
        return terms;
    }

    /** Whether name {@code a} is a better way to show a tie than name {@code b}: preferred, then shorter. */
    boolean better(int a, int b) {
        if (namePreferred[a] != namePreferred[b]) {
            return namePreferred[a];
        }
        return names[a].length() < names[b].length();
    }

    private static Map<String, int[]> toArrays(Map<String, List<Integer>> lists) {
        Map<String, int[]> out = new HashMap<>(lists.size() * 2);
        lists.forEach((k, v) -> out.put(k, v.stream().mapToInt(Integer::intValue).distinct().toArray()));
        return out;
    }
}
