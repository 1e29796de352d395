package org.fairrag.annotate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fairrag.annotate.SubjectModel.Feature;
import org.junit.jupiter.api.Test;

/**
 * Word classifiers are fitted once per distinct set of examples when a comparison asks for it: the digest that says
 * two sets are the same must change with anything the classifiers read, and only with that.
 */
class SubjectEvaluationClassifierKeyTest {

    private static final String NASOPHARYNGEAL = "D009303";

    @Test
    void should_change_with_what_the_classifiers_read_and_not_with_the_other_sources_features() {
        String same = key(features(0.5, 0, 0), Set.of("nasopharyngeal", "carcinoma"));

        assertThat(key(features(0.5, 0, 0), Set.of("carcinoma", "nasopharyngeal"))).isEqualTo(same);
        assertThat(key(features(0.5, 0.8, 1), Set.of("nasopharyngeal", "carcinoma")))
                .as("the nearest names and the tree are not read").isEqualTo(same);
        assertThat(key(features(0.25, 0, 0), Set.of("nasopharyngeal", "carcinoma"))).as("another vote").isNotEqualTo(same);
        assertThat(key(features(0.5, 0, 0), Set.of("nasopharyngeal"))).as("other words").isNotEqualTo(same);
        assertThat(key(Map.of(), Set.of("nasopharyngeal", "carcinoma")))
                .isEqualTo(key(Map.of(NASOPHARYNGEAL, new double[Feature.values().length]), Set.of("nasopharyngeal", "carcinoma")))
                .as("a term without features reads as one with zeros");
    }

    private static Map<String, double[]> features(double vote, double nameSimilarity, double treeChild) {
        double[] x = new double[Feature.values().length];
        x[Feature.NEIGHBOUR_VOTE.ordinal()] = vote;
        x[Feature.NAME_SIMILARITY.ordinal()] = nameSimilarity;
        x[Feature.TREE_CHILD.ordinal()] = treeChild;
        return Map.of(NASOPHARYNGEAL, x);
    }

    private static String key(Map<String, double[]> features, Set<String> words) {
        return SubjectEvaluation.classifierKey(List.of(new WordClassifiers.Example(words, features, Set.of(NASOPHARYNGEAL))),
                Set.of(NASOPHARYNGEAL), 0.25, 20);
    }
}
