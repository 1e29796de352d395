package org.fairrag.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.util.stream.Stream;
import org.fairrag.http.AnnotateHandler;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Replays two findings against {@code POST /api/annotate}, whose readers of the text also serve ingestion.
 * <ul>
 * <li>"An abstract of 'aged' and a few thousand spaces holds a worker for minutes": the ages' patterns had several
 * optional runs of spaces in a row, each able to take any part of a long run, so the work grew with the cube of its
 * length (4,000 spaces took 145 s; before the fix each request below outlasted the client's two-minute timeout).
 * Runs of white space are now read as one space before any pattern sees them.</li>
 * <li>"An abstract in capitals overflows the stack": the section-label pattern repeated a group once per word of a
 * run of capitals, and Java's matcher recurses once per repetition, so some 8,000 characters of capitals ended in a
 * {@code StackOverflowError} (a 500). A label is now at most eight words.</li>
 * </ul>
 */
class HostileAbstractTest {

    private static final RestrictedContentServer server = RestrictedContentServer.get();

    static Stream<Arguments> abstracts() {
        int room = AnnotateHandler.MAX_ABSTRACT - 40;
        return Stream.of(
                Arguments.of("'aged' and spaces", "Patients aged" + " ".repeat(room) + "x"),
                Arguments.of("'mean age' and tabs", "The mean age" + "\t".repeat(room) + "x"),
                Arguments.of("'over' and line breaks", "Patients over" + " \n".repeat(room / 2) + "x"),
                Arguments.of("'aged' and spaces, then an age", "Patients aged" + " ".repeat(room - 20) + "45-70 years."),
                Arguments.of("words in capitals", "ORAL CANCER " + "IN ADULTS ".repeat(room / 10)),
                Arguments.of("words in capitals, then a colon", "ORAL CANCER " + "IN ADULTS ".repeat(room / 10 - 2) + "IN ADULTS. RESULTS: x"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("abstracts")
    void should_annotate_a_hostile_abstract_like_any_other(String kind, String abstractText) throws Exception {
        String body = new JsonObject().put("title", "Outcomes of oral cancer").put("abstract", abstractText).encode();

        HttpResponse<String> r = server.http.post("/api/annotate", body);

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(new JsonObject(r.body()).getJsonArray("subjects")).isNotNull();
    }
}
