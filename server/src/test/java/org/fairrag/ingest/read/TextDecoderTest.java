package org.fairrag.ingest.read;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TextDecoderTest {

    private static final byte[] INVALID = {(byte) 0xC3, (byte) 0x28};

    @Test
    void should_replace_malformed_bytes_and_tell_line_and_column() throws IOException {
        TextDecoder decoder = decoder(Reading.bytes("first line\nab", INVALID, "cd\n"));

        String text = readToEnd(decoder);

        assertThat(text).isEqualTo("first line\nab\uFFFD(cd\n");
        TextDecoder.Invalid invalid = decoder.takeInvalidBefore(text.length());
        assertThat(invalid).isEqualTo(new TextDecoder.Invalid(13, 2, 3, 1));
        assertThat(invalid.describe(StandardCharsets.UTF_8))
                .isEqualTo("invalid UTF-8: 1 byte sequence replaced by U+FFFD, the first at line 2, column 3");
        assertThat(decoder.takeInvalidBefore(Long.MAX_VALUE)).as("taken once").isNull();
    }

    @Test
    void should_hand_out_replacements_only_up_to_the_offset_asked() throws IOException {
        TextDecoder decoder = decoder(Reading.bytes("a", INVALID, "\nb", INVALID, INVALID, "\n"));

        readToEnd(decoder);

        assertThat(decoder.takeInvalidBefore(3)).extracting(TextDecoder.Invalid::count).isEqualTo(1);
        assertThat(decoder.takeInvalidBefore(100)).isEqualTo(new TextDecoder.Invalid(5, 2, 2, 2));
    }

    @Test
    void should_replace_a_sequence_cut_off_by_the_end_of_input() throws IOException {
        TextDecoder decoder = decoder(Reading.bytes("ok", new byte[] {(byte) 0xE2, (byte) 0x82}));

        assertThat(readToEnd(decoder)).isEqualTo("ok\uFFFD");
        assertThat(decoder.takeInvalidBefore(3)).isNotNull();
    }

    @Test
    void should_drop_a_byte_order_mark_and_keep_valid_text_exact() throws IOException {
        String text = "\u00e9t\u00e9 \u03b1\u03b2 \uD83D\uDE00 \uFFFD";
        TextDecoder decoder = decoder(Reading.bytes(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, text));

        assertThat(readToEnd(decoder)).isEqualTo(text);
        assertThat(decoder.takeInvalidBefore(Long.MAX_VALUE)).as("a U+FFFD written validly is no replacement").isNull();
    }

    @Test
    void should_sum_a_flood_of_malformed_bytes_into_bounded_bookkeeping() throws IOException {
        byte[] flood = new byte[300_000];
        java.util.Arrays.fill(flood, (byte) 0xFF);
        TextDecoder decoder = decoder(flood);

        String text = readToEnd(decoder);

        assertThat(text).hasSize(300_000).matches("\uFFFD+");
        assertThat(decoder.takeInvalidBefore(text.length())).extracting(TextDecoder.Invalid::count).isEqualTo(300_000);
    }

    private static TextDecoder decoder(byte[] bytes) {
        return new TextDecoder(new ByteArrayInputStream(bytes), StandardCharsets.UTF_8);
    }

    private static String readToEnd(Reader reader) throws IOException {
        StringBuilder out = new StringBuilder();
        char[] buffer = new char[7];
        for (int n = reader.read(buffer); n >= 0; n = reader.read(buffer)) {
            out.append(buffer, 0, n);
        }
        return out.toString();
    }
}
