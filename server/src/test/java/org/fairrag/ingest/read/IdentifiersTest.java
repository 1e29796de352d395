package org.fairrag.ingest.read;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class IdentifiersTest {

    @ParameterizedTest
    @CsvSource(nullValues = "NULL", value = {
        "10.1371/journal.pone.0173548, 10.1371/journal.pone.0173548",
        "https://doi.org/10.1038/sj.onc.1202395, 10.1038/sj.onc.1202395",
        "doi:10.1016/0006-2944(75)90147-7, 10.1016/0006-2944(75)90147-7",
        "HTTP://DX.DOI.ORG/10.1002/lsm.1900120316, 10.1002/lsm.1900120316",
        "51466, NULL",
        "S2214-5745(18)30188-3, NULL",
        "'', NULL"
    })
    void should_normalise_a_doi_or_drop_what_is_not_one(String value, String doi) {
        assertThat(Identifiers.doi(value)).isEqualTo(doi);
    }

    @ParameterizedTest
    @CsvSource(nullValues = "NULL", value = {
        "0000-0002-8559-8640, 0000-0002-8559-8640",
        "http://orcid.org/0000-0002-1825-009x, 0000-0002-1825-009X",
        "https://orcid.org/0000000218250097, 0000-0002-1825-0097",
        "0000 0002 1825 0097, 0000-0002-1825-0097",
        "0000-0002-1825, NULL",
        "X000-0002-1825-0097, NULL"
    })
    void should_normalise_an_orcid_or_drop_what_is_not_one(String value, String orcid) {
        assertThat(Identifiers.orcid(value)).isEqualTo(orcid);
    }

    @Test
    void should_accept_as_pmid_only_what_the_article_shape_accepts_and_say_why_not() {
        assertThat(Identifiers.notPmid("28422961")).isNull();
        assertThat(Identifiers.notPmid("9999999999")).isNull();
        assertThat(Identifiers.notPmid("PMC5396881")).isEqualTo("a PMID is a number of ASCII digits");
        assertThat(Identifiers.notPmid("12.0")).isEqualTo("a PMID is a number of ASCII digits");
        assertThat(Identifiers.notPmid("")).isEqualTo("a PMID is a number of ASCII digits");
        assertThat(Identifiers.notPmid("٣٤")).isEqualTo("a PMID is a number of ASCII digits");
        assertThat(Identifiers.notPmid("0")).isEqualTo("a PMID is a number from 1");
        assertThat(Identifiers.notPmid("0123")).isEqualTo("a PMID has no leading zero");
        assertThat(Identifiers.notPmid("12345678901")).isEqualTo("a PMID has at most 10 digits");
    }
}
