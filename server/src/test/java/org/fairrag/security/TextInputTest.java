package org.fairrag.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Replays "q made only of NUL, control, zero-width, no-break-space or BOM characters is a 500 from the
 * embedding model; a lone surrogate in JSON too": every text input is cleaned in one place, and a query
 * with nothing visible left is a 400 on article search, term search and filter. Also replays "text the
 * embedding model reads as empty is a 500" ({@code /api/articles/search?q=%CC%81}, a lone combining accent;
 * {@code /api/terms/search?q=%EF%BF%BD} and {@code q=%EE%80%80}; {@code POST /api/annotate {"title":"\u200b"}}
 * and other invisible titles; {@code POST /api/filter {"q":"\ue000",...}}; {@code POST /api/summarize} with a
 * prompt of {@code "\ue000"}): annotate refuses such a text, a summary takes the default prompt.
 */
class TextInputTest {

    private static final RestrictedContentServer server = RestrictedContentServer.get();

    static Stream<Arguments> invisibleQueries() {
        return Stream.of(
                Arguments.of("NUL", "\u0000"),
                Arguments.of("NULs and spaces", "\u0000 \u0000\t\u0000"),
                Arguments.of("C0 and C1 controls", "\u0007\u001b\u007f\u0085\u009b"),
                Arguments.of("zero-width space, joiners, word joiner", "\u200b\u200c\u200d\u2060"),
                Arguments.of("no-break spaces", "\u00a0\u202f\u2007"),
                Arguments.of("byte order mark", "\ufeff"),
                Arguments.of("soft hyphen and bidi controls", "\u00ad\u202e\u2066"),
                Arguments.of("variation selectors and Hangul filler", "\ufe0f\u3164"),
                Arguments.of("a mix of them all", "\ufeff\u0000\u200b\u00a0\u0007 \u2060"),
                Arguments.of("a lone combining accent", "\u0301"),
                Arguments.of("combining marks only", "\u0301\u0308 \u0903\u20dd"),
                Arguments.of("replacement character", "\ufffd"),
                Arguments.of("private use", "\ue000"),
                Arguments.of("supplementary private use", "\udb80\udc00"),
                Arguments.of("private use, replacement character and an accent", "\ue000 \ufffd\u0301"));
    }

    /** Each written as a JSON escape, so that a lone surrogate is sent as one. */
    static Stream<Arguments> unreadableTitles() {
        return Stream.of(
                Arguments.of("zero-width space", "\\u200b"),
                Arguments.of("no-break space", "\\u00a0"),
                Arguments.of("byte order mark", "\\ufeff"),
                Arguments.of("NUL", "\\u0000"),
                Arguments.of("lone surrogate", "\\ud800"),
                Arguments.of("private use", "\\ue000"),
                Arguments.of("a lone combining accent", "\\u0301"),
                Arguments.of("replacement character", "\\ufffd"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invisibleQueries")
    void should_refuse_an_article_search_with_nothing_visible(String kind, String q) throws Exception {
        assertRefused(server.http.get("/api/articles/search?q=" + HttpCalls.enc(q)), "missing_parameter");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invisibleQueries")
    void should_refuse_a_term_search_with_nothing_visible(String kind, String q) throws Exception {
        assertRefused(server.http.get("/api/terms/search?q=" + HttpCalls.enc(q)), "missing_parameter");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invisibleQueries")
    void should_refuse_a_filter_query_with_nothing_visible(String kind, String q) throws Exception {
        assertRefused(server.http.post("/api/filter", filterBody(q).encode()), "empty_query");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("unreadableTitles")
    void should_refuse_an_annotation_of_nothing_readable(String kind, String escaped) throws Exception {
        assertRefused(server.http.post("/api/annotate", "{\"title\": \"" + escaped + "\"}"), "missing_text");
        assertRefused(server.http.post("/api/annotate", "{\"title\": \"" + escaped + "\", \"abstract\": \" "
                + escaped + "\"}"), "missing_text");
    }

    @Test
    void should_annotate_the_readable_part_when_the_other_is_unreadable() throws Exception {
        HttpResponse<String> r = server.http.post("/api/annotate",
                "{\"title\": \"\\ue000\\u0301\", \"abstract\": \"Mouth neoplasms in older patients.\"}");

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(new JsonObject(r.body()).getJsonArray("mentions").encode()).contains("D009062");
    }

    @Test
    void should_refuse_a_lone_surrogate_written_as_a_json_escape() throws Exception {
        String body = "{\"q\": \"\\ud800\", \"terms\": [\"D009369\"]}";

        assertRefused(server.http.post("/api/filter", body), "empty_query");
    }

    @Test
    void should_refuse_a_lone_surrogate_sent_as_raw_bytes_in_json() throws Exception {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes("{\"q\": \"".getBytes(StandardCharsets.US_ASCII));
        body.writeBytes(new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80}); // U+D800 as three bytes (CESU-8)
        body.writeBytes("\", \"terms\": [\"D009369\"]}".getBytes(StandardCharsets.US_ASCII));

        HttpResponse<String> r = server.http.postBytes("/api/filter", body.toByteArray());

        assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
        assertThat(new JsonObject(r.body()).getJsonObject("error").getString("code")).isIn("empty_query", "invalid_json");
    }

    @Test
    void should_refuse_a_lone_surrogate_in_the_query_string() throws Exception {
        assertRefused(server.http.get("/api/articles/search?q=%ED%A0%80"), "invalid_encoding");
        assertRefused(server.http.get("/api/terms/search?q=%ED%A0%80"), "invalid_encoding");
    }

    @Test
    void should_search_as_if_the_invisible_characters_were_not_there() throws Exception {
        List<Object> plain = pids(server.http.get("/api/articles/search?k=5&q=" + HttpCalls.enc("mouth tumours")));

        List<Object> hidden = pids(server.http.get("/api/articles/search?k=5&q="
                + HttpCalls.enc("\ufeffmou\u200bth\u00a0\u0000tumours\u2060")));
        List<Object> fullWidth = pids(server.http.get("/api/articles/search?k=5&q=" + HttpCalls.enc("ｍｏｕｔｈ ｔｕｍｏｕｒｓ")));

        assertThat(plain).isNotEmpty();
        assertThat(hidden).isEqualTo(plain);
        assertThat(fullWidth).isEqualTo(plain);
    }

    @Test
    void should_use_the_default_prompt_when_the_prompt_is_only_invisible_characters() throws Exception {
        JsonObject body = new JsonObject().put("articles", new JsonArray().add(server.publicPids.get(0)))
                .put("prompt", "\u200b\u0000\ufeff\u00a0");

        HttpResponse<String> r = server.http.post("/api/summarize", body.encode());

        assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
        String defaultPrompt = new JsonObject(server.http.get("/api/summarize/prompt").body()).getString("prompt");
        assertThat(new JsonObject(r.body()).getString("prompt")).isEqualTo(defaultPrompt);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("unreadableTitles")
    void should_use_the_default_prompt_when_the_prompt_has_nothing_readable(String kind, String escaped) throws Exception {
        String body = "{\"articles\": [\"" + server.publicPids.get(1) + "\"], \"prompt\": \"" + escaped + "\"}";

        HttpResponse<String> r = server.http.post("/api/summarize", body);

        assertThat(r.statusCode()).as(r.body()).isIn(200, 201);
        String defaultPrompt = new JsonObject(server.http.get("/api/summarize/prompt").body()).getString("prompt");
        assertThat(new JsonObject(r.body()).getString("prompt")).isEqualTo(defaultPrompt);
    }

    private static JsonObject filterBody(String q) {
        return new JsonObject().put("q", q).put("k", 5).put("terms", new JsonArray().add("D009369"));
    }

    private static List<Object> pids(HttpResponse<String> r) {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return new JsonObject(r.body()).getJsonArray("results").stream().map(o -> ((JsonObject) o).getString("pid")).map(Object.class::cast).toList();
    }

    private static void assertRefused(HttpResponse<String> r, String code) {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
        assertThat(new JsonObject(r.body()).getJsonObject("error").getString("code")).isEqualTo(code);
    }
}
