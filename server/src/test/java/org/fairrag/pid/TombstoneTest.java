package org.fairrag.pid;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.rdf.model.ResourceFactory;
import org.fairrag.fdo.FdoKind;
import org.fairrag.fdo.PidScheme;
import org.fairrag.graph.Vocab;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.SourceFile;
import org.fairrag.store.PidRecord;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;

/** Withdrawing content through the admin API, what the PID says afterwards, and that nothing brings it back. */
class TombstoneTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final PidFixture f = PidFixture.get();

    @Test
    void should_refuse_the_admin_api_without_a_key_or_with_a_wrong_one_and_change_nothing() {
        String url = adminUrl(f.articlePid);
        String body = "{\"reason\": \"test\"}";
        String valid = newKey();

        HttpResponse<String> none = f.post(url, body, "Content-Type", "application/json");
        HttpResponse<String> wrong = f.post(url, body, "Authorization", "Bearer frk_000000000000.not-the-secret");
        HttpResponse<String> tampered = f.post(url, body, "X-API-Key", valid.substring(0, valid.length() - 2) + "xx");
        HttpResponse<String> garbage = f.post(url, body, "Authorization", "Bearer nonsense");

        assertThat(none.statusCode()).isEqualTo(401);
        assertThat(none.headers().firstValue("WWW-Authenticate")).isPresent();
        assertThat(none.body()).contains("\"unauthorized\"");
        assertThat(wrong.statusCode()).isEqualTo(403);
        assertThat(tampered.statusCode()).isEqualTo(403);
        assertThat(garbage.statusCode()).isEqualTo(403);
        assertThat(record(f.articlePid).tombstoned()).isFalse();
    }

    @Test
    void should_tombstone_an_article_once_and_keep_its_metadata() throws Exception {
        String pid = f.pidOfPmid(PidFixture.TOMBSTONE_BY_API_PMID);
        String key = newKey();
        assertThat(f.index.articles).containsKey(pid);

        HttpResponse<String> first = f.post(adminUrl(pid), "{\"reason\": \"Retracted by the journal <b>\"}",
                "Authorization", "Bearer " + key, "Content-Type", "application/json");
        HttpResponse<String> again = f.post(adminUrl(pid), "{\"reason\": \"another reason\"}", "X-API-Key", key);

        assertThat(first.statusCode()).isEqualTo(200);
        JsonNode done = JSON.readTree(first.body());
        assertThat(done.get("status").asText()).isEqualTo("tombstoned");
        assertThat(done.get("changed").asBoolean()).isTrue();
        assertThat(again.statusCode()).isEqualTo(200);
        JsonNode repeat = JSON.readTree(again.body());
        assertThat(repeat.get("changed").asBoolean()).isFalse();
        assertThat(repeat.get("reason").asText()).isEqualTo("Retracted by the journal <b>");
        assertThat(repeat.get("tombstonedAt").asText()).isEqualTo(done.get("tombstonedAt").asText());

        PidRecord record = record(pid);
        assertThat(record.tombstoned()).isTrue();
        assertThat(f.index.articles).doesNotContainKey(pid);
        assertThat(f.index.removed).contains(pid);
        Resource s = ResourceFactory.createResource(pid);
        assertThat(f.fairrag.graph().ask(QueryFactory.create("ASK { GRAPH ?g { ?s ?p ?o FILTER(?p IN (<"
                + Vocab.ABSTRACT.getURI() + ">, <" + Vocab.ABOUT.getURI() + ">)) } }"), Map.of("s", s))).isFalse();
        assertThat(f.fairrag.graph().ask(QueryFactory.create("ASK { GRAPH ?g { ?s <" + Vocab.DCT_TITLE.getURI()
                + "> \"An article to withdraw.\" ; <" + Vocab.TOMBSTONE_REASON.getURI() + "> ?r } }"), Map.of("s", s))).isTrue();
    }

    @Test
    void should_answer_410_with_the_kept_metadata_in_every_format() throws Exception {
        String pid = tombstoned(f.pidOfPmid(PidFixture.PLAIN_PMID), "Duplicate record");

        HttpResponse<String> html = f.get(pid, "Accept", "text/html");
        assertThat(html.statusCode()).isEqualTo(410);
        Document page = Jsoup.parse(html.body());
        assertThat(page.select("[role=alert]").text()).contains("withdrawn").contains("Duplicate record");
        assertThat(page.selectFirst("h1").text()).isEqualTo("Salivary markers in oral cancer.");
        assertThat(page.text()).doesNotContain("A plain abstract.");
        JsonNode ld = JSON.readTree(page.selectFirst("script[type=application/ld+json]").data());
        assertThat(ld.get("identifier").asText()).isEqualTo(pid);
        assertThat(ld.get("creativeWorkStatus").asText()).contains("Duplicate record");
        assertThat(html.headers().firstValue("Link").orElseThrow()).contains("rel=\"cite-as\"").doesNotContain("rel=\"item\"");
        assertThat(html.headers().firstValue("Cache-Control").orElseThrow()).isEqualTo("public, max-age=300");

        for (MediaFormat form : MediaFormat.RDF_FORMS) {
            HttpResponse<String> r = f.get(pid, "Accept", form.mediaType());
            assertThat(r.statusCode()).as(form.key()).isEqualTo(410);
            Model m = RdfNegotiationTest.parse(r.body(), form.mediaType(), pid);
            Resource s = m.createResource(pid);
            assertThat(m.contains(s, Vocab.IDENTIFIER, pid)).isTrue();
            assertThat(s.hasProperty(Vocab.DCT_LICENSE)).isTrue();
            assertThat(s.hasProperty(Vocab.WAS_DERIVED_FROM)).isTrue();
            assertThat(m.contains(s, Vocab.TOMBSTONE_REASON, "Duplicate record")).isTrue();
            assertThat(s.hasProperty(Vocab.INVALIDATED_AT)).isTrue();
            assertThat(s.hasProperty(Vocab.ABSTRACT)).isFalse();
            assertThat(s.hasProperty(Vocab.ABOUT)).isFalse();
        }
        assertThat(f.head(pid, "Accept", "text/turtle").statusCode()).isEqualTo(410);
    }

    @Test
    void should_not_bring_back_a_tombstoned_article_when_its_record_is_ingested_again() throws Exception {
        String pid = tombstoned(f.pidOfPmid(PidFixture.REINGEST_PMID), "Withdrawn at the author's request");
        String checksum = record(pid).checksum();

        ArticleIngest.Report report = f.fairrag.ingest(SourceFile.of(f.xmlFile), new ArticleIngest.Options("public", true),
                IngestProgress.NONE);
        Path jsonl = PidFixture.write("again.jsonl", "{\"pmid\": \"" + PidFixture.REINGEST_PMID
                + "\", \"title\": \"Back again?\", \"abstract\": \"No.\", \"mesh\": [\"Humans\"]}\n");
        ArticleIngest.Report other = f.fairrag.ingest(SourceFile.of(jsonl), ArticleIngest.Options.DEFAULT, IngestProgress.NONE);

        assertThat(report.tombstonedSkipped()).isGreaterThanOrEqualTo(1);
        assertThat(other.tombstonedSkipped()).isEqualTo(1);
        assertThat(record(pid).checksum()).isEqualTo(checksum);
        assertThat(record(pid).tombstoned()).isTrue();
        assertThat(f.index.articles).doesNotContainKey(pid);
        assertThat(f.get(pid, "Accept", "text/turtle").statusCode()).isEqualTo(410);
        assertThat(f.get(pid, "Accept", "text/turtle").body()).doesNotContain("Back again?").doesNotContain("goes away too");
    }

    @Test
    void should_tombstone_a_summary() throws Exception {
        String summary = f.publishSummary(java.util.List.of(f.articlePid));
        tombstoned(summary, "Generated from a wrong selection");

        HttpResponse<String> ttl = f.get(summary, "Accept", "text/turtle");
        HttpResponse<String> text = f.get(summary, "Accept", "text/plain");

        assertThat(ttl.statusCode()).isEqualTo(410);
        Model m = RdfNegotiationTest.parse(ttl.body(), "text/turtle", summary);
        assertThat(m.createResource(summary).hasProperty(Vocab.TEXT)).isFalse();
        assertThat(m.createResource(summary).hasProperty(Vocab.PROMPT)).isFalse();
        assertThat(m.createResource(summary).hasProperty(Vocab.WAS_DERIVED_FROM, m.createResource(f.articlePid))).isTrue();
        assertThat(text.statusCode()).isEqualTo(410);
        assertThat(text.body()).contains("Generated from a wrong selection");
    }

    @Test
    void should_refuse_to_tombstone_what_is_not_content_or_does_not_exist() throws Exception {
        String key = newKey();

        for (FdoKind kind : new FdoKind[] {FdoKind.TERM, FdoKind.DATASET, FdoKind.INGESTION_RUN}) {
            String pid = f.pidsByKind().get(kind);
            HttpResponse<String> r = f.post(adminUrl(pid), "{\"reason\": \"x\"}", "X-API-Key", key);
            assertThat(r.statusCode()).as(kind.code()).isEqualTo(409);
            assertThat(r.body()).contains("not_tombstonable");
            assertThat(record(pid).tombstoned()).isFalse();
        }
        String unknown = f.fairrag.publisher().pidUrl(PidScheme.idFor("never:issued"));
        assertThat(f.post(adminUrl(unknown), "{\"reason\": \"x\"}", "X-API-Key", key).statusCode()).isEqualTo(404);
        assertThat(f.post(adminUrl(PidErrorsTest.mistype(f.articlePid)), "{\"reason\": \"x\"}", "X-API-Key", key).statusCode())
                .isEqualTo(400);
        assertThat(f.post(adminUrl(f.articlePid), "{\"reason\": \"  \"}", "X-API-Key", key).body()).contains("bad_reason");
        assertThat(f.post(adminUrl(f.articlePid), "not json", "X-API-Key", key).statusCode()).isEqualTo(400);
        assertThat(f.post(adminUrl(f.articlePid), "{\"reason\": \"" + "x".repeat(1001) + "\"}", "X-API-Key", key).statusCode())
                .isEqualTo(400);
        assertThat(record(f.articlePid).tombstoned()).isFalse();
    }

    @Test
    void should_store_only_a_hash_of_each_key_and_refuse_a_revoked_one() {
        var created = f.fairrag.apiKeys().create("revocation test", "public", true).await();
        String url = adminUrl(f.pidsByKind().get(FdoKind.TERM));

        assertThat(f.post(url, "{\"reason\": \"x\"}", "X-API-Key", created.token()).statusCode()).isEqualTo(409);
        assertThat(f.fairrag.apiKeys().revoke(created.id()).await()).isTrue();
        // A verified key is trusted for FAIRRAG_API_KEY_CACHE (README): the revocation holds within that time.
        org.awaitility.Awaitility.await()
                .atMost(f.fairrag.config().quotas().apiKeyCacheTime().plusSeconds(15))
                .pollInterval(java.time.Duration.ofSeconds(1))
                .until(() -> f.post(url, "{\"reason\": \"x\"}", "X-API-Key", created.token()).statusCode() == 403);
        String secret = created.token().substring(created.token().indexOf('.') + 1);
        var rows = f.fairrag.database().pool().query("SELECT * FROM api_key").execute().await();
        rows.forEach(row -> {
            for (int i = 0; i < row.size(); i++) {
                assertThat(String.valueOf(row.getValue(i))).doesNotContain(secret);
            }
        });
    }

    private String tombstoned(String pid, String reason) throws Exception {
        HttpResponse<String> r = f.post(adminUrl(pid), JSON.createObjectNode().put("reason", reason).toString(),
                "X-API-Key", newKey());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return pid;
    }

    private String newKey() {
        return f.fairrag.apiKeys().create("test", "public", true).await().token();
    }

    private PidRecord record(String pid) {
        return f.fairrag.registry().find(pid.substring(pid.lastIndexOf('/') + 1)).await().orElseThrow();
    }

    private static String adminUrl(String pid) {
        return "/api/admin/pid/" + pid.substring(pid.lastIndexOf('/') + 1) + "/tombstone";
    }
}
