package org.fairrag.pid;

import static org.fairrag.graph.Vocab.*;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.vocabulary.RDF;
import org.fairrag.app.Fairrag;
import org.fairrag.app.HttpServerLauncher;
import org.fairrag.fdo.FdoDraft;
import org.fairrag.fdo.FdoKind;
import org.fairrag.fdo.Licenses;
import org.fairrag.fdo.PidScheme;
import org.fairrag.ingest.Article;
import org.fairrag.ingest.ArticleIndex;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.SourceFile;
import org.fairrag.testing.TestFairrag;
import org.fairrag.ingest.VocabularyIngest;
import org.fairrag.vocab.VocabularyInfo;

/**
 * The shared instance PID tests resolve against: the MeSH test instance, serving HTTP, with a few
 * articles whose data tries to break out of HTML (titles with script elements, quotes, ampersands), an
 * author with an ORCID, and a summary published the way summarize publishes one.
 */
final class PidFixture {

    /** PMIDs no sample file uses. */
    static final String HOSTILE_PMID = "99000001";
    static final String PLAIN_PMID = "99000002";
    static final String TOMBSTONE_BY_API_PMID = "99000003";
    static final String REINGEST_PMID = "99000004";
    static final String HOSTILE_TITLE = "Tumour <script>alert(1)</script> & \"quoted\" </script> markers";
    static final String HOSTILE_ABSTRACT = "Results </script><script>alert(2)</script> & more.";
    static final String ORCID = "0000-0002-1825-0097";
    static final String MOUTH_NEOPLASMS = "D009062";

    private static PidFixture instance;

    final Fairrag fairrag;
    final int port;
    final InMemoryArticleIndex index = new InMemoryArticleIndex();
    final String articlePid;
    final String plainArticlePid;
    final String termPid;
    final String datasetPid;
    final String summaryPid;
    final String runPid;
    final Path xmlFile;
    private final HttpClient http = HttpClient.newHttpClient();

    private PidFixture() {
        fairrag = TestFairrag.mesh();
        fairrag.addArticleIndex(index);
        try {
            xmlFile = write("pid-fixture.xml", pubmedXml());
            ArticleIngest.Report report = fairrag.ingest(SourceFile.of(xmlFile), ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
            runPid = report.runPid();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        articlePid = pidOfPmid(HOSTILE_PMID);
        plainArticlePid = pidOfPmid(PLAIN_PMID);
        termPid = fairrag.publisher().pidUrl(VocabularyIngest.termId(VocabularyInfo.MESH_2024, MOUTH_NEOPLASMS));
        datasetPid = fairrag.datasetFdo().pid();
        summaryPid = publishSummary(List.of(articlePid, plainArticlePid));
        port = HttpServerLauncher.start(fairrag).port();
    }

    static synchronized PidFixture get() {
        if (instance == null) {
            instance = new PidFixture();
        }
        return instance;
    }

    String pidOfPmid(String pmid) {
        return fairrag.publisher().pidUrl(ArticleIngest.articleId(pmid));
    }

    /** The PID of each kind of FDO, by kind. */
    Map<FdoKind, String> pidsByKind() {
        return Map.of(FdoKind.ARTICLE, articlePid, FdoKind.TERM, termPid, FdoKind.DATASET, datasetPid,
                FdoKind.SUMMARY, summaryPid, FdoKind.INGESTION_RUN, runPid);
    }

    /** Publishes a summary FDO the way summarize does: a fr:Summary whose statements cite their sources. */
    String publishSummary(List<String> sources) {
        String id = PidScheme.randomId();
        String pid = fairrag.publisher().pidUrl(id);
        Model m = ModelFactory.createDefaultModel();
        Resource s = m.createResource(pid)
                .addProperty(RDF.type, SUMMARY)
                .addProperty(RDF.type, CREATIVE_WORK)
                .addProperty(RDF.type, PROV_ENTITY)
                .addProperty(RDF.type, FAIR_DIGITAL_OBJECT)
                .addProperty(IDENTIFIER, pid)
                .addProperty(DCT_TITLE, "Summary: what do <script>alert(3)</script> markers show?", "en")
                .addProperty(TEXT, "Markers rise in tumours. Treatment & follow-up matter.")
                .addProperty(PROMPT, "what do <script>alert(3)</script> markers show?")
                .addProperty(GENERATED_WITH, "extractive")
                .addProperty(DCT_LICENSE, m.createResource(Licenses.FAIRRAG_METADATA));
        sources.forEach(src -> s.addProperty(WAS_DERIVED_FROM, m.createResource(src)));
        String[] texts = {"Markers rise in tumours.", "Treatment & follow-up </p> matter."};
        for (int i = 0; i < texts.length; i++) {
            Resource statement = m.createResource(pid + "#statement-" + (i + 1))
                    .addProperty(TEXT, texts[i])
                    .addLiteral(POSITION, integer(i + 1))
                    .addProperty(CITATION, m.createResource(sources.get(i % sources.size())));
            s.addProperty(HAS_PART, statement);
        }
        fairrag.publisher().publish(fairrag.graphs().publicContent(),
                List.of(new FdoDraft(id, FdoKind.SUMMARY, null, null, m, "public")), null);
        return pid;
    }

    HttpResponse<String> get(String url, String... headers) {
        return send(HttpRequest.newBuilder(local(url)).GET(), headers);
    }

    HttpResponse<String> head(String url, String... headers) {
        return send(HttpRequest.newBuilder(local(url)).method("HEAD", HttpRequest.BodyPublishers.noBody()), headers);
    }

    HttpResponse<byte[]> getBytes(String url, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(local(url)).GET();
        if (headers.length > 0) {
            b.headers(headers);
        }
        try {
            return http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    HttpResponse<String> post(String url, String body, String... headers) {
        return send(HttpRequest.newBuilder(local(url)).POST(HttpRequest.BodyPublishers.ofString(body)), headers);
    }

    HttpResponse<String> send(HttpRequest.Builder b, String... headers) {
        if (headers.length > 0) {
            b.headers(headers);
        }
        try {
            return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A PID or path of this instance as a loopback URL (PIDs are minted under the test base URL). */
    URI local(String pidOrPath) {
        String path = pidOrPath.startsWith(TestFairrag.BASE_URL) ? pidOrPath.substring(TestFairrag.BASE_URL.length()) : pidOrPath;
        return URI.create("http://127.0.0.1:" + port + path);
    }

    static Path write(String name, String content) throws IOException {
        Path file = TestFairrag.newSharedDir("pid").resolve(name);
        Files.writeString(file, content, StandardCharsets.UTF_8);
        return file;
    }

    private static String pubmedXml() {
        return "<?xml version=\"1.0\"?>\n<PubmedArticleSet>"
                + article(HOSTILE_PMID, xmlEscape(HOSTILE_TITLE), xmlEscape(HOSTILE_ABSTRACT),
                "<AuthorList><Author><LastName>O'Brien &lt;b&gt;</LastName><ForeName>Ann</ForeName>"
                        + "<Identifier Source=\"ORCID\">" + ORCID + "</Identifier></Author>"
                        + "<Author><LastName>Smith</LastName><ForeName>Bo</ForeName></Author></AuthorList>"
                        + "<ELocationID EIdType=\"doi\" ValidYN=\"Y\">10.1234/fairrag.test.1</ELocationID>")
                + article(PLAIN_PMID, "Salivary markers in oral cancer.", "A plain abstract.", "")
                + article(TOMBSTONE_BY_API_PMID, "An article to withdraw.", "Its abstract goes away.", "")
                + article(REINGEST_PMID, "An article that must stay withdrawn.", "Its abstract goes away too.", "")
                + "</PubmedArticleSet>\n";
    }

    private static String article(String pmid, String title, String abstractText, String more) {
        return "<PubmedArticle><MedlineCitation><PMID Version=\"1\">" + pmid + "</PMID><Article>"
                + "<Journal><JournalIssue><PubDate><Year>2021</Year><Month>Mar</Month></PubDate></JournalIssue>"
                + "<Title>Journal of &lt;i&gt;Tests&lt;/i&gt;</Title></Journal>"
                + "<ArticleTitle>" + title + "</ArticleTitle><Abstract><AbstractText>" + abstractText + "</AbstractText></Abstract>"
                + more + "</Article>"
                + "<MeshHeadingList><MeshHeading><DescriptorName UI=\"" + MOUTH_NEOPLASMS + "\" MajorTopicYN=\"Y\">Mouth Neoplasms"
                + "</DescriptorName></MeshHeading><MeshHeading><DescriptorName UI=\"D006801\" MajorTopicYN=\"N\">Humans"
                + "</DescriptorName></MeshHeading></MeshHeadingList></MedlineCitation></PubmedArticle>";
    }

    private static String xmlEscape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    /** An article index kept in memory: what the vector index would be told. */
    static final class InMemoryArticleIndex implements ArticleIndex {
        final Map<String, Article> articles = new ConcurrentHashMap<>();
        final List<String> removed = java.util.Collections.synchronizedList(new ArrayList<>());

        @Override
        public void index(List<Article> batch) {
            batch.forEach(a -> articles.put(a.pid(), a));
        }

        @Override
        public void remove(Collection<String> pids) {
            pids.forEach(articles::remove);
            removed.addAll(pids);
        }
    }
}
