package org.fairrag.generate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class CitedStatementParserTest {

    private final List<SourceArticle> sources = List.of(
            new SourceArticle(1, "http://x/pid/a", "1", "A", "a", null, "public"),
            new SourceArticle(2, "http://x/pid/b", "2", "B", "b", null, "public"),
            new SourceArticle(3, "http://x/pid/c", "3", "C", "c", null, "public"));

    @Test
    void should_map_citation_numbers_to_the_pids_of_the_given_sources() {
        var parser = new CitedStatementParser(sources);

        List<Statement> s = parser.parse("Radiotherapy improved survival [1][3]. Surgery was first line [2, 3].");

        assertThat(s).extracting(Statement::text)
                .containsExactly("Radiotherapy improved survival.", "Surgery was first line.");
        assertThat(s.get(0).cites()).containsExactly("http://x/pid/a", "http://x/pid/c");
        assertThat(s.get(1).cites()).containsExactly("http://x/pid/b", "http://x/pid/c");
        assertThat(parser.repairs()).isEmpty();
    }

    @Test
    void should_attach_citations_written_after_the_full_stop_to_their_sentence() {
        List<Statement> s = new CitedStatementParser(sources).parse("Cisplatin was studied. [2] Outcomes varied. [1-2]");

        assertThat(s).hasSize(2);
        assertThat(s.get(0).cites()).containsExactly("http://x/pid/b");
        assertThat(s.get(1).cites()).containsExactly("http://x/pid/a", "http://x/pid/b");
    }

    @Test
    void should_remove_a_citation_of_a_number_that_was_not_given_and_say_so() {
        var parser = new CitedStatementParser(sources);

        List<Statement> s = parser.parse("Tumours shrank [2][7].");

        assertThat(s).singleElement().satisfies(st -> {
            assertThat(st.text()).isEqualTo("Tumours shrank.").doesNotContain("7");
            assertThat(st.cites()).containsExactly("http://x/pid/b");
        });
        assertThat(parser.repairs()).singleElement().asString().contains("[7]");
    }

    @Test
    void should_drop_a_statement_left_without_a_valid_citation() {
        var parser = new CitedStatementParser(sources);

        List<Statement> s = parser.parse("- An invented claim [9]. A claim without citations. A real one [1].");

        assertThat(s).extracting(Statement::text).containsExactly("A real one.");
        assertThat(parser.repairs()).hasSize(3);
    }
}
