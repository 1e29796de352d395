package org.fairrag.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.fairrag.failure.ApiException;
import org.fairrag.testing.TestEmbedders;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The backstop of "text the embedding model reads as empty is a 500 (Cannot embed empty or whitespace-only
 * text)": if such a text still reaches the in-JVM model, its refusal is a 400 {@code unreadable_text}.
 */
class UnreadableTextTest {

    @ParameterizedTest(name = "U+{0}")
    @ValueSource(strings = {"E000", "FFFD", "0301", "200B", "00A0"})
    void should_refuse_a_text_the_model_reads_as_nothing_as_a_client_fault(String hex) {
        String text = Character.toString(Integer.parseInt(hex, 16));

        assertThatThrownBy(() -> TestEmbedders.model().embed(text))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.code()).isEqualTo("unreadable_text");
                });
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"a", "\u00e9", "\ue000 tumour"})
    void should_still_embed_a_text_with_something_readable(String text) {
        assertThat(TestEmbedders.model().embedAll(List.of(text)).get(0)).hasSize(TestEmbedders.model().dimension());
    }
}
