package org.fairrag.ingest.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fairrag.ingest.read.Reading.accepted;
import static org.fairrag.ingest.read.Reading.readAll;
import static org.fairrag.ingest.read.Reading.rejected;

import java.io.IOException;
import java.util.List;
import org.fairrag.ingest.ArticleRecord;
import org.fairrag.ingest.ReadResult;
import org.junit.jupiter.api.Test;

/** Every reader rejects a record or value over its limit, with the reason, and reads on. */
class ReaderLimitsTest {

    private static final ReadLimits SMALL = new ReadLimits(8192, 1024);
    private static final String LONG = "x".repeat(100_000);

    @Test
    void should_reject_a_jsonl_line_over_the_record_limit_and_read_on() throws IOException {
        String jsonl = json("1", "before") + "{\"pmid\": \"2\", \"title\": \"" + LONG + "\"}\n" + json("3", "after");

        List<ReadResult> results = readAll(new JsonlReader(SMALL), jsonl);

        assertThat(accepted(results)).extracting(ArticleRecord::pmid).containsExactly("1", "3");
        assertThat(rejected(results)).singleElement().satisfies(r -> {
            assertThat(r.locator()).isEqualTo("test line 2");
            assertThat(r.reason()).isEqualTo("a line of 100,026 characters is longer than the record limit of 8,192 characters");
        });
    }

    @Test
    void should_reject_a_value_over_the_text_limit_within_a_record() throws IOException {
        String jsonl = "{\"pmid\": \"4\", \"title\": \"T\", \"abstract\": \"" + "y".repeat(2000) + "\"}\n" + json("5", "fine");

        List<ReadResult> results = readAll(new JsonlReader(SMALL), jsonl);

        assertThat(accepted(results)).extracting(ArticleRecord::pmid).containsExactly("5");
        assertThat(rejected(results)).singleElement().extracting(ReadResult.Rejected::reason)
                .isEqualTo("abstract is longer than the text limit of 1,024 characters (PMID 4)");
    }

    @Test
    void should_reject_a_csv_row_over_the_record_limit_even_across_lines() throws IOException {
        String header = "Title,abstractText,meshMajor,pmid,meshid,meshroot\n";
        String csv = header + "T1,A1,[],1,[],[]\nT2,\"" + (LONG + "\n").repeat(3) + "\",[],2,[],[]\nT3,A3,[],3,[],[]\n";

        List<ReadResult> results = readAll(new KaggleCsvReader(SMALL), csv);

        assertThat(accepted(results)).extracting(ArticleRecord::pmid).containsExactly("1", "3");
        assertThat(rejected(results)).singleElement().satisfies(r -> {
            assertThat(r.locator()).isEqualTo("test line 3");
            assertThat(r.reason()).startsWith("a row of 300,0").endsWith("is longer than the record limit of 8,192 characters");
        });
        assertThat(rejected(results)).hasSize(1);
    }

    @Test
    void should_reject_a_medline_field_over_the_text_limit_and_read_the_next_record() throws IOException {
        String medline = "PMID- 6\nTI  - Before\n\nPMID- 7\nTI  - Long\nAB  - " + LONG + "\nFAU - Never, Kept\n\n"
                + "PMID- 8\nTI  - After\n";

        List<ReadResult> results = readAll(new MedlineReader(SMALL), medline);

        assertThat(accepted(results)).extracting(ArticleRecord::pmid).containsExactly("6", "8");
        assertThat(rejected(results)).singleElement().satisfies(r -> {
            assertThat(r.locator()).isEqualTo("test line 4");
            assertThat(r.reason()).isEqualTo("line 6 is longer than the text limit of 1,024 characters (PMID 7)");
        });
    }

    @Test
    void should_reject_a_medline_record_of_many_short_lines_over_the_record_limit() throws IOException {
        String medline = "PMID- 9\nTI  - Many\n" + "MH  - Heading\n".repeat(1000) + "\nPMID- 10\nTI  - After\n";

        List<ReadResult> results = readAll(new MedlineReader(SMALL), medline);

        assertThat(accepted(results)).extracting(ArticleRecord::pmid).containsExactly("10");
        assertThat(rejected(results)).singleElement().extracting(ReadResult.Rejected::reason)
                .isEqualTo("the record is longer than the record limit of 8,192 characters (PMID 9)");
    }

    @Test
    void should_reject_an_xml_article_with_a_text_node_over_the_text_limit_and_read_on() throws IOException {
        String xml = set(article("11", "<ArticleTitle>Before</ArticleTitle>")
                + article("12", "<ArticleTitle>Long</ArticleTitle><Abstract><AbstractText>" + LONG
                        + "</AbstractText></Abstract>")
                + article("13", "<ArticleTitle>After</ArticleTitle>"));

        List<ReadResult> results = readAll(new PubmedXmlReader(SMALL), xml);

        assertThat(accepted(results)).extracting(ArticleRecord::pmid).containsExactly("11", "13");
        assertThat(rejected(results)).singleElement().satisfies(r -> {
            assertThat(r.locator()).startsWith("test PubmedArticle #2");
            assertThat(r.reason()).isEqualTo("the text of <AbstractText> is longer than the text limit of 1,024 characters");
        });
    }

    @Test
    void should_reject_an_xml_article_of_many_elements_over_the_record_limit() throws IOException {
        String xml = set(article("14", "<ArticleTitle>Many</ArticleTitle><AuthorList>"
                + "<Author><LastName>A</LastName></Author>".repeat(200) + "</AuthorList>")
                + article("15", "<ArticleTitle>After</ArticleTitle>"));

        List<ReadResult> results = readAll(new PubmedXmlReader(SMALL), xml);

        assertThat(accepted(results)).extracting(ArticleRecord::pmid).containsExactly("15");
        assertThat(rejected(results)).singleElement().extracting(ReadResult.Rejected::reason)
                .isEqualTo("<PubmedArticle> is longer than the record limit of 8,192 characters");
    }

    @Test
    void should_reject_an_xml_article_nested_too_deep_and_read_on() throws IOException {
        int depth = XmlElement.MAX_DEPTH + 10;
        String xml = set(article("16", "<ArticleTitle>" + "<i>".repeat(depth) + "deep" + "</i>".repeat(depth)
                + "</ArticleTitle>") + article("17", "<ArticleTitle>After</ArticleTitle>"));

        List<ReadResult> results = readAll(new PubmedXmlReader(ReadLimits.DEFAULT), xml);

        assertThat(accepted(results)).extracting(ArticleRecord::pmid).containsExactly("17");
        assertThat(rejected(results)).singleElement().extracting(ReadResult.Rejected::reason)
                .isEqualTo("<PubmedArticle> is nested deeper than 256 elements");
    }

    @Test
    void should_stop_at_markup_over_the_text_limit_keeping_earlier_articles() throws IOException {
        for (String markup : List.of("<Journal Note=\"" + LONG + "\"/>", "<!--" + LONG + "-->",
                "<ArticleTitle><![CDATA[" + LONG + "]]></ArticleTitle>", "<?pi " + LONG + "?>")) {
            String xml = set(article("18", "<ArticleTitle>Kept</ArticleTitle>")
                    + "\n" + article("19", markup) + article("20", "<ArticleTitle>Not reached</ArticleTitle>"));

            List<ReadResult> results = readAll(new PubmedXmlReader(SMALL), xml);

            assertThat(accepted(results)).as(markup.substring(0, 6)).extracting(ArticleRecord::pmid).containsExactly("18");
            assertThat(rejected(results)).singleElement().extracting(ReadResult.Rejected::reason).asString()
                    .startsWith("reading stopped: markup (a tag, comment, CDATA section, processing instruction or DOCTYPE)"
                            + " starting at line 2 is longer than the text limit of 1,024 characters");
        }
    }

    @Test
    void should_read_markup_with_quotes_brackets_and_closing_signs_inside() throws IOException {
        String xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE PubmedArticleSet [ <!ENTITY e \"a > b\"> ]>\n"
                + set("<!-- a -> b > c - -->" + article("21", "<ArticleTitle a=\"x > y\" b='\"'>T <![CDATA[ ] > ]] ]]></ArticleTitle>")
                + "<?pi a ? > b ?>");

        List<ReadResult> results = readAll(new PubmedXmlReader(SMALL), xml);

        assertThat(rejected(results)).isEmpty();
        assertThat(accepted(results)).singleElement().extracting(ArticleRecord::title).isEqualTo("T ] > ]]");
    }

    private static String json(String pmid, String title) {
        return "{\"pmid\": \"" + pmid + "\", \"title\": \"" + title + "\"}\n";
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
