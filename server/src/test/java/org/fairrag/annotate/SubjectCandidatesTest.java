package org.fairrag.annotate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.fairrag.annotate.SubjectModel.Feature;
import org.junit.jupiter.api.Test;

/**
 * The features of candidate terms, from a text's mentions and its neighbours: real MeSH descriptors on a
 * shortened branch of their tree (Neoplasms > Head and Neck Neoplasms > Nasopharyngeal Neoplasms, the levels
 * between left out), and statistics as counted over ten articles.
 */
class SubjectCandidatesTest {

    private static final String NEOPLASMS = "D009369";
    private static final String HEAD_AND_NECK = "D006258";
    private static final String NASOPHARYNGEAL = "D009303";
    private static final String HUMANS = "D006801";
    private static final Map<String, List<String>> BROADER = Map.of(NASOPHARYNGEAL, List.of(HEAD_AND_NECK),
            HEAD_AND_NECK, List.of(NEOPLASMS));
    private static final Function<String, List<String>> broader = id -> BROADER.getOrDefault(id, List.of());

    private final SubjectStatistics statistics = new SubjectStatistics(10, Map.of(NASOPHARYNGEAL, 4, HUMANS, 9),
            Map.of(NASOPHARYNGEAL, 5), Map.of(NASOPHARYNGEAL, 4), 0.3);

    @Test
    void should_combine_the_vote_with_the_mention_and_say_how_specific_a_term_is() {
        Mention said = new Mention(NASOPHARYNGEAL, "pid:" + NASOPHARYNGEAL, "Nasopharyngeal Neoplasms", TextPart.ABSTRACT, 10, 35,
                "nasopharyngeal carcinoma", 0, false, null);
        List<Neighbours.Neighbour> near = List.of(
                new Neighbours.Neighbour("a", "A", 0, 1.0, List.of(NASOPHARYNGEAL, HUMANS)),
                new Neighbours.Neighbour("b", "B", 0, 0.5, List.of(HUMANS, HEAD_AND_NECK)),
                new Neighbours.Neighbour("c", "C", 0, 0.5, List.of(HUMANS)));

        Map<String, double[]> x = SubjectCandidates.of(List.of(said), near, statistics, Set.of(HUMANS), broader, true, true, Set.of())
                .stream().collect(Collectors.toMap(SubjectCandidates.Candidate::termId, SubjectCandidates.Candidate::features));

        double[] nasopharyngeal = x.get(NASOPHARYNGEAL);
        assertThat(nasopharyngeal[Feature.NEIGHBOUR_VOTE.ordinal()]).isCloseTo(0.5, within(1e-9));
        assertThat(nasopharyngeal[Feature.NEIGHBOUR_VOTE_LOG.ordinal()]).isCloseTo(Math.log(0.51), within(1e-9));
        assertThat(nasopharyngeal[Feature.MENTIONED_TIMES_VOTE.ordinal()]).isCloseTo(0.5, within(1e-9));
        double whenMentioned = statistics.subjectWhenMentioned(NASOPHARYNGEAL);
        assertThat(nasopharyngeal[Feature.WHEN_MENTIONED_TIMES_VOTE.ordinal()]).isCloseTo(whenMentioned * 0.5, within(1e-9));
        assertThat(nasopharyngeal[Feature.BROADER_LOG.ordinal()]).as("two terms above it").isCloseTo(Math.log(3), within(1e-9));
        double[] headAndNeck = x.get(HEAD_AND_NECK);
        assertThat(headAndNeck[Feature.MENTIONED_TIMES_VOTE.ordinal()]).as("voted for, not mentioned").isZero();
        assertThat(headAndNeck[Feature.NEIGHBOUR_VOTE_LOG.ordinal()]).isCloseTo(Math.log(0.26), within(1e-9));
        assertThat(headAndNeck[Feature.BROADER_LOG.ordinal()]).isCloseTo(Math.log(2), within(1e-9));
        assertThat(headAndNeck[Feature.NARROWER_MENTIONED.ordinal()]).isEqualTo(1);
        assertThat(x.get(HUMANS)[Feature.NEIGHBOUR_VOTE.ordinal()]).isCloseTo(1.0, within(1e-9));
        assertThat(x.get(HUMANS)[Feature.BROADER_LOG.ordinal()]).as("at the top").isZero();
    }

    private static final String LUNG = "D008175";
    private static final String RESPIRATORY_TRACT = "D012142";
    private static final Map<String, List<String>> NARROWER = Map.of(HEAD_AND_NECK, List.of(NASOPHARYNGEAL),
            NEOPLASMS, List.of(HEAD_AND_NECK), RESPIRATORY_TRACT, List.of(LUNG));
    private static final Function<String, List<String>> narrower = id -> NARROWER.getOrDefault(id, List.of());
    private static final Function<String, List<String>> broaderWithLungs = id -> id.equals(LUNG)
            ? List.of(RESPIRATORY_TRACT) : broader.apply(id);

    @Test
    void should_add_the_terms_next_to_a_mentioned_one_in_the_tree_only_when_asked_and_never_for_a_negated_mention() {
        List<Mention> mentions = List.of(mention(HEAD_AND_NECK, false), mention(LUNG, true));

        Map<String, SubjectCandidates.Candidate> with = byId(SubjectCandidates.of(mentions, List.of(), List.of(), statistics,
                Set.of(), broaderWithLungs, narrower, true, true, true, Set.of()));
        Map<String, SubjectCandidates.Candidate> without = byId(SubjectCandidates.of(mentions, List.of(), List.of(), statistics,
                Set.of(), broaderWithLungs, narrower, true, true, false, Set.of()));

        assertThat(with).containsOnlyKeys(HEAD_AND_NECK, LUNG, NEOPLASMS, NASOPHARYNGEAL);
        assertThat(without).containsOnlyKeys(HEAD_AND_NECK, LUNG);
        assertThat(with.get(NEOPLASMS).features()[Feature.TREE_PARENT.ordinal()]).isEqualTo(1);
        assertThat(with.get(NEOPLASMS).features()[Feature.TREE_CHILD.ordinal()]).isZero();
        assertThat(with.get(NASOPHARYNGEAL).features()[Feature.TREE_CHILD.ordinal()]).isEqualTo(1);
        assertThat(with.get(NASOPHARYNGEAL).also()).containsExactly(SubjectCandidates.Source.TREE);
        assertThat(with.get(NASOPHARYNGEAL).found()).as("neither mentioned nor lent by a neighbour").isFalse();
        assertThat(with.get(NASOPHARYNGEAL).found(Set.of(Feature.MENTIONED, Feature.TREE_CHILD))).isTrue();
        assertThat(with.get(NASOPHARYNGEAL).found(Set.of(Feature.MENTIONED, Feature.NAME_RANK))).isFalse();
        assertThat(with.get(HEAD_AND_NECK).features()[Feature.TREE_PARENT.ordinal()]).isZero();
    }

    @Test
    void should_add_the_terms_with_the_nearest_names_and_leave_the_other_candidates_features_as_they_were() {
        List<Mention> mentions = List.of(mention(NASOPHARYNGEAL, false));
        List<Neighbours.Neighbour> near = List.of(new Neighbours.Neighbour("a", "A", 0, 1.0, List.of(HUMANS, HEAD_AND_NECK)));
        List<NearestNames.Match> names = List.of(new NearestNames.Match(NEOPLASMS, 0.61f, 0),
                new NearestNames.Match(HUMANS, 0.42f, 1));

        Map<String, SubjectCandidates.Candidate> with = byId(SubjectCandidates.of(mentions, near, names, statistics,
                Set.of(HUMANS), broader, narrower, true, true, true, Set.of(HUMANS)));
        Map<String, SubjectCandidates.Candidate> before = byId(SubjectCandidates.of(mentions, near, statistics, Set.of(HUMANS),
                broader, true, true, Set.of(HUMANS)));

        assertThat(with.get(NEOPLASMS).features()[Feature.NAME_SIMILARITY.ordinal()]).isCloseTo(0.61, within(1e-6));
        assertThat(with.get(NEOPLASMS).features()[Feature.NAME_RANK.ordinal()]).isEqualTo(1);
        assertThat(with.get(NEOPLASMS).also()).contains(SubjectCandidates.Source.NAMES);
        assertThat(with.get(HUMANS).features()[Feature.NAME_RANK.ordinal()]).isCloseTo(0.5, within(1e-9));
        assertThat(with.get(NASOPHARYNGEAL).features()[Feature.NAME_SIMILARITY.ordinal()]).isZero();
        assertThat(before).doesNotContainKey(NEOPLASMS);
        for (SubjectCandidates.Candidate c : before.values()) {
            double[] x = with.get(c.termId()).features();
            for (Feature f : Feature.values()) {
                if (!Feature.NAMES.contains(f) && !Feature.TREE.contains(f)) {
                    assertThat(x[f.ordinal()]).as(c.termId() + " " + f).isEqualTo(c.features()[f.ordinal()]);
                }
            }
        }
    }

    private static Mention mention(String termId, boolean negated) {
        return new Mention(termId, "pid:" + termId, termId, TextPart.ABSTRACT, 10, 20, "some words", 0, negated, null);
    }

    private static Map<String, SubjectCandidates.Candidate> byId(List<SubjectCandidates.Candidate> candidates) {
        return candidates.stream().collect(Collectors.toMap(SubjectCandidates.Candidate::termId, c -> c));
    }
}
