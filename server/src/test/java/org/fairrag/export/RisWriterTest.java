package org.fairrag.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class RisWriterTest {

    @Test
    void should_write_one_tag_a_line_and_repeat_authors_and_keywords() {
        String ris = ExportFormat.RIS.write(List.of(Articles.complete()));

        assertThat(ris).isEqualTo(String.join("\r\n",
                "TY  - JOUR",
                "TI  - Oral cancer: a review",
                "AU  - Smith, Jane",
                "AU  - de la Cruz, Ana",
                "PY  - 2019",
                "DA  - 2019/09/14/",
                "JO  - Oral Oncology",
                "AB  - Background. Surgery, radiotherapy.",
                "KW  - Humans",
                "KW  - Mouth Neoplasms",
                "DO  - 10.1000/xyz_123",
                "AN  - 31234567",
                "UR  - http://fairrag.test/pid/b0c1d2f3g4h5j",
                "L2  - https://pubmed.ncbi.nlm.nih.gov/31234567/",
                "ER  - ", "", ""));
    }

    @Test
    void should_leave_out_missing_fields() {
        String ris = ExportFormat.RIS.write(List.of(Articles.bare()));

        assertThat(ris.split("\r\n")).containsExactly("TY  - JOUR", "AN  - 1000",
                "UR  - http://fairrag.test/pid/k6m7n8p9q0r1s", "L2  - https://pubmed.ncbi.nlm.nih.gov/1000/", "ER  - ");
    }

    @Test
    void should_keep_a_value_on_one_line_so_it_cannot_start_a_tag() {
        String ris = ExportFormat.RIS.write(List.of(Articles.awkward(), Articles.bare()));

        assertThat(ris.split("\r\n")).filteredOn(l -> l.startsWith("ER  -")).hasSize(2);
        assertThat(ris).contains("TI  - Unbalanced { brace, 50% of $5 & #1 under_score ^ ~ \\ \"quoted\" ER - injected\r\n")
                .contains("AB  - Line one line two\r\n")
                .contains("AU  - World Health Organization\r\n")
                .contains("DA  - 2020///\r\n");
        assertThat(ris).doesNotContain("\n\n\n").doesNotContainPattern("[^\r]\n");
    }
}
