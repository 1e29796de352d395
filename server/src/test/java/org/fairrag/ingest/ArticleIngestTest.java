package org.fairrag.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.QuerySolution;
import org.apache.jena.rdf.model.ResourceFactory;
import org.fairrag.app.Fairrag;
import org.fairrag.fdo.FdoKind;
import org.fairrag.fdo.PidScheme;
import org.fairrag.store.PidRecord;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.Test;

/** Ingestion into real embedded PostgreSQL and TDB2, with the full MeSH vocabulary, on the real sample files. */
class ArticleIngestTest {

    private final Fairrag fairrag = TestFairrag.mesh();

    @Test
    void should_publish_every_record_of_a_pubmed_xml_file_as_an_article_with_resolved_mesh_terms() throws IOException {
        Path file = TestFairrag.resource("/samples/xml/netsynergy_pubmed21n1002.xml.gz");

        ArticleIngest.Report report = ingest(file);

        assertThat(report.format()).isEqualTo(SourceFormat.PUBMED_XML);
        assertThat(report.counts().read()).isEqualTo(45);
        assertThat(report.counts().accepted()).isEqualTo(45);
        assertThat(report.counts().rejected()).isZero();
        // PMID 31449448: "Evaluation of the number of colony forming units on the skin of dogs ..."
        String pid = fairrag.publisher().pidUrl(PidScheme.idFor("article:pubmed:31449448"));
        List<QuerySolution> rows = select("""
                PREFIX schema: <http://schema.org/> PREFIX dct: <http://purl.org/dc/terms/>
                PREFIX fr: <https://w3id.org/fairrag/ns#>
                SELECT ?title ?id ?major WHERE { ?a dct:title ?title ; dct:identifier ?id ;
                  fr:majorTopic ?t . ?t dct:identifier ?major }""", Map.of("a", pid));
        assertThat(rows).isNotEmpty();
        assertThat(rows.get(0).getLiteral("title").getString()).startsWith("Evaluation of the number of colony forming units");
        assertThat(rows.get(0).getLiteral("id").getString()).isEqualTo("31449448");
        // Bacteria (D001419) is a major topic through its qualifier isolation & purification.
        assertThat(rows).extracting(r -> r.getLiteral("major").getString()).contains("D001419");
        assertThat(fairrag.registry().find(PidScheme.idFor("article:pubmed:31449448")).await())
                .get().extracting(PidRecord::kind, PidRecord::target)
                .containsExactly(FdoKind.ARTICLE, "https://pubmed.ncbi.nlm.nih.gov/31449448/");
    }

    @Test
    void should_count_progress_in_records() throws IOException {
        List<String> told = new java.util.ArrayList<>();
        IngestProgress progress = new IngestProgress() {
            @Override
            public void start(String task, long total, String unit) {
                told.add("start " + total + " " + unit);
            }

            @Override
            public void adjustTotal(long total) {
                told.add("total " + total);
            }

            @Override
            public void advanceTo(long done) {
                told.add("done " + done);
            }

            @Override
            public void finish() {
                told.add("finish");
            }
        };

        ArticleIngest.Report report = fairrag.ingest(SourceFile.of(
                TestFairrag.resource("/samples/xml/PubMedPortable_pancreatic_cancer_medline_00000000.xml.gz")),
                ArticleIngest.Options.DEFAULT, progress);

        assertThat(report.counts().read()).isEqualTo(100);
        assertThat(told).startsWith("start -1 records").endsWith("total 100", "done 100", "finish");
    }

    @Test
    void should_change_nothing_when_the_same_file_is_ingested_again() throws IOException {
        Path file = TestFairrag.resource("/samples/xml/netsynergy_pubmed21n1005.xml.gz");
        ArticleIngest.Report first = ingest(file);
        long triples = triples();
        Map<FdoKind, Long> pids = fairrag.registry().countByKind().await();
        int runs = fairrag.runs().all().await().size();

        ArticleIngest.Report again = ingest(file);
        ArticleIngest.Report forced = fairrag.ingest(SourceFile.of(file), new ArticleIngest.Options("public", true),
                IngestProgress.NONE);

        assertThat(first.counts().accepted()).isEqualTo(20);
        assertThat(again.alreadyIngested()).isTrue();
        assertThat(again.runPid()).isEqualTo(first.runPid());
        assertThat(forced.alreadyIngested()).isFalse();
        assertThat(forced.counts().created()).isZero();
        assertThat(forced.counts().updated()).isZero();
        assertThat(forced.counts().unchanged()).isEqualTo(20);
        assertThat(triples()).isEqualTo(triples);
        assertThat(fairrag.registry().countByKind().await()).isEqualTo(pids);
        assertThat(fairrag.runs().all().await()).hasSize(runs);
    }

    @Test
    void should_make_one_article_of_a_pmid_found_in_two_files() throws IOException {
        Path xml = TestFairrag.resource("/samples/xml/netsynergy_pubmed21n1003.xml.gz");
        // The same PMID as a Kaggle-style JSONL record: a worse title, a heading the XML lacks.
        String pmid = firstPmidOf(xml);
        Path jsonl = write("dup.jsonl", """
                {"source": "kaggle_pubmed_multilabel(test)", "pmid": "%s", "title": "A different title.",
                 "abstract": "Another abstract.", "mesh": ["Mouth Neoplasms"], "mesh_ui": [null], "mesh_major": null}
                """.formatted(pmid).replace("\n ", " "));

        ingest(xml);
        ingest(jsonl);

        String pid = fairrag.publisher().pidUrl(PidScheme.idFor("article:pubmed:" + pmid));
        List<QuerySolution> articles = select("""
                PREFIX schema: <http://schema.org/> PREFIX dct: <http://purl.org/dc/terms/>
                SELECT ?a ?title WHERE { ?a a schema:ScholarlyArticle ; dct:identifier ?pmid ; dct:title ?title }""",
                Map.of("pmid", pmid));
        assertThat(articles).hasSize(1);
        assertThat(articles.get(0).getResource("a").getURI()).isEqualTo(pid);
        assertThat(articles.get(0).getLiteral("title").getString()).isNotEqualTo("A different title.");
        List<QuerySolution> sources = select("""
                PREFIX fr: <https://w3id.org/fairrag/ns#> PREFIX schema: <http://schema.org/>
                PREFIX dct: <http://purl.org/dc/terms/>
                SELECT ?s ?mouth WHERE { ?a fr:sourceCollection ?s .
                  OPTIONAL { ?a schema:about ?t . ?t dct:identifier "D009062" BIND(true AS ?mouth) } }""",
                Map.of("a", pid));
        assertThat(sources).extracting(r -> r.getLiteral("s").getString())
                .contains("pubmed_xml", "kaggle_pubmed_multilabel");
        assertThat(sources).anyMatch(r -> r.contains("mouth"));
    }

    @Test
    void should_reject_bad_records_with_reasons_and_keep_the_good_ones() throws IOException {
        Path file = write("mixed.jsonl", String.join("\n",
                "{\"pmid\": \"90000001\", \"title\": \"A good record.\", \"abstract\": \"Fine.\", \"mesh\": [\"Humans\"]}",
                "{\"title\": \"No PMID at all.\", \"abstract\": \"x\"}",
                "{\"pmid\": \"90000002\", \"title\": broken json",
                "{\"pmid\": \"12ab\", \"title\": \"Letters in the PMID.\", \"abstract\": \"x\"}",
                "{\"pmid\": \"90000003\", \"title\": \"Another good record.\", \"abstract\": \"Fine too.\"}"));

        ArticleIngest.Report report = ingest(file);

        assertThat(report.counts().read()).isEqualTo(5);
        assertThat(report.counts().accepted()).isEqualTo(2);
        assertThat(report.counts().rejected()).isEqualTo(3);
        assertThat(report.rejections()).extracting(r -> r.locator() + ": " + r.reason())
                .anyMatch(s -> s.contains("line 2") && s.toLowerCase().contains("pmid"))
                .anyMatch(s -> s.contains("line 3"))
                .anyMatch(s -> s.contains("line 4") && s.toLowerCase().contains("pmid"));
        assertThat(fairrag.runs().rejections(PidScheme.idOf(report.runPid(), TestFairrag.BASE_URL).orElseThrow()).await())
                .hasSize(3);
        assertThat(fairrag.registry().findAll(List.of(PidScheme.idFor("article:pubmed:90000001"),
                PidScheme.idFor("article:pubmed:90000003"))).await()).hasSize(2);
    }

    /**
     * Replays a finding of the ingestion sweep (2026-11-24): a PMID given twice in one file kept the later record
     * without a word, and counted one record read but not accepted when both fell in one batch.
     */
    @Test
    void should_keep_the_later_record_of_a_pmid_repeated_in_one_file_and_say_so() throws IOException {
        List<String> lines = new java.util.ArrayList<>();
        lines.add("{\"pmid\": \"90000031\", \"title\": \"The first record of the PMID.\", \"abstract\": \"One.\"}");
        for (int i = 0; i < 550; i++) {
            lines.add("{\"pmid\": \"" + (91000000 + i) + "\", \"title\": \"Filler " + i + ".\", \"abstract\": \"Fine.\"}");
        }
        // Line 552 repeats it in the next batch, line 553 again in the same batch as 552.
        lines.add("{\"pmid\": \"90000031\", \"title\": \"The second record of the PMID.\", \"abstract\": \"Two.\"}");
        lines.add("{\"pmid\": \"90000031\", \"title\": \"The third record of the PMID.\", \"abstract\": \"Three.\"}");

        ArticleIngest.Report report = ingest(write("repeated.jsonl", String.join("\n", lines)));

        assertThat(report.counts().read()).isEqualTo(553);
        assertThat(report.counts().accepted()).isEqualTo(553);
        assertThat(report.counts().rejected()).isZero();
        assertThat(report.warnings()).extracting(w -> w.locator() + ": " + w.message()).containsExactly(
                "repeated.jsonl line 552: PMID 90000031 was read before in this file (repeated.jsonl line 1): "
                        + "this later record replaces it",
                "repeated.jsonl line 553: PMID 90000031 was read before in this file (repeated.jsonl line 1): "
                        + "this later record replaces it");
        List<QuerySolution> titles = select("""
                PREFIX dct: <http://purl.org/dc/terms/>
                SELECT ?title WHERE { ?a dct:identifier ?pmid ; dct:title ?title }""", Map.of("pmid", "90000031"));
        assertThat(titles).extracting(r -> r.getLiteral("title").getString()).containsExactly("The third record of the PMID.");
        assertThat(fairrag.runs().warnings(PidScheme.idOf(report.runPid(), TestFairrag.BASE_URL).orElseThrow()).await())
                .hasSize(2);
    }

    /**
     * Replays a finding of the ingestion sweep (2026-11-24): one NUL in a record (JSONL, MEDLINE, CSV) failed the
     * whole file with PostgreSQL's "unsupported Unicode escape sequence", and running it again failed the same way.
     */
    @Test
    void should_ingest_records_with_nul_and_other_control_characters_without_them() throws IOException {
        Path file = write("controls.jsonl", String.join("\n",
                "{\"pmid\": \"90000011\", \"title\": \"A NUL\\u0000 in the title.\", \"abstract\": \"And\\u0000 here.\"}",
                "{\"pmid\": \"90000012\", \"title\": \"An escape \\u001b[31mred\\u007f title.\", \"abstract\": \"Fine.\"}",
                "{\"pmid\": \"90000013\", \"title\": \"A plain record after them.\", \"abstract\": \"Fine.\"}"));

        ArticleIngest.Report report = ingest(file);

        assertThat(report.counts().accepted()).as(report.rejections().toString()).isEqualTo(3);
        List<QuerySolution> titles = select("""
                PREFIX dct: <http://purl.org/dc/terms/>
                SELECT ?title WHERE { ?a dct:identifier ?pmid ; dct:title ?title }""", Map.of("pmid", "90000011"));
        assertThat(titles).extracting(r -> r.getLiteral("title").getString()).containsExactly("A NUL in the title.");
        List<QuerySolution> escaped = select("""
                PREFIX dct: <http://purl.org/dc/terms/>
                SELECT ?title WHERE { ?a dct:identifier ?pmid ; dct:title ?title }""", Map.of("pmid", "90000012"));
        assertThat(escaped).extracting(r -> r.getLiteral("title").getString()).containsExactly("An escape [31mred title.");
    }

    /**
     * Replays a finding of the ingestion sweep (2026-11-24): a file ingested public, then restricted, then public again
     * was "already ingested" the third time (its public run had completed), and its articles stayed restricted.
     */
    @Test
    void should_move_a_file_back_to_public_when_ingested_public_again_after_restricted() throws IOException {
        Path file = write("levels.jsonl", String.join("\n",
                "{\"pmid\": \"90000021\", \"title\": \"Public, then restricted, then public.\", \"abstract\": \"Fine.\"}",
                "{\"pmid\": \"90000022\", \"title\": \"Its companion.\", \"abstract\": \"Fine too.\"}"));
        String id = PidScheme.idFor("article:pubmed:90000021");

        ingest(file);
        fairrag.ingest(SourceFile.of(file), new ArticleIngest.Options("restricted", false), IngestProgress.NONE);
        String between = fairrag.registry().find(id).await().orElseThrow().accessLevel();
        ArticleIngest.Report again = ingest(file);

        assertThat(between).isEqualTo("restricted");
        assertThat(again.alreadyIngested()).isFalse();
        assertThat(fairrag.registry().find(id).await().orElseThrow().accessLevel()).isEqualTo("public");
        // The level was given, so the articles move, and the report says so for each.
        assertThat(again.warnings()).extracting(w -> w.locator() + ": " + w.message())
                .contains("PMID 90000021: the article was restricted and is now public (--access public)");
        assertThat(ingest(file).alreadyIngested()).as("a fourth time, nothing has moved it since").isTrue();
    }

    /**
     * Replays a finding of the ingestion sweep (2026-11-24): a gzip file cut short ingested nothing (the batch read so
     * far was lost) and ended on a bare "java.io.EOFException: Unexpected end of ZLIB input stream".
     */
    @Test
    void should_keep_the_records_of_a_gzip_file_cut_short_and_say_where_reading_stopped() throws IOException {
        StringBuilder jsonl = new StringBuilder();
        for (int i = 0; i < 400; i++) {
            jsonl.append("{\"pmid\": \"9100").append(1000 + i).append("\", \"title\": \"Record ").append(i)
                    .append(" of a file cut short.\", \"abstract\": \"").append("Words of its own, number ".repeat(8))
                    .append(i).append(".\"}\n");
        }
        java.io.ByteArrayOutputStream gz = new java.io.ByteArrayOutputStream();
        try (var out = new java.util.zip.GZIPOutputStream(gz)) {
            out.write(jsonl.toString().getBytes(StandardCharsets.UTF_8));
        }
        byte[] whole = gz.toByteArray();
        Path file = TestFairrag.newDir("input").resolve("cut.jsonl.gz");
        Files.write(file, java.util.Arrays.copyOf(whole, whole.length / 2));

        ArticleIngest.Report report = ingest(file);

        assertThat(report.counts().accepted()).isGreaterThan(20);
        // The record cut in two, if the cut falls inside one, is rejected as such; then reading stops, saying why.
        assertThat(report.rejections()).hasSizeBetween(1, 2);
        assertThat(report.rejections().get(report.rejections().size() - 1).reason()).startsWith("reading stopped");
        assertThat(fairrag.registry().find(PidScheme.idFor("article:pubmed:91001000")).await()).isPresent();
    }

    @Test
    void should_refuse_a_file_of_unknown_format_with_an_actionable_message() throws IOException {
        Path file = write("notes.bin", "just some words, not a bibliographic format\n");

        assertThatThrownBy(() -> ingest(file)).hasMessageContaining("unknown format").hasMessageContaining("notes.bin");
    }

    private ArticleIngest.Report ingest(Path file) throws IOException {
        return fairrag.ingest(SourceFile.of(file), ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
    }

    private List<QuerySolution> select(String sparql, Map<String, String> bindings) {
        Map<String, org.apache.jena.rdf.model.RDFNode> nodes = new java.util.HashMap<>();
        bindings.forEach((k, v) -> nodes.put(k, v.startsWith("http")
                ? ResourceFactory.createResource(v) : ResourceFactory.createPlainLiteral(v)));
        return fairrag.graph().select(QueryFactory.create(sparql), nodes);
    }

    private long triples() {
        Collection<String> graphs = List.of(fairrag.graphs().vocabulary(), fairrag.graphs().publicContent());
        return fairrag.graph().size(graphs);
    }

    private static String firstPmidOf(Path xml) throws IOException {
        try (var results = org.fairrag.ingest.read.SourceFormats.read(xml)) {
            return ((ReadResult.Accepted) results.next()).record().pmid();
        }
    }

    private static Path write(String name, String content) throws IOException {
        Path dir = TestFairrag.newDir("input");
        return Files.writeString(dir.resolve(name), content, StandardCharsets.UTF_8);
    }
}
