package org.fairrag.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class BibtexWriterTest {

    @Test
    void should_write_an_article_entry_with_every_known_field() {
        String bib = ExportFormat.BIBTEX.write(List.of(Articles.complete()));

        assertThat(bib).startsWith("@article{pmid31234567,\n")
                .contains("  title = {{Oral cancer: a review}},\n")
                .contains("  author = {Smith, Jane and de la Cruz, Ana},\n")
                .contains("  journal = {Oral Oncology},\n")
                .contains("  year = {2019},\n")
                .contains("  doi = {10.1000/xyz_123},\n")
                .contains("  pmid = {31234567},\n")
                .contains("  url = {http://fairrag.test/pid/b0c1d2f3g4h5j},\n")
                .contains("  keywords = {Humans, Mouth Neoplasms},\n")
                .endsWith("}\n");
    }

    @Test
    void should_leave_out_missing_fields() {
        String bib = ExportFormat.BIBTEX.write(List.of(Articles.bare()));

        assertThat(bib).isEqualTo("""
                @article{pmid1000,
                  pmid = {1000},
                  url = {http://fairrag.test/pid/k6m7n8p9q0r1s},
                }
                """);
    }

    @Test
    void should_escape_latex_specials_so_braces_balance() {
        String bib = ExportFormat.BIBTEX.write(List.of(Articles.awkward()));

        assertThat(bib).contains("title = {{Unbalanced \\textbraceleft{} brace, 50\\% of \\$5 \\& \\#1 under\\_score "
                + "\\textasciicircum{} \\textasciitilde{} \\textbackslash{} \"quoted\" ER - injected}},\n");
        assertThat(bib).contains("abstract = {Line one line two},\n");
        assertThat(bib).contains("doi = {10.1/a%7Bb%7D},\n");
        int depth = 0;
        for (char c : bib.toCharArray()) {
            depth += c == '{' ? 1 : c == '}' ? -1 : 0;
            assertThat(depth).isNotNegative();
        }
        assertThat(depth).isZero();
    }

    @Test
    void should_keep_corporate_authors_and_names_with_and_as_one_name() {
        String bib = ExportFormat.BIBTEX.write(List.of(Articles.awkward()));

        assertThat(bib).contains("author = {{World Health Organization} and {Sun and Moon}, Ray},\n");
    }

    @Test
    void should_give_every_entry_its_own_key() {
        String bib = ExportFormat.BIBTEX.write(List.of(Articles.complete(), Articles.complete()));

        assertThat(bib).contains("@article{pmid31234567,\n").contains("@article{pmid31234567-2,\n");
    }
}
