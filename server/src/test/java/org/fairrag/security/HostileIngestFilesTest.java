package org.fairrag.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;
import org.fairrag.app.Main;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Hostile files given to a real {@code fairrag ingest} process with a heap of 256 MB: a gzip bomb (of 32 members) of
 * 2 GB of zero bytes without a newline, and files in every format whose one line, row, field or XML
 * text node is 64 Mi characters long (four times the record limit) between good records. Each file is
 * generated here straight into gzip, never written expanded. The process must finish, reject exactly
 * the hostile record with its reason, and ingest the good ones. The child runs without vectors
 * ({@code FAIRRAG_VECTORS=none}): loading the in-JVM embedding model alone takes more than 256 MB of heap,
 * and embedding is not what is tried here.
 */
class HostileIngestFilesTest {

    private static final String HEAP = "-Xmx256m";
    private static final long BOMB_BYTES = 2L << 30;
    private static final int BOMB_MEMBERS = 32;
    private static final int HUGE_CHARS = 64 << 20;

    private static Path dir;

    @BeforeAll
    static void makeFiles() throws IOException {
        dir = TestFairrag.newDir("hostile-files");
        // One gzip member of 64 MiB of zeros, written 32 times: a gzip file may hold several members, which read
        // as one stream (RFC 1952), so the bomb expands to 2 GiB without deflating 2 GiB here.
        ByteArrayOutputStream member = new ByteArrayOutputStream();
        try (OutputStream out = gzip(member)) {
            byte[] zeros = new byte[1 << 20];
            for (long written = 0; written < BOMB_BYTES / BOMB_MEMBERS; written += zeros.length) {
                out.write(zeros);
            }
        }
        try (OutputStream out = Files.newOutputStream(dir.resolve("bomb.jsonl.gz"))) {
            for (int i = 0; i < BOMB_MEMBERS; i++) {
                member.writeTo(out);
            }
        }
        try (Writer out = gzipText(dir.resolve("long-line.jsonl.gz"))) {
            out.write(json("9100001", "Before the long line"));
            out.write("{\"pmid\": \"9100002\", \"title\": \"");
            repeat(out, 'x', HUGE_CHARS);
            out.write("\"}\n");
            out.write(json("9100003", "After the long line"));
        }
        try (Writer out = gzipText(dir.resolve("long-text.xml.gz"))) {
            out.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<PubmedArticleSet>\n");
            out.write(article("9200001", "Before the long text node", ""));
            out.write(article("9200002", "The long text node", "<Abstract><AbstractText>"));
            repeat(out, 'x', HUGE_CHARS);
            out.write("</AbstractText></Abstract></Article></MedlineCitation></PubmedArticle>\n");
            out.write(article("9200003", "After the long text node", ""));
            out.write("</PubmedArticleSet>\n");
        }
        try (Writer out = gzipText(dir.resolve("long-field.medline.gz"))) {
            out.write("PMID- 9300001\nTI  - Before the long field\n\nPMID- 9300002\nTI  - The long field\nAB  - ");
            repeat(out, 'x', HUGE_CHARS);
            out.write("\n\nPMID- 9300003\nTI  - After the long field\n");
        }
        try (Writer out = gzipText(dir.resolve("long-row.csv.gz"))) {
            out.write("Title,abstractText,meshMajor,pmid,meshid,meshroot\n");
            out.write("Before the long row,An abstract.,[],9400001,[],[]\n");
            out.write("The long row,\"");
            for (int i = 0; i < 64; i++) {
                repeat(out, 'x', HUGE_CHARS / 64);
                out.write('\n');
            }
            out.write("\",[],9400002,[],[]\n");
            out.write("After the long row,An abstract.,[],9400003,[],[]\n");
        }
        try (Writer out = gzipText(dir.resolve("long-row.tsv.gz"))) {
            out.write("DescriptorUI\tDescriptorName\tTreeNumbers\tEntryTerms\n");
            out.write("D900001\tBefore\tZ01\t\n");
            out.write("D900002\tLong\tZ01.100\t");
            repeat(out, 'x', HUGE_CHARS);
            out.write("\nD900003\tAfter\tZ01.200\t\n");
        }
        try (Writer out = gzipText(dir.resolve("long-line.nt.gz"))) {
            out.write(concept("before", "Before"));
            out.write("<http://example.org/long> <http://www.w3.org/2004/02/skos/core#prefLabel> \"");
            repeat(out, 'x', HUGE_CHARS);
            out.write("\" .\n");
            out.write(concept("after", "After"));
        }
    }

    @Test
    void should_reject_each_hostile_article_record_and_ingest_the_good_ones_within_a_small_heap() throws Exception {
        Run run = ingest("articles", "bomb.jsonl.gz", "long-line.jsonl.gz", "long-text.xml.gz", "long-field.medline.gz",
                "long-row.csv.gz");

        assertThat(run.exitCode()).as("exit status (2: records were rejected)\n%s", run.text()).isEqualTo(2);
        assertThat(run.output()).noneMatch(line -> line.contains("OutOfMemoryError"));
        assertThat(run.output()).contains(
                "  rejected bomb.jsonl.gz line 1: a line of 2,147,483,648 characters is longer than the record limit of 16,777,216 characters",
                "  rejected long-line.jsonl.gz line 2: a line of 67,108,896 characters is longer than the record limit of 16,777,216 characters",
                "  rejected long-text.xml.gz PubmedArticle #2 (line 4): the text of <AbstractText> is longer than the text limit of 1,048,576 characters",
                "  rejected long-field.medline.gz line 4: line 6 is longer than the text limit of 1,048,576 characters (PMID 9300002)",
                "  rejected long-row.csv.gz line 3: a row of 67,108,960 characters is longer than the record limit of 16,777,216 characters");
        assertThat(run.output()).anyMatch(line -> line.startsWith(dir.resolve("bomb.jsonl.gz") + " (JSONL): 1 read, 0 accepted, 1 rejected;"));
        for (String file : List.of("long-line.jsonl.gz (JSONL)", "long-text.xml.gz (PUBMED_XML)", "long-field.medline.gz (MEDLINE)",
                "long-row.csv.gz (KAGGLE_CSV)")) {
            assertThat(run.output()).as(file).anyMatch(line -> line.startsWith(dir.resolve(file)
                    + ": 3 read, 2 accepted, 1 rejected; articles 2 created"));
        }
    }

    @Test
    void should_reject_each_hostile_vocabulary_row_and_load_the_good_ones_within_a_small_heap() throws Exception {
        Run run = ingest("vocabulary", "--vocabulary", "--vocabulary-key", "hostile", "long-row.tsv.gz", "long-line.nt.gz");

        assertThat(run.exitCode()).as("exit status (2: rows were rejected)\n%s", run.text()).isEqualTo(2);
        assertThat(run.output()).noneMatch(line -> line.contains("OutOfMemoryError"));
        assertThat(run.output()).anyMatch(line -> line.startsWith(dir.resolve("long-row.tsv.gz") + ": 2 terms, 2 created"));
        assertThat(run.output()).contains(
                "  rejected line 3: a row of 67,108,885 characters is longer than the record limit of 16,777,216 characters");
        assertThat(run.output()).anyMatch(line -> line.startsWith(dir.resolve("long-line.nt.gz") + ": 2 terms"));
        assertThat(run.output()).anyMatch(line -> line.startsWith("  rejected line 3: 67,108,942 bytes")
                && line.endsWith(" bytes, longer than the record limit of 16,777,216 bytes; the line is left out"));
    }

    @Test
    void should_end_with_a_message_rather_than_hang_when_the_limits_are_raised_past_the_heap() throws Exception {
        Run run = ingest("raised-limits", List.of("-Xmx96m"), "--max-record", "1000000000", "--max-text", "1000000000",
                "long-line.jsonl.gz");

        assertThat(run.exitCode()).as("exit status\n%s", run.text()).isEqualTo(3);
        assertThat(run.output()).anyMatch(line -> line.startsWith("fairrag: out of memory")
                && line.contains("lower --max-record / --max-text"));
    }

    private record Run(int exitCode, List<String> output) {
        String text() {
            return String.join("\n", output);
        }
    }

    /** Runs {@code fairrag ingest} in a JVM of its own with a small heap, on a data directory of its own. */
    private static Run ingest(String name, String... arguments) throws Exception {
        return ingest(name, List.of(HEAP, "-XX:+ExitOnOutOfMemoryError"), arguments);
    }

    private static Run ingest(String name, List<String> jvmOptions, String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of(javaBinary()));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(), "ingest",
                "--data-dir", TestFairrag.newInstanceDir("hostile-" + name).toString(),
                "--base-url", TestFairrag.BASE_URL, "--no-demo",
                // What is measured is the reading of hostile input in a small heap, not the vocabulary's footprint.
                "--no-bundled-vocabulary"));
        for (String argument : arguments) {
            command.add(argument.endsWith(".gz") ? dir.resolve(argument).toString() : argument);
        }
        Path log = dir.resolve(name + ".log");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("FAIRRAG_VECTORS", "none");
        Process child = builder.start();
        try {
            child.getOutputStream().close();
            assertThat(child.waitFor(10, TimeUnit.MINUTES)).as("fairrag ingest finished").isTrue();
            return new Run(child.exitValue(), Files.readAllLines(log, StandardCharsets.UTF_8));
        } finally {
            child.destroyForcibly();
        }
    }

    private static OutputStream gzip(Path file) throws IOException {
        return gzip(Files.newOutputStream(file));
    }

    private static OutputStream gzip(OutputStream target) throws IOException {
        return new GZIPOutputStream(target, 1 << 16) {
            {
                def.setLevel(Deflater.BEST_SPEED);
            }
        };
    }

    private static Writer gzipText(Path file) throws IOException {
        return new BufferedWriter(new OutputStreamWriter(gzip(file), StandardCharsets.UTF_8), 1 << 16);
    }

    private static void repeat(Writer out, char c, int count) throws IOException {
        char[] block = new char[1 << 16];
        java.util.Arrays.fill(block, c);
        for (int left = count; left > 0; left -= block.length) {
            out.write(block, 0, Math.min(left, block.length));
        }
    }

    private static String json(String pmid, String title) {
        return "{\"pmid\": \"" + pmid + "\", \"title\": \"" + title + "\"}\n";
    }

    /** An article up to where its abstract would go: complete when {@code open} is empty. */
    private static String article(String pmid, String title, String open) {
        String start = "<PubmedArticle><MedlineCitation><PMID Version=\"1\">" + pmid + "</PMID><Article>"
                + "<Journal><Title>J</Title></Journal><ArticleTitle>" + title + "</ArticleTitle>";
        return open.isEmpty() ? start + "</Article></MedlineCitation></PubmedArticle>\n" : start + open;
    }

    private static String concept(String id, String label) {
        return "<http://example.org/" + id + "> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> "
                + "<http://www.w3.org/2004/02/skos/core#Concept> .\n"
                + "<http://example.org/" + id + "> <http://www.w3.org/2004/02/skos/core#prefLabel> \"" + label + "\" .\n";
    }

    private static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
