package org.fairrag.annotate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fairrag.annotate.MentionCheck.Kind.*;

import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ResourceFactory;
import org.fairrag.app.Fairrag;
import org.fairrag.graph.Vocab;
import org.fairrag.ingest.Article;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.SourceFile;
import org.fairrag.testing.DemoRecords;
import org.fairrag.testing.MeshVocabulary;
import org.fairrag.testing.TestFairrag;
import org.fairrag.vocab.Concept;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyInfo;
import org.junit.jupiter.api.Test;

/** Missing, stale and orphan concept mentions are found by the check and made again from the articles by the repair. */
class MentionCheckTest {

    @Test
    void should_find_and_repair_missing_stale_and_orphan_mentions() throws Exception {
        try (Fairrag fairrag = TestFairrag.fresh("mention-check")) {
            List<String> lines = DemoRecords.lines("17318707", "26594976", "23507684");
            fairrag.loadVocabulary(VocabularyInfo.MESH_2024, conceptsOf(lines), IngestProgress.NONE);
            Path file = Files.write(TestFairrag.newDir("mention-check-files").resolve("a.jsonl"), lines);
            fairrag.ingest(SourceFile.of(file), ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
            MentionCheck check = fairrag.mentionCheck();
            assertThat(check.check().problems()).isEmpty();
            String missing = pid(fairrag, "17318707");
            String stale = pid(fairrag, "26594976");
            String orphan = fairrag.publisher().pidUrl("bcdfghjkmnpq0");
            long mentionsBefore = annotations(fairrag, missing);

            new MentionStore(fairrag.graph(), fairrag.graphs()).remove(List.of(missing));
            Model changed = fairrag.graph().construct(QueryFactory.create(
                    "CONSTRUCT { ?s ?p ?o } WHERE { GRAPH ?g { ?s ?p ?o } }"), Map.of("s", ResourceFactory.createResource(stale),
                    "g", ResourceFactory.createResource(fairrag.graphs().publicContent())));
            changed.removeAll(null, Vocab.ABSTRACT, null);
            changed.add(changed.createResource(stale), Vocab.ABSTRACT, "A recurrence of the myxoma was seen.");
            fairrag.graph().replaceDescriptions(fairrag.graphs().publicContent(), List.of(stale), changed);
            fairrag.mentionIndex().index(List.of(new Article(orphan, "1", "An orphan tumour", "Nothing publishes this tumour.",
                    List.of(), List.of(), null, null, List.of(), null, List.of(), null, "public")));

            MentionCheck.Report found = check.check();

            assertThat(found.problems()).containsExactlyInAnyOrder(new MentionCheck.Problem(MISSING, missing),
                    new MentionCheck.Problem(STALE, stale), new MentionCheck.Problem(ORPHAN, orphan));

            MentionCheck.Report repaired = check.repair(IngestProgress.NONE);

            assertThat(repaired.problems()).isEmpty();
            assertThat(annotations(fairrag, missing)).isEqualTo(mentionsBefore);
            assertThat(annotations(fairrag, orphan)).isZero();
            assertThat(exacts(fairrag, stale)).contains("recurrence", "myxoma").hasSize(2);
        }
    }

    static List<Concept> conceptsOf(List<String> lines) {
        Set<String> ids = new LinkedHashSet<>(List.of("D002289", "D003074", "D012008", "D009232", "D009369"));
        for (String line : lines) {
            new JsonObject(line).getJsonArray("mesh").forEach(n -> MeshVocabulary.index().resolveName((String) n).ifPresent(ids::add));
        }
        List<Concept> out = new ArrayList<>();
        for (String id : ids) {
            Term t = MeshVocabulary.index().byId(id).orElseThrow();
            out.add(new Concept(t.id(), t.sourceIri(), t.label(), t.altLabels(), t.treeNumbers(), List.of(), null));
        }
        return out;
    }

    private static long annotations(Fairrag fairrag, String pid) {
        return fairrag.graph().select(QueryFactory.create("""
                        SELECT (COUNT(?a) AS ?n) WHERE { GRAPH ?g { ?a <http://www.w3.org/ns/oa#hasTarget>/<http://www.w3.org/ns/oa#hasSource> ?s } }"""),
                Map.of("s", ResourceFactory.createResource(pid), "g", ResourceFactory.createResource(fairrag.graphs().publicMentions())))
                .get(0).getLiteral("n").getLong();
    }

    private static List<String> exacts(Fairrag fairrag, String pid) {
        return fairrag.graph().select(QueryFactory.create("""
                        PREFIX oa: <http://www.w3.org/ns/oa#>
                        SELECT ?exact WHERE { GRAPH ?g { ?a oa:hasTarget ?t . ?t oa:hasSource ?s ; oa:hasSelector/oa:exact ?exact ;
                          <https://w3id.org/fairrag/ns#textProperty> <http://schema.org/abstract> } }"""),
                Map.of("s", ResourceFactory.createResource(pid), "g", ResourceFactory.createResource(fairrag.graphs().publicMentions())))
                .stream().map(r -> r.getLiteral("exact").getString()).toList();
    }

    private static String pid(Fairrag fairrag, String pmid) {
        return fairrag.publisher().pidUrl(ArticleIngest.articleId(pmid));
    }
}
