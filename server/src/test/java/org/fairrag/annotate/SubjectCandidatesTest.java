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
}
