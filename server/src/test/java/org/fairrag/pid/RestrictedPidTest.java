package org.fairrag.pid;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.Resource;
import org.fairrag.graph.Vocab;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.SourceFile;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

/** To an anonymous caller, a restricted article's PID resolves to its registry record only (401), and crawlers are not told about it. */
class RestrictedPidTest {

    private final PidFixture f = PidFixture.get();

    @Test
    void should_show_only_the_registry_record_of_a_restricted_article() throws Exception {
        Path jsonl = PidFixture.write("restricted.jsonl", "{\"pmid\": \"99000050\", \"title\": \"A confidential title.\","
                + " \"abstract\": \"A confidential abstract.\", \"mesh\": [\"Humans\"]}\n");
        f.fairrag.ingest(SourceFile.of(jsonl), new ArticleIngest.Options("restricted", false), IngestProgress.NONE);
        String pid = f.pidOfPmid("99000050");

        HttpResponse<String> html = f.get(pid, "Accept", "text/html");
        HttpResponse<String> ttl = f.get(pid, "Accept", "text/turtle");

        assertThat(html.statusCode()).isEqualTo(401);
        assertThat(ttl.statusCode()).isEqualTo(401);
        assertThat(html.body()).doesNotContain("confidential");
        assertThat(Jsoup.parse(html.body()).select(".notice").text()).contains("restricted");
        Model m = RdfNegotiationTest.parse(ttl.body(), "text/turtle", pid);
        Resource s = m.createResource(pid);
        assertThat(ttl.body()).doesNotContain("confidential");
        assertThat(m.contains(s, Vocab.IDENTIFIER, pid)).isTrue();
        assertThat(m.contains(s, Vocab.ACCESS_LEVEL, Vocab.RESTRICTED)).isTrue();
        assertThat(f.get("/sitemap/1.xml").body()).doesNotContain(pid);
        assertThat(f.getBytes("/dataset/dump").body()).asString().doesNotContain("confidential");
    }
}
