package org.fairrag.http;

import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.fairrag.vocab.VocabularyIndex;
import org.fairrag.failure.ApiException;

/** Reads and validates query-string parameters; every problem becomes a 400 {@link ApiException} that names it. */
final class QueryParams {

    /** A MeSH descriptor UI ({@code D009062}) or a term id of another vocabulary ({@code hp:0001250}). */
    static final Pattern TERM_ID = Pattern.compile("D\\d{6,9}|[a-z][a-z0-9_-]{0,31}:[A-Za-z0-9_.-]{1,128}");
    static final int MAX_TEXT = 1000;

    private final RoutingContext ctx;

    QueryParams(RoutingContext ctx) {
        this.ctx = ctx;
    }

    /**
     * The value of a text parameter that must be present and say something: cleaned by {@link TextInput#query};
     * absent, or nothing visible left, is a 400.
     */
    String requiredText(String name) {
        String v = ctx.queryParams().get(name);
        if (v != null && v.length() > MAX_TEXT) {
            throw ApiException.badRequest("invalid_parameter", "Parameter " + name + " is longer than " + MAX_TEXT + " characters.");
        }
        String text = TextInput.query(v);
        if (text.isEmpty()) {
            throw ApiException.badRequest("missing_parameter", "Parameter " + name
                    + " is required and must contain visible characters (spaces, control and invisible characters do not count).");
        }
        return text;
    }

    int integer(String name, int defaultValue, int min, int max) {
        Integer v = optionalInteger(name, min, max);
        return v == null ? defaultValue : v;
    }

    Integer optionalInteger(String name, int min, int max) {
        String v = ctx.queryParams().get(name);
        if (v == null || v.isBlank()) {
            return null;
        }
        try {
            int n = Integer.parseInt(v.strip());
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw ApiException.badRequest("invalid_parameter",
                "Parameter " + name + " must be an integer from " + min + " to " + max + ", got: " + v);
    }

    boolean bool(String name, boolean defaultValue) {
        String v = ctx.queryParams().get(name);
        if (v == null || v.isBlank()) {
            return defaultValue;
        }
        return switch (v.strip().toLowerCase()) {
            case "true" -> true;
            case "false" -> false;
            default -> throw ApiException.badRequest("invalid_parameter", "Parameter " + name + " must be true or false, got: " + v);
        };
    }

    String choice(String name, String defaultValue, Set<String> allowed) {
        String v = ctx.queryParams().get(name);
        if (v == null || v.isBlank()) {
            return defaultValue;
        }
        String s = v.strip().toLowerCase();
        if (!allowed.contains(s)) {
            throw ApiException.badRequest("invalid_parameter",
                    "Parameter " + name + " must be one of " + String.join(", ", allowed) + ", got: " + v);
        }
        return s;
    }

    /**
     * Term ids given comma-separated and/or as repeated parameters; each must be well-formed (else
     * {@code malformed_term_id}) and a term of the vocabulary (else {@code unknown_term}).
     */
    List<String> termIds(String name, VocabularyIndex vocabulary) {
        Set<String> ids = new LinkedHashSet<>();
        for (String v : ctx.queryParams().getAll(name)) {
            for (String part : v.split(",")) {
                if (!part.isBlank()) {
                    ids.add(part.strip());
                }
            }
        }
        for (String id : ids) {
            checkTermId(name, id, vocabulary);
        }
        return new ArrayList<>(ids);
    }

    static void checkTermId(String name, String id, VocabularyIndex vocabulary) {
        if (!TERM_ID.matcher(id).matches()) {
            throw ApiException.badRequest("malformed_term_id", "Parameter " + name + ": " + id
                    + " is not a term id (a MeSH descriptor UI such as D009062, or vocabulary:id).");
        }
        if (vocabulary.byId(id).isEmpty()) {
            throw ApiException.badRequest("unknown_term", "Parameter " + name + ": no term " + id + " in the vocabulary.");
        }
    }
}
