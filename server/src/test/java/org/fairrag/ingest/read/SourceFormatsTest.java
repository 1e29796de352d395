package org.fairrag.ingest.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.fairrag.ingest.read.Reading.accepted;
import static org.fairrag.ingest.read.Reading.readAll;
import static org.fairrag.ingest.read.Reading.sample;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.fairrag.ingest.SourceFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SourceFormatsTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({
        "pubmed21n0001.xml.gz, PUBMED_XML",
        "export.XML, PUBMED_XML",
        "articles.jsonl.gz, JSONL",
        "stream.ndjson, JSONL",
        "slice.csv.gz, KAGGLE_CSV",
        "mesh-papers.medline.txt, MEDLINE",
        "citations.nbib, MEDLINE",
        "pubmed.medline.gz, MEDLINE"
    })
    void should_detect_the_format_by_file_name(String name, SourceFormat format) {
        assertThat(SourceFormats.byName(name)).contains(format);
    }

    @ParameterizedTest
    @ValueSource(strings = {"pubmed_result", "data.gz", "notes.pdf", "archive.tar"})
    void should_not_guess_from_a_name_without_known_extension(String name) {
        assertThat(SourceFormats.byName(name)).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "<?xml version=\"1.0\"?><PubmedArticleSet> | PUBMED_XML",
        "{\"pmid\": \"1\"} | JSONL",
        "PMID- 28422961 | MEDLINE",
        "Title,abstractText,meshMajor,pmid,meshid | KAGGLE_CSV"
    })
    void should_detect_the_format_by_content(String head, SourceFormat format) {
        assertThat(SourceFormats.byContent(head.getBytes(StandardCharsets.UTF_8))).contains(format);
    }

    @Test
    void should_skip_a_byte_order_mark_and_blank_lines_when_sniffing() {
        byte[] head = "\uFEFF\n\n  \r\nPMID- 1\nTI  - T".getBytes(StandardCharsets.UTF_8);

        assertThat(SourceFormats.byContent(head)).contains(SourceFormat.MEDLINE);
    }

    @Test
    void should_not_guess_from_unknown_content() {
        assertThat(SourceFormats.byContent("%PDF-1.7".getBytes(StandardCharsets.UTF_8))).isEmpty();
        assertThat(SourceFormats.byContent("id,name\n1,x".getBytes(StandardCharsets.UTF_8))).isEmpty();
    }

    @Test
    void should_gunzip_by_magic_bytes_whatever_the_name() throws IOException {
        Path file = dir.resolve("pubmed_result");
        Files.write(file, gzip(Files.readAllBytes(sample("medline/mesh-papers.medline.txt"))));

        try (OpenedSource source = SourceFormats.open(file)) {
            assertThat(source.format()).isEqualTo(SourceFormat.MEDLINE);
            assertThat(new String(source.stream().readNBytes(6), StandardCharsets.US_ASCII)).isEqualTo("\nPMID-");
        }
    }

    @Test
    void should_read_a_plain_file_named_gz_without_gunzipping() throws IOException {
        Path file = dir.resolve("records.jsonl.gz");
        Files.writeString(file, "{\"pmid\": \"1\", \"title\": \"Plain\"}\n");

        assertThat(accepted(readAll(file))).singleElement()
                .satisfies(record -> assertThat(record.title()).isEqualTo("Plain"));
    }

    @Test
    void should_read_a_gzipped_xml_file_without_extension_by_sniffing() throws IOException {
        Path file = dir.resolve("download");
        Files.copy(sample("xml/netsynergy_pubmed21n0001.xml.gz"), file);

        assertThat(accepted(readAll(file))).hasSize(49);
    }

    @Test
    void should_pass_uncompressed_content_through() throws IOException {
        InputStream in = SourceFormats.decompressed(new ByteArrayInputStream(new byte[] {0x1f, 0x00, 0x41}));

        assertThat(in.readAllBytes()).containsExactly(0x1f, 0x00, 0x41);
    }

    @Test
    void should_refuse_a_file_whose_format_is_unknown() throws IOException {
        Path file = dir.resolve("mystery");
        Files.writeString(file, "%PDF-1.7 binary stuff");

        assertThatThrownBy(() -> SourceFormats.open(file))
                .isInstanceOf(UnknownSourceFormatException.class)
                .hasMessageStartingWith("unknown format: " + file)
                .hasMessageContaining("\"%PDF-1.7 binary stuff\"");
    }

    @Test
    void should_give_a_reader_for_every_format() {
        for (SourceFormat format : SourceFormat.values()) {
            assertThat(SourceFormats.forFormat(format).format()).isEqualTo(format);
        }
    }

    private static byte[] gzip(byte[] content) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
            out.write(content);
        }
        return bytes.toByteArray();
    }
}
