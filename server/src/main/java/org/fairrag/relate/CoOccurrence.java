package org.fairrag.relate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Counts which concepts are mentioned in the same sentence across a collection, and scores each pair by
 * normalised pointwise mutual information over sentences: {@code npmi = ln(p(a,b) / (p(a) p(b))) / -ln p(a,b)},
 * 1 when two concepts only ever occur together, 0 when they meet as often as chance says, negative when less.
 * A pair is kept when it meets in sentences of at least {@link #MIN_ARTICLES} articles, so that one author's
 * repeated phrase is not a finding. Not thread-safe; fill it, then read it.
 */
public final class CoOccurrence {

    /** Fewest articles a pair must meet in to be kept. */
    public static final int MIN_ARTICLES = 2;
    /** Evidence sentences kept per pair: the first of each article first, then further ones. */
    public static final int MAX_EVIDENCE = 10;
    /** Evidence articles kept per pair. */
    public static final int MAX_ARTICLES = 10;

    /** A sentence of an article: its PID and index (the title is sentence 0). */
    public record SentenceRef(String articlePid, int index) implements Comparable<SentenceRef> {
        private static final Comparator<SentenceRef> ORDER =
                Comparator.comparing(SentenceRef::articlePid).thenComparingInt(SentenceRef::index);

        @Override
        public int compareTo(SentenceRef o) {
            return ORDER.compare(this, o);
        }
    }

    /**
     * Two concepts ({@code a} before {@code b} by id) that meet in sentences, with the counts the score comes from.
     *
     * @param sentences        sentences that mention both
     * @param articles         articles with such a sentence
     * @param sentencesA       sentences that mention {@code a}
     * @param sentencesB       sentences that mention {@code b}
     * @param evidenceArticles up to {@link #MAX_ARTICLES} of those articles, by PID
     * @param evidence         up to {@link #MAX_EVIDENCE} of those sentences
     */
    public record Pair(String a, String b, int sentences, int articles, int sentencesA, int sentencesB, double npmi,
                       List<String> evidenceArticles, List<SentenceRef> evidence) {}

    private final Map<String, Integer> sentencesOf = new HashMap<>();
    private final Map<String, TreeSet<SentenceRef>> together = new HashMap<>();
    private long sentenceCount;

    /**
     * Adds one sentence with the concepts it mentions (repeats count once). Sentences without any concept
     * are added too: they are part of the total every probability is taken over.
     */
    public void add(SentenceRef sentence, Set<String> concepts) {
        sentenceCount++;
        List<String> sorted = new ArrayList<>(new TreeSet<>(concepts));
        for (String c : sorted) {
            sentencesOf.merge(c, 1, Integer::sum);
        }
        for (int i = 0; i < sorted.size(); i++) {
            for (int j = i + 1; j < sorted.size(); j++) {
                together.computeIfAbsent(key(sorted.get(i), sorted.get(j)), k -> new TreeSet<>()).add(sentence);
            }
        }
    }

    public long sentenceCount() {
        return sentenceCount;
    }

    /** The pairs that meet in at least {@link #MIN_ARTICLES} articles, best score first. */
    public List<Pair> pairs() {
        List<Pair> out = new ArrayList<>();
        for (Map.Entry<String, TreeSet<SentenceRef>> e : together.entrySet()) {
            TreeSet<SentenceRef> where = e.getValue();
            Set<String> articles = new LinkedHashSet<>();
            where.forEach(s -> articles.add(s.articlePid()));
            if (articles.size() < MIN_ARTICLES) {
                continue;
            }
            int cut = e.getKey().indexOf('\t');
            String a = e.getKey().substring(0, cut);
            String b = e.getKey().substring(cut + 1);
            int na = sentencesOf.get(a);
            int nb = sentencesOf.get(b);
            out.add(new Pair(a, b, where.size(), articles.size(), na, nb, npmi(where.size(), na, nb, sentenceCount),
                    articles.stream().limit(MAX_ARTICLES).toList(), evidence(where)));
        }
        out.sort(Comparator.comparingDouble(Pair::npmi).reversed().thenComparing(Pair::a).thenComparing(Pair::b));
        return out;
    }

    /** Normalised PMI of two events seen {@code both} times together, {@code a} and {@code b} times each, in {@code n}. */
    static double npmi(long both, long a, long b, long n) {
        if (both == n) {
            return 1;
        }
        double pab = (double) both / n;
        double pmi = Math.log(pab / (((double) a / n) * ((double) b / n)));
        return pmi / -Math.log(pab);
    }

    /** The first sentence of each article in PID order, then the next ones, up to {@link #MAX_EVIDENCE}. */
    private static List<SentenceRef> evidence(TreeSet<SentenceRef> where) {
        List<SentenceRef> first = new ArrayList<>();
        List<SentenceRef> more = new ArrayList<>();
        String last = null;
        for (SentenceRef s : where) {
            (s.articlePid().equals(last) ? more : first).add(s);
            last = s.articlePid();
        }
        first.addAll(more);
        return List.copyOf(first.subList(0, Math.min(MAX_EVIDENCE, first.size())));
    }

    private static String key(String a, String b) {
        return a + '\t' + b;
    }
}
