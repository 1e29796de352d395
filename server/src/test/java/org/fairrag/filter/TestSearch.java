package org.fairrag.filter;

import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** The top hits of a query on the demo server, as a user of the search sees them. */
final class TestSearch {

    private TestSearch() {}

    static List<String> topHits(int port, String q, int k) throws Exception {
        return topHits(port, q, k, true);
    }

    /** The same, with {@code concepts=false}: the hybrid's hits, which mix the concepts the query names. */
    static List<String> hybridTopHits(int port, String q, int k) throws Exception {
        return topHits(port, q, k, false);
    }

    private static List<String> topHits(int port, String q, int k, boolean concepts) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder()
                .timeout(Duration.ofSeconds(60))
                .uri(URI.create("http://127.0.0.1:" + port + "/api/articles/search?k=" + k + (concepts ? "" : "&concepts=false") + "&q="
                        + URLEncoder.encode(q, StandardCharsets.UTF_8)))
                .GET().build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new IllegalStateException("search failed: " + r.body());
        }
        List<String> out = new ArrayList<>();
        new JsonObject(r.body()).getJsonArray("results").forEach(hit -> out.add(((JsonObject) hit).getString("pid")));
        return out;
    }
}
