package org.fairrag.security;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fairrag.app.Fairrag;
import org.fairrag.app.HttpServerLauncher;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.SourceFile;
import org.fairrag.testing.TestFairrag;
import org.fairrag.vocab.Concept;
import org.fairrag.vocab.VocabularyInfo;

/**
 * A small running server with public and restricted articles and an API key of each kind, built as
 * {@code AccessLevelsTest} builds its own: three MeSH terms, three public and two restricted articles,
 * the embedded vector index and the real embedding model. Started once per test JVM and shared by the
 * security tests that need restricted content; they do not change what it holds.
 */
final class RestrictedContentServer {

    static final String SECRET = "Zebrafish";

    private static RestrictedContentServer instance;

    final Fairrag fairrag;
    final int port;
    final HttpCalls http;
    final String restrictedKey;
    final String publicKey;
    final List<String> publicPids;
    final List<String> restrictedPids;

    private RestrictedContentServer() throws Exception {
        fairrag = TestFairrag.open(TestFairrag.searchConfig(TestFairrag.newSharedDir("security")));
        fairrag.loadVocabulary(VocabularyInfo.MESH_2024, List.of(
                new Concept("D009369", "http://id.nlm.nih.gov/mesh/D009369", "Neoplasms", List.of("Tumors"), List.of("C04"), List.of(), null),
                new Concept("D009062", "http://id.nlm.nih.gov/mesh/D009062", "Mouth Neoplasms", List.of(), List.of("C04.588.443.591"),
                        List.of("D009369"), null),
                new Concept("D006801", "http://id.nlm.nih.gov/mesh/D006801", "Humans", List.of(), List.of("B01.050.150.900.649.313.988.400.112.400.400"),
                        List.of(), null)), IngestProgress.NONE);
        Path dir = TestFairrag.newSharedDir("security-files");
        Path open = Files.writeString(dir.resolve("public.jsonl"), article("99200001", "Oral cancer screening in adults", "Mouth Neoplasms")
                + article("99200002", "Salivary markers of mouth tumours", "Mouth Neoplasms")
                + article("99200003", "Tumour growth in older patients", "Neoplasms"));
        Path closed = Files.writeString(dir.resolve("restricted.jsonl"),
                article("99200004", SECRET + " model of oral cancer, unpublished trial data", "Mouth Neoplasms")
                + article("99200005", SECRET + " tumour xenografts, embargoed cohort", "Neoplasms"));
        fairrag.ingest(SourceFile.of(open), ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
        fairrag.ingest(SourceFile.of(closed), new ArticleIngest.Options("restricted", false), IngestProgress.NONE);
        publicPids = List.of(pid("99200001"), pid("99200002"), pid("99200003"));
        restrictedPids = List.of(pid("99200004"), pid("99200005"));
        restrictedKey = fairrag.apiKeys().create("restricted reader", "restricted", false).await().token();
        publicKey = fairrag.apiKeys().create("public reader", "public", false).await().token();
        port = HttpServerLauncher.start(fairrag).port();
        http = new HttpCalls(port);
        TestFairrag.closeAtExit(fairrag);
    }

    static synchronized RestrictedContentServer get() {
        if (instance == null) {
            try {
                instance = new RestrictedContentServer();
            } catch (Exception e) {
                throw new IllegalStateException("the restricted-content test server did not start", e);
            }
        }
        return instance;
    }

    String pid(String pmid) {
        return fairrag.publisher().pidUrl(ArticleIngest.articleId(pmid));
    }

    static String article(String pmid, String title, String term) {
        return new JsonObject().put("pmid", pmid).put("title", title + ".")
                .put("abstract", title + ". We describe the study design, the cohort and the main findings in detail.")
                .put("mesh", new JsonArray().add(term).add("Humans")).put("year", 2020).encode() + "\n";
    }
}
