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

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.fairrag.ingest.ArticleRecord;
import org.fairrag.ingest.ArticleRecord.MeshHeading;
import org.fairrag.ingest.ReadResult;
import org.fairrag.ingest.RecordReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class KaggleCsvReaderTest {

    private static final String HEADER = "Title,abstractText,meshMajor,pmid,meshid,meshroot,A,B\n";

    private static List<ReadResult> sampleResults;

    private final KaggleCsvReader reader = new KaggleCsvReader();

    @BeforeAll
    static void readSample() throws IOException {
        sampleResults = readAll(sample("kaggle/kaggle_pubmed_multilabel_slice.csv.gz"));
    }

    @Test
    void should_accept_all_2600_rows_of_the_sample() {
        assertThat(rejected(sampleResults)).isEmpty();
        assertThat(accepted(sampleResults)).hasSize(2600)
                .allSatisfy(record -> {
                    assertThat(record.source()).isEqualTo("kaggle_pubmed_multilabel");
                    assertThat(record.journal()).isNull();
                    assertThat(record.date()).isNull();
                    assertThat(record.authors()).isEmpty();
                    assertThat(record.mesh()).noneMatch(MeshHeading::major);
                });
    }

    @Test
    void should_pair_names_with_tree_numbers_when_the_lists_align() {
        ArticleRecord record = byPmid(sampleResults, "9854");

        assertThat(record.title()).isEqualTo("[High altitude acute pulmonary edema (author's transl)].");
        assertThat(record.abstractText()).startsWith("HAAPE has been recognised only recently");
        assertThat(record.mesh()).extracting(MeshHeading::name)
                .containsExactly("Altitude", "Altitude Sickness", "Humans", "Hypoxia", "Pulmonary Edema");
        assertThat(heading(record, "Altitude").treeNumbers()).containsExactly("G16.500.275.058", "N06.230.058");
        assertThat(heading(record, "Pulmonary Edema").treeNumbers()).containsExactly("C08.381.742");
    }

    @Test
    void should_leave_tree_numbers_out_when_the_lists_do_not_align() {
        ArticleRecord record = byPmid(sampleResults, "128011");

        assertThat(record.mesh()).hasSize(10)
                .allSatisfy(heading -> assertThat(heading.treeNumbers()).isEmpty());
        assertThat(heading(record, "Female").ui()).isNull();
    }

    @Test
    void should_read_heading_names_holding_apostrophes_and_commas() {
        ArticleRecord record = byPmid(sampleResults, "2834748");

        assertThat(record.mesh()).extracting(MeshHeading::name)
                .contains("Cote d'Ivoire", "Infant, Newborn", "Anti-Bacterial Agents");
    }

    @Test
    void should_separate_section_labels_glued_to_the_previous_sentence() {
        ArticleRecord record = byPmid(sampleResults, "31594900");

        assertThat(record.abstractText())
                .startsWith("OBJECTIVES: To identify the determinants of antenatal care (ANC) utilisation in"
                        + " sub-Saharan Africa. DESIGN: Systematic review. DATA SOURCES: Databases searched");
    }

    @Test
    void should_count_lines_of_multi_line_fields_in_locators() {
        ReadResult result = sampleResults.stream()
                .filter(r -> r instanceof ReadResult.Accepted a && a.record().pmid().equals("31594900"))
                .findFirst().orElseThrow();

        assertThat(result.locator()).isEqualTo("kaggle_pubmed_multilabel_slice.csv.gz line 2576");
    }

    @Test
    void should_normalise_newlines_inside_a_quoted_abstract() {
        assertThat(byPmid(sampleResults, "29648745").abstractText()).doesNotContain("\n").doesNotContain("  ");
    }

    @Test
    void should_parse_quoted_fields_with_commas_quotes_and_newlines() throws IOException {
        String csv = HEADER
                + "\"A title, with \"\"quotes\"\"\","
                + "\"Line one,\nline two.\","
                + "\"['Humans', \"\"Alzheimer's Disease\"\"]\","
                + "42,\"[['B01.050'], ['C10.228']]\",[],0,1\n";

        ArticleRecord record = accepted(readAll(reader, csv)).get(0);

        assertThat(record.title()).isEqualTo("A title, with \"quotes\"");
        assertThat(record.abstractText()).isEqualTo("Line one, line two.");
        assertThat(record.mesh()).extracting(MeshHeading::name).containsExactly("Humans", "Alzheimer's Disease");
        assertThat(heading(record, "Alzheimer's Disease").treeNumbers()).containsExactly("C10.228");
    }

    @Test
    void should_reject_a_pmid_that_is_not_digits_and_read_on() throws IOException {
        String csv = HEADER + "T1,A1,[],12x,[],[],0,0\nT2,A2,[],13,[],[],0,0\n";

        List<ReadResult> results = readAll(reader, csv);

        assertThat(rejected(results)).singleElement().satisfies(rejection -> {
            assertThat(rejection.reason()).isEqualTo("invalid PMID: '12x': a PMID is a number of ASCII digits");
            assertThat(rejection.locator()).isEqualTo("test line 2");
        });
        assertThat(accepted(results)).extracting(ArticleRecord::pmid).containsExactly("13");
    }

    @Test
    void should_reject_a_row_without_pmid() throws IOException {
        assertThat(rejected(readAll(reader, HEADER + "T1,A1,[],,[],[],0,0\n"))).singleElement()
                .satisfies(rejection -> assertThat(rejection.reason()).isEqualTo("no PMID"));
    }

    @Test
    void should_reject_a_row_with_too_few_columns() throws IOException {
        assertThat(rejected(readAll(reader, HEADER + "T1,A1,[]\n"))).singleElement()
                .satisfies(rejection -> assertThat(rejection.reason()).contains("no 'pmid'"));
    }

    @Test
    void should_reject_a_row_whose_mesh_list_is_not_a_python_list() throws IOException {
        assertThat(rejected(readAll(reader, HEADER + "T1,A1,\"['Humans'\",5,[],[],0,0\n"))).singleElement()
                .satisfies(rejection -> assertThat(rejection.reason()).startsWith("unreadable meshMajor: "));
    }

    @Test
    void should_stop_with_one_rejection_at_an_unterminated_quote() throws IOException {
        String csv = HEADER + "T1,A1,[],1,[],[],0,0\nT2,\"never closed,[],2,[],[],0,0\nT3,A3,[],3,[],[],0,0\n";

        List<ReadResult> results = readAll(reader, csv);

        assertThat(accepted(results)).extracting(ArticleRecord::pmid).containsExactly("1");
        assertThat(rejected(results)).singleElement().satisfies(rejection -> {
            assertThat(rejection.reason()).startsWith("CSV not well-formed, reading stopped: ");
            assertThat(rejection.locator()).isEqualTo("test line 3");
        });
    }

    @Test
    void should_throw_when_the_stream_itself_fails() throws IOException {
        try (RecordReader.Results results = reader.open(failingAfter(HEADER + "T1,A1,[],1,[],[],0,0\nT2,A"), "test")) {
            assertThat(results.next()).isInstanceOf(ReadResult.Accepted.class);
            assertThatThrownBy(results::hasNext)
                    .isInstanceOf(UncheckedIOException.class)
                    .hasRootCauseMessage("device gone");
        }
    }

    @Test
    void should_refuse_a_csv_without_the_expected_columns() {
        assertThatThrownBy(() -> readAll(reader, "title,abstract\nT,A\n"))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("no column 'Title'");
    }
}
