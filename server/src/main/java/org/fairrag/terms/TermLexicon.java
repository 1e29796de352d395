package org.fairrag.terms;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyIndex;

/**
 * Finds vocabulary terms whose names say what a few plain words say. Every name of every term (preferred
 * name, entry terms, and the everyday names of {@link LayNames}) is indexed by its words ({@link TermWords}).
 * A query word matches a name word that is the same word, a synonym, or a related form; synonyms come
 * from the vocabulary in two ways:
 * <ul>
 *   <li>a query word or phrase that is itself a name of a term stands also for the words of that term's
 *       preferred name ("gullet", an entry term of Esophagus, stands for "esophagus"; "cancer", an entry
 *       term of Neoplasms, for "neoplasm");</li>
 *   <li>word pairs mined from the names of each term: two names of one term that differ in one word only
 *       make those words synonyms ("Kidney Failure" and "Renal Failure": kidney = renal), unless the same
 *       two words also tell two different terms apart (Sodium Channels and Potassium Channels).</li>
 * </ul>
 * Related forms share a long enough prefix ("esophagus" and "esophageal"). A compound query word
 * matches a name written in two words ("collarbone", "Collar Bone"). Beyond the vocabulary, a glossary
 * of the Greek and Latin word parts of medical names ({@link MedicalRoots}) lets everyday words meet
 * them ("liver" meets Hepatitis, "inflammation" meets every word in -itis). A name scores by how much
 * of the query it covers and how much of it the query covers, each word weighted by its rarity among
 * all names; an exact name scores highest; a term scores by its best name. Immutable and thread-safe;
 * built once per vocabulary.
 */
public final class TermLexicon {

    /** Match quality of a query word with the same name word, a synonym of it, and a related form. */
    static final float SAME = 1.0f;
    static final float SYNONYM = 0.85f;
    static final float RELATED = 0.7f;
    /** A query word that is an everyday meaning of a word part of the name word. */
    static final float GLOSSED = 0.8f;
    /** A misspelt query word (not a word of any name) that is one or two edits from a name word. */
    static final float MISSPELT = 0.6f;
    /** Added to the score of a name with exactly the query's words. */
    static final float EXACT_BONUS = 0.1f;
    /** A query phrase naming more terms than this is too vague to stand for their preferred names. */
    private static final int MAX_NAMED_TERMS = 3;
    private static final int MAX_PHRASE_WORDS = 4;
    /** Parts counted per word (bits of a mask). */
    private static final int MAX_PARTS = 31;
    private static final int MIN_PAIR_SUPPORT = 2;
    private static final int PREFIX = 4;
    /** Query coverage matters more than name coverage: "mouth cancer" should find Mouth Neoplasms, not Mouth. */
    private static final float BETA_SQUARED = 2.25f;

    private final TermWords analyzer = new TermWords();
    private final String[] termIds;
    private final String[] termLabels;
    private final int[] termDepth;
    /** Index of each term's first name, its preferred name. */
    private final int[] termFirstName;
    private final String[] names;
    private final int[] nameTerm;
    private final boolean[] namePreferred;
    private final int[][] nameWords;
    private final Map<String, Integer> wordIds;
    private final String[] words;
    /** Each word as it was first seen, before plurals were removed: word parts are matched on it. */
    private final String[] surfaces;
    private final float[] idf;
    private final int[][] postings;
    private final Map<String, int[]> wordsByPrefix;
    private final Map<String, int[]> namesByKey;
    private final Map<String, int[]> namesByJoinedWords;
    /** For each word, for each of its word parts (see {@link MedicalRoots}), the letters it spans as a bit mask. */
    private final long[][] partLetters;
    /** For an everyday word: the words one of whose parts means it, as {@code word << 5 | part}. */
    private final Map<String, long[]> glossedParts;
    private final Map<String, long[]> glossedPartsByPhrase;
    private final int[][] synonyms;

    private TermLexicon(List<Term> terms, Map<String, List<String>> layNames, MedicalRoots roots) {
        int termCount = terms.size();
        termIds = new String[termCount];
        termLabels = new String[termCount];
        termDepth = new int[termCount];
        termFirstName = new int[termCount];
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
            others.addAll(layNames.getOrDefault(term.id(), List.of()));
            for (String alt : others) {
                nameList.add(alt);
                owner.add(t);
                preferred.add(false);
            }
        }
        int n = nameList.size();
        names = nameList.toArray(String[]::new);
        nameTerm = owner.stream().mapToInt(Integer::intValue).toArray();
        namePreferred = new boolean[n];
        for (int i = 0; i < n; i++) {
            namePreferred[i] = preferred.get(i);
        }

        wordIds = new HashMap<>(1 << 17);
        List<String> wordList = new ArrayList<>();
        List<String> surfaceList = new ArrayList<>();
        nameWords = new int[n][];
        List<List<Integer>> post = new ArrayList<>();
        Map<String, List<Integer>> byKey = new HashMap<>(n * 2);
        Map<String, List<Integer>> byJoined = new HashMap<>(n * 2);
        for (int i = 0; i < n; i++) {
            List<String> w = analyzer.of(names[i]);
            List<String> surface = analyzer.surface(names[i]);
            int[] ids = new int[w.size()];
            for (int j = 0; j < ids.length; j++) {
                Integer id = wordIds.get(w.get(j));
                if (id == null) {
                    id = wordList.size();
                    wordIds.put(w.get(j), id);
                    wordList.add(w.get(j));
                    surfaceList.add(surface.size() == w.size() ? surface.get(j) : w.get(j));
                    post.add(new ArrayList<>());
                }
                ids[j] = id;
                List<Integer> p = post.get(id);
                if (p.isEmpty() || p.get(p.size() - 1) != i) {
                    p.add(i);
                }
            }
            nameWords[i] = ids;
            if (ids.length > 0) {
                byKey.computeIfAbsent(key(w), k -> new ArrayList<>()).add(i);
            }
            if (surface.size() > 1) {
                byJoined.computeIfAbsent(String.join("", surface), k -> new ArrayList<>()).add(i);
            }
        }
        words = wordList.toArray(String[]::new);
        surfaces = surfaceList.toArray(String[]::new);
        postings = new int[words.length][];
        idf = new float[words.length];
        for (int w = 0; w < words.length; w++) {
            postings[w] = post.get(w).stream().mapToInt(Integer::intValue).toArray();
            idf[w] = (float) Math.log(1 + (double) n / postings[w].length);
        }
        namesByKey = toArrays(byKey);
        namesByJoinedWords = toArrays(byJoined);
        partLetters = new long[words.length][];
        Map<String, Set<Long>> glossed = new HashMap<>();
        Map<String, Set<Long>> glossedByPhrase = new HashMap<>();
        for (int w = 0; w < words.length; w++) {
            List<MedicalRoots.Found> parts = roots.parts(surfaces[w]);
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
                        glossedByPhrase.computeIfAbsent(key(m), k -> new HashSet<>()).add(entry);
                    }
                }
            }
        }
        glossedParts = toLongArrays(glossed);
        glossedPartsByPhrase = toLongArrays(glossedByPhrase);
        Map<String, List<Integer>> prefixes = new HashMap<>();
        for (int w = 0; w < words.length; w++) {
            if (words[w].length() >= PREFIX) {
                prefixes.computeIfAbsent(words[w].substring(0, PREFIX), k -> new ArrayList<>()).add(w);
            }
        }
        wordsByPrefix = new HashMap<>(prefixes.size() * 2);
        prefixes.forEach((k, v) -> wordsByPrefix.put(k, v.stream().mapToInt(Integer::intValue).toArray()));
        synonyms = mineSynonyms(termCount);
    }

    /** A lexicon as {@link #writeTo} wrote it. */
    private TermLexicon(DataInputStream in) throws IOException {
        termIds = Columns.readStrings(in);
        termLabels = Columns.readStrings(in);
        termDepth = Columns.readInts(in);
        termFirstName = Columns.readInts(in);
        names = Columns.readStrings(in);
        nameTerm = Columns.readInts(in);
        namePreferred = Columns.readBooleans(in);
        nameWords = Columns.readIntRows(in);
        words = Columns.readStrings(in);
        surfaces = Columns.readStrings(in);
        idf = Columns.readFloats(in);
        postings = Columns.readIntRows(in);
        wordsByPrefix = Columns.readIntsByString(in);
        namesByKey = Columns.readIntsByString(in);
        namesByJoinedWords = Columns.readIntsByString(in);
        partLetters = Columns.readLongRows(in);
        glossedParts = Columns.readLongsByString(in);
        glossedPartsByPhrase = Columns.readLongsByString(in);
        synonyms = Columns.readIntRows(in);
        wordIds = new HashMap<>(words.length * 2);
        for (int w = 0; w < words.length; w++) {
            wordIds.put(words[w], w);
        }
    }

    /** Writes everything this lexicon is made of, so that {@link #readFrom} gives it back without analysing a name. */
    void writeTo(DataOutputStream out) throws IOException {
        Columns.writeStrings(out, termIds);
        Columns.writeStrings(out, termLabels);
        Columns.writeInts(out, termDepth);
        Columns.writeInts(out, termFirstName);
        Columns.writeStrings(out, names);
        Columns.writeInts(out, nameTerm);
        Columns.writeBooleans(out, namePreferred);
        Columns.writeIntRows(out, nameWords);
        Columns.writeStrings(out, words);
        Columns.writeStrings(out, surfaces);
        Columns.writeFloats(out, idf);
        Columns.writeIntRows(out, postings);
        Columns.writeIntsByString(out, wordsByPrefix);
        Columns.writeIntsByString(out, namesByKey);
        Columns.writeIntsByString(out, namesByJoinedWords);
        Columns.writeLongRows(out, partLetters);
        Columns.writeLongsByString(out, glossedParts);
        Columns.writeLongsByString(out, glossedPartsByPhrase);
        Columns.writeIntRows(out, synonyms);
    }

    static TermLexicon readFrom(DataInputStream in) throws IOException {
        return new TermLexicon(in);
    }

    /** Indexes every name of every term of the vocabulary, with the bundled lay names; a few seconds for MeSH. */
    public static TermLexicon of(VocabularyIndex vocabulary) {
        return of(vocabulary, LayNames.bundled());
    }

    /** Like {@link #of}, without the bundled lay names: what the vocabulary and word parts alone find. */
    public static TermLexicon withoutLayNames(VocabularyIndex vocabulary) {
        return of(vocabulary, LayNames.none());
    }

    /**
     * Like {@link #of}, without the bundled lay names that name one of {@code phrases} as the lexicon
     * compares names (case, plurals, hyphens and word order aside): what the search finds for phrases the
     * lay-name lexicon does not list.
     */
    public static TermLexicon withoutLayNamesFor(VocabularyIndex vocabulary, Collection<String> phrases) {
        return of(vocabulary, LayNames.bundled().without(phrases));
    }

    private static TermLexicon of(VocabularyIndex vocabulary, LayNames layNames) {
        List<Term> terms = new ArrayList<>(vocabulary.terms());
        terms.sort(Comparator.comparing(Term::id));
        return new TermLexicon(terms, layNames.byTermId(vocabulary), MedicalRoots.bundled());
    }

    public static TermLexicon empty() {
        return new TermLexicon(List.of(), Map.of(), MedicalRoots.bundled());
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

    private static Map<String, int[]> toArrays(Map<String, List<Integer>> lists) {
        Map<String, int[]> out = new HashMap<>(lists.size() * 2);
        lists.forEach((k, v) -> out.put(k, v.stream().mapToInt(Integer::intValue).distinct().toArray()));
        return out;
    }

    /** A term found by one of its names. */
    public record Match(String termId, String name, float score) {}

    /** The best-matching terms, at most {@code limit}, best first; a term appears once, with its best name. */
    public List<Match> match(String query, int limit) {
        List<String> queryWords = analyzer.of(query).stream().map(this::americanSpelling).toList();
        if (queryWords.isEmpty() || names.length == 0) {
            return List.of();
        }
        List<String> querySurface = analyzer.surface(query).stream().map(this::americanSpelling).toList();
        List<Slot> slots = slots(queryWords, querySurface.size() == queryWords.size() ? querySurface : queryWords);
        String exactKey = key(queryWords);
        // A word no name has could be anything: it weighs as much as the rarest word.
        float unknownWeight = (float) Math.log(1 + names.length);
        float[] slotWeight = new float[slots.size()];
        float totalWeight = 0;
        for (int s = 0; s < slots.size(); s++) {
            Integer own = wordIds.get(queryWords.get(s));
            slotWeight[s] = own != null ? idf[own] : unknownWeight;
            totalWeight += slotWeight[s];
        }
        BitSet candidates = new BitSet(names.length);
        for (Slot slot : slots) {
            for (int w : slot.words.keySet()) {
                for (int name : postings[w]) {
                    candidates.set(name);
                }
            }
            for (int w : slot.parts.keySet()) {
                for (int name : postings[w]) {
                    candidates.set(name);
                }
            }
        }
        // Best name per term, for the terms the candidates belong to only (a few hundred of tens of thousands).
        Map<Integer, Integer> bestName = new HashMap<>();
        Map<Integer, Float> bestScore = new HashMap<>();
        for (int name = candidates.nextSetBit(0); name >= 0; name = candidates.nextSetBit(name + 1)) {
            float score = score(name, slots, slotWeight, totalWeight);
            // Only a name covering the whole query, and covered by it, can be the exact name.
            if (score >= 1 - 1e-6f && isExact(name, exactKey)) {
                score += EXACT_BONUS;
            }
            if (score <= 0) {
                continue;
            }
            int t = nameTerm[name];
            Integer held = bestName.get(t);
            float heldScore = held == null ? 0 : bestScore.get(t);
            if (held == null || score > heldScore || (score == heldScore && better(name, held))) {
                bestScore.put(t, score);
                bestName.put(t, name);
            }
        }
        List<Integer> found = new ArrayList<>(bestName.keySet());
        found.sort(Comparator.<Integer>comparingDouble(t -> -bestScore.get(t))
                .thenComparing(t -> !namePreferred[bestName.get(t)])
                .thenComparingInt(t -> termDepth[t])
                .thenComparingInt(t -> termLabels[t].length())
                .thenComparing(t -> termIds[t]));
        List<Match> out = new ArrayList<>(Math.min(limit, found.size()));
        for (int t : found.subList(0, Math.min(limit, found.size()))) {
            out.add(new Match(termIds[t], names[bestName.get(t)], bestScore.get(t)));
        }
        return out;
    }

    private boolean isExact(int name, String exactKey) {
        int[] w = nameWords[name];
        List<String> nameKeyWords = new ArrayList<>(w.length);
        for (int id : w) {
            nameKeyWords.add(words[id]);
        }
        return key(nameKeyWords).equals(exactKey);
    }

    /**
     * What one query word matches: name words with the quality of the match, and name words some of
     * whose parts it means (a bit mask of those parts per word).
     */
    private static final class Slot {
        final Map<Integer, Float> words = new HashMap<>();
        final Map<Integer, Integer> parts = new HashMap<>();

        void match(int word, float quality) {
            words.merge(word, quality, Math::max);
        }

        void matchPart(long glossedPart) {
            parts.merge((int) (glossedPart >>> 5), 1 << (int) (glossedPart & 31), (a, b) -> a | b);
        }
    }

    /** For each query word: what it matches. */
    private List<Slot> slots(List<String> queryWords, List<String> querySurface) {
        int q = queryWords.size();
        List<Slot> slots = new ArrayList<>(q);
        for (int i = 0; i < q; i++) {
            String word = queryWords.get(i);
            Slot slot = new Slot();
            Integer own = wordIds.get(word);
            if (own != null) {
                slot.match(own, SAME);
                for (int s : synonyms[own]) {
                    slot.match(s, SYNONYM);
                }
            } else if (namesByJoinedWords.containsKey(querySurface.get(i))) {
                for (int t : termsOf(namesByJoinedWords.get(querySurface.get(i)))) {
                    for (int w : nameWords[termFirstName[t]]) {
                        slot.match(w, SYNONYM);
                    }
                }
            } else {
                for (int w : misspellings(word)) {
                    slot.match(w, MISSPELT);
                }
            }
            slots.add(slot);
        }
        // A phrase of the query that names a term also stands for the words of its preferred name: those
        // a word of the phrase does not match yet go to the words of the phrase that match none of them
        // ("blood sugar" names Blood Glucose: "sugar" stands for "glucose", not for "blood").
        List<Map<Integer, Float>> direct = new ArrayList<>(q);
        slots.forEach(slot -> direct.add(Map.copyOf(slot.words)));
        for (int from = 0; from < q; from++) {
            for (int to = from + 1; to <= Math.min(q, from + MAX_PHRASE_WORDS); to++) {
                int[] named = namesByKey.get(key(queryWords.subList(from, to)));
                if (named == null) {
                    continue;
                }
                Set<Integer> terms = termsOf(named);
                if (terms.size() > MAX_NAMED_TERMS) {
                    continue;
                }
                for (int t : terms) {
                    List<Integer> unmatchedWords = new ArrayList<>();
                    Set<Integer> matchingSlots = new HashSet<>();
                    for (int w : nameWords[termFirstName[t]]) {
                        boolean matched = false;
                        for (int s = from; s < to; s++) {
                            if (direct.get(s).containsKey(w)) {
                                matched = true;
                                matchingSlots.add(s);
                            }
                        }
                        if (!matched) {
                            unmatchedWords.add(w);
                        }
                    }
                    for (int s = from; s < to; s++) {
                        if (!matchingSlots.contains(s)) {
                            for (int w : unmatchedWords) {
                                slots.get(s).match(w, SYNONYM);
                            }
                        }
                    }
                }
            }
        }
        // Related forms of every word a slot matches: esophagus -> esophageal.
        for (Slot slot : slots) {
            for (Map.Entry<Integer, Float> e : new ArrayList<>(slot.words.entrySet())) {
                float quality = e.getValue() * RELATED;
                for (int r : related(e.getKey())) {
                    slot.match(r, quality);
                }
            }
        }
        // Word parts whose everyday meaning a query word or phrase is.
        for (int i = 0; i < q; i++) {
            for (long part : glossedParts.getOrDefault(queryWords.get(i), new long[0])) {
                slots.get(i).matchPart(part);
            }
        }
        for (int from = 0; from < q; from++) {
            for (int to = from + 2; to <= Math.min(q, from + MAX_PHRASE_WORDS); to++) {
                for (long part : glossedPartsByPhrase.getOrDefault(key(queryWords.subList(from, to)), new long[0])) {
                    for (int s = from; s < to; s++) {
                        slots.get(s).matchPart(part);
                    }
                }
            }
        }
        return slots;
    }

    private Set<Integer> termsOf(int[] someNames) {
        Set<Integer> terms = new HashSet<>();
        for (int name : someNames) {
            terms.add(nameTerm[name]);
        }
        return terms;
    }

    /**
     * How well a name and the query cover each other. A query word covers a name word by the quality
     * of their match, or, through word parts, by {@link #GLOSSED}; a name word counts as covered by
     * the best match any query word makes with it, or by the share of its letters that the word parts
     * the query explains span ("inflammation of the liver" explains all of hepat-itis, three fifths of
     * steato-hepat-itis).
     */
    private float score(int name, List<Slot> slots, float[] slotWeight, float totalWeight) {
        int[] w = nameWords[name];
        float[] covered = new float[w.length];
        int[] partsCovered = new int[w.length];
        float recall = 0;
        for (int s = 0; s < slots.size(); s++) {
            Slot slot = slots.get(s);
            float best = 0;
            for (int j = 0; j < w.length; j++) {
                Float quality = slot.words.get(w[j]);
                if (quality != null) {
                    best = Math.max(best, quality);
                    covered[j] = Math.max(covered[j], quality);
                }
                Integer mask = slot.parts.get(w[j]);
                if (mask != null) {
                    best = Math.max(best, GLOSSED);
                    partsCovered[j] |= mask;
                }
            }
            recall += slotWeight[s] * best;
        }
        recall /= totalWeight;
        float nameWeight = 0;
        float precision = 0;
        for (int j = 0; j < w.length; j++) {
            float byParts = partsCovered[j] == 0 ? 0 : GLOSSED * explainedShare(w[j], partsCovered[j]);
            nameWeight += idf[w[j]];
            precision += idf[w[j]] * Math.max(covered[j], byParts);
        }
        precision = nameWeight == 0 ? 0 : precision / nameWeight;
        if (recall == 0 || precision == 0) {
            return 0;
        }
        return (1 + BETA_SQUARED) * precision * recall / (BETA_SQUARED * precision + recall);
    }

    /** The share of the word's letters spanned by the parts in {@code parts} (a bit mask of part indexes). */
    private float explainedShare(int word, int parts) {
        long letters = 0;
        for (int p = 0; p < partLetters[word].length; p++) {
            if ((parts & (1 << p)) != 0) {
                letters |= partLetters[word][p];
            }
        }
        return Long.bitCount(letters) / (float) Math.min(Long.SIZE, surfaces[word].length());
    }

    /** Whether name {@code a} is a better way to show a tie than name {@code b}: preferred, then shorter. */
    private boolean better(int a, int b) {
        if (namePreferred[a] != namePreferred[b]) {
            return namePreferred[a];
        }
        return names[a].length() < names[b].length();
    }

    /** Name words sharing a long enough prefix with word {@code w}: at least 4 letters and 60% of the shorter. */
    private int[] related(int w) {
        String word = words[w];
        if (word.length() < PREFIX + 1) {
            return new int[0];
        }
        int[] sameStart = wordsByPrefix.getOrDefault(word.substring(0, PREFIX), new int[0]);
        int[] out = new int[sameStart.length];
        int n = 0;
        for (int other : sameStart) {
            String o = words[other];
            if (other == w || o.length() < PREFIX + 1) {
                continue;
            }
            int common = commonPrefix(word, o);
            if (common >= PREFIX && common >= 0.6 * Math.min(word.length(), o.length())) {
                out[n++] = other;
            }
        }
        return Arrays.copyOf(out, n);
    }

    /** The word, or its American spelling when only that is a word of some name. */
    private String americanSpelling(String word) {
        return TermWords.americanSpelling(word, wordIds::containsKey);
    }

    /** Name words one edit (two for long words) from a word no name has; none for short words. */
    private List<Integer> misspellings(String word) {
        if (word.length() < 5) {
            return List.of();
        }
        int maxEdits = word.length() >= 8 ? 2 : 1;
        List<Integer> out = new ArrayList<>();
        for (int w = 0; w < words.length; w++) {
            String o = words[w];
            if (Math.abs(o.length() - word.length()) <= maxEdits && o.charAt(0) == word.charAt(0)
                    && editDistance(word, o, maxEdits) <= maxEdits) {
                out.add(w);
            }
        }
        return out;
    }

    /** Optimal string alignment distance (a transposition is one edit), or more than {@code max}. */
    static int editDistance(String a, String b, int max) {
        int[] prev2 = new int[b.length() + 1];
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            int rowMin = cur[0];
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    cur[j] = Math.min(cur[j], prev2[j - 2] + 1);
                }
                rowMin = Math.min(rowMin, cur[j]);
            }
            if (rowMin > max) {
                return max + 1;
            }
            int[] t = prev2;
            prev2 = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }

    /**
     * Synonym pairs: words that are the only difference between two names of one term, in at least two
     * terms, not the only difference between the preferred names of two terms as often, and seldom
     * together in one name.
     */
    private int[][] mineSynonyms(int termCount) {
        Map<Long, Integer> support = new HashMap<>();
        int from = 0;
        for (int t = 0; t < termCount; t++) {
            int to = from;
            while (to < names.length && nameTerm[to] == t) {
                to++;
            }
            List<int[]> sets = new ArrayList<>();
            Set<String> seen = new HashSet<>();
            for (int i = from; i < to; i++) {
                int[] set = Arrays.stream(nameWords[i]).distinct().sorted().toArray();
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
        for (int i = 0; i < names.length; i++) {
            if (!namePreferred[i]) {
                continue;
            }
            int[] set = Arrays.stream(nameWords[i]).distinct().sorted().toArray();
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
        // Words that often appear together in one name are parts of a combined concept (Head and Neck), not synonyms.
        Map<Long, Integer> together = new HashMap<>();
        for (int[] name : nameWords) {
            int[] set = Arrays.stream(name).distinct().sorted().toArray();
            for (int i = 0; i < set.length; i++) {
                for (int j = i + 1; j < set.length; j++) {
                    long p = pair(set[i], set[j]);
                    if (support.containsKey(p)) {
                        together.merge(p, 1, Integer::sum);
                    }
                }
            }
        }
        List<List<Integer>> partners = new ArrayList<>(words.length);
        for (int w = 0; w < words.length; w++) {
            partners.add(new ArrayList<>(0));
        }
        support.forEach((pair, count) -> {
            int a = (int) (pair >> 32);
            int b = (int) (long) pair;
            if (count >= MIN_PAIR_SUPPORT && contrast.getOrDefault(pair, 0) * 3 <= count
                    && together.getOrDefault(pair, 0) * 2 <= count && meaningful(words[a]) && meaningful(words[b])) {
                partners.get(a).add(b);
                partners.get(b).add(a);
            }
        });
        int[][] out = new int[words.length][];
        for (int w = 0; w < words.length; w++) {
            out[w] = partners.get(w).stream().mapToInt(Integer::intValue).toArray();
        }
        return out;
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

    private static int commonPrefix(String a, String b) {
        int n = Math.min(a.length(), b.length());
        int i = 0;
        while (i < n && a.charAt(i) == b.charAt(i)) {
            i++;
        }
        return i;
    }

    private static String key(List<String> words) {
        return String.join(" ", new TreeSet<>(words));
    }

    /** Number of names indexed. */
    public int size() {
        return names.length;
    }
}
