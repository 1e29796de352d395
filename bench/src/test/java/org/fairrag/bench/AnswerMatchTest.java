package org.fairrag.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

/** The rule by which the ask bench decides that an answer holds the gold answer. */
class AnswerMatchTest {

    private static JsonObject cell(String type, String value, String datatype) {
        JsonObject c = new JsonObject().put("type", type).put("value", value);
        return datatype == null ? c : c.put("datatype", datatype);
    }

    private static JsonObject results(String[] vars, JsonObject[]... rows) {
        JsonArray bindings = new JsonArray();
        for (JsonObject[] row : rows) {
            JsonObject b = new JsonObject();
            for (int i = 0; i < vars.length; i++) {
                if (row[i] != null) {
                    b.put(vars[i], row[i]);
                }
            }
            bindings.add(b);
        }
        return new JsonObject().put("head", new JsonObject().put("vars", new JsonArray(java.util.List.of(vars))))
                .put("results", new JsonObject().put("bindings", bindings));
    }

    private static JsonObject lit(String v) {
        return cell("literal", v, null);
    }

    private static JsonObject uri(String v) {
        return cell("uri", v, null);
    }

    @Test
    void should_hold_a_count_whatever_its_variable_and_numeric_type() {
        JsonObject gold = results(new String[] {"n"}, new JsonObject[] {cell("literal", "42", "http://www.w3.org/2001/XMLSchema#integer")});
        JsonObject answer = results(new String[] {"count"}, new JsonObject[] {cell("literal", "42", "http://www.w3.org/2001/XMLSchema#long")});
        JsonObject wrong = results(new String[] {"count"}, new JsonObject[] {cell("literal", "41", "http://www.w3.org/2001/XMLSchema#integer")});

        assertThat(AnswerMatch.holds(gold, "n", answer)).isTrue();
        assertThat(AnswerMatch.holds(gold, "n", wrong)).isFalse();
    }

    @Test
    void should_compare_lists_as_sets_of_the_column_of_the_same_kind() {
        JsonObject gold = results(new String[] {"pmid"}, new JsonObject[] {lit("2")}, new JsonObject[] {lit("1")});
        JsonObject answer = results(new String[] {"article", "pmid", "title"},
                new JsonObject[] {uri("http://x/pid/a"), lit("1"), lit("One")},
                new JsonObject[] {uri("http://x/pid/b"), lit("2"), null});
        JsonObject oneMore = results(new String[] {"pmid"}, new JsonObject[] {lit("1")}, new JsonObject[] {lit("2")},
                new JsonObject[] {lit("3")});

        assertThat(AnswerMatch.holds(gold, "pmid", answer)).isTrue();
        assertThat(AnswerMatch.holds(gold, "pmid", oneMore)).isFalse();
    }

    @Test
    void should_not_take_an_iri_for_a_literal_with_the_same_text() {
        JsonObject gold = results(new String[] {"x"}, new JsonObject[] {lit("http://x/pid/a")});
        JsonObject answer = results(new String[] {"article"}, new JsonObject[] {uri("http://x/pid/a")});

        assertThat(AnswerMatch.holds(gold, "x", answer)).isFalse();
    }

    @Test
    void should_take_a_year_as_the_same_year_whatever_its_datatype_and_ignore_language_tags() {
        JsonObject gold = results(new String[] {"y", "label"},
                new JsonObject[] {cell("literal", "2019", "http://www.w3.org/2001/XMLSchema#gYear"), cell("literal", "Asthma", null).put("xml:lang", "en")});
        JsonObject answer = results(new String[] {"year", "name"},
                new JsonObject[] {cell("literal", "2019", "http://www.w3.org/2001/XMLSchema#integer"), lit("Asthma")});

        assertThat(AnswerMatch.holds(gold, "y", answer)).isTrue();
        assertThat(AnswerMatch.holds(gold, "label", answer)).isTrue();
    }

    @Test
    void should_compare_booleans_only_with_booleans() {
        JsonObject yes = new JsonObject().put("head", new JsonObject()).put("boolean", true);
        JsonObject no = new JsonObject().put("head", new JsonObject()).put("boolean", false);
        JsonObject rows = results(new String[] {"x"}, new JsonObject[] {lit("true")});

        assertThat(AnswerMatch.holds(yes, "boolean", yes)).isTrue();
        assertThat(AnswerMatch.holds(yes, "boolean", no)).isFalse();
        assertThat(AnswerMatch.holds(yes, "boolean", rows)).isFalse();
        assertThat(AnswerMatch.holds(results(new String[] {"x"}, new JsonObject[] {lit("true")}), "x", yes)).isFalse();
    }

    @Test
    void should_hold_an_empty_answer_only_when_the_gold_is_empty() {
        JsonObject empty = results(new String[] {"x"});
        JsonObject one = results(new String[] {"x"}, new JsonObject[] {lit("a")});

        assertThat(AnswerMatch.holds(empty, "x", results(new String[] {"label"}))).isTrue();
        assertThat(AnswerMatch.holds(empty, "x", one)).isFalse();
        assertThat(AnswerMatch.holds(one, "x", null)).isFalse();
    }
}
