package org.fairrag.ask;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class OtherReadingsTest {

    @Test
    void should_put_the_name_of_another_reading_in_place_of_the_words_as_the_question_has_them() {
        assertThat(OtherReadings.replaced("How many articles about oral cancer and Alcohol?", "alcohol", "Alcohol Drinking"))
                .isEqualTo("How many articles about oral cancer and Alcohol Drinking?");
        assertThat(OtherReadings.replaced("How many papers on nasopharyngeal  carcinoma since 2019?",
                "nasopharyngeal carcinoma", "Nasopharyngeal Neoplasms"))
                .isEqualTo("How many papers on Nasopharyngeal Neoplasms since 2019?");
        assertThat(OtherReadings.replaced("Which journals publish on non-alcoholic liver disease?", "alcoholic", "X"))
                .as("a whole word only").isEqualTo("Which journals publish on non-X liver disease?");
        assertThat(OtherReadings.replaced("Articles about alcoholism?", "alcohol", "X")).as("not inside a word").isNull();
    }
}
