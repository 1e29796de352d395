package org.fairrag.ingest.read;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BoundedLinesTest {

    @Test
    void should_split_at_every_kind_of_line_end() throws IOException {
        assertThat(texts(lines("a\nb\r\nc\rd", 10, false))).containsExactly("a", "b", "c", "d");
    }

    @Test
    void should_skip_the_part_of_a_long_line_past_the_limit_and_read_on() throws IOException {
        String longLine = "x".repeat(200_000);
        List<BoundedLines.Line> read = lines("short\n" + longLine + "\nafter\n", 1000, false);

        assertThat(read).hasSize(3);
        assertThat(read.get(1).tooLong()).isTrue();
        assertThat(read.get(1).length()).isEqualTo(200_000);
        assertThat(read.get(1).firstLine()).isEqualTo(2);
        assertThat(read.get(2).text()).isEqualTo("after");
        assertThat(read.get(2).firstLine()).isEqualTo(3);
    }

    @Test
    void should_accept_a_line_exactly_at_the_limit() throws IOException {
        assertThat(lines("12345\n123456\n", 5, false)).extracting(BoundedLines.Line::tooLong).containsExactly(false, true);
    }

    @Test
    void should_keep_line_ends_inside_quoted_csv_fields_and_count_their_lines() throws IOException {
        List<BoundedLines.Line> read = lines("a,\"one\ntwo, \"\"three\"\"\nfour\",b\nnext,row\n", 100, true);

        assertThat(texts(read)).containsExactly("a,\"one\ntwo, \"\"three\"\"\nfour\",b", "next,row");
        assertThat(read.get(1).firstLine()).isEqualTo(4);
    }

    @Test
    void should_take_a_quote_inside_an_unquoted_csv_field_literally() throws IOException {
        assertThat(texts(lines("a,b\"c,d\nnext\n", 100, true))).containsExactly("a,b\"c,d", "next");
    }

    @Test
    void should_tell_the_invalid_bytes_of_each_line_apart() throws IOException {
        byte[] content = Reading.bytes("good\nba", new byte[] {(byte) 0xFF}, "d\nfine\n");
        BoundedLines lines = new BoundedLines(new TextDecoder(new ByteArrayInputStream(content), StandardCharsets.UTF_8), 100, false);

        assertThat(lines.next().invalid()).isNull();
        assertThat(lines.next().invalid()).isEqualTo(new TextDecoder.Invalid(7, 2, 3, 1));
        assertThat(lines.next().invalid()).isNull();
        assertThat(lines.next()).isNull();
    }

    private static List<BoundedLines.Line> lines(String text, int max, boolean csv) throws IOException {
        BoundedLines lines = new BoundedLines(new TextDecoder(
                new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), StandardCharsets.UTF_8), max, csv);
        List<BoundedLines.Line> all = new ArrayList<>();
        for (BoundedLines.Line line = lines.next(); line != null; line = lines.next()) {
            all.add(line);
        }
        return all;
    }

    private static List<String> texts(List<BoundedLines.Line> lines) {
        return lines.stream().map(BoundedLines.Line::text).toList();
    }
}
