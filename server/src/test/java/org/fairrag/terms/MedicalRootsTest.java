package org.fairrag.terms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class MedicalRootsTest {

    private final MedicalRoots roots = MedicalRoots.bundled();

    @Test
    void should_find_a_root_and_a_suffix_in_one_word() {
        assertThat(roots.parts("hepatitis")).hasSize(2)
                .anySatisfy(p -> {
                    assertThat(p.meanings()).contains("liver");
                    assertThat(p.start()).isZero();
                })
                .anySatisfy(p -> {
                    assertThat(p.meanings()).contains("inflammation");
                    assertThat(p.end()).isEqualTo("hepatitis".length());
                });
    }

    @Test
    void should_find_a_short_root_only_where_a_word_or_another_part_starts() {
        assertThat(flat(roots.parts("hypoglycemia"))).contains("low", "sugar", "blood");
        assertThat(flat(roots.parts("uterine"))).contains("womb");
        assertThat(flat(roots.parts("deuterium"))).doesNotContain("womb");
    }

    @Test
    void should_count_a_one_or_two_letter_prefix_only_before_another_part() {
        assertThat(flat(roots.parts("anemia"))).contains("without", "blood");
        assertThat(flat(roots.parts("animal"))).doesNotContain("without");
    }

    @Test
    void should_refuse_a_short_root_that_would_match_anywhere() {
        byte[] table = "part\teveryday words\nren\tkidney\n".getBytes(StandardCharsets.UTF_8);

        assertThatThrownBy(() -> MedicalRoots.read(new ByteArrayInputStream(table))).hasMessageContaining("ren");
    }

    private static List<String> flat(List<MedicalRoots.Found> parts) {
        return parts.stream().flatMap(p -> p.meanings().stream()).toList();
    }
}
