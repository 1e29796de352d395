package org.fairrag.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.fairrag.annotate.Neighbours;
import org.junit.jupiter.api.Test;

/** The candidate sources {@code fairrag-bench annotate --compare-sources} compares, as {@code --sources} names them. */
class AnnotateBenchSourcesTest {

    @Test
    void should_read_the_nearest_names_and_the_tree_joined_by_a_plus() {
        AnnotateBench.Sources both = AnnotateBench.Sources.parse("names:title:40+tree");

        assertThat(both).isEqualTo(new AnnotateBench.Sources(Neighbours.Embedded.TITLE, 40, true));
        assertThat(both.fitting().names()).isTrue();
        assertThat(both.fitting().tree()).isTrue();
        assertThat(both.label()).contains("title").contains("k 40").contains("broader and narrower");
    }

    @Test
    void should_read_none_as_the_model_as_shipped() {
        AnnotateBench.Sources none = AnnotateBench.Sources.parse("none");

        assertThat(none.fitting().names()).isFalse();
        assertThat(none.fitting().tree()).isFalse();
        assertThat(none.fitting().wordsMinPositives()).as("as shipped").isEqualTo(20);
        assertThat(AnnotateBench.Sources.parse("names:chunk:20").part()).isEqualTo(Neighbours.Embedded.FIRST_CHUNK);
    }

    @Test
    void should_refuse_a_source_it_does_not_know() {
        assertThatThrownBy(() -> AnnotateBench.Sources.parse("names:abstract:20")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> AnnotateBench.Sources.parse("siblings")).isInstanceOf(IllegalArgumentException.class);
    }
}
