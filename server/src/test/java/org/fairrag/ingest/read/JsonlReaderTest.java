package org.fairrag.ingest.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fairrag.ingest.read.Reading.accepted;
import static org.fairrag.ingest.read.Reading.byPmid;
import static org.fairrag.ingest.read.Reading.heading;
import static org.fairrag.ingest.read.Reading.readAll;
import static org.fairrag.ingest.read.Reading.rejected;
import static org.fairrag.ingest.read.Reading.sample;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.fairrag.ingest.ArticleRecord;
import org.fairrag.ingest.ArticleRecord.Author;
import org.fairrag.ingest.ArticleRecord.MeshHeading;
import org.fairrag.ingest.ReadResult;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JsonlReaderTest {

    private static List<ReadResult> sampleResults;

    private final JsonlReader reader = new JsonlReader();

    @BeforeAll
    static void readSample() throws IOException {
        sampleResults = readAll(sample("jsonl/articles.jsonl.gz"));
    }

    @Test
    void should_accept_all_4303_records_of_the_sample() {
        assertThat(rejected(sampleResults)).isEmpty();
        assertThat(accepted(sampleResults)).hasSize(4303);
    }

    @Test
    void should_normalise_the_source_of_each_record_to_its_collection() {
        Map<String, Long> perSource = accepted(sampleResults).stream()
                .collect(Collectors.groupingBy(ArticleRecord::source, Collectors.counting()));

        assertThat(perSource).containsExactlyInAnyOrderEntriesOf(Map.of(
                "kaggle_pubmed_multilabel", 2600L, "pubmedqa_pqal", 1000L, "pubmed_xml", 419L, "medline_txt", 284L));
    }

    @Test
    void should_read_every_field_of_a_known_record() {
        ArticleRecord record = byPmid(sampleResults, "10023684");

        assertThat(record.source()).isEqualTo("pubmed_xml");
        assertThat(record.title()).startsWith("Expression and differential regulation of connective tissue");
        assertThat(record.journal()).isEqualTo("Oncogene");
        assertThat(record.date()).isEqualTo("1999");
        assertThat(record.authors().get(0)).isEqualTo(new Author("Wenger C", null, null, null));
        assertThat(record.doi()).isEqualTo("10.1038/sj.onc.1202395");
        assertThat(heading(record, "Animals")).isEqualTo(new MeshHeading("D000818", "Animals", false, List.of()));
    }

    @Test
    void should_read_major_flags_aligned_with_names() {
        ArticleRecord record = byPmid(sampleResults, "1000475");

        assertThat(heading(record, "Carcinoembryonic Antigen").major()).isTrue();
        assertThat(heading(record, "Carcinoembryonic Antigen").ui()).isEqualTo("D002272");
        assertThat(heading(record, "Female").major()).isFalse();
    }

    @Test
    void should_split_family_and_given_names_at_the_comma() {
        ArticleRecord record = accepted(sampleResults).stream()
                .filter(r -> r.pmid().equals("28422961") && r.source().equals("medline_txt"))
                .findFirst().orElseThrow();

        assertThat(record.authors().get(0)).isEqualTo(new Author("Lu, Yin", "Lu", "Yin", null));
    }

    @Test
    void should_drop_a_doi_field_that_holds_no_doi() {
        assertThat(byPmid(sampleResults, "10026444").doi()).isNull();
    }

    @Test
    void should_accept_a_record_with_abstract_and_no_title() {
        ArticleRecord record = accepted(sampleResults).stream()
                .filter(r -> r.pmid().equals("7497757") && r.source().equals("pubmedqa_pqal"))
                .findFirst().orElseThrow();

        assertThat(record.title()).isNull();
        assertThat(record.abstractText()).startsWith("To determine if temperature during cardiopulmonary bypass");
        assertThat(record.date()).isEqualTo("1995");
    }

    @Test
    void should_separate_glued_labels_in_kaggle_abstracts() {
        ArticleRecord record = accepted(sampleResults).stream()
                .filter(r -> r.pmid().equals("31594900"))
                .findFirst().orElseThrow();

        assertThat(record.abstractText()).contains("sub-Saharan Africa. DESIGN: Systematic review. DATA SOURCES:");
    }

    @Test
    void should_pair_tree_numbers_only_when_aligned_with_names() throws IOException {
        String jsonl = "{\"pmid\": 1, \"title\": \"T\", \"mesh\": [\"A\", \"B\"],"
                + " \"mesh_tree_numbers\": [[\"X01\"], [\"Y02.1\", \"Y03\"]]}\n"
                + "{\"pmid\": 2, \"title\": \"T\", \"mesh\": [\"A\", \"B\"], \"mesh_tree_numbers\": [[\"X01\"]],"
                + " \"mesh_ui\": [\"D1\"], \"mesh_major\": [true]}\n";

        Map<String, ArticleRecord> records = accepted(readAll(reader, jsonl)).stream()
                .collect(Collectors.toMap(ArticleRecord::pmid, Function.identity()));

        assertThat(records.get("1").mesh()).extracting(MeshHeading::treeNumbers)
                .containsExactly(List.of("X01"), List.of("Y02.1", "Y03"));
        assertThat(records.get("2").mesh()).containsExactly(
                new MeshHeading(null, "A", false, List.of()), new MeshHeading(null, "B", false, List.of()));
    }

    @Test
    void should_skip_null_elements_of_mesh_arrays() throws IOException {
        String jsonl = "{\"pmid\": 8, \"title\": \"T\", \"mesh\": [\"A\", null], \"mesh_ui\": [\"D1\", null],"
                + " \"mesh_major\": [null, true], \"mesh_tree_numbers\": [[\"X01\", null], null]}\n";

        assertThat(accepted(readAll(reader, jsonl)).get(0).mesh())
                .containsExactly(new MeshHeading("D1", "A", false, List.of("X01")));
    }

    @Test
    void should_reject_a_line_that_is_not_json_and_read_on() throws IOException {
        String jsonl = "{\"pmid\": \"1\", \"title\": \"One\"}\n"
                + "{\"pmid\": \"2\", \"title\": \n"
                + "\n"
                + "{\"pmid\": 3, \"abstract\": \"Three\"}\n";

        List<ReadResult> results = readAll(reader, jsonl);

        assertThat(accepted(results)).extracting(ArticleRecord::pmid).containsExactly("1", "3");
        assertThat(rejected(results)).singleElement().satisfies(rejection -> {
            assertThat(rejection.locator()).isEqualTo("test line 2");
            assertThat(rejection.reason()).startsWith("not valid JSON");
        });
    }

    @Test
    void should_reject_a_line_holding_two_objects() throws IOException {
        assertThat(rejected(readAll(reader, "{\"pmid\": 1, \"title\": \"A\"}{\"pmid\": 2, \"title\": \"B\"}\n")))
                .singleElement()
                .satisfies(rejection -> assertThat(rejection.reason()).startsWith("not valid JSON"));
    }

    @Test
    void should_reject_a_record_without_pmid() throws IOException {
        assertThat(rejected(readAll(reader, "{\"title\": \"No id\"}\n"))).singleElement()
                .satisfies(rejection -> assertThat(rejection.reason()).isEqualTo("no PMID"));
    }

    @Test
    void should_reject_a_pmid_that_is_not_digits() throws IOException {
        assertThat(rejected(readAll(reader, "{\"pmid\": \"PMC42\", \"title\": \"T\"}\n"))).singleElement()
                .satisfies(rejection -> assertThat(rejection.reason()).isEqualTo("invalid PMID: 'PMC42': a PMID is a number of ASCII digits"));
    }

    @Test
    void should_reject_a_field_of_the_wrong_shape() throws IOException {
        assertThat(rejected(readAll(reader, "{\"pmid\": \"5\", \"title\": \"T\", \"mesh\": \"Humans\"}\n")))
                .singleElement()
                .satisfies(rejection -> assertThat(rejection.reason()).isEqualTo("'mesh' is not an array"));
    }

    @Test
    void should_reject_a_line_holding_a_json_array() throws IOException {
        assertThat(rejected(readAll(reader, "[1, 2]\n"))).singleElement()
                .satisfies(rejection -> assertThat(rejection.reason()).isEqualTo("not a JSON object"));
    }

    @Test
    void should_use_the_source_name_when_a_record_has_no_source() throws IOException {
        ArticleRecord record = accepted(readAll(reader, "{\"pmid\": \"6\", \"title\": \"T\"}\n")).get(0);

        assertThat(record.source()).isEqualTo("test");
    }

    @ParameterizedTest
    @CsvSource({
        "kaggle_pubmed_multilabel(jktjia slice), kaggle_pubmed_multilabel",
        "pubmedqa_pqal, pubmedqa_pqal",
        "pubmed_xml:netsynergy_pubmed21n1004.xml, pubmed_xml",
        "medline_txt:jzsh2000_mesh-papers, medline_txt",
        "qi29/main_finding_recognition@03b134b4a012:pubmed_result.xml, pubmed_xml",
        "samina-sol/drug-repurposing@c1be20814eaa:pubmed.txt, medline_txt",
        "solitude6060/Fulltext_search@c26e557ef50c:data/pubmed_result, medline_txt",
        "owner/repo@abc:data/export.XML.gz, pubmed_xml"
    })
    void should_map_a_source_value_to_its_collection(String source, String collection) {
        assertThat(JsonlReader.collectionOf(source)).isEqualTo(collection);
    }

    @Test
    void should_map_a_blank_source_to_null() {
        assertThat(JsonlReader.collectionOf("  ")).isNull();
        assertThat(JsonlReader.collectionOf(null)).isNull();
    }
}
