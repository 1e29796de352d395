package org.fairrag.sparql;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.fairrag.failure.ApiException;
import org.junit.jupiter.api.Test;

class QueryComplexityTest {

    @Test
    void should_not_count_brackets_and_operators_inside_strings_iris_and_comments() {
        String deepLooking = "{".repeat(200) + "!".repeat(2_000);
        String query = "SELECT * WHERE { ?s ?p \"" + deepLooking + "\" . ?s ?q '''" + deepLooking + "\n''' . ?s ?r 'a\\'"
                + deepLooking + "' . ?s <http://example.org/" + "a/".repeat(2_000) + "> ?o } # " + deepLooking + "\n";

        assertThatCode(() -> QueryComplexity.check(query)).doesNotThrowAnyException();
    }

    @Test
    void should_tell_a_comparison_from_an_iri() {
        String comparisons = "SELECT * WHERE { ?s ?p ?o FILTER(" + "?o < 3 && ?o > 1 || ".repeat(200) + "true) }";
        String tooMany = "SELECT * WHERE { ?s ?p ?o FILTER(" + "?o < 3 && ".repeat(600) + "true) }";

        assertThatCode(() -> QueryComplexity.check(comparisons)).doesNotThrowAnyException();
        assertThatThrownBy(() -> QueryComplexity.check(tooMany)).isInstanceOf(ApiException.class);
    }

    @Test
    void should_not_count_names_that_contain_operator_characters() {
        String query = "PREFIX ex: <http://example.org/> SELECT * WHERE { " + "ex:a-b ex:c-d \"x\"@en-GB . ".repeat(2_000)
                + "?s ?p 1e-5 ; ?q \"1\"^^<http://www.w3.org/2001/XMLSchema#int> }";

        assertThatCode(() -> QueryComplexity.check(query)).doesNotThrowAnyException();
    }

    @Test
    void should_refuse_deep_nesting_and_long_chains_with_query_too_complex() {
        for (String query : new String[] {
                "SELECT * WHERE " + "{ ".repeat(QueryComplexity.MAX_NESTING + 1) + "}".repeat(QueryComplexity.MAX_NESTING + 1),
                "SELECT * WHERE { ?s " + "<urn:p>/".repeat(QueryComplexity.MAX_LEVEL_TOKENS) + "<urn:p> ?o }",
                "SELECT * WHERE { ?s ?p ?o " + "MINUS { ?s ?p ?o } ".repeat(QueryComplexity.MAX_LEVEL_TOKENS / 2 + 1) + "}"}) {
            assertThatThrownBy(() -> QueryComplexity.check(query)).isInstanceOfSatisfying(ApiException.class, e -> {
                org.assertj.core.api.Assertions.assertThat(e.status()).isEqualTo(400);
                org.assertj.core.api.Assertions.assertThat(e.code()).isEqualTo("query_too_complex");
            });
        }
    }
}
