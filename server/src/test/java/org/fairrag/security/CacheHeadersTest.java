package org.fairrag.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Replays "responses of search and term routes that depend on the caller's key carry no Cache-Control:
 * private / Vary: Authorization": every route whose body depends on the key says so, whoever asks, so
 * that no shared cache hands one caller's answer to another.
 */
class CacheHeadersTest {

    private static final RestrictedContentServer server = RestrictedContentServer.get();

    @Test
    void should_mark_article_search_private_and_varying_by_key() throws Exception {
        String url = "/api/articles/search?k=10&q=" + HttpCalls.enc(RestrictedContentServer.SECRET + " oral cancer");

        HttpResponse<String> anonymous = server.http.get(url);
        HttpResponse<String> reader = server.http.get(url, "Authorization", "Bearer " + server.restrictedKey);

        assertThat(anonymous.body()).isNotEqualTo(reader.body()); // why the headers matter
        assertPrivateToCaller(anonymous);
        assertPrivateToCaller(reader);
    }

    @Test
    void should_mark_term_details_private_and_varying_by_key() throws Exception {
        HttpResponse<String> anonymous = server.http.get("/api/terms/D009369");
        HttpResponse<String> reader = server.http.get("/api/terms/D009369", "X-API-Key", server.restrictedKey);

        assertThat(new JsonObject(anonymous.body()).getLong("articleCountExploded"))
                .isLessThan(new JsonObject(reader.body()).getLong("articleCountExploded"));
        assertPrivateToCaller(anonymous);
        assertPrivateToCaller(reader);
    }

    @Test
    void should_mark_filter_summarize_and_export_private_and_varying_by_key() throws Exception {
        JsonObject articles = new JsonObject().put("articles", new JsonArray(server.publicPids));

        for (String[] caller : List.of(new String[] {}, new String[] {"X-API-Key", server.restrictedKey})) {
            assertPrivateToCaller(server.http.post("/api/filter", articles.copy().put("terms", new JsonArray().add("D009369"))
                    .encode(), caller));
            assertPrivateToCaller(server.http.post("/api/summarize", articles.encode(), caller));
            HttpResponse<String> stream = server.http.post("/api/summarize", articles.encode(),
                    withAccept(caller, "text/event-stream"));
            assertPrivateToCaller(stream);
            HttpResponse<String> export = server.http.post("/api/export?format=ris", articles.encode(), caller);
            assertThat(export.statusCode()).isEqualTo(200);
            assertThat(export.headers().firstValue("Cache-Control")).contains("no-store");
            assertThat(String.join(",", export.headers().allValues("Vary"))).contains("Authorization").contains("X-API-Key");
        }
    }

    @Test
    void should_mark_the_dump_and_a_restricted_pid_as_varying_by_key() throws Exception {
        HttpResponse<String> dump = server.http.get("/dataset/dump", "X-API-Key", server.restrictedKey);
        HttpResponse<String> pid = server.http.get(server.restrictedPids.get(0), "Accept", "text/turtle");

        assertThat(dump.headers().firstValue("Cache-Control")).hasValueSatisfying(v -> assertThat(v).startsWith("private"));
        assertThat(String.join(",", dump.headers().allValues("Vary"))).contains("Authorization").contains("X-API-Key");
        assertThat(pid.headers().firstValue("Cache-Control")).hasValueSatisfying(v -> assertThat(v).startsWith("private"));
        assertThat(String.join(",", pid.headers().allValues("Vary"))).contains("Authorization").contains("X-API-Key");
    }

    @Test
    void should_answer_term_search_the_same_whoever_asks() throws Exception {
        HttpResponse<String> anonymous = server.http.get("/api/terms/search?q=tumours");
        HttpResponse<String> reader = server.http.get("/api/terms/search?q=tumours", "X-API-Key", server.restrictedKey);

        assertThat(anonymous.statusCode()).isEqualTo(200);
        assertThat(new JsonObject(reader.body()).getJsonArray("results"))
                .isEqualTo(new JsonObject(anonymous.body()).getJsonArray("results"));
    }

    private static String[] withAccept(String[] caller, String accept) {
        String[] headers = java.util.Arrays.copyOf(caller, caller.length + 2);
        headers[caller.length] = "Accept";
        headers[caller.length + 1] = accept;
        return headers;
    }

    private static void assertPrivateToCaller(HttpResponse<String> r) {
        assertThat(r.statusCode()).as(r.body()).isBetween(200, 201);
        assertThat(r.headers().firstValue("Cache-Control")).as(r.uri().toString()).contains("private, no-cache");
        assertThat(String.join(",", r.headers().allValues("Vary"))).as(r.uri().toString())
                .contains("Authorization").contains("X-API-Key");
    }
}
