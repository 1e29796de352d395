package org.fairrag.security;

import io.vertx.core.http.HttpServerOptions;
import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryExecution;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.Syntax;
import org.apache.jena.query.DatasetFactory;
import org.fairrag.graph.TdbGraphStore;
import org.fairrag.sparql.InProcessSparqlService;
import org.fairrag.sparql.PublicQuery;
import org.fairrag.sparql.ResultFormat;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * SERVICE never leaves the server: wherever it stands in a query, {@code /sparql} answers 400
 * {@code service_not_allowed}, and the engine behind it would not call out even for a query that skipped the
 * check. A plain HTTP listener started here stands for any server the query names; it must receive nothing.
 */
class FederationRefusalTest {

    private static final SecurityFixture fx = SecurityFixture.get();
    private static final AtomicInteger calls = new AtomicInteger();
    private static Vertx vertx;
    private static String listener;

    @BeforeAll
    static void startListener() {
        vertx = Vertx.vertx();
        HttpServer server = vertx.createHttpServer(new HttpServerOptions().setHttp2ClearTextEnabled(false)).requestHandler(req -> {
            calls.incrementAndGet();
            // What a SPARQL endpoint would answer: one empty solution, so that a SERVICE call would succeed.
            req.response().putHeader("Content-Type", "application/sparql-results+json")
                    .end("{\"head\":{\"vars\":[]},\"results\":{\"bindings\":[{}]}}");
        }).listen(0, "127.0.0.1").await();
        listener = "http://127.0.0.1:" + server.actualPort() + "/sparql";
    }

    @AfterAll
    static void stopListener() {
        vertx.close().await();
    }

    @BeforeEach
    void resetCalls() {
        calls.set(0);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            // the pattern, plain and silent, with the endpoint in a variable
            "SELECT * WHERE { SERVICE <L> { ?s ?p ?o } }",
            "SELECT * WHERE { SERVICE SILENT <L> { ?s ?p ?o } }",
            "SELECT * WHERE { VALUES ?endpoint { <L> } SERVICE ?endpoint { ?s ?p ?o } }",
            // expressions: SELECT, BIND, FILTER, GROUP BY, HAVING, ORDER BY, aggregates, OPTIONAL conditions
            "SELECT (EXISTS { SERVICE <L> { ?s ?p ?o } } AS ?x) WHERE { }",
            "SELECT * WHERE { ?s ?p ?o BIND(EXISTS { SERVICE SILENT <L> { ?s ?q ?r } } AS ?x) }",
            "SELECT * WHERE { ?s ?p ?o FILTER EXISTS { SERVICE <L> { ?s ?q ?r } } }",
            "SELECT * WHERE { ?s ?p ?o FILTER NOT EXISTS { SERVICE <L> { ?s ?q ?r } } }",
            "SELECT ?x WHERE { } GROUP BY (EXISTS { SERVICE <L> { ?s ?p ?o } } AS ?x)",
            "SELECT ?s WHERE { ?s ?p ?o } GROUP BY ?s HAVING (EXISTS { SERVICE <L> { ?s ?q ?r } })",
            "SELECT ?s WHERE { ?s ?p ?o } ORDER BY (EXISTS { SERVICE <L> { ?s ?q ?r } })",
            "SELECT (SUM(IF(EXISTS { SERVICE <L> { ?s ?q ?r } }, 1, 0)) AS ?n) WHERE { ?s ?p ?o }",
            "SELECT * WHERE { ?s ?p ?o OPTIONAL { ?s ?q ?r FILTER NOT EXISTS { SERVICE <L> { ?r ?x ?y } } } }",
            "SELECT * WHERE { ?s ?p ?o FILTER(COALESCE(EXISTS { SERVICE <L> { ?s ?q ?r } }, false) || true) }",
            // nested patterns: sub-query, VALUES with a sub-query, OPTIONAL, UNION, MINUS, GRAPH, LATERAL
            "SELECT * WHERE { { SELECT ?s WHERE { SERVICE <L> { ?s ?p ?o } } } }",
            "SELECT * WHERE { VALUES ?n { 1 2 } { SELECT ?s WHERE { { SELECT ?s WHERE { SERVICE <L> { ?s ?p ?o } } } } } }",
            "SELECT * WHERE { ?s ?p ?o OPTIONAL { SERVICE <L> { ?s ?q ?r } } }",
            "SELECT * WHERE { { ?s ?p ?o } UNION { SERVICE <L> { ?s ?p ?o } } }",
            "SELECT * WHERE { ?s ?p ?o MINUS { SERVICE <L> { ?s ?p ?o } } }",
            "SELECT * WHERE { GRAPH ?g { SERVICE <L> { ?s ?p ?o } } }",
            "SELECT * WHERE { ?s ?p ?o LATERAL { SERVICE <L> { ?s ?q ?r } } }",
            "SELECT * WHERE { ?s (<urn:a>/<urn:b>)* ?o FILTER EXISTS { ?s <urn:a>|^<urn:b> ?x . SERVICE <L> { ?x ?q ?r } } }",
            // other query forms
            "ASK { SERVICE <L> { ?s ?p ?o } }",
            "CONSTRUCT { ?s ?p ?o } WHERE { SERVICE <L> { ?s ?p ?o } }",
            "DESCRIBE ?s WHERE { SERVICE <L> { ?s ?p ?o } }"})
    void should_refuse_service_in_every_position_and_call_nobody(String template) {
        String query = template.replace("<L>", "<" + listener + ">");

        HttpResponse<String> anonymous = fx.sparql(query);
        HttpResponse<String> keyed = fx.sparql(query, "X-API-Key", fx.restrictedKey);

        for (HttpResponse<String> r : List.of(anonymous, keyed)) {
            assertThat(r.statusCode()).as(query).isEqualTo(400);
            assertThat(r.body()).as(query).contains("\"service_not_allowed\"");
        }
        assertThat(calls).as("requests the listener received for " + query).hasValue(0);
    }

    @Test
    void should_refuse_the_reported_exploit_against_this_server_itself() {
        String self = "http://127.0.0.1:" + fx.port + "/sparql";
        String exploit = "SELECT ?x WHERE {} GROUP BY (EXISTS { SERVICE <" + self + "> { GRAPH <" + fx.restrictedGraph
                + "> { ?s <http://purl.org/dc/terms/title> ?t FILTER(CONTAINS(?t, \"esophag\")) } } } AS ?x)";

        HttpResponse<String> r = fx.sparql(exploit);

        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.body()).contains("service_not_allowed").doesNotContain("true");
    }

    @Test
    void should_not_call_out_from_the_engine_even_for_a_query_that_skipped_the_check() {
        InProcessSparqlService engine = new InProcessSparqlService(storeDataset(), Duration.ofSeconds(10),
                new SimpleMeterRegistry().counter("timeouts"));
        List<String> visible = List.of(fx.fairrag.graphs().publicContent());

        // Built directly, not by PublicQuery.prepare: nothing has looked for SERVICE in these. The engine refuses
        // each (an error, or SILENT's empty answer), in whatever position.
        for (String query : List.of("SELECT * WHERE { SERVICE <L> { ?s ?p ?o } }",
                "SELECT ?s WHERE { SERVICE SILENT <L> { ?s ?p ?o } }",
                "SELECT * WHERE { BIND(1 AS ?one) FILTER EXISTS { SERVICE <L> { ?s ?p ?o } } }",
                "SELECT ?x WHERE {} GROUP BY (EXISTS { SERVICE <L> { ?s ?p ?o } } AS ?x)")) {
            PublicQuery unchecked = new PublicQuery(parse(query.replace("<L>", "<" + listener + ">")), visible, visible, false);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try {
                engine.execute(unchecked, ResultFormat.CSV, out);
            } catch (RuntimeException refused) {
                assertThat(refused).as(query).hasMessageMatching("(?is).*service.*");
            }
            assertThat(out.toString()).as(query).doesNotContain("true");
        }

        assertThat(calls).hasValue(0);
    }

    @Test
    void should_not_call_out_from_fairrags_own_queries_on_the_store() {
        fx.fairrag.graph().ask(parse("ASK { SERVICE SILENT <" + listener + "> { ?s ?p ?o } }"), Map.of());

        assertThat(calls).hasValue(0);
    }

    @Test
    void should_have_a_listener_that_an_engine_with_default_settings_does_call() {
        // The control: the same query on a plain ARQ dataset reaches the listener, so a zero above means something.
        try (QueryExecution qe = QueryExecution.dataset(DatasetFactory.createTxnMem())
                .query(parse("ASK { SERVICE <" + listener + "> { ?s ?p ?o } }")).build()) {
            assertThat(qe.execAsk()).isTrue();
        }

        assertThat(calls.get()).isPositive();
    }

    private static org.apache.jena.sparql.core.DatasetGraph storeDataset() {
        return ((TdbGraphStore) fx.fairrag.graph()).dataset().asDatasetGraph();
    }

    private static Query parse(String query) {
        return QueryFactory.create(query, Syntax.syntaxARQ);
    }
}
