package org.fairrag.pid;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.sparql.graph.GraphFactory;
import org.fairrag.graph.Vocab;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.parser.Parser;
import org.junit.jupiter.api.Test;

/** The dump of the public graph, and what crawlers read: robots.txt and the sitemap. */
class DatasetDumpAndSitemapTest {

    private final PidFixture f = PidFixture.get();

    @Test
    void should_stream_the_public_graph_as_n_triples() {
        HttpResponse<byte[]> r = f.getBytes("/dataset/dump", "Accept-Encoding", "identity");

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/n-triples");
        assertThat(r.headers().firstValue("Content-Encoding").orElse("identity")).isEqualTo("identity");
        Graph g = parse(new ByteArrayInputStream(r.body()));
        assertThat(g.size()).isEqualTo(f.fairrag.graph().size(org.fairrag.http.Caller.ANONYMOUS.allGraphs(f.fairrag.graphs())));
        assertThat(g.contains(NodeFactory.createURI(f.articlePid), Vocab.IDENTIFIER.asNode(), NodeFactory.createLiteralString(f.articlePid))).isTrue();
        assertThat(g.contains(NodeFactory.createURI(f.termPid), Vocab.PREF_LABEL.asNode(), org.apache.jena.graph.Node.ANY)).isTrue();
    }

    @Test
    void should_compress_the_dump_with_gzip_when_asked() throws Exception {
        HttpResponse<byte[]> plain = f.getBytes("/dataset/dump");
        HttpResponse<byte[]> gzip = f.getBytes("/dataset/dump", "Accept-Encoding", "gzip");

        assertThat(gzip.statusCode()).isEqualTo(200);
        assertThat(gzip.headers().firstValue("Content-Encoding")).contains("gzip");
        assertThat(gzip.body().length).isLessThan(plain.body().length / 3);
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(gzip.body()))) {
            // The same statements, in whatever order each dump wrote them.
            assertThat(sortedLines(in.readAllBytes())).isEqualTo(sortedLines(plain.body()));
        }
    }

    @Test
    void should_answer_head_on_the_dump_without_reading_the_graph() {
        HttpResponse<String> r = f.head("/dataset/dump", "Accept-Encoding", "gzip");

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).isEmpty();
        assertThat(r.headers().firstValue("Content-Encoding")).contains("gzip");
    }

    @Test
    void should_point_crawlers_to_the_sitemap_and_list_landing_pages_there() {
        HttpResponse<String> robots = f.get("/robots.txt");
        HttpResponse<String> index = f.get("/sitemap.xml");

        assertThat(robots.body()).contains("Sitemap: " + f.fairrag.config().baseUrl() + "/sitemap.xml").contains("Allow: /pid/");
        Document sitemapIndex = Jsoup.parse(index.body(), "", Parser.xmlParser());
        String first = sitemapIndex.select("sitemap > loc").first().text();
        assertThat(first).isEqualTo(f.fairrag.config().baseUrl() + "/sitemap/1.xml");
        Document page = Jsoup.parse(f.get(first).body(), "", Parser.xmlParser());
        assertThat(page.select("url > loc").eachText()).contains(f.articlePid, f.termPid, f.datasetPid, f.summaryPid, f.runPid);
        assertThat(page.select("url > lastmod")).isNotEmpty();
        assertThat(f.get("/sitemap/999.xml").statusCode()).isEqualTo(404);
        assertThat(f.get("/sitemap/nope").statusCode()).isEqualTo(404);
    }

    private static List<String> sortedLines(byte[] nTriples) {
        return new String(nTriples, StandardCharsets.UTF_8).lines().sorted().toList();
    }

    private static Graph parse(InputStream in) {
        Graph g = GraphFactory.createDefaultGraph();
        RDFParser.source(in).lang(Lang.NTRIPLES).parse(g);
        return g;
    }
}
