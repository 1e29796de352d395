package org.fairrag.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;

class CsvWriterTest {

    @Test
    void should_write_a_header_and_one_row_per_article() throws Exception {
        List<CSVRecord> rows = parse(ExportFormat.CSV.write(List.of(Articles.complete(), Articles.bare())));

        assertThat(rows.get(0).toList()).isEqualTo(CsvWriter.HEADER);
        assertThat(rows.get(1).toList()).containsExactly("http://fairrag.test/pid/b0c1d2f3g4h5j", "31234567",
                "10.1000/xyz_123", "Oral cancer: a review", "Smith, Jane; de la Cruz, Ana", "Oral Oncology", "2019",
                "2019-09-14", "Humans; Mouth Neoplasms", "Background. Surgery, radiotherapy.",
                "https://pubmed.ncbi.nlm.nih.gov/31234567/");
        assertThat(rows.get(2).toList()).containsExactly("http://fairrag.test/pid/k6m7n8p9q0r1s", "1000", "", "", "",
                "", "", "", "", "", "https://pubmed.ncbi.nlm.nih.gov/1000/");
        assertThat(rows).hasSize(3);
    }

    @Test
    void should_quote_commas_quotes_and_line_breaks_and_keep_them() throws Exception {
        ExportedArticle a = Articles.awkward();

        CSVRecord row = parse(ExportFormat.CSV.write(List.of(a))).get(1);

        assertThat(row.get("title")).isEqualTo(a.title());
        assertThat(row.get("abstract")).isEqualTo("Line one\r\nline two");
        assertThat(row.get("journal")).isEqualTo("J. \"Quotes\", Inc.");
        assertThat(row.get("authors")).isEqualTo("World Health Organization; Sun and Moon, Ray");
    }

    @Test
    void should_keep_spreadsheets_from_running_a_cell_as_a_formula() throws Exception {
        CSVRecord row = parse(ExportFormat.CSV.write(List.of(Articles.awkward()))).get(1);

        assertThat(row.get("mesh_terms")).isEqualTo("'=cmd()");
        assertThat(CsvWriter.inert("-1")).isEqualTo("'-1");
        assertThat(CsvWriter.inert("@SUM(A1)")).isEqualTo("'@SUM(A1)");
    }

    @Test
    void should_end_every_record_with_crlf() {
        String csv = ExportFormat.CSV.write(List.of(Articles.bare()));

        assertThat(csv).endsWith("\r\n").doesNotContainPattern("[^\r]\n");
    }

    private static List<CSVRecord> parse(String csv) throws Exception {
        return CSVFormat.RFC4180.builder().setHeader(CsvWriter.HEADER.toArray(String[]::new)).get()
                .parse(new StringReader(csv)).getRecords();
    }
}
