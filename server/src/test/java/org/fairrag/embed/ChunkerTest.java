package org.fairrag.embed;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.fairrag.testing.DemoRecords;
import org.junit.jupiter.api.Test;

class ChunkerTest {

    private static final Chunker CHUNKER = new Chunker();

    @Test
    void should_keep_every_chunk_of_real_abstracts_under_the_model_input_limit() {
        for (DemoRecords.Record r : DemoRecords.withTermsAndYear(50)) {
            for (String chunk : CHUNKER.chunks(r.title(), r.abstractText())) {
                assertThat(CHUNKER.tokenCount(chunk)).as(chunk).isLessThanOrEqualTo(Chunker.DEFAULT_MAX_TOKENS);
            }
        }
    }

    @Test
    void should_put_the_title_at_the_head_of_the_first_chunk_only() {
        DemoRecords.Record r = longest(DemoRecords.withTermsAndYear(50));

        List<String> chunks = CHUNKER.chunks(r.title(), r.abstractText());

        assertThat(chunks).hasSizeGreaterThan(2);
        assertThat(chunks.get(0)).startsWith(r.title());
        assertThat(chunks.subList(1, chunks.size())).noneMatch(c -> c.contains(r.title()));
    }

    @Test
    void should_cut_between_sentences_and_lose_no_word() {
        String title = "Survival after oral cancer surgery.";
        String body = "Oral squamous cell carcinoma is the most common malignancy of the oral cavity. "
                + "We studied 120 patients treated at one centre between 2001 and 2010, of whom 48 had neck dissection. ".repeat(6)
                + "Survival was 60% at five years. Early diagnosis remains essential.";

        List<String> chunks = new Chunker(40).chunks(title, body);

        assertThat(chunks).hasSizeGreaterThan(3);
        assertThat(chunks).allSatisfy(c -> assertThat(c.strip()).matches("(?s).*[.!?]"));
        assertThat(String.join(" ", chunks).replaceAll("\\s+", " ")).isEqualTo((title + " " + body).replaceAll("\\s+", " ").strip());
    }

    @Test
    void should_cut_a_sentence_longer_than_the_limit_between_words() {
        String sentence = "This sentence has many words " + "and goes on and on ".repeat(40) + "until it ends.";

        List<String> chunks = new Chunker(30).chunks(null, sentence);

        assertThat(chunks).hasSizeGreaterThan(1).allSatisfy(c -> assertThat(CHUNKER.tokenCount(c)).isLessThanOrEqualTo(30));
    }

    @Test
    void should_give_no_chunk_for_no_text_and_one_for_a_title_alone() {
        assertThat(CHUNKER.chunks(null, " ")).isEmpty();
        assertThat(CHUNKER.chunks("A title only", null)).containsExactly("A title only");
    }

    private static DemoRecords.Record longest(List<DemoRecords.Record> records) {
        return records.stream().max((a, b) -> Integer.compare(a.abstractText().length(), b.abstractText().length())).orElseThrow();
    }
}
