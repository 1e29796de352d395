package org.fairrag.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.jena.query.QueryExecution;
import org.apache.jena.query.QuerySolution;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.riot.RDFLanguages;
import org.apache.jena.riot.resultset.ResultSetLang;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Replays the W3C SPARQL 1.1 Protocol manifest against {@code /sparql}: the query tests that need no
 * loaded data, and every {@code bad_query_*} test.
 */
class SparqlProtocolConformanceTest {

    private static final String MANIFEST = "/conformance/sparql11-protocol/manifest.ttl";
    private static final List<String> SELECTED_QUERY_TESTS = List.of("query_post_form", "query_get",
            "query_post_direct", "query_content_type_select", "query_content_type_ask", "query_content_type_describe",
            "query_content_type_construct");

    private final HttpClient http = HttpClient.newHttpClient();

    /** One protocol request of the manifest with the response it expects. */
    record Case(String name, String method, String path, String contentType, String body, String expectedStatusClass,
                String expectedFormat, Boolean expectedBoolean) {}

    @TestFactory
    Stream<DynamicTest> should_pass_the_w3c_protocol_tests_for_a_read_only_endpoint() throws IOException {
        int port = TestFairrag.demoPort();
        List<Case> cases = cases();
        assertThat(cases).extracting(Case::name).containsAll(SELECTED_QUERY_TESTS)
                .filteredOn(SparqlProtocolConformanceTest::isBadQueryTest).hasSize(7);
        return cases.stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> run(port, c)));
    }

    private void run(int port, Case c) throws Exception {
        String path = c.path().replaceFirst("^/sparql/", "/sparql");
        HttpRequest.Builder request = HttpRequest.newBuilder().timeout(java.time.Duration.ofSeconds(60)).uri(URI.create("http://127.0.0.1:" + port + path));
        if (c.contentType() != null) {
            request.header("Content-Type", c.contentType());
        }
        HttpRequest.BodyPublisher body = c.body() == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(c.body(), StandardCharsets.UTF_8);
        request.method(c.method(), body);

        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());

        int status = response.statusCode();
        if (c.expectedStatusClass().equals("4xx")) {
            assertThat(status).as(c.name()).isBetween(400, 499);
            assertThat(response.body()).contains("\"error\"");
            return;
        }
        assertThat(status).as(c.name() + ": " + response.body()).isBetween(200, 399);
        String type = response.headers().firstValue("Content-Type").orElse("").split(";")[0].trim();
        switch (c.expectedFormat()) {
            case "boolean" -> {
                boolean answer = parseBoolean(response.body(), type);
                if (c.expectedBoolean() != null) {
                    assertThat(answer).as(c.name()).isEqualTo(c.expectedBoolean());
                }
            }
            case "tabular" -> assertThat(type).as(c.name()).isIn("application/sparql-results+json",
                    "application/sparql-results+xml", "text/csv", "text/tab-separated-values");
            case "RDF" -> {
                Lang lang = RDFLanguages.contentTypeToLang(type);
                assertThat(lang).as(c.name() + " returned " + type).isNotNull();
                Model m = ModelFactory.createDefaultModel();
                RDFDataMgr.read(m, new java.io.ByteArrayInputStream(response.body().getBytes(StandardCharsets.UTF_8)), lang);
            }
            default -> throw new AssertionError("unknown expected format " + c.expectedFormat());
        }
    }

    /** The bad_query_* tests and bad_multiple_queries, which is one of them in all but name. */
    private static boolean isBadQueryTest(String name) {
        return name.startsWith("bad_query") || name.equals("bad_multiple_queries");
    }

    private static boolean parseBoolean(String body, String type) {
        Lang lang = type.contains("xml") ? ResultSetLang.RS_XML : ResultSetLang.RS_JSON;
        return org.apache.jena.sparql.resultset.ResultsReader.create().lang(lang).build()
                .readAny(new java.io.ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8))).getBooleanResult();
    }

    private static List<Case> cases() throws IOException {
        Model manifest = ModelFactory.createDefaultModel();
        try (InputStream in = SparqlProtocolConformanceTest.class.getResourceAsStream(MANIFEST)) {
            RDFDataMgr.read(manifest, in, "http://www.w3.org/2009/sparql/docs/tests/data-sparql11/protocol/manifest#",
                    Lang.TURTLE);
        }
        String query = """
                PREFIX mf: <http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#>
                PREFIX ht: <http://www.w3.org/2011/http#>
                PREFIX cnt: <http://www.w3.org/2011/content#>
                SELECT ?test ?method ?path ?ctype ?body ?format ?bool (GROUP_CONCAT(STR(?status)) AS ?statuses)
                WHERE {
                  ?test a mf:ProtocolTest ; mf:action/ht:requests/rdf:first ?req .
                  ?req ht:methodName ?method ; ht:absolutePath ?path ; ht:resp ?resp .
                  ?resp mf:expectedStatus ?status .
                  OPTIONAL { ?resp mf:expectedFormat ?format }
                  OPTIONAL { ?resp mf:expectedBoolean ?bool }
                  OPTIONAL { ?req ht:body/cnt:chars ?body }
                  OPTIONAL { ?req ht:headers/rdf:rest*/rdf:first ?h . ?h ht:fieldName "content-type" ; ht:fieldValue ?ctype }
                }
                GROUP BY ?test ?method ?path ?ctype ?body ?format ?bool
                """;
        List<Case> out = new ArrayList<>();
        try (QueryExecution qe = QueryExecution.model(manifest)
                .query("PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>\n" + query).build()) {
            qe.execSelect().forEachRemaining((QuerySolution row) -> {
                String uri = row.getResource("test").getURI();
                String name = uri.substring(uri.indexOf('#') + 1);
                if (!SELECTED_QUERY_TESTS.contains(name) && !isBadQueryTest(name)) {
                    return;
                }
                String statuses = row.getLiteral("statuses").getString();
                out.add(new Case(name, row.getLiteral("method").getString(), row.getLiteral("path").getString(),
                        row.contains("ctype") ? row.getLiteral("ctype").getString() : null,
                        row.contains("body") ? row.getLiteral("body").getString() : null,
                        statuses.contains("4xx") ? "4xx" : "2xx",
                        row.contains("format") ? row.getLiteral("format").getString() : null,
                        row.contains("bool") ? row.getLiteral("bool").getBoolean() : null));
            });
        }
        return out;
    }
}
