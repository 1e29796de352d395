package org.fairrag.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fairrag.bench.RetrievalQualityBench.Linking;
import org.fairrag.bench.RetrievalQualityBench.Linking.Group;
import org.fairrag.search.SearchedConcept;
import org.junit.jupiter.api.Test;

class RetrievalQualityLinkingTest {

    private static final Set<String> DIABETES_BRANCH = Set.of("D003920", "D003924");

    private static SearchedConcept concept(String id, double weight) {
        return new SearchedConcept(id, id, id, null, false, true, weight, Map.of("indexed", weight));
    }

    @Test
    void should_count_a_narrower_concept_searched_first_as_the_descriptor_first() {
        assertThat(Linking.group(List.of(concept("D003924", 5), concept("D001786", 4)), DIABETES_BRANCH))
                .isEqualTo(Group.FIRST);
    }

    @Test
    void should_tell_a_descriptor_outweighed_by_another_concept_from_one_never_searched() {
        assertThat(Linking.group(List.of(concept("D001786", 5), concept("D003920", 4)), DIABETES_BRANCH))
                .isEqualTo(Group.LATER);
        assertThat(Linking.group(List.of(concept("D001786", 5), concept("D006943", 4)), DIABETES_BRANCH))
                .isEqualTo(Group.NOT_SEARCHED);
        assertThat(Linking.group(List.of(), DIABETES_BRANCH)).isEqualTo(Group.NOT_SEARCHED);
    }
}
