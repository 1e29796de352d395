package org.fairrag.relate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The checks every model answer passes before anything is stored. */
class RelationTyperTest {

    @Test
    void should_read_an_answer_that_follows_the_schema() {
        RelationTyper.Typing t = RelationTyper.parse("{\"relation\": \"treats\", \"subject\": \"B\", \"evidence\": [2, 1, 2]}", 3);

        assertThat(t.relation()).isEqualTo(RelationType.TREATS);
        assertThat(t.subjectIsA()).isFalse();
        assertThat(t.evidence()).containsExactly(2, 1);
    }

    @Test
    void should_reject_answers_that_do_not() {
        assertThatThrownBy(() -> RelationTyper.parse("Albuterol treats asthma.", 3)).hasMessageContaining("not JSON");
        assertThatThrownBy(() -> RelationTyper.parse("[1]", 3)).hasMessageContaining("not a JSON object");
        assertThatThrownBy(() -> RelationTyper.parse("{\"relation\": \"cures\", \"subject\": \"A\", \"evidence\": [1]}", 3))
                .hasMessageContaining("not one of");
        assertThatThrownBy(() -> RelationTyper.parse("{\"relation\": \"causes\", \"subject\": \"C\", \"evidence\": [1]}", 3))
                .hasMessageContaining("subject");
        assertThatThrownBy(() -> RelationTyper.parse("{\"relation\": \"causes\", \"subject\": \"A\", \"evidence\": []}", 3))
                .hasMessageContaining("no evidence");
        assertThatThrownBy(() -> RelationTyper.parse("{\"relation\": \"causes\", \"subject\": \"A\", \"evidence\": [4]}", 3))
                .hasMessageContaining("not one of the sentences 1-3");
        assertThatThrownBy(() -> RelationTyper.parse(
                "{\"relation\": \"causes\", \"subject\": \"A\", \"evidence\": [1], \"confidence\": 0.9}", 3))
                .hasMessageContaining("unexpected field confidence");
    }
}
