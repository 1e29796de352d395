package org.fairrag.annotate;

import static org.fairrag.annotate.SubjectModel.Feature.*;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The terms that could be subjects of a text, each with the values of the model's features and what they
 * came from: every term its text mentions, every subject of its neighbours, and, when asked for, the terms whose
 * names are nearest to its embedding ({@link NearestNames}) and those directly broader or narrower than a term it
 * mentions.
 */
final class SubjectCandidates {

    private static final int TOP = 5;

    /** Where a candidate came from besides the text's mentions and its neighbours. */
    enum Source { NAMES, TREE }

    /**
     * A candidate term, its feature values ({@link SubjectModel.Feature} order), its evidence: the mentions, the
     * neighbours, its name's place among the nearest names (or null), and whether it is next to a mentioned term in the
     * tree.
     */
    record Candidate(String termId, double[] features, List<Mention> mentions, List<Neighbours.Neighbour> neighbours,
                     NearestNames.Match name, boolean nextToMentioned) {
        Candidate(String termId, double[] features, List<Mention> mentions, List<Neighbours.Neighbour> neighbours) {
            this(termId, features, mentions, neighbours, null, false);
        }

        /** The sources besides the mentions and the neighbours that have the candidate. */
        Set<Source> also() {
            Set<Source> also = EnumSet.noneOf(Source.class);
            if (name != null) {
                also.add(Source.NAMES);
            }
            if (nextToMentioned) {
                also.add(Source.TREE);
            }
            return also;
        }

        /** Whether the text mentions the term or a neighbour has it: else it is a candidate only as a check tag. */
        boolean found() {
            return !mentions.isEmpty() || !neighbours.isEmpty();
        }

        /**
         * Whether a model with these features has the candidate other than as a check tag: found, or from a source
         * whose features it uses ({@link SubjectModel.Feature#NAMES}, {@link SubjectModel.Feature#TREE}).
         */
        boolean found(Set<SubjectModel.Feature> used) {
            return found()
                    || name != null && used.stream().anyMatch(SubjectModel.Feature.NAMES::contains)
                    || nextToMentioned && used.stream().anyMatch(SubjectModel.Feature.TREE::contains);
        }
    }

    private SubjectCandidates() {}

    /** Candidates from the mentions and the neighbours only. */
    static List<Candidate> of(List<Mention> mentions, List<Neighbours.Neighbour> neighbours, TermUse stats,
                              Set<String> checkTags, Function<String, List<String>> broader, boolean fromMentions,
                              boolean fromNeighbours, Set<String> always) {
        return of(mentions, neighbours, List.of(), stats, checkTags, broader, id -> List.of(), fromMentions, fromNeighbours,
                false, always);
    }

    /**
     * @param names    the terms with the nearest names, each a candidate (none: empty)
     * @param broader  the terms directly broader than a term (for the features that compare a candidate with
     *                 its narrower candidates, and for the candidates from the tree)
     * @param narrower the terms directly narrower than a term (for the candidates from the tree)
     * @param fromTree whether the terms directly broader and narrower than a mentioned term (not negated) are candidates
     * @param always  terms that are candidates whatever the text and its neighbours say (the check tags that
     *                have classifiers of their own)
     */
    static List<Candidate> of(List<Mention> mentions, List<Neighbours.Neighbour> neighbours, List<NearestNames.Match> names,
                              TermUse stats, Set<String> checkTags, Function<String, List<String>> broader,
                              Function<String, List<String>> narrower, boolean fromMentions, boolean fromNeighbours,
                              boolean fromTree, Set<String> always) {
        Map<String, List<Mention>> byTerm = new LinkedHashMap<>();
        if (fromMentions) {
            for (Mention m : mentions) {
                byTerm.computeIfAbsent(m.termId(), k -> new ArrayList<>()).add(m);
            }
        }
        Map<String, List<Integer>> ranksByTerm = new LinkedHashMap<>();
        double total = 0;
        double totalTop = 0;
        if (fromNeighbours) {
            for (int r = 0; r < neighbours.size(); r++) {
                Neighbours.Neighbour n = neighbours.get(r);
                total += n.weight();
                if (r < TOP) {
                    totalTop += n.weight();
                }
                for (String t : n.termIds()) {
                    ranksByTerm.computeIfAbsent(t, k -> new ArrayList<>()).add(r);
                }
            }
        }
        Map<String, NearestNames.Match> named = new LinkedHashMap<>();
        names.forEach(m -> named.putIfAbsent(m.termId(), m));
        Set<String> parents = new HashSet<>();
        Set<String> children = new HashSet<>();
        if (fromTree) {
            for (Map.Entry<String, List<Mention>> e : byTerm.entrySet()) {
                if (e.getValue().stream().anyMatch(m -> !m.negated())) {
                    parents.addAll(broader.apply(e.getKey()));
                    children.addAll(narrower.apply(e.getKey()));
                }
            }
        }
        Set<String> terms = new java.util.LinkedHashSet<>(byTerm.keySet());
        terms.addAll(ranksByTerm.keySet());
        terms.addAll(named.keySet());
        parents.stream().sorted().forEach(terms::add);
        children.stream().sorted().forEach(terms::add);
        always.stream().sorted().forEach(terms::add);
        List<Candidate> out = new ArrayList<>(terms.size());
        Map<String, double[]> byId = new HashMap<>();
        for (String term : terms) {
            double[] x = new double[SubjectModel.Feature.values().length];
            List<Mention> said = byTerm.getOrDefault(term, List.of());
            long affirmed = said.stream().filter(m -> !m.negated()).count();
            List<Integer> ranks = ranksByTerm.getOrDefault(term, List.of());
            double vote = 0;
            double voteTop = 0;
            for (int r : ranks) {
                vote += neighbours.get(r).weight();
                if (r < TOP) {
                    voteTop += neighbours.get(r).weight();
                }
            }
            x[NEIGHBOUR_VOTE.ordinal()] = total == 0 ? 0 : vote / total;
            x[NEIGHBOUR_VOTE_TOP5.ordinal()] = totalTop == 0 ? 0 : voteTop / totalTop;
            x[NEIGHBOUR_FIRST_RANK.ordinal()] = ranks.isEmpty() ? 0 : 1.0 / (1 + ranks.get(0));
            x[MENTIONED.ordinal()] = affirmed > 0 ? 1 : 0;
            x[MENTIONS_LOG.ordinal()] = Math.log1p(affirmed);
            x[IN_TITLE.ordinal()] = said.stream().anyMatch(m -> m.part() == TextPart.TITLE && !m.negated()) ? 1 : 0;
            x[SUBJECT_WHEN_MENTIONED.ordinal()] = affirmed > 0 ? stats.subjectWhenMentioned(term) : 0;
            x[NEGATED_ONLY.ordinal()] = !said.isEmpty() && affirmed == 0 ? 1 : 0;
            x[PRIOR_LOG.ordinal()] = Math.log(stats.prior(term));
            boolean checkTag = checkTags.contains(term);
            x[CHECK_TAG.ordinal()] = checkTag ? 1 : 0;
            x[CHECK_TAG_VOTE.ordinal()] = checkTag ? x[NEIGHBOUR_VOTE.ordinal()] : 0;
            NearestNames.Match name = named.get(term);
            x[NAME_SIMILARITY.ordinal()] = name == null ? 0 : name.similarity();
            x[NAME_RANK.ordinal()] = name == null ? 0 : 1.0 / (1 + name.rank());
            x[TREE_PARENT.ordinal()] = parents.contains(term) ? 1 : 0;
            x[TREE_CHILD.ordinal()] = children.contains(term) ? 1 : 0;
            List<Neighbours.Neighbour> lent = ranks.stream().map(neighbours::get).toList();
            out.add(new Candidate(term, x, said, lent, name, parents.contains(term) || children.contains(term)));
            byId.put(term, x);
        }
        for (Candidate c : out) {
            double[] x = c.features();
            Set<String> ancestors = ancestors(c.termId(), broader);
            x[BROADER_LOG.ordinal()] = Math.log1p(ancestors.size());
            double vote = x[NEIGHBOUR_VOTE.ordinal()];
            x[NEIGHBOUR_VOTE_LOG.ordinal()] = Math.log(0.01 + vote);
            x[MENTIONED_TIMES_VOTE.ordinal()] = x[MENTIONED.ordinal()] * vote;
            x[WHEN_MENTIONED_TIMES_VOTE.ordinal()] = x[SUBJECT_WHEN_MENTIONED.ordinal()] * vote;
            for (String ancestor : ancestors) {
                double[] a = byId.get(ancestor);
                if (a != null) {
                    a[NARROWER_MENTIONED.ordinal()] = Math.max(a[NARROWER_MENTIONED.ordinal()], x[MENTIONED.ordinal()]);
                    a[NARROWER_VOTE.ordinal()] = Math.max(a[NARROWER_VOTE.ordinal()], x[NEIGHBOUR_VOTE.ordinal()]);
                }
            }
        }
        return out;
    }

    /**
     * Fills in the {@link SubjectModel.Feature#AGES} features of the age groups among {@code candidates} ({@code groups}:
     * their ids and ages) from the ages the text states; the other candidates keep zeros.
     */
    static void describeAges(List<Candidate> candidates, StudiedAges ages, Map<String, StudiedAges.Interval> groups) {
        if (!ages.agesStated()) {
            return;
        }
        for (Candidate c : candidates) {
            StudiedAges.Interval group = groups.get(c.termId());
            if (group != null) {
                double[] x = c.features();
                x[AGES_STATED.ordinal()] = 1;
                x[AGE_OVERLAP.ordinal()] = ages.overlaps(group) ? 1 : 0;
                x[AGE_COVER.ordinal()] = ages.cover(group);
            }
        }
    }

    /** Every term broader than {@code term}, to the top of the hierarchy. */
    private static Set<String> ancestors(String term, Function<String, List<String>> broader) {
        Set<String> out = new HashSet<>();
        Deque<String> todo = new ArrayDeque<>(broader.apply(term));
        while (!todo.isEmpty()) {
            String t = todo.pop();
            if (out.add(t)) {
                todo.addAll(broader.apply(t));
            }
        }
        return out;
    }
}
