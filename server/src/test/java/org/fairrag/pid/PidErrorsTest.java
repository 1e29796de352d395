package org.fairrag.pid;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import org.fairrag.fdo.FdoKind;
import org.fairrag.fdo.PidScheme;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** PIDs that do not resolve: malformed (with the PID probably meant), unknown, and paths that are no PID at all. */
class PidErrorsTest {

    private final PidFixture f = PidFixture.get();

    @ParameterizedTest
    @EnumSource(FdoKind.class)
    void should_say_a_mistyped_pid_is_malformed_and_name_the_pid_meant(FdoKind kind) throws Exception {
        String pid = f.pidsByKind().get(kind);
        String typo = mistype(pid);

        HttpResponse<String> json = f.get(typo, "Accept", "application/json");
        HttpResponse<String> html = f.get(typo, "Accept", "text/html");

        assertThat(json.statusCode()).isEqualTo(404);
        JsonNode error = new ObjectMapper().readTree(json.body()).get("error");
        assertThat(error.get("code").asText()).isEqualTo("malformed_pid");
        assertThat(error.get("message").asText()).contains(pid);
        assertThat(error.get("suggestions")).extracting(JsonNode::asText).containsExactly(pid);
        assertThat(html.statusCode()).isEqualTo(404);
        Document page = Jsoup.parse(html.body());
        assertThat(page.selectFirst("h1").text()).isEqualTo("Malformed PID");
        assertThat(page.select("a[href=" + pid + "]")).hasSize(1);
    }

    @Test
    void should_say_a_well_formed_pid_that_was_never_issued_is_unknown() throws Exception {
        String never = f.fairrag.publisher().pidUrl(PidScheme.idFor("never:issued"));

        HttpResponse<String> json = f.get(never, "Accept", "text/turtle");
        HttpResponse<String> html = f.get(never, "Accept", "text/html");

        assertThat(json.statusCode()).isEqualTo(404);
        assertThat(new ObjectMapper().readTree(json.body()).get("error").get("code").asText()).isEqualTo("unknown_pid");
        assertThat(html.statusCode()).isEqualTo(404);
        assertThat(Jsoup.parse(html.body()).selectFirst("h1").text()).isEqualTo("Unknown PID");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "*/*", "application/json"})
    void should_answer_json_errors_to_clients_that_do_not_prefer_html_as_every_route_does(String accept) throws Exception {
        String never = f.fairrag.publisher().pidUrl(PidScheme.idFor("never:issued"));

        HttpResponse<String> r = accept.isEmpty() ? f.get(never) : f.get(never, "Accept", accept);
        HttpResponse<String> browser = f.get(never, "Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8");

        assertThat(r.statusCode()).isEqualTo(404);
        assertThat(r.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/json");
        assertThat(new ObjectMapper().readTree(r.body()).get("error").get("code").asText()).isEqualTo("unknown_pid");
        assertThat(browser.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/html");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/pid/..%2f..%2fetc%2fpasswd", "/pid/<script>alert(1)<%2fscript>",
            "/pid/..%252f..%252fpom.xml", "/pid/bcdfghjkmnpq",
            "/pid/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"})
    void should_treat_anything_else_under_pid_as_a_malformed_pid(String path) {
        HttpResponse<String> r = f.get(path.replace("<", "%3C").replace(">", "%3E"), "Accept", "text/html");

        assertThat(r.statusCode()).isEqualTo(404);
        assertThat(r.body()).contains("Malformed PID").doesNotContain("<script>alert").doesNotContain("root:");
    }

    @Test
    void should_not_reach_files_through_dot_segments() {
        HttpResponse<String> r = f.get("/pid/../../../../etc/passwd");
        HttpResponse<String> encoded = f.get("/pid/%2e%2e/%2e%2e/%2e%2e/etc/passwd");

        assertThat(r.statusCode()).isEqualTo(404);
        assertThat(r.body()).doesNotContain("root:");
        assertThat(encoded.statusCode()).isEqualTo(404);
        assertThat(encoded.body()).doesNotContain("root:");
    }

    /** The PID with one character of its id replaced, so the check character no longer fits. */
    static String mistype(String pid) {
        String id = pid.substring(pid.lastIndexOf('/') + 1);
        char c = id.charAt(3);
        char other = c == 'b' ? 'c' : 'b';
        String typo = id.substring(0, 3) + other + id.substring(4);
        return pid.substring(0, pid.lastIndexOf('/') + 1) + typo;
    }
}
