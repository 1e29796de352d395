package org.fairrag.ingest.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.fairrag.ingest.read.Reading.accepted;
import static org.fairrag.ingest.read.Reading.byPmid;
import static org.fairrag.ingest.read.Reading.failingAfter;
import static org.fairrag.ingest.read.Reading.heading;
import static org.fairrag.ingest.read.Reading.readAll;
import static org.fairrag.ingest.read.Reading.rejected;
import static org.fairrag.ingest.read.Reading.sample;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.fairrag.ingest.ArticleRecord;
import org.fairrag.ingest.ArticleRecord.Author;
import org.fairrag.ingest.ReadResult;
import org.fairrag.ingest.RecordReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PubmedXmlReaderTest {

    private final PubmedXmlReader reader = new PubmedXmlReader();

    @ParameterizedTest
    @CsvSource({
        "PubMedPortable_pancreatic_cancer_medline_00000000.xml.gz, 100",
        "netsynergy_pubmed21n0001.xml.gz, 49",
        "netsynergy_pubmed21n1000.xml.gz, 29",
        "netsynergy_pubmed21n1001.xml.gz, 37",
        "netsynergy_pubmed21n1002.xml.gz, 45",
        "netsynergy_pubmed21n1003.xml.gz, 51",
        "netsynergy_pubmed21n1004.xml.gz, 88",
        "netsynergy_pubmed21n1005.xml.gz, 20"
    })
    void should_accept_every_article_of_a_sample_file(String file, int articles) throws IOException {
        List<ReadResult> results = readAll(sample("xml/" + file));

        assertThat(rejected(results)).isEmpty();
        assertThat(accepted(results)).hasSize(articles)
                .allSatisfy(record -> assertThat(record.source()).isEqualTo("pubmed_xml"));
    }

    @Test
    void should_read_every_field_of_a_known_article() throws IOException {
        ArticleRecord record = byPmid(readAll(sample("xml/netsynergy_pubmed21n0001.xml.gz")), "1");

        assertThat(record.title()).isEqualTo("Formate assay in body fluids: application in methanol poisoning.");
        assertThat(record.abstractText()).isNull();
        assertThat(record.journal()).isEqualTo("Biochemical medicine");
        assertThat(record.date()).isEqualTo("1975-06");
        assertThat(record.authors()).hasSize(4);
        assertThat(record.authors().get(0)).isEqualTo(new Author("Makar, A B", "Makar", "A B", null));
        assertThat(record.doi()).isEqualTo("10.1016/0006-2944(75)90147-7");
        assertThat(record.mesh()).hasSize(12);
        assertThat(heading(record, "Animals").ui()).isEqualTo("D000818");
        assertThat(heading(record, "Animals").major()).isFalse();
    }

    @Test
    void should_mark_a_heading_major_when_only_a_qualifier_is_major() throws IOException {
        ArticleRecord record = byPmid(readAll(sample("xml/netsynergy_pubmed21n0001.xml.gz")), "1");

        assertThat(heading(record, "Body Fluids").ui()).isEqualTo("D001826");
        assertThat(heading(record, "Body Fluids").major()).isTrue();
        assertThat(heading(record, "Carbon Dioxide").major()).isFalse();
    }

    @Test
    void should_render_labelled_abstract_sections_as_label_colon_text() throws IOException {
        ArticleRecord record =
                byPmid(readAll(sample("xml/PubMedPortable_pancreatic_cancer_medline_00000000.xml.gz")), "10024124");

        assertThat(record.abstractText())
                .startsWith("BACKGROUND: Regionalization of high-risk surgical procedures")
                .contains("despite the expected mortality benefit. OBJECTIVE: To determine the strength")
                .contains(" MAIN OUTCOME MEASURE: Additional operative mortality risk")
                .endsWith("expected value of regionalizing major surgery.");
        assertThat(record.date()).isEqualTo("1999-02");
        assertThat(record.journal()).isEqualTo("Medical care");
    }

    @Test
    void should_flatten_inline_markup_in_the_title() throws IOException {
        ArticleRecord record = byPmid(readAll(sample("xml/netsynergy_pubmed21n1000.xml.gz")), "31388315");

        assertThat(record.title()).isEqualTo("The impact of panitumumab treatment on survival and quality of life"
                + " in patients with RAS wild-type metastatic colorectal cancer.");
    }

    @Test
    void should_take_the_doi_from_the_elocation_id() throws IOException {
        ArticleRecord record = byPmid(readAll(sample("xml/netsynergy_pubmed21n1000.xml.gz")), "31388315");

        assertThat(record.doi()).isEqualTo("10.2147/CMAR.S186042");
        assertThat(record.authors().get(0))
                .isEqualTo(new Author("Battaglin, Francesca", "Battaglin", "Francesca", null));
    }

    @Test
    void should_take_the_year_of_a_medline_date_range() throws IOException {
        ArticleRecord record =
                byPmid(readAll(sample("xml/PubMedPortable_pancreatic_cancer_medline_00000000.xml.gz")), "10030405");

        assertThat(record.date()).isEqualTo("1999");
        assertThat(record.title()).isEqualTo("Chemoradiation for localized pancreatic cancer: another perspective.");
        assertThat(record.journal()).isEqualTo("Annals of surgical oncology");
    }

    @Test
    void should_keep_a_collective_author_whole() throws IOException {
        ArticleRecord record = byPmid(readAll(sample("xml/netsynergy_pubmed21n1001.xml.gz")), "31418851");

        assertThat(record.authors()).contains(new Author("participating investigators", null, null, null));
    }

    @Test
    void should_normalise_an_orcid_given_as_url() throws IOException {
        String xml = set(article("111", "<ArticleTitle>T</ArticleTitle>"
                + "<AuthorList><Author ValidYN=\"Y\"><LastName>Carberry</LastName><ForeName>Josiah</ForeName>"
                + "<Identifier Source=\"ORCID\">https://orcid.org/0000-0002-1825-009x</Identifier>"
                + "<AffiliationInfo><Identifier Source=\"ISNI\">0000 0004 1759 700X</Identifier></AffiliationInfo>"
                + "</Author></AuthorList>"));

        ArticleRecord record = accepted(readAll(reader, xml)).get(0);

        assertThat(record.authors()).containsExactly(
                new Author("Carberry, Josiah", "Carberry", "Josiah", "0000-0002-1825-009X"));
    }

    @Test
    void should_leave_out_authors_marked_invalid() throws IOException {
        String xml = set(article("112", "<ArticleTitle>T</ArticleTitle><AuthorList>"
                + "<Author ValidYN=\"N\"><LastName>Smiht</LastName><Initials>J</Initials></Author>"
                + "<Author ValidYN=\"Y\"><LastName>Smith</LastName><Initials>J</Initials></Author>"
                + "</AuthorList>"));

        assertThat(accepted(readAll(reader, xml)).get(0).authors())
                .extracting(Author::name)
                .containsExactly("Smith, J");
    }

    @Test
    void should_reject_an_article_without_pmid_and_read_on() throws IOException {
        String xml = set(article("201", "<ArticleTitle>First</ArticleTitle>")
                + article("", "<ArticleTitle>Second</ArticleTitle>")
                + article("203", "<ArticleTitle>Third</ArticleTitle>"));

        List<ReadResult> results = readAll(reader, xml);

        assertThat(accepted(results)).extracting(ArticleRecord::pmid).containsExactly("201", "203");
        assertThat(rejected(results)).singleElement().satisfies(rejection -> {
            assertThat(rejection.reason()).isEqualTo("no PMID");
            assertThat(rejection.locator()).startsWith("test PubmedArticle #2");
        });
    }

    @Test
    void should_reject_a_pmid_that_is_not_digits() throws IOException {
        String xml = set(article("12a4", "<ArticleTitle>T</ArticleTitle>"));

        assertThat(rejected(readAll(reader, xml))).singleElement()
                .satisfies(rejection -> assertThat(rejection.reason()).isEqualTo("invalid PMID: '12a4': a PMID is a number of ASCII digits"));
    }

    @Test
    void should_reject_an_article_without_title_or_abstract() throws IOException {
        String xml = set(article("301", "<ArticleTitle>  </ArticleTitle>"));

        assertThat(rejected(readAll(reader, xml))).singleElement()
                .satisfies(rejection -> assertThat(rejection.reason()).startsWith("no title or abstract"));
    }

    @Test
    void should_accept_an_abstract_without_title() throws IOException {
        String xml = set(article("302", "<Abstract><AbstractText>Only an abstract.</AbstractText></Abstract>"));

        ArticleRecord record = accepted(readAll(reader, xml)).get(0);

        assertThat(record.title()).isNull();
        assertThat(record.abstractText()).isEqualTo("Only an abstract.");
    }

    @Test
    void should_stop_with_one_rejection_at_truncated_xml_keeping_earlier_articles() throws IOException {
        String xml = "<PubmedArticleSet>\n" + article("401", "<ArticleTitle>Complete</ArticleTitle>")
                + "\n<PubmedArticle><MedlineCitation><PMID>402</PMID><Article><ArticleTitle>Cut he";

        List<ReadResult> results = readAll(reader, xml);

        assertThat(results).hasSize(2);
        assertThat(accepted(results)).extracting(ArticleRecord::pmid).containsExactly("401");
        assertThat(rejected(results)).singleElement().satisfies(rejection -> {
            assertThat(rejection.reason()).startsWith("XML not well-formed, reading stopped: ");
            assertThat(rejection.locator()).isEqualTo("test line 3");
        });
    }

    @Test
    void should_stop_at_mismatched_tags_inside_an_article() throws IOException {
        String xml = set(article("501", "<ArticleTitle>Good</ArticleTitle>")
                + article("502", "<ArticleTitle>Bad</ArticleTitel>")
                + article("503", "<ArticleTitle>Never reached</ArticleTitle>"));

        List<ReadResult> results = readAll(reader, xml);

        assertThat(accepted(results)).extracting(ArticleRecord::pmid).containsExactly("501");
        assertThat(rejected(results)).singleElement()
                .satisfies(rejection -> assertThat(rejection.reason()).contains("ArticleTitle"));
    }

    @Test
    void should_neither_fetch_the_dtd_nor_expand_external_entities(@TempDir Path dir) throws IOException {
        Path secret = Files.writeString(dir.resolve("secret.txt"), "SECRET-CONTENT");
        AtomicInteger requests = new AtomicInteger();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            requests.incrementAndGet();
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        server.start();
        try {
            String base = "http://127.0.0.1:" + server.getAddress().getPort();
            String xml = "<?xml version=\"1.0\"?>\n"
                    + "<!DOCTYPE PubmedArticleSet SYSTEM \"" + base + "/pubmed_190101.dtd\" [\n"
                    + "  <!ENTITY file SYSTEM \"" + secret.toUri() + "\">\n"
                    + "  <!ENTITY web SYSTEM \"" + base + "/entity\">\n"
                    + "  <!ENTITY % remote SYSTEM \"" + base + "/parameter.dtd\"> %remote;\n"
                    + "]>\n"
                    + set(article("601", "<ArticleTitle>Before &file; between &web; after &amp; done</ArticleTitle>"));

            List<ReadResult> results = readAll(reader, xml);

            assertThat(requests).hasValue(0);
            assertThat(accepted(results)).singleElement().satisfies(record ->
                    assertThat(record.title()).isEqualTo("Before between after & done"));
        } finally {
            server.stop(0);
        }
    }

    @Test
    void should_throw_when_the_stream_itself_fails() throws IOException {
        String start = "<PubmedArticleSet>" + article("701", "<ArticleTitle>Read</ArticleTitle>") + "<PubmedArticle>";

        try (RecordReader.Results results = reader.open(failingAfter(start), "test")) {
            assertThat(results.next()).isInstanceOf(ReadResult.Accepted.class);
            assertThatThrownBy(results::hasNext)
                    .isInstanceOf(UncheckedIOException.class)
                    .hasRootCauseMessage("device gone");
        }
    }

    @Test
    void should_map_a_book_article() throws IOException {
        String xml = set("<PubmedBookArticle><BookDocument><PMID Version=\"1\">20301295</PMID>"
                + "<ArticleIdList><ArticleId IdType=\"bookaccession\">NBK1116</ArticleId></ArticleIdList>"
                + "<Book><Publisher><PublisherName>University of Washington</PublisherName></Publisher>"
                + "<BookTitle book=\"gene\">GeneReviews</BookTitle><PubDate><Year>1993</Year></PubDate></Book>"
                + "<ArticleTitle book=\"gene\" part=\"ataxia\">Ataxia Overview</ArticleTitle>"
                + "<AuthorList Type=\"editors\"><Author><LastName>Adam</LastName></Author></AuthorList>"
                + "<AuthorList Type=\"authors\"><Author><LastName>Bird</LastName><ForeName>Thomas D</ForeName>"
                + "</Author></AuthorList>"
                + "<Abstract><AbstractText Label=\"GOAL\">To inform.</AbstractText></Abstract>"
                + "</BookDocument><PubmedBookData><ArticleIdList><ArticleId IdType=\"doi\">10.1000/book.1</ArticleId>"
                + "</ArticleIdList></PubmedBookData></PubmedBookArticle>");

        ArticleRecord record = accepted(readAll(reader, xml)).get(0);

        assertThat(record.pmid()).isEqualTo("20301295");
        assertThat(record.title()).isEqualTo("Ataxia Overview");
        assertThat(record.abstractText()).isEqualTo("GOAL: To inform.");
        assertThat(record.date()).isEqualTo("1993");
        assertThat(record.journal()).isNull();
        assertThat(record.authors()).extracting(Author::name).containsExactly("Bird, Thomas D");
        assertThat(record.doi()).isEqualTo("10.1000/book.1");
    }

    private static String set(String articles) {
        return "<PubmedArticleSet>" + articles + "</PubmedArticleSet>";
    }

    private static String article(String pmid, String articleContent) {
        return "<PubmedArticle><MedlineCitation><PMID Version=\"1\">" + pmid + "</PMID><Article>"
                + "<Journal><JournalIssue><PubDate><Year>2020</Year></PubDate></JournalIssue><Title>J</Title></Journal>"
                + articleContent + "</Article></MedlineCitation></PubmedArticle>";
    }
}
