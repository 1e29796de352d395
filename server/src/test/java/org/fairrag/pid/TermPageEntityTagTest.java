package org.fairrag.pid;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.fairrag.app.Fairrag;
import org.fairrag.app.HttpServerLauncher;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A term's landing page shows the concepts associated with it "in the literature", which change when the
 * associations are counted again without any change of the dataset (after a tombstone, {@code fairrag relations},
 * {@code fairrag annotate}): its entity tag must change with them, or a browser keeps the stale page on a 304.
 */
class TermPageEntityTagTest {

    private static Fairrag fairrag;
    private static int port;
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @BeforeAll
    static void serve() {
        fairrag = TestFairrag.mesh();
        port = HttpServerLauncher.start(fairrag).port();
    }

    @Test
    void should_change_the_term_pages_entity_tag_when_the_associations_are_counted_again() throws Exception {
        String path = "/pid/" + fairrag.vocabulary().byId("D009062").orElseThrow().pid()
                .substring((TestFairrag.BASE_URL + "/pid/").length());
        HttpResponse<String> before = get(path, null);
        String tag = before.headers().firstValue("ETag").orElseThrow();
        String turtleTag = get(path + "?format=ttl", null).headers().firstValue("ETag").orElseThrow();

        fairrag.refreshAssociations();

        HttpResponse<String> after = get(path, tag);
        assertThat(before.statusCode()).isEqualTo(200);
        assertThat(after.statusCode()).as("the old tag no longer matches: the page is sent again").isEqualTo(200);
        assertThat(after.headers().firstValue("ETag").orElseThrow()).isNotEqualTo(tag);
        assertThat(get(path + "?format=ttl", turtleTag).statusCode()).as("the RDF does not show associations").isEqualTo(304);
    }

    private static HttpResponse<String> get(String path, String ifNoneMatch) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).header("Accept", "text/html");
        if (ifNoneMatch != null) {
            b.header("If-None-Match", ifNoneMatch);
        }
        return HTTP.send(b.GET().build(), HttpResponse.BodyHandlers.ofString());
    }
}
