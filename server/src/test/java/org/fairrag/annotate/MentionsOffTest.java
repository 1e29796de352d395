package org.fairrag.annotate;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.rdf.model.ResourceFactory;
import org.fairrag.app.Fairrag;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.SourceFile;
import org.fairrag.testing.TestFairrag;
import org.fairrag.vocab.Concept;
import org.fairrag.vocab.VocabularyInfo;
import org.junit.jupiter.api.Test;

/**
 * Annotation switched off after articles were annotated ({@code FAIRRAG_MENTIONS=false}): an article moved
 * to restricted takes no mention of its text along into the public mentions graph, and a withdrawn one keeps none.
 */
class MentionsOffTest {

    @Test
    void should_drop_the_earlier_mentions_of_a_moved_or_withdrawn_article_when_annotation_is_off() throws Exception {
        Path dir = TestFairrag.newDir("mentions-off");
        Path files = TestFairrag.newDir("mentions-off-files");
        Path moved = Files.writeString(files.resolve("moved.jsonl"), article("94000001", "Mouth cancer screening with saliva tests"));
        Path withdrawn = Files.writeString(files.resolve("withdrawn.jsonl"), article("94000002", "Mouth cancer in smokers"));
        String movedPid;
        String withdrawnPid;
        try (Fairrag annotating = TestFairrag.open(dir)) {
            annotating.loadVocabulary(VocabularyInfo.MESH_2024, List.of(new Concept("D009062", "http://id.nlm.nih.gov/mesh/D009062",
                    "Mouth Neoplasms", List.of("Mouth Cancer"), List.of("C04.588.443.591"), List.of(), null)), IngestProgress.NONE);
            annotating.ingest(SourceFile.of(moved), ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
            annotating.ingest(SourceFile.of(withdrawn), ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
            movedPid = annotating.publisher().pidUrl(ArticleIngest.articleId("94000001"));
            withdrawnPid = annotating.publisher().pidUrl(ArticleIngest.articleId("94000002"));
            assertThat(mentions(annotating, "public", movedPid)).isPositive();
            assertThat(mentions(annotating, "public", withdrawnPid)).isPositive();
        }

        try (Fairrag plain = TestFairrag.open(TestFairrag.config(dir).toBuilder().mentions(false).build())) {
            plain.ingest(SourceFile.of(moved), new ArticleIngest.Options("restricted", false), IngestProgress.NONE);
            plain.tombstones().tombstone(ArticleIngest.articleId("94000002"), "Retracted by the journal");

            assertThat(mentions(plain, "public", movedPid)).as("the moved article's text in the public mentions graph").isZero();
            assertThat(mentions(plain, "restricted", movedPid)).isZero();
            assertThat(mentions(plain, "public", withdrawnPid)).isZero();
        }
    }

    private static int mentions(Fairrag fairrag, String level, String articlePid) {
        return fairrag.graph().select(QueryFactory.create(
                        "SELECT ?m WHERE { GRAPH ?g { ?m <http://www.w3.org/ns/oa#hasTarget> ?t . ?t <http://www.w3.org/ns/oa#hasSource> ?a } }"),
                Map.of("g", ResourceFactory.createResource(fairrag.graphs().mentionsFor(level)),
                        "a", ResourceFactory.createResource(articlePid))).size();
    }

    private static String article(String pmid, String title) {
        return new JsonObject().put("pmid", pmid).put("title", title).put("year", 2021)
                .put("abstract", title + ". Mouth cancer was found early in a third of the cohort.")
                .put("mesh", new JsonArray().add("Mouth Neoplasms")).encode() + "\n";
    }
}
