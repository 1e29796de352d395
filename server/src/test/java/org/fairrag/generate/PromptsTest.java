package org.fairrag.generate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class PromptsTest {

    /** Mouth Neoplasms and its entry terms as MeSH 2024 lists them. */
    private static final SelectedTerm MOUTH_NEOPLASMS = new SelectedTerm("D009062", "http://fairrag.test/pid/m",
            "Mouth Neoplasms", List.of("Mouth Neoplasm", "Neoplasm, Mouth", "Neoplasms, Oral", "Neoplasm, Oral",
            "Oral Neoplasm", "Oral Neoplasms", "Neoplasms, Mouth", "Cancer of Mouth", "Mouth Cancers", "Oral Cancer",
            "Cancer, Oral", "Cancers, Oral", "Oral Cancers", "Cancer of the Mouth", "Mouth Cancer", "Cancer, Mouth",
            "Cancers, Mouth"));

    @Test
    void should_give_each_other_name_once_not_its_inverted_singular_or_plural_forms() {
        assertThat(Prompts.otherNames(MOUTH_NEOPLASMS)).containsExactly("Oral Neoplasm", "Cancer of Mouth", "Oral Cancer");
    }

    @Test
    void should_put_the_selected_terms_with_their_other_names_in_the_user_message() {
        SelectedTerm tongue = new SelectedTerm("D014062", "http://fairrag.test/pid/t", "Tongue Neoplasms", List.of());
        SourceArticle a = new SourceArticle(1, "http://fairrag.test/pid/a", "1", "A title", "An abstract.", null, "public");

        String user = Prompts.bundled().summarizeUser(new SummaryInput("What helps?", List.of(a), List.of(MOUTH_NEOPLASMS, tongue)));

        assertThat(user).contains("What helps?")
                .contains("Selected topics: Mouth Neoplasms (also called: Oral Neoplasm, Cancer of Mouth, Oral Cancer); "
                        + "Tongue Neoplasms.")
                .contains("[1] A title An abstract.");
    }

    @Test
    void should_put_the_evidence_sentences_with_their_abstracts_number_and_topic_in_the_user_message() {
        SourceArticle a = new SourceArticle(1, "http://fairrag.test/pid/a", "1", "A title", "An abstract.", null, "public");
        SourceArticle b = new SourceArticle(2, "http://fairrag.test/pid/b", "2", "B title", "Oral cancer was rare.", null, "public");
        SummaryInput input = new SummaryInput("What helps?", List.of(a, b), List.of(MOUTH_NEOPLASMS))
                .with(List.of(), List.of(new EvidenceSentence("D009062", b.pid(), "Oral cancer was rare.")));

        String with = Prompts.bundled().summarizeUser(input);
        String without = Prompts.bundled().summarizeUser(new SummaryInput("What helps?", List.of(a, b), List.of(MOUTH_NEOPLASMS)));

        assertThat(with).contains("mention the selected topics:\n[2] Oral cancer was rare. (Mouth Neoplasms)");
        assertThat(without).doesNotContain("mention the selected topics");
    }
}
