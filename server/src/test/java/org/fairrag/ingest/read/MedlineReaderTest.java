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
import org.fairrag.ingest.ArticleRecord;
import org.fairrag.ingest.ArticleRecord.Author;
import org.fairrag.ingest.ReadResult;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class MedlineReaderTest {

    private static List<ReadResult> sampleResults;

    private final MedlineReader reader = new MedlineReader();

    @BeforeAll
    static void readSample() throws IOException {
        sampleResults = readAll(sample("medline/mesh-papers.medline.txt"));
    }

    @Test
    void should_accept_all_284_records_of_the_sample() {
        assertThat(rejected(sampleResults)).isEmpty();
        assertThat(accepted(sampleResults)).hasSize(284)
                .allSatisfy(record -> assertThat(record.source()).isEqualTo("medline_txt"));
    }

    @Test
    void should_read_every_field_of_a_known_record() {
        ArticleRecord record = byPmid(sampleResults, "28422961");

        assertThat(record.title())
                .isEqualTo("Characterization of the mechanism of drug-drug interactions from PubMed using MeSH terms.");
        assertThat(record.abstractText())
                .startsWith("Identifying drug-drug interaction (DDI) is an important topic for the development of safe")
                .contains("thesaurus developed by the National Library")
                .endsWith("will become more accurate.");
        assertThat(record.journal()).isEqualTo("PloS one");
        assertThat(record.date()).isEqualTo("2017");
        assertThat(record.authors()).hasSize(6);
        assertThat(record.authors().get(0)).isEqualTo(new Author("Lu, Yin", "Lu", "Yin", null));
        assertThat(record.doi()).isEqualTo("10.1371/journal.pone.0173548");
        assertThat(record.mesh()).hasSize(8);
    }

    @Test
    void should_mark_headings_major_by_star_on_descriptor_or_qualifier() {
        ArticleRecord record = byPmid(sampleResults, "28422961");

        assertThat(heading(record, "Drug Interactions").major()).isTrue();
        assertThat(heading(record, "Prescription Drugs").major()).isTrue();
        assertThat(heading(record, "PubMed").major()).isTrue();
        assertThat(heading(record, "Cytochrome P-450 Enzyme System").major()).isFalse();
        assertThat(heading(record, "Algorithms").major()).isFalse();
        assertThat(record.mesh()).allSatisfy(heading -> assertThat(heading.ui()).isNull());
    }

    @Test
    void should_read_a_full_publication_date() {
        ArticleRecord record = byPmid(sampleResults, "28412964");

        assertThat(record.date()).isEqualTo("2017-04-17");
        assertThat(record.title()).isEqualTo("MeSH Now: automatic MeSH indexing at PubMed scale via learning to rank.");
    }

    @Test
    void should_attach_the_orcid_of_auid_to_its_author() {
        ArticleRecord record = byPmid(sampleResults, "28028289");

        assertThat(record.authors()).contains(new Author("Huh, Sun", "Huh", "Sun", "0000-0002-8559-8640"));
    }

    @Test
    void should_read_a_collective_author() {
        ArticleRecord record = byPmid(sampleResults, "26227021");

        assertThat(record.authors()).contains(new Author("Updating Guidelines Working Group", null, null, null));
    }

    @Test
    void should_fall_back_to_journal_abbreviation_and_short_author_names() throws IOException {
        String medline = "PMID- 1\nTI  - A title.\nTA  - J Short\nAU  - Doe J\nAU  - Roe R\n";

        ArticleRecord record = accepted(readAll(reader, medline)).get(0);

        assertThat(record.journal()).isEqualTo("J Short");
        assertThat(record.authors()).extracting(Author::name).containsExactly("Doe J", "Roe R");
    }

    @Test
    void should_start_a_new_record_at_a_pmid_line_without_blank_line() throws IOException {
        String medline = "PMID- 1\nTI  - First.\nPMID- 2\nTI  - Second.\n";

        List<ReadResult> results = readAll(reader, medline);

        assertThat(accepted(results)).extracting(ArticleRecord::title).containsExactly("First.", "Second.");
        assertThat(results).extracting(ReadResult::locator).containsExactly("test line 1", "test line 3");
    }

    @Test
    void should_reject_a_record_without_pmid_and_read_on() throws IOException {
        String medline = "\n\nTI  - Orphan title.\nAB  - Orphan abstract.\n\nPMID- 7\nTI  - Kept.\n";

        List<ReadResult> results = readAll(reader, medline);

        assertThat(rejected(results)).singleElement().satisfies(rejection -> {
            assertThat(rejection.reason()).isEqualTo("no PMID");
            assertThat(rejection.locator()).isEqualTo("test line 3");
        });
        assertThat(accepted(results)).extracting(ArticleRecord::pmid).containsExactly("7");
    }

    @Test
    void should_reject_a_pmid_that_is_not_digits() throws IOException {
        assertThat(rejected(readAll(reader, "PMID- PMC123\nTI  - T.\n"))).singleElement()
                .satisfies(rejection -> assertThat(rejection.reason()).isEqualTo("invalid PMID: 'PMC123': a PMID is a number of ASCII digits"));
    }

    @Test
    void should_ignore_a_doi_line_that_is_not_a_doi() throws IOException {
        String medline = "PMID- 9\nTI  - T.\nLID - S0140-6736(20)30183-5 [pii]\n"
                + "AID - 10.1016/S0140-6736(20)30183-5 [doi]\n";

        assertThat(accepted(readAll(reader, medline)).get(0).doi()).isEqualTo("10.1016/S0140-6736(20)30183-5");
    }
}
