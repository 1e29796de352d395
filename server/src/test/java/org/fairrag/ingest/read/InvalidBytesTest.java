package org.fairrag.ingest.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fairrag.ingest.read.Reading.acceptedResults;
import static org.fairrag.ingest.read.Reading.bytes;
import static org.fairrag.ingest.read.Reading.readAll;
import static org.fairrag.ingest.read.Reading.rejected;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.fairrag.ingest.ReadResult;
import org.junit.jupiter.api.Test;

/**
 * Bytes that are not valid UTF-8 are replaced by U+FFFD and the record is kept, with a warning naming
 * the record (PMID, locator) and where the bytes were; the records around it carry no warning.
 */
class InvalidBytesTest {

    /** "Sjögren" as ISO-8859-1 wrote it: {@code F6} alone is not UTF-8. */
    private static final byte[] LATIN1_O_UMLAUT = {(byte) 0xF6};

    @Test
    void should_warn_about_invalid_bytes_in_a_jsonl_record() throws IOException {
        byte[] jsonl = bytes("{\"pmid\": \"1\", \"title\": \"Clean\"}\n{\"pmid\": \"2\", \"title\": \"Sj", LATIN1_O_UMLAUT,
                "gren\"}\n{\"pmid\": \"3\", \"title\": \"Clean too\"}\n");

        List<ReadResult.Accepted> accepted = acceptedResults(readAll(new JsonlReader(), jsonl));

        assertThat(accepted).extracting(a -> a.record().pmid()).containsExactly("1", "2", "3");
        assertThat(accepted.get(1).record().title()).isEqualTo("Sj\uFFFDgren");
        assertThat(accepted.get(1).locator()).isEqualTo("test line 2");
        assertThat(accepted.get(1).warnings()).containsExactly(
                "PMID 2: invalid UTF-8: 1 byte sequence replaced by U+FFFD, the first at line 2, column 27");
        assertThat(accepted.get(0).warnings()).isEmpty();
        assertThat(accepted.get(2).warnings()).isEmpty();
    }

    @Test
    void should_warn_about_invalid_bytes_in_a_csv_row() throws IOException {
        byte[] csv = bytes("Title,abstractText,meshMajor,pmid,meshid,meshroot\nT1,A1,[],1,[],[]\n\"T", LATIN1_O_UMLAUT,
                "\",\"two\nlines ", LATIN1_O_UMLAUT, "\",[],2,[],[]\nT3,A3,[],3,[],[]\n");

        List<ReadResult.Accepted> accepted = acceptedResults(readAll(new KaggleCsvReader(), csv));

        assertThat(accepted).extracting(a -> a.record().pmid()).containsExactly("1", "2", "3");
        assertThat(accepted.get(1).warnings()).containsExactly(
                "PMID 2: invalid UTF-8: 2 byte sequences replaced by U+FFFD, the first at line 3, column 3");
        assertThat(accepted.get(2).warnings()).isEmpty();
    }

    @Test
    void should_warn_about_invalid_bytes_in_a_medline_record() throws IOException {
        byte[] medline = bytes("PMID- 4\nTI  - Clean\n\nPMID- 5\nTI  - Sj", LATIN1_O_UMLAUT, "gren\n\nPMID- 6\nTI  - Clean\n");

        List<ReadResult.Accepted> accepted = acceptedResults(readAll(new MedlineReader(), medline));

        assertThat(accepted).extracting(a -> a.record().pmid()).containsExactly("4", "5", "6");
        assertThat(accepted.get(1).warnings()).containsExactly(
                "PMID 5: invalid UTF-8: 1 byte sequence replaced by U+FFFD, the first at line 5, column 9");
        assertThat(accepted.get(0).warnings()).isEmpty();
        assertThat(accepted.get(2).warnings()).isEmpty();
    }

    @Test
    void should_keep_reading_xml_with_invalid_bytes_and_warn_about_their_article() throws IOException {
        String beforeBadByte = "<PubmedArticle><MedlineCitation><PMID>8</PMID><Article><ArticleTitle>Sj";
        byte[] xml = bytes("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<PubmedArticleSet>\n", article("7", "Clean"), "\n",
                beforeBadByte, LATIN1_O_UMLAUT, "gren</ArticleTitle></Article></MedlineCitation></PubmedArticle>\n",
                article("9", "Clean"), "\n</PubmedArticleSet>\n");

        List<ReadResult> results = readAll(new PubmedXmlReader(), xml);

        assertThat(rejected(results)).isEmpty();
        List<ReadResult.Accepted> accepted = acceptedResults(results);
        assertThat(accepted).extracting(a -> a.record().pmid()).containsExactly("7", "8", "9");
        assertThat(accepted.get(1).record().title()).isEqualTo("Sj\uFFFDgren");
        assertThat(accepted.get(1).warnings()).containsExactly("PMID 8: invalid UTF-8: 1 byte sequence replaced by U+FFFD, "
                + "the first at line 4, column " + (beforeBadByte.length() + 1));
        assertThat(accepted.get(0).warnings()).isEmpty();
        assertThat(accepted.get(2).warnings()).isEmpty();
    }

    @Test
    void should_decode_xml_in_the_encoding_its_declaration_names() throws IOException {
        byte[] xml = bytes("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<PubmedArticleSet>",
                article("10", "Sj"), "</PubmedArticleSet>");
        xml = new String(xml, StandardCharsets.ISO_8859_1).replace(">Sj<", ">Sj\u00f6gren<").getBytes(StandardCharsets.ISO_8859_1);

        List<ReadResult.Accepted> accepted = acceptedResults(readAll(new PubmedXmlReader(), xml));

        assertThat(accepted).singleElement().satisfies(a -> {
            assertThat(a.record().title()).isEqualTo("Sj\u00f6gren");
            assertThat(a.warnings()).isEmpty();
        });
    }

    private static String article(String pmid, String title) {
        return "<PubmedArticle><MedlineCitation><PMID>" + pmid + "</PMID><Article><ArticleTitle>" + title
                + "</ArticleTitle></Article></MedlineCitation></PubmedArticle>";
    }
}
