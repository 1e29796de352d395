package org.fairrag.ingest.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PythonLiteralsTest {

    @Test
    void should_read_single_and_double_quoted_strings() {
        assertThat(PythonLiterals.stringList("['Altitude', \"Alzheimer's Disease\", 'Infant, Newborn']"))
                .containsExactly("Altitude", "Alzheimer's Disease", "Infant, Newborn");
    }

    @Test
    void should_unescape_backslash_escapes() {
        assertThat(PythonLiterals.stringList("['Women\\'s Rights', \"say \\\"x\\\"\", 'a\\\\b', 'caf\\xe9']"))
                .containsExactly("Women's Rights", "say \"x\"", "a\\b", "café");
    }

    @Test
    void should_keep_brackets_and_commas_inside_names() {
        assertThat(PythonLiterals.stringList("['Guanosine 5\\'-O-(3-Thiotriphosphate)', 'a [b], c']"))
                .containsExactly("Guanosine 5'-O-(3-Thiotriphosphate)", "a [b], c");
    }

    @Test
    void should_read_nested_lists_including_empty_ones() {
        assertThat(PythonLiterals.nestedStringList("[['G16.500.275.058', 'N06.230.058'], [], ['C08.618.020'],]"))
                .containsExactly(List.of("G16.500.275.058", "N06.230.058"), List.of(), List.of("C08.618.020"));
    }

    @Test
    void should_read_a_blank_cell_as_an_empty_list() {
        assertThat(PythonLiterals.stringList("  ")).isEmpty();
        assertThat(PythonLiterals.nestedStringList("")).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"['unterminated", "['a' 'b']", "[a]", "['a'] trailing", "Humans", "['a\\x4']"})
    void should_refuse_text_that_is_not_a_string_list(String text) {
        assertThatThrownBy(() -> PythonLiterals.stringList(text)).isInstanceOf(IllegalArgumentException.class);
    }
}
