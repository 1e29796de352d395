package org.fairrag.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which structured abstracts give a summary task, and what the summarizer and the scorer get from one. */
class StructuredConclusionsTest {

    private static final String CONTEXT = "BACKGROUND: Falls are common in older adults living at home. "
            + "Exercise programmes may reduce how often they happen. METHODS: We randomised four hundred adults "
            + "to balance training or usual care. Falls were counted over twelve months by diary. "
            + "RESULTS: Balance training reduced the rate of falls by a third. ";

    @Test
    void should_take_the_closing_conclusion_section_as_the_reference_and_the_rest_unlabelled_as_the_context() {
        Optional<SummarizeBench.QaRecord> task = StructuredConclusions.task("1", "Balance training and falls",
                CONTEXT + "CONCLUSIONS: Balance training prevents falls in older adults. It should be offered widely.");

        assertThat(task).isPresent();
        assertThat(task.get().question()).isEqualTo("Balance training and falls");
        assertThat(task.get().conclusion()).isEqualTo("Balance training prevents falls in older adults. It should be offered widely.");
        assertThat(task.get().context()).startsWith("Falls are common").endsWith("by a third.")
                .doesNotContain("BACKGROUND", "METHODS", "RESULTS", "CONCLUSIONS", "prevents");
    }

    @Test
    void should_give_no_task_without_a_closing_conclusion_a_structure_or_enough_context() {
        assertThat(StructuredConclusions.task("2", "t", CONTEXT)).isEmpty();
        assertThat(StructuredConclusions.task("3", "t", "CONCLUSIONS: Balance training prevents falls in older adults. "
                + CONTEXT)).isEmpty();
        assertThat(StructuredConclusions.task("4", "t", CONTEXT.replaceAll("[A-Z]{4,}: ", "")
                + "Balance training prevents falls in older adults, we conclude.")).isEmpty();
        assertThat(StructuredConclusions.task("5", "t", "BACKGROUND: Falls are common in older adults living at home. "
                + "RESULTS: Balance training reduced the rate of falls by a third. "
                + "CONCLUSIONS: Balance training prevents falls in older adults.")).isEmpty();
    }
}
