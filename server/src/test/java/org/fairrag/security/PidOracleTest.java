package org.fairrag.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import org.fairrag.fdo.PidScheme;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.Test;

/**
 * Replays "anonymous callers learn whether a PID is restricted: /api/filter answers 200 for a restricted
 * PID and 400 for an unknown one": filter, summarize and export answer a PID the caller may not see
 * exactly as a PID never issued (status, code, and the message but for the PID itself).
 */
class PidOracleTest {

    private static final RestrictedContentServer server = RestrictedContentServer.get();
    private static final String NEVER_ISSUED = TestFairrag.BASE_URL + "/pid/" + PidScheme.randomId();

    @Test
    void should_answer_filter_the_same_for_a_restricted_and_an_unknown_pid() throws Exception {
        assertSameAnswer("/api/filter", pid -> new JsonObject().put("articles", new JsonArray().add(pid))
                .put("terms", new JsonArray().add("D009369")));
    }

    @Test
    void should_answer_summarize_the_same_for_a_restricted_and_an_unknown_pid() throws Exception {
        assertSameAnswer("/api/summarize", pid -> new JsonObject().put("articles", new JsonArray().add(pid)));
    }

    @Test
    void should_answer_export_the_same_for_a_restricted_and_an_unknown_pid() throws Exception {
        assertSameAnswer("/api/export?format=csv", pid -> new JsonObject().put("articles", new JsonArray().add(pid)));
    }

    @Test
    void should_still_filter_restricted_articles_for_a_key_that_reads_them() throws Exception {
        JsonObject body = new JsonObject().put("articles", new JsonArray(server.restrictedPids))
                .put("terms", new JsonArray().add("D009369"));

        HttpResponse<String> r = server.http.post("/api/filter", body.encode(), "X-API-Key", server.restrictedKey);

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(new JsonObject(r.body()).getInteger("kept")).isEqualTo(2);
    }

    private void assertSameAnswer(String route, java.util.function.Function<String, JsonObject> body) throws Exception {
        String restricted = server.restrictedPids.get(0);
        for (String[] caller : new String[][] {{}, {"X-API-Key", server.publicKey}}) {
            HttpResponse<String> forRestricted = server.http.post(route, body.apply(restricted).encode(), caller);
            HttpResponse<String> forUnknown = server.http.post(route, body.apply(NEVER_ISSUED).encode(), caller);

            assertThat(forRestricted.statusCode()).as(forRestricted.body()).isEqualTo(400).isEqualTo(forUnknown.statusCode());
            JsonObject restrictedError = new JsonObject(forRestricted.body()).getJsonObject("error");
            JsonObject unknownError = new JsonObject(forUnknown.body()).getJsonObject("error");
            assertThat(restrictedError.getString("code")).isEqualTo("unknown_article").isEqualTo(unknownError.getString("code"));
            assertThat(restrictedError.getString("message").replace(restricted, "<pid>"))
                    .isEqualTo(unknownError.getString("message").replace(NEVER_ISSUED, "<pid>"));
            assertThat(forRestricted.body()).doesNotContain(RestrictedContentServer.SECRET);
        }
    }
}
