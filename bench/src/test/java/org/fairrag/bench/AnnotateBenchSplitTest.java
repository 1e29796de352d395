package org.fairrag.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** The test part of {@code fairrag-bench annotate}: a fixed fifth of the demo articles, and nothing else. */
class AnnotateBenchSplitTest {

    @Test
    void should_put_about_a_fifth_of_the_demo_articles_in_the_test_part() throws Exception {
        Set<String> demo = AnnotateBench.demoPmids();

        long test = demo.stream().filter(pmid -> AnnotateBench.inTest(pmid, demo)).count();

        assertThat(demo).hasSize(2500);
        assertThat(test).isBetween(450L, 550L);
    }

    @Test
    void should_never_put_an_article_outside_the_demo_in_the_test_part() throws Exception {
        Set<String> demo = AnnotateBench.demoPmids();
        String inDemoAndTest = demo.stream().filter(pmid -> AnnotateBench.inTest(pmid, demo)).findFirst().orElseThrow();

        assertThat(AnnotateBench.inTest(inDemoAndTest, Set.of())).isFalse();
        assertThat(AnnotateBench.inTest(inDemoAndTest, demo)).as("the same PMID each time").isTrue();
    }
}
