package org.fairrag.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Replays "JSON integers wrap around at 2^64": {@code POST /api/filter {"q":"diabetes","terms":[...],
 * "k":18446744073709551621}} was a 200 with k=5, and {@code "yearFrom":18446744073709553616} was taken as 2000.
 * Every integer field of a JSON body is read in one place, exactly: beyond its range is a 400
 * {@code out_of_range}, a fraction or a non-number a 400 {@code wrong_type}.
 */
class JsonIntegerRangeTest {

    private static final RestrictedContentServer server = RestrictedContentServer.get();

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', value = {
            "k|18446744073709551621", "k|-18446744073709551611", "k|9223372036854775808", "k|4294967301",
            "k|1e400", "yearFrom|18446744073709553616", "yearTo|-18446744073709549616", "yearFrom|1e19"})
    void should_refuse_an_integer_beyond_its_range_however_large(String field, String number) throws Exception {
        HttpResponse<String> r = server.http.post("/api/filter", body(field, number));

        assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
        assertThat(new JsonObject(r.body()).getJsonObject("error").getString("code")).isEqualTo("out_of_range");
        assertThat(new JsonObject(r.body()).getJsonObject("error").getString("message")).contains(field);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', value = {"k|5.5", "k|5.000000001", "k|\"5\"", "k|true", "k|[5]", "yearFrom|2000.5"})
    void should_refuse_a_fraction_or_a_non_number_where_an_integer_is_due(String field, String value) throws Exception {
        HttpResponse<String> r = server.http.post("/api/filter", body(field, value));

        assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
        assertThat(new JsonObject(r.body()).getJsonObject("error").getString("code")).isEqualTo("wrong_type");
    }

    @Test
    void should_take_an_integer_within_range() throws Exception {
        HttpResponse<String> r = server.http.post("/api/filter", body("k", "2"));

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(new JsonObject(r.body()).getJsonArray("results").size()).isBetween(1, 2);
    }

    private static String body(String field, String rawJsonValue) {
        return "{\"q\": \"tumour\", \"terms\": [\"D009369\"], \"" + field + "\": " + rawJsonValue + "}";
    }
}
