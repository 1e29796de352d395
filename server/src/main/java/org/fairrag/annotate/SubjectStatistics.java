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
 * What the public articles with subjects say about how indexers use each term: how many articles have it as
 * a subject, and, among the articles whose text mentions it, how many have it as a subject too. "Patients"
 * is mentioned in most abstracts and almost never a subject; "Solitary Pulmonary Nodule" is a subject nearly
 * whenever it is mentioned. Public articles only, so that a suggestion never reveals anything about
 * restricted ones.
 *
 * @param taggedArticles articles with at least one subject
 * @param tagged         term id to the articles it is a subject of
 * @param mentioned      term id to the articles with subjects whose text mentions it (not negated)
 * @param mentionedAndTagged term id to those of them it is a subject of
 * @param subjectShareOfMentions over all terms, the share of (article, mentioned term) pairs where the term is a subject
 */
public record SubjectStatistics(int taggedArticles, Map<String, Integer> tagged, Map<String, Integer> mentioned,
                                Map<String, Integer> mentionedAndTagged, double subjectShareOfMentions) implements TermUse {

    /** Weight of the prior in the smoothed rate of {@link #subjectWhenMentioned}, in articles. */
    static final double SMOOTHING = 2.0;

    private static final Query SUBJECTS = Queries.load(SubjectStatistics.class, "subject-pairs.rq");
    private static final Query MENTIONED = Queries.load(SubjectStatistics.class, "mentioned-pairs.rq");

    public static final SubjectStatistics NONE = new SubjectStatistics(0, Map.of(), Map.of(), Map.of(), 0);

    /**
     * Counts the public articles and their mentions in the graph: two plain reads of (article, term) pairs,
     * counted here (a grouped query with EXISTS per row took over 30 s for 2,500 articles on a busy machine).
     * Blocking: a second or two for 100,000 mentions.
     */
    public static SubjectStatistics of(GraphStore graph, Graphs graphs, VocabularyIndex vocabulary) {
        return of(graph, graphs, vocabulary, Set.of());
    }

    /** As {@link #of(GraphStore, Graphs, VocabularyIndex)}, the articles {@code leftOut} (PIDs) not counted. */
    public static SubjectStatistics of(GraphStore graph, Graphs graphs, VocabularyIndex vocabulary, Set<String> leftOut) {
        var content = List.of(NodeFactory.createURI(graphs.publicContent()));
        var mentions = List.of(NodeFactory.createURI(graphs.publicMentions()));
        Map<String, Set<String>> subjectsOf = new HashMap<>();
        Map<String, Integer> tagged = new HashMap<>();
        for (QuerySolution row : graph.select(Queries.bindValues(SUBJECTS.cloneQuery(), "c", content))) {
            if (leftOut.contains(row.getResource("article").getURI())) {
                continue;
            }
            vocabulary.byPid(row.getResource("term").getURI()).ifPresent(t -> {
                if (subjectsOf.computeIfAbsent(row.getResource("article").getURI(), a -> new HashSet<>()).add(t.id())) {
                    tagged.merge(t.id(), 1, Integer::sum);
                }
            });
        }
        Map<String, Integer> mentioned = new HashMap<>();
        Map<String, Integer> both = new HashMap<>();
        for (QuerySolution row : graph.select(Queries.bindValues(MENTIONED.cloneQuery(), "m", mentions))) {
            Set<String> subjects = subjectsOf.get(row.getResource("article").getURI());
            if (subjects == null) {
                continue;
            }
            vocabulary.byPid(row.getResource("term").getURI()).ifPresent(t -> {
                mentioned.merge(t.id(), 1, Integer::sum);
                if (subjects.contains(t.id())) {
                    both.merge(t.id(), 1, Integer::sum);
                }
            });
        }
        long pairs = mentioned.values().stream().mapToLong(Integer::longValue).sum();
        long subjects = both.values().stream().mapToLong(Integer::longValue).sum();
        return new SubjectStatistics(subjectsOf.size(), Map.copyOf(tagged), Map.copyOf(mentioned), Map.copyOf(both),
                pairs == 0 ? 0 : (double) subjects / pairs);
    }

    /** The share of articles with subjects that have this one. */
    @Override
    public double prior(String termId) {
        return (tagged.getOrDefault(termId, 0) + 0.5) / (taggedArticles + 1.0);
    }

    /**
     * How often an article whose text mentions the term has it as a subject, smoothed towards the share
     * over all terms so that a term mentioned in one or two articles says little.
     */
    @Override
    public double subjectWhenMentioned(String termId) {
        return rate(mentionedAndTagged.getOrDefault(termId, 0), mentioned.getOrDefault(termId, 0));
    }

    private double rate(int mentionedAndTagged, int mentioned) {
        return (mentionedAndTagged + SMOOTHING * subjectShareOfMentions) / (mentioned + SMOOTHING);
    }

    /**
     * These statistics as if one counted article were not: its subjects and the terms its text mentions (not
     * negated) taken away, so that an article of the collection can be measured against the others.
     */
    public TermUse leavingOut(Set<String> subjects, Set<String> mentionedTerms) {
        return new TermUse() {
            @Override
            public double prior(String termId) {
                int n = tagged.getOrDefault(termId, 0) - (subjects.contains(termId) ? 1 : 0);
                return (Math.max(n, 0) + 0.5) / taggedArticles;
            }

            @Override
            public double subjectWhenMentioned(String termId) {
                boolean said = mentionedTerms.contains(termId);
                int m = mentioned.getOrDefault(termId, 0) - (said ? 1 : 0);
                int b = mentionedAndTagged.getOrDefault(termId, 0) - (said && subjects.contains(termId) ? 1 : 0);
                return rate(Math.max(b, 0), Math.max(m, 0));
            }
        };
    }
}
