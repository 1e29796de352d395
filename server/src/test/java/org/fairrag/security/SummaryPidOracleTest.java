package org.fairrag.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.fairrag.fdo.PidScheme;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.Test;

/**
 * Replays a finding of the access-level red team (2026-11-24): a summary's PID was the digest of its request
 * (model, prompt, sources, terms), which anyone can compute. For a summary of a restricted article that PID answers
 * 401 where a PID never issued answers 404, so a caller who may not read the article could ask whether someone had
 * summarized it, with the default prompt or a guessed one, and learn when. Such summaries are now keyed with a secret
 * of the instance; a public summary keeps the PID anyone can compute.
 */
class SummaryPidOracleTest {

    private static final RestrictedContentServer server = RestrictedContentServer.get();

    @Test
    void should_give_a_summary_of_a_restricted_article_a_pid_no_one_can_compute_from_its_request() throws Exception {
        List<String> sources = List.of(server.restrictedPids.get(0), server.publicPids.get(0));
        String prompt = "What did they find, for the PID oracle test?";
        JsonObject request = new JsonObject().put("articles", new JsonArray(sources)).put("prompt", prompt);

        HttpResponse<String> made = server.http.post("/api/summarize", request.encode(), "X-API-Key", server.restrictedKey);
        HttpResponse<String> again = server.http.post("/api/summarize", request.encode(), "X-API-Key", server.restrictedKey);
        String pid = new JsonObject(made.body()).getString("pid");
        String computed = TestFairrag.BASE_URL + "/pid/" + computablePid(sources, prompt);
        HttpResponse<String> asked = server.http.get(computed, "Accept", "application/json");

        assertThat(made.statusCode()).as(made.body()).isEqualTo(201);
        assertThat(again.statusCode()).as("an identical request still finds it").isEqualTo(200);
        assertThat(new JsonObject(again.body()).getString("pid")).isEqualTo(pid);
        assertThat(pid).isNotEqualTo(computed);
        assertThat(asked.statusCode()).isEqualTo(404);
        assertThat(server.http.get(pid, "Accept", "application/json").statusCode()).isEqualTo(401);
    }

    @Test
    void should_keep_the_pid_anyone_can_compute_for_a_summary_of_public_articles() throws Exception {
        List<String> sources = List.of(server.publicPids.get(0), server.publicPids.get(1));
        String prompt = "What did they find, for the public PID test?";
        JsonObject request = new JsonObject().put("articles", new JsonArray(sources)).put("prompt", prompt);

        HttpResponse<String> made = server.http.post("/api/summarize", request.encode());

        assertThat(made.statusCode()).as(made.body()).isIn(200, 201);
        assertThat(new JsonObject(made.body()).getString("pid"))
                .isEqualTo(TestFairrag.BASE_URL + "/pid/" + computablePid(sources, prompt));
    }

    /** What the red team computed: the digest of the request, as the server derived every summary's id before. */
    private static String computablePid(List<String> sources, String prompt) throws Exception {
        JsonObject model = new JsonObject(server.http.get("/api/summarize/prompt").body());
        String request = new JsonArray().add(model.getString("model")).add(prompt).add(new JsonArray(sources))
                .add(new JsonArray()).encode();
        byte[] digest = MessageDigest.getInstance("SHA-256").digest(request.getBytes(StandardCharsets.UTF_8));
        return PidScheme.idFor("summary:" + HexFormat.of().formatHex(digest));
    }
}
