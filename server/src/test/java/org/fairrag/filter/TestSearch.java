package org.fairrag.filter;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.jena.query.ResultSet;
import org.apache.jena.riot.resultset.ResultSetLang;
import org.apache.jena.sparql.resultset.ResultsReader;

/** The top hits of a query on the demo server, as a user of the search would see them. */
final class TestSearch {

    private TestSearch() {}

    static List<String> topHits(int port, String q, int k) throws Exception {
        String sparql = "PREFIX text: <http://jena.apache.org/text#> PREFIX schema: <http://schema.org/> "
                + "SELECT ?a WHERE { (?a ?score) text:query (schema:abstract \"" + q.replace("\"", "") + "\" " + k + ") } "
                + "ORDER BY DESC(?score)";
        HttpResponse<byte[]> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder().timeout(java.time.Duration.ofSeconds(60)).uri(URI.create("http://127.0.0.1:"
                + port + "/sparql?query=" + URLEncoder.encode(sparql, StandardCharsets.UTF_8)))
                .header("Accept", "application/sparql-results+json").GET().build(), HttpResponse.BodyHandlers.ofByteArray());
        ResultSet rs = ResultsReader.create().lang(ResultSetLang.RS_JSON).build().read(new ByteArrayInputStream(r.body()));
        List<String> out = new ArrayList<>();
        rs.forEachRemaining(row -> {
            String pid = row.getResource("a").getURI();
            if (!out.contains(pid)) {
                out.add(pid);
            }
        });
        return out;
    }
}
