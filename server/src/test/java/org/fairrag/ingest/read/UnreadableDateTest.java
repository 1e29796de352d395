package org.fairrag.ingest.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fairrag.ingest.read.Reading.acceptedResults;
import static org.fairrag.ingest.read.Reading.readAll;

import java.io.IOException;
import java.util.List;
import org.fairrag.ingest.ReadResult;
import org.junit.jupiter.api.Test;

/**
 * A publication date that gives no year in range (0, 99999, a word) keeps its record, without a date, and says so in
 * a warning; a readable date gives none. Before, 99999 was stored as 9999 and the others dropped without a word.
 */
class UnreadableDateTest {

    @Test
    void should_keep_a_jsonl_record_with_an_impossible_year_without_a_date_and_warn() throws IOException {
        String jsonl = """
                {"pmid": "1", "title": "Five digits", "year": 99999}
                {"pmid": "2", "title": "Zero", "year": 0}
                {"pmid": "3", "title": "A word", "year": "unknown"}
                {"pmid": "4", "title": "Fine", "year": 2019}
                {"pmid": "5", "title": "None given"}
                """;

        List<ReadResult.Accepted> accepted = acceptedResults(readAll(new JsonlReader(), jsonl));

        assertThat(accepted).extracting(a -> a.record().date()).containsExactly(null, null, null, "2019", null);
        assertThat(accepted.get(0).warnings()).containsExactly(
                "PMID 1: publication date '99999' has no year from 1500 to next year; kept without a date");
        assertThat(accepted.get(1).warnings()).singleElement().asString().contains("'0'");
        assertThat(accepted.get(2).warnings()).singleElement().asString().contains("'unknown'");
        assertThat(accepted.get(3).warnings()).isEmpty();
        assertThat(accepted.get(4).warnings()).isEmpty();
    }

    @Test
    void should_warn_about_a_medline_date_with_no_year() throws IOException {
        String medline = "PMID- 6\nTI  - Odd\nDP  - 20199 Jan\n\nPMID- 7\nTI  - Fine\nDP  - 2019 Jan\n";

        List<ReadResult.Accepted> accepted = acceptedResults(readAll(new MedlineReader(), medline));

        assertThat(accepted).extracting(a -> a.record().date()).containsExactly(null, "2019-01");
        assertThat(accepted.get(0).warnings()).singleElement().asString().contains("'20199 Jan'");
        assertThat(accepted.get(1).warnings()).isEmpty();
    }

    @Test
    void should_warn_about_an_xml_pub_date_with_a_year_out_of_range_and_name_all_its_parts() throws IOException {
        String xml = "<?xml version=\"1.0\"?>\n<PubmedArticleSet>" + article("8", "<Year>0000</Year><Month>Jun</Month>")
                + article("9", "<Year>2001</Year><Month>Jun</Month>") + "</PubmedArticleSet>";

        List<ReadResult.Accepted> accepted = acceptedResults(readAll(new PubmedXmlReader(), xml));

        assertThat(accepted).extracting(a -> a.record().date()).containsExactly(null, "2001-06");
        assertThat(accepted.get(0).warnings()).singleElement().asString().contains("'0000 Jun'");
        assertThat(accepted.get(1).warnings()).isEmpty();
    }

    private static String article(String pmid, String pubDate) {
        return "<PubmedArticle><MedlineCitation><PMID>" + pmid + "</PMID><Article><Journal><JournalIssue><PubDate>"
                + pubDate + "</PubDate></JournalIssue></Journal><ArticleTitle>T" + pmid
                + "</ArticleTitle></Article></MedlineCitation></PubmedArticle>";
    }
}
