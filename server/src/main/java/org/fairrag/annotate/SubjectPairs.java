package org.fairrag.annotate;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QuerySolution;
import org.fairrag.graph.GraphStore;
import org.fairrag.graph.Graphs;
import org.fairrag.graph.Queries;
import org.fairrag.vocab.VocabularyIndex;

/**
 * Which subjects indexers give together, counted over the public articles with subjects: how many have each term and
 * each pair of terms. "Mice" and "Disease Models, Animal" go together, "Infant, Newborn" and "Aged" seldom; a candidate
 * that goes with the text's other likely subjects is likelier itself ({@link SubjectModel.Feature#COOCCURRENCE}).
 *
 * @param articles articles with at least one subject
 * @param tagged   term id to the articles it is a subject of
 * @param together term id to the terms given with it and in how many articles
 */
public record SubjectPairs(int articles, Map<String, Integer> tagged, Map<String, Map<String, Integer>> together) {

    /** Weight of the prior in the smoothed P(c | j), in articles. */
    static final double SMOOTHING = 2.0;

    /** The least first-stage probability of another candidate for it to count in {@link SubjectModel.Feature#COOCCURRENCE_LIFT}. */
    static final double LEAST_PROBABILITY = 0.05;

    /** The least first-stage probability of another candidate for it to count in {@link SubjectModel.Feature#COOCCURRENCE_MAX}. */
    static final double LIKELY = 0.3;

    public static final SubjectPairs NONE = new SubjectPairs(0, Map.of(), Map.of());

    private static final Query SUBJECTS = Queries.load(SubjectStatistics.class, "subject-pairs.rq");

    /** Counts the public articles' subjects in the graph, the articles {@code leftOut} (PIDs) not counted. Blocking. */
    public static SubjectPairs of(GraphStore graph, Graphs graphs, VocabularyIndex vocabulary, Set<String> leftOut) {
        var content = List.of(NodeFactory.createURI(graphs.publicContent()));
        Map<String, Set<String>> subjectsOf = new HashMap<>();
        for (QuerySolution row : graph.select(Queries.bindValues(SUBJECTS.cloneQuery(), "c", content))) {
            String article = row.getResource("article").getURI();
            if (!leftOut.contains(article)) {
                vocabulary.byPid(row.getResource("term").getURI())
                        .ifPresent(t -> subjectsOf.computeIfAbsent(article, a -> new HashSet<>()).add(t.id()));
            }
        }
        return count(subjectsOf.values());
    }

    /** The counts over these articles' subjects. */
    static SubjectPairs count(Iterable<Set<String>> subjectsOfArticles) {
        int articles = 0;
        Map<String, Integer> tagged = new HashMap<>();
        Map<String, Map<String, Integer>> together = new HashMap<>();
        for (Set<String> subjects : subjectsOfArticles) {
            if (subjects.isEmpty()) {
                continue;
            }
            articles++;
            for (String c : subjects) {
                tagged.merge(c, 1, Integer::sum);
                Map<String, Integer> with = together.computeIfAbsent(c, k -> new HashMap<>());
                for (String j : subjects) {
                    if (!j.equals(c)) {
                        with.merge(j, 1, Integer::sum);
                    }
                }
            }
        }
        return new SubjectPairs(articles, tagged, together);
    }

    /** How the pairs are used: P(c) and P(c | j), smoothed, as counted or with one article left out. */
    interface PairUse {
        double prior(String c);

        double given(String c, String j);
    }

    /** These counts as they are. */
    PairUse use() {
        return leavingOut(Set.of());
    }

    /** These counts as if one counted article, with these subjects, were not: so it can be measured against the others. */
    PairUse leavingOut(Set<String> subjects) {
        int n = articles - (subjects.isEmpty() ? 0 : 1);
        return new PairUse() {
            @Override
            public double prior(String c) {
                return (Math.max(0, tagged.getOrDefault(c, 0) - (subjects.contains(c) ? 1 : 0)) + 0.5) / (Math.max(n, 0) + 1.0);
            }

            @Override
            public double given(String c, String j) {
                int nj = Math.max(0, tagged.getOrDefault(j, 0) - (subjects.contains(j) ? 1 : 0));
                int ncj = together.getOrDefault(c, Map.of()).getOrDefault(j, 0)
                        - (subjects.contains(c) && subjects.contains(j) ? 1 : 0);
                return (Math.max(0, ncj) + SMOOTHING * prior(c)) / (nj + SMOOTHING);
            }
        };
    }

    /**
     * Fills in the {@link SubjectModel.Feature#COOCCURRENCE} features of an article's candidates (in copies of their
     * rows, returned) from a first stage's probability of each: {@code p[i]} of {@code terms.get(i)}, NaN for a
     * candidate that must not count as another's evidence (a check tag).
     */
    static double[][] fill(List<String> terms, List<double[]> rows, double[] p, PairUse pairs) {
        int n = terms.size();
        int[] others = new int[n];
        int count = 0;
        for (int j = 0; j < n; j++) {
            if (!Double.isNaN(p[j]) && p[j] >= LEAST_PROBABILITY) {
                others[count++] = j;
            }
        }
        double[][] out = new double[n][];
        for (int i = 0; i < n; i++) {
            String c = terms.get(i);
            double prior = pairs.prior(c);
            double lift = 0;
            double max = 0;
            for (int k = 0; k < count; k++) {
                int j = others[k];
                if (j == i || terms.get(j).equals(c)) {
                    continue;
                }
                double given = pairs.given(c, terms.get(j));
                lift += p[j] * Math.log(given / prior);
                if (p[j] >= LIKELY) {
                    max = Math.max(max, given);
                }
            }
            double[] x = rows.get(i).clone();
            x[SubjectModel.Feature.COOCCURRENCE_LIFT.ordinal()] = lift;
            x[SubjectModel.Feature.COOCCURRENCE_MAX.ordinal()] = max;
            out[i] = x;
        }
        return out;
    }
}
