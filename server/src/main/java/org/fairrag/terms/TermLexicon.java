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
import java.util.PriorityQueue;
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
 *
 * <p>Its parts: the terms and their names ({@link LexiconNames}), the words of the names with their rarity,
 * postings, related forms and misspellings ({@link NameWords}), the word parts ({@link WordParts}) and
 * the mined synonyms ({@link WordSynonyms}); this class reads a query against them and scores the names.
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
    /** Query coverage matters more than name coverage: "mouth cancer" should find Mouth Neoplasms, not Mouth. */
    private static final float BETA_SQUARED = 2.25f;

    private final TermWords analyzer = new TermWords();
    private final LexiconNames names;
    private final NameWords words;
    private final WordParts parts;
    private final WordSynonyms synonyms;

    private TermLexicon(LexiconNames names, NameWords words, WordParts parts, WordSynonyms synonyms) {
        this.names = names;
        this.words = words;
        this.parts = parts;
        this.synonyms = synonyms;
    }

    private static TermLexicon build(List<Term> terms, Map<String, List<String>> layNames, MedicalRoots roots) {
        TermWords analyzer = new TermWords();
        NameWords.Builder wordIds = new NameWords.Builder();
        LexiconNames names = LexiconNames.of(terms, layNames, analyzer, wordIds);
        NameWords words = wordIds.build(names.nameCount());
        return new TermLexicon(names, words, WordParts.of(words, roots, analyzer), WordSynonyms.mine(names, words));
    }

    /** Writes everything this lexicon is made of, so that {@link #readFrom} gives it back without analysing a name. */
    void writeTo(DataOutputStream out) throws IOException {
        names.writeTo(out);
        words.writeTo(out);
        parts.writeTo(out);
        synonyms.writeTo(out);
    }

    static TermLexicon readFrom(DataInputStream in) throws IOException {
        return new TermLexicon(LexiconNames.readFrom(in), NameWords.readFrom(in), WordParts.readFrom(in),
                WordSynonyms.readFrom(in));
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
        return build(terms, layNames.byTermId(vocabulary), MedicalRoots.bundled());
    }

    public static TermLexicon empty() {
        return build(List.of(), Map.of(), MedicalRoots.bundled());
    }

    /** A term found by one of its names. */
    public record Match(String termId, String name, float score) {}

    /**
     * Whether {@code name} is one of the names of the term this lexicon knows, compared as names are (case, plurals,
     * hyphens, function words and word order aside): a lexicon without some lay names does not know them.
     */
    public boolean hasName(String termId, String name) {
        int[] same = names.namesWithKey(LexiconNames.key(analyzer.of(name)));
        if (same != null) {
            for (int n : same) {
                if (names.termId(names.termOf(n)).equals(termId)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Whether a name found for {@code term} (in the term-name vectors, say) counts with this lexicon: its preferred name
     * always does, another name while this lexicon has it.
     */
    public boolean counts(Term term, String name) {
        return term.label().equals(name) || hasName(term.id(), name);
    }

    /** The best-matching terms, at most {@code limit}, best first; a term appears once, with its best name. */
    public List<Match> match(String query, int limit) {
        List<String> queryWords = analyzer.of(query).stream().map(this::americanSpelling).toList();
        if (queryWords.isEmpty() || names.nameCount() == 0) {
            return List.of();
        }
        List<String> querySurface = analyzer.surface(query).stream().map(this::americanSpelling).toList();
        List<Slot> slots = slots(queryWords, querySurface.size() == queryWords.size() ? querySurface : queryWords);
        String exactKey = LexiconNames.key(queryWords);
        // A word no name has could be anything: it weighs as much as the rarest word.
        float unknownWeight = (float) Math.log(1 + names.nameCount());
        float[] slotWeight = new float[slots.size()];
        float totalWeight = 0;
        for (int s = 0; s < slots.size(); s++) {
            int own = words.id(queryWords.get(s));
            slotWeight[s] = own >= 0 ? words.idf(own) : unknownWeight;
            totalWeight += slotWeight[s];
        }
        WordHits hits = WordHits.of(slots);
        BitSet candidates = new BitSet(names.nameCount());
        for (int w : hits.words) {
            for (int name : words.postings(w)) {
                candidates.set(name);
            }
        }
        // Best name per term, for the terms the candidates belong to only (a few hundred of tens of thousands).
        // A term's names are consecutive, so each term's candidates come one after the other.
        Found found = new Found();
        for (int name = candidates.nextSetBit(0); name >= 0; name = candidates.nextSetBit(name + 1)) {
            float score = score(name, hits, slotWeight, totalWeight);
            // Only a name covering the whole query, and covered by it, can be the exact name.
            if (score >= 1 - 1e-6f && isExact(name, exactKey)) {
                score += EXACT_BONUS;
            }
            if (score > 0) {
                found.offer(names.termOf(name), name, score);
            }
        }
        Comparator<Integer> order = Comparator.<Integer>comparingDouble(i -> -found.score[i])
                .thenComparing(i -> !names.isPreferred(found.name[i]))
                .thenComparingInt(i -> names.termDepth(found.term[i]))
                .thenComparingInt(i -> names.termLabel(found.term[i]).length())
                .thenComparing(i -> names.termId(found.term[i]));
        List<Match> out = new ArrayList<>(Math.min(limit, found.size));
        for (int i : first(found.size, order, limit)) {
            out.add(new Match(names.termId(found.term[i]), names.name(found.name[i]), found.score[i]));
        }
        return out;
    }

    /** The terms found, each with its best name and that name's score. */
    private final class Found {
        int[] term = new int[16];
        int[] name = new int[16];
        float[] score = new float[16];
        int size;

        /** A name of the last term offered, or of a new one. */
        void offer(int t, int n, float s) {
            if (size > 0 && term[size - 1] == t) {
                int last = size - 1;
                if (s > score[last] || (s == score[last] && names.better(n, name[last]))) {
                    name[last] = n;
                    score[last] = s;
                }
                return;
            }
            if (size == term.length) {
                term = Arrays.copyOf(term, size * 2);
                name = Arrays.copyOf(name, size * 2);
                score = Arrays.copyOf(score, size * 2);
            }
            term[size] = t;
            name[size] = n;
            score[size++] = s;
        }
    }

    /** The first {@code limit} of {@code 0..count-1} in {@code order} (a total order: ids break ties), without sorting them all. */
    private static List<Integer> first(int count, Comparator<Integer> order, int limit) {
        if (limit <= 0) {
            return List.of();
        }
        PriorityQueue<Integer> kept = new PriorityQueue<>(limit + 1, order.reversed());
        for (int i = 0; i < count; i++) {
            if (kept.size() < limit) {
                kept.add(i);
            } else if (order.compare(i, kept.peek()) < 0) {
                kept.poll();
                kept.add(i);
            }
        }
        List<Integer> out = new ArrayList<>(kept);
        out.sort(order);
        return out;
    }

    private boolean isExact(int name, String exactKey) {
        int[] w = names.words(name);
        List<String> nameKeyWords = new ArrayList<>(w.length);
        for (int id : w) {
            nameKeyWords.add(words.word(id));
        }
        return LexiconNames.key(nameKeyWords).equals(exactKey);
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
            parts.merge(WordParts.wordOf(glossedPart), WordParts.partBit(glossedPart), (a, b) -> a | b);
        }
    }

    /**
     * What the slots match, by name word (ids in increasing order): for each, the quality of its match with
     * each query word (0 for none) and the word parts each means; one look-up per name word scores a name.
     */
    private static final class WordHits {
        final int[] words;
        final float[][] quality;
        final int[][] parts;

        private WordHits(int[] words, float[][] quality, int[][] parts) {
            this.words = words;
            this.quality = quality;
            this.parts = parts;
        }

        static WordHits of(List<Slot> slots) {
            int q = slots.size();
            TreeSet<Integer> all = new TreeSet<>();
            for (Slot slot : slots) {
                all.addAll(slot.words.keySet());
                all.addAll(slot.parts.keySet());
            }
            int[] words = all.stream().mapToInt(Integer::intValue).toArray();
            float[][] quality = new float[words.length][q];
            int[][] parts = new int[words.length][q];
            for (int s = 0; s < q; s++) {
                Slot slot = slots.get(s);
                for (Map.Entry<Integer, Float> e : slot.words.entrySet()) {
                    quality[Arrays.binarySearch(words, e.getKey())][s] = e.getValue();
                }
                for (Map.Entry<Integer, Integer> e : slot.parts.entrySet()) {
                    parts[Arrays.binarySearch(words, e.getKey())][s] = e.getValue();
                }
            }
            return new WordHits(words, quality, parts);
        }

        /** The index of the word, or negative when no query word matches it. */
        int indexOf(int word) {
            return Arrays.binarySearch(words, word);
        }
    }

    /** For each query word: what it matches. */
    private List<Slot> slots(List<String> queryWords, List<String> querySurface) {
        int q = queryWords.size();
        List<Slot> slots = new ArrayList<>(q);
        for (int i = 0; i < q; i++) {
            String word = queryWords.get(i);
            Slot slot = new Slot();
            int own = words.id(word);
            int[] joined = own >= 0 ? null : names.namesJoinedAs(querySurface.get(i));
            if (own >= 0) {
                slot.match(own, SAME);
                for (int s : synonyms.of(own)) {
                    slot.match(s, SYNONYM);
                }
            } else if (joined != null) {
                for (int t : names.termsOf(joined)) {
                    for (int w : names.preferredNameWords(t)) {
                        slot.match(w, SYNONYM);
                    }
                }
            } else {
                for (int w : words.misspellings(word)) {
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
                int[] named = names.namesWithKey(LexiconNames.key(queryWords.subList(from, to)));
                if (named == null) {
                    continue;
                }
                Set<Integer> terms = names.termsOf(named);
                if (terms.size() > MAX_NAMED_TERMS) {
                    continue;
                }
                for (int t : terms) {
                    List<Integer> unmatchedWords = new ArrayList<>();
                    Set<Integer> matchingSlots = new HashSet<>();
                    for (int w : names.preferredNameWords(t)) {
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
                for (int r : words.related(e.getKey())) {
                    slot.match(r, quality);
                }
            }
        }
        // Word parts whose everyday meaning a query word or phrase is.
        for (int i = 0; i < q; i++) {
            for (long part : parts.meaning(queryWords.get(i))) {
                slots.get(i).matchPart(part);
            }
        }
        for (int from = 0; from < q; from++) {
            for (int to = from + 2; to <= Math.min(q, from + MAX_PHRASE_WORDS); to++) {
                for (long part : parts.meaningPhrase(LexiconNames.key(queryWords.subList(from, to)))) {
                    for (int s = from; s < to; s++) {
                        slots.get(s).matchPart(part);
                    }
                }
            }
        }
        return slots;
    }

    /**
     * How well a name and the query cover each other. A query word covers a name word by the quality
     * of their match, or, through word parts, by {@link #GLOSSED}; a name word counts as covered by
     * the best match any query word makes with it, or by the share of its letters that the word parts
     * the query explains span ("inflammation of the liver" explains all of hepat-itis, three fifths of
     * steato-hepat-itis).
     */
    private float score(int name, WordHits hits, float[] slotWeight, float totalWeight) {
        int[] w = names.words(name);
        float[] covered = new float[w.length];
        int[] partsCovered = new int[w.length];
        float[] best = new float[slotWeight.length];
        for (int j = 0; j < w.length; j++) {
            int hit = hits.indexOf(w[j]);
            if (hit < 0) {
                continue;
            }
            float[] quality = hits.quality[hit];
            int[] parts = hits.parts[hit];
            for (int s = 0; s < best.length; s++) {
                if (quality[s] > 0) {
                    best[s] = Math.max(best[s], quality[s]);
                    covered[j] = Math.max(covered[j], quality[s]);
                }
                if (parts[s] != 0) {
                    best[s] = Math.max(best[s], GLOSSED);
                    partsCovered[j] |= parts[s];
                }
            }
        }
        float recall = 0;
        for (int s = 0; s < best.length; s++) {
            recall += slotWeight[s] * best[s];
        }
        recall /= totalWeight;
        float nameWeight = 0;
        float precision = 0;
        for (int j = 0; j < w.length; j++) {
            float byParts = partsCovered[j] == 0 ? 0 : GLOSSED * parts.explainedShare(w[j], partsCovered[j], words.surface(w[j]));
            nameWeight += words.idf(w[j]);
            precision += words.idf(w[j]) * Math.max(covered[j], byParts);
        }
        precision = nameWeight == 0 ? 0 : precision / nameWeight;
        if (recall == 0 || precision == 0) {
            return 0;
        }
        return (1 + BETA_SQUARED) * precision * recall / (BETA_SQUARED * precision + recall);
    }

    /** The word, or its American spelling when only that is a word of some name. */
    private String americanSpelling(String word) {
        return TermWords.americanSpelling(word, words::contains);
    }

    /** Number of names indexed. */
    public int size() {
        return names.nameCount();
    }
}
