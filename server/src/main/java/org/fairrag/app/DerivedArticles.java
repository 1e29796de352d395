package org.fairrag.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fairrag.ingest.read.SourceFormats;

/**
 * A JSONL corpus of any size made from the bundled demo articles, for ingestion benchmarks: article {@code i}
 * keeps the title, subjects and metadata of demo article {@code i mod n} and joins the first half of its
 * abstract's sentences to the second half of another demo article's (a different partner in every round), so
 * that texts vary as the corpus grows. PMIDs are 900,000,000 + i, far above PubMed's.
 */
final class DerivedArticles {

    static final long FIRST_PMID = 900_000_000L;

    private DerivedArticles() {}

    static void write(int count, Path file) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<ObjectNode> demo = new ArrayList<>();
        try (InputStream in = SourceFormats.decompressed(DerivedArticles.class.getResourceAsStream(Fairrag.DEMO_ARTICLES));
             BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (!line.isBlank()) {
                    demo.add((ObjectNode) json.readTree(line));
                }
            }
        }
        int n = demo.size();
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (int i = 0; i < count; i++) {
                int round = i / n;
                ObjectNode base = demo.get(i % n);
                ObjectNode partner = demo.get((i % n + 1 + round) % n);
                ObjectNode article = base.deepCopy();
                article.put("source", "derived from the fairrag demo for benchmarks");
                article.put("pmid", Long.toString(FIRST_PMID + i));
                article.put("abstract", joined(base.path("abstract").asText(""), partner.path("abstract").asText("")));
                out.write(json.writeValueAsString(article));
                out.write('\n');
            }
        }
    }

    private static String joined(String first, String second) {
        String[] a = first.split("(?<=[.!?])\\s+");
        String[] b = second.split("(?<=[.!?])\\s+");
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < (a.length + 1) / 2; i++) {
            text.append(a[i]).append(' ');
        }
        for (int i = b.length / 2; i < b.length; i++) {
            text.append(b[i]).append(' ');
        }
        return text.toString().trim();
    }
}
