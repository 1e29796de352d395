package org.fairrag.bench;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * Whether an answer holds the gold answer of an evaluation question, both being SPARQL 1.1 JSON results.
 * The gold answer is the set of values of the gold query's answer variable (a count is a set of one number),
 * or its boolean. An answer holds it when it is the same boolean, or when one of its columns has exactly
 * that set of values: the columns of an answer are aligned row by row (an article's PMID, title and PID),
 * so whichever of them the question asked for is compared. Values compare by kind (an IRI only with an
 * IRI, a literal only with a literal) and then by IRI or lexical form, numbers by value ("2019"^^xsd:gYear
 * and 2019 are the same year); language tags and string datatypes are ignored. Unbound cells are skipped.
 */
public final class AnswerMatch {

    private AnswerMatch() {}

    /** @param answerVar the gold query's answer variable, or {@code boolean} for an ASK */
    public static boolean holds(JsonObject gold, String answerVar, JsonObject answer) {
        if (answer == null) {
            return false;
        }
        if (gold.containsKey("boolean")) {
            return answer.containsKey("boolean") && answer.getBoolean("boolean").equals(gold.getBoolean("boolean"));
        }
        if (answer.containsKey("boolean")) {
            return false;
        }
        Set<String> expected = values(gold, answerVar);
        Map<String, Set<String>> columns = new LinkedHashMap<>();
        for (Object v : answer.getJsonObject("head").getJsonArray("vars")) {
            columns.put((String) v, values(answer, (String) v));
        }
        return columns.values().stream().anyMatch(expected::equals);
    }

    /** The values of a variable, each as its kind and its comparable form ({@code uri:...}, {@code lit:...}). */
    public static Set<String> values(JsonObject result, String var) {
        Set<String> out = new LinkedHashSet<>();
        JsonArray rows = result.getJsonObject("results").getJsonArray("bindings");
        for (Object b : rows) {
            JsonObject cell = ((JsonObject) b).getJsonObject(var);
            if (cell != null) {
                out.add(comparable(cell));
            }
        }
        return out;
    }

    private static String comparable(JsonObject cell) {
        String value = cell.getString("value");
        if ("uri".equals(cell.getString("type"))) {
            return "uri:" + value;
        }
        if ("bnode".equals(cell.getString("type"))) {
            return "bnode:" + value;
        }
        String trimmed = value.strip();
        if (trimmed.matches("[+-]?\\d+(\\.\\d+)?([eE][+-]?\\d+)?")) {
            return "num:" + new BigDecimal(trimmed).stripTrailingZeros().toPlainString();
        }
        return "lit:" + value;
    }
}
