package org.fairrag.fdo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ArticleNameTest {

    @Test
    void should_name_an_untitled_article_by_its_pmid_the_same_way_everywhere() {
        assertThat(ArticleName.of(null, "31978945")).isEqualTo("Untitled article (PMID 31978945)");
        assertThat(ArticleName.of("  ", "31978945")).isEqualTo("Untitled article (PMID 31978945)");
        assertThat(ArticleName.of(null, null)).isEqualTo("Untitled article");
        assertThat(ArticleName.of(" Oral cancer. ", "1")).isEqualTo("Oral cancer.");
    }

    @Test
    void should_end_a_citation_sentence_with_one_full_stop() {
        assertThat(ArticleName.sentence("Oral cancer in adults.")).isEqualTo("Oral cancer in adults.");
        assertThat(ArticleName.sentence("Is it cancer?")).isEqualTo("Is it cancer?");
        assertThat(ArticleName.sentence("Oral cancer")).isEqualTo("Oral cancer.");
    }
}
