package org.fairrag.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fairrag.ingest.ConsistencyCheck.Kind.*;

import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Tuple;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.fairrag.app.Fairrag;
import org.fairrag.graph.Vocab;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.Test;

/** Each way the three stores can disagree is found by the check and undone by the repair. */
class ConsistencyCheckTest {

    @Test
    void should_find_and_repair_every_kind_of_disagreement() throws Exception {
        Path dir = TestFairrag.newDir("check");
        try (Fairrag fairrag = TestFairrag.open(TestFairrag.searchConfig(dir))) {
            Path open = Files.writeString(dir.resolve("public.jsonl"), article("99300001") + article("99300002")
                    + article("99300003") + article("99300004"));
            Path closed = Files.writeString(dir.resolve("restricted.jsonl"), article("99300005"));
            fairrag.ingest(SourceFile.of(open), ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
            fairrag.ingest(SourceFile.of(closed), new ArticleIngest.Options("restricted", false), IngestProgress.NONE);
            ConsistencyCheck check = fairrag.consistencyCheck();
            assertThat(check.check().problems()).isEmpty();
            String noVectors = pid(fairrag, "99300001");
            String notInGraph = pid(fairrag, "99300002");
            String notRegistered = pid(fairrag, "99300003");
            String leaked = pid(fairrag, "99300005");
            String orphan = fairrag.publisher().pidUrl("bcdfghjkmnpq0");

            fairrag.vectorIndex().orElseThrow().deleteArticles(List.of(noVectors));
            fairrag.graph().deleteDescriptions(fairrag.graphs().publicContent(), List.of(notInGraph));
            fairrag.database().pool().preparedQuery("DELETE FROM pid WHERE id = $1").execute(Tuple.of(idOf(notRegistered))).await();
            Model copy = ModelFactory.createDefaultModel();
            copy.createResource(leaked).addProperty(Vocab.DCT_TITLE, "A restricted title").addProperty(Vocab.PMID, "99300005");
            fairrag.graph().replaceDescriptions(fairrag.graphs().publicContent(), List.of(leaked), copy);
            fairrag.articleIndexer().orElseThrow().index(List.of(new Article(orphan, "1", "An orphan", "Nothing indexes this.",
                    List.of(), List.of(), null, null, List.of(), null, List.of(), null, "public")));

            ConsistencyCheck.Report found = check.check();

            assertThat(found.problems()).containsExactlyInAnyOrder(
                    new ConsistencyCheck.Problem(MISSING_VECTORS, noVectors),
                    new ConsistencyCheck.Problem(MISSING_FROM_GRAPH, notInGraph),
                    new ConsistencyCheck.Problem(MISSING_FROM_REGISTRY, notRegistered),
                    new ConsistencyCheck.Problem(IN_WRONG_GRAPH, leaked),
                    new ConsistencyCheck.Problem(ORPHAN_VECTORS, orphan));

            ConsistencyCheck.Report repaired = check.repair();

            assertThat(repaired.problems()).isEmpty();
            assertThat(repaired.activeArticles()).isEqualTo(5);
            assertThat(fairrag.vectorIndex().orElseThrow().articlePids())
                    .containsExactlyInAnyOrder(noVectors, notInGraph, notRegistered, pid(fairrag, "99300004"), leaked);
            assertThat(fairrag.registry().find(idOf(notRegistered)).await()).isPresent();
            assertThat(fairrag.graph().ask(QueryFactory.create("ASK { GRAPH <" + fairrag.graphs().publicContent() + "> { <"
                    + leaked + "> ?p ?o } }"), Map.of())).as("the restricted article left the public graph").isFalse();
            assertThat(fairrag.graph().ask(QueryFactory.create("ASK { GRAPH <" + fairrag.graphs().publicContent() + "> { <"
                    + notInGraph + "> ?p ?o } }"), Map.of())).isTrue();
        }
    }

    /**
     * Replays a finding of the command-line sweep (2026-11-25): a {@code check --repair} stopped while it embedded
     * again left 1,500 of 4,461 articles in the vector index, and a server started on it searched those only, since
     * only an empty index was filled at start. Opening the stores now gives the index the articles it lacks.
     */
    @Test
    void should_give_a_vector_index_that_lacks_some_articles_the_missing_ones_when_the_stores_open() throws Exception {
        Path dir = TestFairrag.newDir("partial-index");
        List<String> lacking;
        try (Fairrag fairrag = TestFairrag.open(TestFairrag.searchConfig(dir))) {
            Path file = Files.writeString(dir.resolve("five.jsonl"), article("99310001") + article("99310002")
                    + article("99310003") + article("99310004") + article("99310005"));
            fairrag.ingest(SourceFile.of(file), ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
            lacking = List.of(pid(fairrag, "99310002"), pid(fairrag, "99310004"));
            fairrag.vectorIndex().orElseThrow().deleteArticles(lacking);
            assertThat(fairrag.vectorIndex().orElseThrow().articleCount()).isEqualTo(3);
        }

        try (Fairrag reopened = TestFairrag.open(TestFairrag.searchConfig(dir))) {
            assertThat(reopened.vectorIndex().orElseThrow().articleCount()).isEqualTo(5);
            assertThat(reopened.vectorIndex().orElseThrow().articlePids()).containsAll(lacking);
            assertThat(reopened.consistencyCheck().check().problems()).isEmpty();
        }
    }

    private static String article(String pmid) {
        return new JsonObject().put("pmid", pmid).put("title", "Study " + pmid + " of oral lesions.")
                .put("abstract", "We followed patients with oral lesions for two years.").put("year", 2021).encode() + "\n";
    }

    private static String pid(Fairrag fairrag, String pmid) {
        return fairrag.publisher().pidUrl(ArticleIngest.articleId(pmid));
    }

    private static String idOf(String pid) {
        return pid.substring(pid.lastIndexOf('/') + 1);
    }
}
