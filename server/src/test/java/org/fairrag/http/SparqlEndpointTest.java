package org.fairrag.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import org.apache.jena.query.ResultSet;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.riot.RDFLanguages;
import org.apache.jena.riot.resultset.ResultSetLang;
import org.apache.jena.sparql.resultset.ResultsReader;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** {@code /sparql} on the demo collection: formats, CORS, read-only, errors. */
class SparqlEndpointTest {

    private static final String COUNT_CONCEPTS = "PREFIX skos: <http://www.w3.org/2004/02/skos/core#> "
            + "SELECT (COUNT(?c) AS ?n) WHERE { ?c a skos:Concept }";
    private static final String COUNT_ARTICLES = "PREFIX schema: <http://schema.org/> "
            + "SELECT (COUNT(?a) AS ?n) WHERE { ?a a schema:ScholarlyArticle }";
    private static final String CONSTRUCT = "PREFIX skos: <http://www.w3.org/2004/02/skos/core#> "
            + "CONSTRUCT { ?c skos:prefLabel ?l } WHERE { ?c skos:prefLabel ?l ; skos:notation \"C04.588.443.591\" }";

    private final HttpClient http = HttpClient.newHttpClient();
    private final int port = TestFairrag.demoPort();

    @Test
    void should_find_the_whole_mesh_vocabulary_and_the_demo_articles() throws Exception {
        assertThat(count(COUNT_CONCEPTS)).isGreaterThanOrEqualTo(30_000);
        assertThat(count(COUNT_ARTICLES)).isGreaterThanOrEqualTo(2_000);
    }

    @ParameterizedTest
    @CsvSource({
            "application/sparql-results+json, application/sparql-results+json",
            "application/sparql-results+xml, application/sparql-results+xml",
            "text/csv, text/csv",
            "text/tab-separated-values, text/tab-separated-values"})
    void should_answer_select_in_the_negotiated_format(String accept, String expected) throws Exception {
        HttpResponse<String> r = get(COUNT_CONCEPTS, accept);

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type").orElseThrow()).startsWith(expected);
        assertThat(r.headers().firstValue("Vary").orElseThrow()).contains("Accept");
        assertThat(r.body()).contains("30764");
    }

    @ParameterizedTest
    @CsvSource({"text/turtle", "application/ld+json", "application/n-triples", "application/rdf+xml"})
    void should_answer_construct_as_parseable_rdf_in_the_negotiated_syntax(String accept) throws Exception {
        HttpResponse<String> r = get(CONSTRUCT, accept);

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type").orElseThrow()).startsWith(accept);
        Model m = ModelFactory.createDefaultModel();
        RDFDataMgr.read(m, new ByteArrayInputStream(r.body().getBytes(StandardCharsets.UTF_8)),
                RDFLanguages.contentTypeToLang(accept));
        assertThat(m.contains(null, org.apache.jena.vocabulary.SKOS.prefLabel, m.createLiteral("Mouth Neoplasms", "en"))).isTrue();
    }

    @Test
    void should_choose_the_format_from_the_format_parameter() throws Exception {
        HttpResponse<String> r = send(HttpRequest.newBuilder().timeout(java.time.Duration.ofSeconds(60)).uri(uri("/sparql?format=csv&query=" + encode(COUNT_CONCEPTS))).GET());

        assertThat(r.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/csv");
    }

    @Test
    void should_let_browsers_on_other_origins_query() throws Exception {
        HttpResponse<String> r = send(HttpRequest.newBuilder().timeout(java.time.Duration.ofSeconds(60)).uri(uri("/sparql?query=" + encode(COUNT_CONCEPTS)))
                .header("Origin", "https://notebook.example.org").GET());
        HttpResponse<String> preflight = send(HttpRequest.newBuilder().timeout(java.time.Duration.ofSeconds(60)).uri(uri("/sparql"))
                .header("Origin", "https://notebook.example.org")
                .header("Access-Control-Request-Method", "POST")
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody()));

        assertThat(r.headers().firstValue("Access-Control-Allow-Origin")).isPresent();
        assertThat(preflight.statusCode()).isBetween(200, 299);
        assertThat(preflight.headers().firstValue("Access-Control-Allow-Methods").orElse("")).contains("POST");
    }

    /**
     * Replays a finding of the FAIR sweep (2026-11-25): a GET without a query answered 400 to every client, where
     * SPARQL 1.1 Service Description asks for a description of the service.
     */
    @ParameterizedTest
    @CsvSource({"text/turtle", "application/ld+json", "application/rdf+xml", "*/*"})
    void should_describe_the_service_to_a_get_without_a_query(String accept) throws Exception {
        HttpResponse<String> r = send(HttpRequest.newBuilder().uri(uri("/sparql")).header("Accept", accept).GET());

        assertThat(r.statusCode()).isEqualTo(200);
        String type = r.headers().firstValue("Content-Type").orElseThrow();
        Model m = ModelFactory.createDefaultModel();
        RDFDataMgr.read(m, new ByteArrayInputStream(r.body().getBytes(StandardCharsets.UTF_8)),
                RDFLanguages.contentTypeToLang(type.split(";")[0]));
        String sd = "http://www.w3.org/ns/sparql-service-description#";
        var service = m.listSubjectsWithProperty(org.apache.jena.vocabulary.RDF.type, m.createResource(sd + "Service")).toList();
        assertThat(service).hasSize(1);
        assertThat(service.get(0).getURI()).endsWith("/sparql");
        assertThat(m.contains(service.get(0), m.createProperty(sd, "supportedLanguage"), m.createResource(sd + "SPARQL11Query"))).isTrue();
        assertThat(m.contains(service.get(0), m.createProperty(sd, "resultFormat"),
                m.createResource("http://www.w3.org/ns/formats/SPARQL_Results_JSON"))).isTrue();
        var names = m.listObjectsOfProperty(m.createProperty(sd, "name")).mapWith(n -> n.asResource().getURI()).toList();
        assertThat(names).anyMatch(n -> n.endsWith("/graph/public")).noneMatch(n -> n.contains("restricted"));
    }

    @Test
    void should_still_ask_for_a_query_a_client_that_takes_results_only() throws Exception {
        HttpResponse<String> r = send(HttpRequest.newBuilder().uri(uri("/sparql"))
                .header("Accept", "application/sparql-results+json").GET());

        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.body()).contains("missing_query");
    }

    @Test
    void should_refuse_updates_in_every_protocol_form() throws Exception {
        long before = count(COUNT_ARTICLES);
        String update = "PREFIX schema: <http://schema.org/> DELETE WHERE { ?a a schema:ScholarlyArticle }";

        HttpResponse<String> direct = send(HttpRequest.newBuilder().timeout(java.time.Duration.ofSeconds(60)).uri(uri("/sparql"))
                .header("Content-Type", "application/sparql-update").POST(HttpRequest.BodyPublishers.ofString(update)));
        HttpResponse<String> form = send(HttpRequest.newBuilder().timeout(java.time.Duration.ofSeconds(60)).uri(uri("/sparql"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("update=" + encode(update))));
        HttpResponse<String> asQuery = get(update, "application/sparql-results+json");

        assertThat(direct.statusCode()).isEqualTo(403);
        assertThat(direct.body()).contains("\"read_only\"");
        assertThat(form.statusCode()).isEqualTo(403);
        assertThat(asQuery.statusCode()).isEqualTo(400);
        assertThat(count(COUNT_ARTICLES)).isEqualTo(before);
    }

    @Test
    void should_answer_a_syntax_error_with_400_and_the_parser_message() throws Exception {
        HttpResponse<String> r = get("SELECT ?x WHERE { ?x ?p }", "application/sparql-results+json");

        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/json");
        assertThat(r.body()).contains("\"query_syntax\"").contains("line 1");
    }

    @Test
    void should_refuse_federated_queries() throws Exception {
        HttpResponse<String> r = get("SELECT * WHERE { SERVICE <http://example.org/sparql> { ?s ?p ?o } }",
                "application/sparql-results+json");

        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.body()).contains("service_not_allowed");
    }

    @Test
    void should_cap_rows_at_the_configured_maximum_and_say_so() throws Exception {
        HttpResponse<String> r = get("SELECT ?s WHERE { ?s ?p ?o }", "text/csv");

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue(SparqlHandler.RESULT_CAP_HEADER)).contains("10000");
        assertThat(r.body().lines().count()).isEqualTo(10_001);
    }

    private long count(String query) throws Exception {
        HttpResponse<String> r = get(query, "application/sparql-results+json");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        ResultSet rs = ResultsReader.create().lang(ResultSetLang.RS_JSON).build()
                .read(new ByteArrayInputStream(r.body().getBytes(StandardCharsets.UTF_8)));
        return rs.next().getLiteral("n").getLong();
    }

    private HttpResponse<String> get(String query, String accept) throws Exception {
        return send(HttpRequest.newBuilder().timeout(java.time.Duration.ofSeconds(60)).uri(uri("/sparql?query=" + encode(query))).header("Accept", accept).GET());
    }

    private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
