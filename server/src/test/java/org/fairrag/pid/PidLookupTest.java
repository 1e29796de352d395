package org.fairrag.pid;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code /pid/lookup}: from the identifiers people have at hand (PMID, DOI) to the article's PID. */
class PidLookupTest {

    private static final String DOI = "10.1234/fairrag.test.1";

    private final PidFixture f = PidFixture.get();

    @ParameterizedTest
    @ValueSource(strings = {"pmid=" + PidFixture.HOSTILE_PMID, "doi=" + DOI, "doi=10.1234%2FFAIRRAG.TEST.1",
            "doi=https%3A%2F%2Fdoi.org%2F" + DOI, "doi=doi%3A" + DOI})
    void should_send_an_identifier_of_an_article_to_its_pid(String query) {
        HttpResponse<String> r = f.get("/pid/lookup?" + query);

        assertThat(r.statusCode()).isEqualTo(303);
        assertThat(r.headers().firstValue("Location")).hasValue(f.articlePid);
        assertThat(r.headers().firstValue("Cache-Control").orElseThrow()).contains("private");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "pmid=12|404|unknown_article",
            "doi=10.9999/never.issued|404|unknown_article",
            "pmid=12a|400|invalid_parameter",
            "pmid=0|400|invalid_parameter",
            "doi=not-a-doi|400|invalid_parameter",
            "|400|lookup_identifier",
            "pmid=1&doi=" + DOI + "|400|lookup_identifier"})
    void should_answer_an_identifier_that_finds_no_article_with_a_json_error(String query, int status, String code)
            throws Exception {
        HttpResponse<String> r = f.get("/pid/lookup" + (query == null ? "" : "?" + query));

        assertThat(r.statusCode()).isEqualTo(status);
        assertThat(new ObjectMapper().readTree(r.body()).get("error").get("code").asText()).isEqualTo(code);
    }
}
