package org.fairrag.http;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.fairrag.fdo.PidScheme;
import org.fairrag.failure.ApiException;

/**
 * A JSON request body read defensively: malformed JSON, a non-object body, a field of the wrong type
 * or out of range, and unknown fields all become 400 errors that name the field.
 */
public final class JsonRequest {

    private final JsonObject body;

    private JsonRequest(JsonObject body) {
        this.body = body;
    }

    /** The body of {@code ctx} as a JSON object whose fields are all among {@code allowed}. */
    public static JsonRequest of(RoutingContext ctx, Set<String> allowed) {
        String type = ctx.request().getHeader("Content-Type");
        if (type == null || !type.toLowerCase().startsWith("application/json")) {
            throw new ApiException(415, "unsupported_media_type", "Send the request body as application/json.");
        }
        Buffer buffer = ctx.body().buffer();
        if (buffer == null || buffer.length() == 0) {
            throw ApiException.badRequest("missing_body", "The request needs a JSON object body.");
        }
        Object parsed;
        try {
            parsed = io.vertx.core.json.Json.decodeValue(buffer);
        } catch (DecodeException e) {
            throw ApiException.badRequest("invalid_json", "The request body is not valid JSON.");
        }
        if (!(parsed instanceof JsonObject object)) {
            throw ApiException.badRequest("invalid_json", "The request body must be a JSON object.");
        }
        for (String field : object.fieldNames()) {
            if (!allowed.contains(field)) {
                throw ApiException.badRequest("unknown_field", "Unknown field '" + field + "'; allowed: " + allowed + ".");
            }
        }
        return new JsonRequest(object);
    }

    public boolean has(String field) {
        return body.containsKey(field) && body.getValue(field) != null;
    }

    /** A list of strings, at most {@code max} long; empty when absent. */
    public List<String> strings(String field, int max) {
        if (!has(field)) {
            return List.of();
        }
        if (!(body.getValue(field) instanceof JsonArray array)) {
            throw wrongType(field, "an array of strings");
        }
        if (array.size() > max) {
            throw ApiException.badRequest("too_many_values", "'" + field + "' takes at most " + max + " values.");
        }
        List<String> out = new ArrayList<>(array.size());
        for (Object o : array) {
            if (!(o instanceof String s)) {
                throw wrongType(field, "an array of strings");
            }
            out.add(s);
        }
        return out;
    }

    /**
     * The ids of a list of this server's PIDs (at most {@code max}, duplicates dropped, order kept);
     * empty when absent. Anything that is not a well-formed PID under {@code baseUrl} is a 400.
     */
    public Set<String> pidIds(String field, int max, String baseUrl) {
        Set<String> ids = new LinkedHashSet<>();
        for (String pid : strings(field, max)) {
            ids.add(PidScheme.idOf(pid, baseUrl).orElseThrow(() -> ApiException.badRequest("malformed_pid",
                    "Not a PID of this server: " + (pid.length() > 80 ? pid.substring(0, 80) + "…" : pid))));
        }
        return ids;
    }

    /** Like {@link #pidIds}, as full PIDs, and at least one is required. */
    public List<String> requiredPids(String field, int max, String baseUrl) {
        Set<String> ids = pidIds(field, max, baseUrl);
        if (ids.isEmpty()) {
            throw ApiException.badRequest("no_articles", "Choose at least one article in '" + field + "'.");
        }
        return ids.stream().map(id -> baseUrl + "/pid/" + id).toList();
    }

    /** A string of at most {@code maxLength} characters, or null when absent. */
    public String string(String field, int maxLength) {
        if (!has(field)) {
            return null;
        }
        if (!(body.getValue(field) instanceof String s)) {
            throw wrongType(field, "a string");
        }
        if (s.length() > maxLength) {
            throw ApiException.badRequest("too_long", "'" + field + "' is longer than " + maxLength + " characters.");
        }
        return s;
    }

    /** An integer between {@code min} and {@code max}, or {@code fallback} when absent. */
    public Integer integer(String field, int min, int max, Integer fallback) {
        if (!has(field)) {
            return fallback;
        }
        Object v = body.getValue(field);
        if (!(v instanceof Number n)) {
            throw wrongType(field, "an integer");
        }
        // Compared exactly: the parser gives a BigInteger for an integer beyond a long, whose longValue()
        // would wrap around (2^64 + 5 read as 5).
        BigDecimal value = exact(n);
        if (value != null && value.stripTrailingZeros().scale() > 0) {
            throw wrongType(field, "an integer");
        }
        if (value == null || value.compareTo(BigDecimal.valueOf(min)) < 0 || value.compareTo(BigDecimal.valueOf(max)) > 0) {
            throw ApiException.badRequest("out_of_range", "'" + field + "' must be between " + min + " and " + max + ".");
        }
        return value.intValueExact();
    }

    /** The exact value of a parsed JSON number, or null for one that is not finite. */
    private static BigDecimal exact(Number n) {
        if (n instanceof BigDecimal d) {
            return d;
        }
        if (n instanceof BigInteger i) {
            return new BigDecimal(i);
        }
        if (n instanceof Integer || n instanceof Long || n instanceof Short || n instanceof Byte) {
            return BigDecimal.valueOf(n.longValue());
        }
        double d = n.doubleValue();
        return Double.isFinite(d) ? new BigDecimal(d) : null;
    }

    /** A boolean, or null when absent. */
    public Boolean bool(String field) {
        if (!has(field)) {
            return null;
        }
        if (!(body.getValue(field) instanceof Boolean b)) {
            throw wrongType(field, "true or false");
        }
        return b;
    }

    private static ApiException wrongType(String field, String expected) {
        return ApiException.badRequest("wrong_type", "'" + field + "' must be " + expected + ".");
    }
}
