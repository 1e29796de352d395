package org.fairrag.ingest.read;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PubDatesTest {

    @ParameterizedTest
    @CsvSource(nullValues = "NULL", value = {
        "2017 Apr 19, 2017-04-19",
        "2017 Apr, 2017-04",
        "2017, 2017",
        "2008 Nov 06, 2008-11-06",
        "1998 Dec-1999 Jan, 1998",
        "2019 Sep-Oct, 2019",
        "2019 Sep/Oct, 2019",
        "2010 Nov 9-15, 2010-11",
        "2012 Fall, 2012",
        "2009-2010, 2009",
        "2019 Feb 30, 2019-02",
        "Spring, NULL",
        "99999, NULL",
        "0, NULL",
        "0000, NULL",
        "1499, NULL",
        "1781 Jan, 1781-01",
        "9999 Dec, NULL",
        "'  ', NULL"
    })
    void should_parse_free_text_dates_to_the_precision_they_state(String text, String date) {
        assertThat(PubDates.parse(text)).isEqualTo(date);
    }

    @org.junit.jupiter.api.Test
    void should_take_next_year_but_not_the_one_after() {
        int next = java.time.Year.now().getValue() + 1;

        assertThat(PubDates.parse(next + " Jan")).isEqualTo(next + "-01");
        assertThat(PubDates.parse((next + 1) + " Jan")).isNull();
    }

    @ParameterizedTest
    @CsvSource(nullValues = "NULL", value = {
        "1975, Jun, NULL, 1975-06",
        "2019, 08, 19, 2019-08-19",
        "2019, 8, 3, 2019-08-03",
        "2019, September, 1, 2019-09-01",
        "2019, NULL, 12, 2019",
        "2019, 13, 1, 2019",
        "19, Jun, 1, NULL",
        "0000, Jun, 1, NULL",
        "9999, Jun, 1, NULL"
    })
    void should_combine_date_parts(String year, String month, String day, String date) {
        assertThat(PubDates.of(year, month, day)).isEqualTo(date);
    }
}
