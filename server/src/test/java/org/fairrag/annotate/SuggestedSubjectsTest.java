package org.fairrag.annotate;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.rdf.model.ResourceFactory;
import org.fairrag.app.Fairrag;
import org.fairrag.app.HttpServerLauncher;
import org.fairrag.embed.Chunker;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.SourceFile;
import org.fairrag.testing.DemoRecords;
import org.fairrag.testing.MeshVocabulary;
import org.fairrag.testing.TestFairrag;
import org.fairrag.vocab.Concept;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyInfo;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * An article that arrives without MeSH headings gets suggested subjects from its text and its neighbours,
 * kept as {@code fr:suggestedSubject} and never as {@code schema:about}, shown apart on its landing page, and
 * found by filter and search only when the caller asks for suggested subjects too. A small instance of its
 * own: twelve real demo articles about nasopharyngeal cancer with their MeSH headings as the neighbours,
 * the MeSH descriptors they use, and one more real article on the subject whose headings were taken away.
 */
class SuggestedSubjectsTest {

    private static final List<String> TAGGED = List.of("569635", "980005", "1334414", "2299678", "2351484", "2386925",
            "2394508", "2401174", "25248265", "2829148", "3349469", "3588996");
    private static final String UNTAGGED = "3153224";
    private static final String NASOPHARYNGEAL_NEOPLASMS = "D009303";
    private static Fairrag fairrag;
    private static int port;
    private static String untaggedPid;
    private static String untaggedTitle;
    private static String untaggedAbstract;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        fairrag = TestFairrag.open(TestFairrag.searchConfig(TestFairrag.newDir("suggested")));
        List<String> all = new ArrayList<>(TAGGED);
        all.add(UNTAGGED);
        List<String> lines = DemoRecords.lines(all.toArray(String[]::new));
        Set<String> ids = new LinkedHashSet<>();
        for (String line : lines) {
            new JsonObject(line).getJsonArray("mesh").forEach(name ->
                    MeshVocabulary.index().resolveName((String) name).ifPresent(ids::add));
        }
        List<Concept> concepts = new ArrayList<>();
        for (String id : ids) {
            Term t = MeshVocabulary.index().byId(id).orElseThrow();
            concepts.add(new Concept(t.id(), t.sourceIri(), t.label(), t.altLabels(), t.treeNumbers(), List.of(), null));
        }
        fairrag.loadVocabulary(VocabularyInfo.MESH_2024, concepts, IngestProgress.NONE);
        Path dir = TestFairrag.newDir("suggested-files");
        Path tagged = Files.write(dir.resolve("tagged.jsonl"), lines.subList(0, TAGGED.size()));
        JsonObject untagged = new JsonObject(lines.get(TAGGED.size()));
        untagged.remove("mesh");
        untagged.remove("mesh_ui");
        untagged.remove("mesh_major");
        untagged.remove("mesh_tree_numbers");
        untaggedTitle = untagged.getString("title");
        untaggedAbstract = untagged.getString("abstract");
        Path withoutMesh = Files.writeString(dir.resolve("untagged.jsonl"), untagged.encode() + "\n");
        fairrag.ingest(SourceFile.of(tagged), ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
        fairrag.ingest(SourceFile.of(withoutMesh), ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
        untaggedPid = fairrag.publisher().pidUrl(ArticleIngest.articleId(UNTAGGED));
        port = HttpServerLauncher.start(fairrag).port();
    }

    @AfterAll
    static void stop() {
        fairrag.close();
    }

    @Test
    void should_keep_suggested_subjects_apart_from_the_indexers() {
        List<String> suggested = objects("https://w3id.org/fairrag/ns#suggestedSubject", untaggedPid);
        List<String> about = objects("http://schema.org/about", untaggedPid);

        assertThat(about).isEmpty();
        assertThat(suggested).contains(termPid(NASOPHARYNGEAL_NEOPLASMS));
        String tagged = fairrag.publisher().pidUrl(ArticleIngest.articleId(TAGGED.get(0)));
        assertThat(objects("https://w3id.org/fairrag/ns#suggestedSubject", tagged)).as("an article with headings").isEmpty();
        assertThat(objects("http://schema.org/about", tagged)).isNotEmpty();
    }

    @Test
    void should_show_suggested_subjects_apart_on_the_landing_page() throws Exception {
        HttpResponse<String> page = get(untaggedPid.substring(TestFairrag.BASE_URL.length()), "text/html");

        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("Suggested subjects").contains("Not assigned by indexers")
                .contains("Nasopharyngeal Neoplasms");
    }

    @Test
    void should_filter_and_search_by_suggested_subjects_only_when_asked() throws Exception {
        JsonObject filter = new JsonObject().put("articles", new JsonArray().add(untaggedPid))
                .put("terms", new JsonArray().add(NASOPHARYNGEAL_NEOPLASMS));
        String search = "/api/articles/search?k=20&q=" + URLEncoder.encode("nasopharyngeal carcinoma in children",
                StandardCharsets.UTF_8) + "&terms=" + NASOPHARYNGEAL_NEOPLASMS;

        assertThat(pids(post("/api/filter", filter.encode()))).isEmpty();
        assertThat(pids(post("/api/filter", filter.copy().put("suggested", true).encode()))).containsExactly(untaggedPid);
        assertThat(pids(get(search, "application/json"))).hasSize(TAGGED.size()).doesNotContain(untaggedPid);
        JsonObject withSuggested = new JsonObject(get(search + "&suggested=true", "application/json").body());
        assertThat(pids(withSuggested)).contains(untaggedPid);
        JsonObject hit = withSuggested.getJsonArray("results").stream().map(JsonObject.class::cast)
                .filter(h -> h.getString("pid").equals(untaggedPid)).findFirst().orElseThrow();
        assertThat(hit.getJsonArray("terms")).isEmpty();
        assertThat(hit.getJsonArray("suggestedTerms").stream().map(t -> ((JsonObject) t).getString("id")))
                .contains(NASOPHARYNGEAL_NEOPLASMS);
    }

    @Test
    void should_suggest_the_terms_with_the_nearest_names_only_with_a_model_that_uses_them() {
        // The title, as the suggester embeds it.
        NearestNames names = new NearestNames(fairrag.vectorIndex().orElseThrow(), fairrag.embedder().orElseThrow(),
                new Chunker(), Neighbours.Embedded.TITLE, 5, NearestNames.preferredNames(fairrag::vocabulary));
        double[] w = new double[SubjectModel.Feature.values().length];
        w[SubjectModel.Feature.NAME_RANK.ordinal()] = 20;
        // 1 / (1 + rank) weighs 20 against a bias of -5: ranks 0 to 2 score above 0.6, the others below.
        SubjectModel byNames = new SubjectModel(-5, w, 0.6, EnumSet.of(SubjectModel.Feature.NAME_SIMILARITY,
                SubjectModel.Feature.NAME_RANK), "names only");
        SubjectModel withoutNames = new SubjectModel(-5, w, 0.6, EnumSet.of(SubjectModel.Feature.PRIOR_LOG), "no source");

        List<NearestNames.Match> nearest = names.of(untaggedTitle, untaggedAbstract);
        List<SubjectSuggester.Subject> suggested = fairrag.subjectSuggester(byNames)
                .suggest(untaggedTitle, untaggedAbstract, Set.of("public")).subjects();

        assertThat(nearest).hasSize(5).extracting(NearestNames.Match::rank).containsExactly(0, 1, 2, 3, 4);
        assertThat(nearest).extracting(NearestNames.Match::termId).doesNotHaveDuplicates()
                .as("the article is about nasopharyngeal cancer").contains(NASOPHARYNGEAL_NEOPLASMS);
        assertThat(nearest.get(0).similarity()).isGreaterThanOrEqualTo(nearest.get(4).similarity());
        assertThat(suggested).extracting(SubjectSuggester.Subject::termId)
                .containsExactlyElementsOf(nearest.subList(0, 3).stream().map(NearestNames.Match::termId).toList());
        // Found by its name alone, each says so: the name's similarity to the title and its rank, from 1.
        for (int i = 0; i < suggested.size(); i++) {
            assertThat(suggested.get(i).evidence()).containsExactly(
                    new SubjectSuggester.NameEvidence(nearest.get(i).similarity(), i + 1));
        }
        assertThat(fairrag.subjectSuggester(withoutNames).suggest(untaggedTitle, untaggedAbstract, Set.of("public"))
                .subjects()).isEmpty();
    }

    @Test
    void should_suggest_the_subject_of_an_untagged_article_by_trees_fitted_on_its_real_neighbours() {
        // Fitted on the twelve tagged articles, each without itself among its neighbours and statistics, as the bench
        // fits the shipped model on dev; small trees, as twelve articles allow.
        SubjectSuggester suggester = fairrag.subjectSuggester();
        SubjectEvaluation evaluation = new SubjectEvaluation(suggester, Set.of("public"), Set.of(),
                SubjectStatistics.of(fairrag.graph(), fairrag.graphs(), fairrag.vocabulary()));
        List<SubjectEvaluation.Prepared> tagged = new ArrayList<>();
        for (String line : DemoRecords.lines(TAGGED.toArray(String[]::new))) {
            JsonObject record = new JsonObject(line);
            Set<String> gold = new LinkedHashSet<>();
            record.getJsonArray("mesh").forEach(name -> MeshVocabulary.index().resolveName((String) name).ifPresent(gold::add));
            String pmid = record.getString("pmid");
            tagged.add(evaluation.prepare(new SubjectEvaluation.Case(pmid, record.getString("title"), record.getString("abstract"),
                    gold, fairrag.publisher().pidUrl(ArticleIngest.articleId(pmid)))));
        }
        SubjectEvaluation.Fitting fitting = SubjectEvaluation.Fitting.DEFAULT.withScorer(
                SubjectEvaluation.Scorer.parse("logistic+trees:30:2:0.3"));

        SubjectModel model = evaluation.fit(SubjectEvaluation.Variant.COMBINED, tagged, fitting, "twelve articles");
        SubjectModel logistic = evaluation.fit(SubjectEvaluation.Variant.COMBINED, tagged,
                SubjectEvaluation.Fitting.NAMES, "twelve articles, logistic");
        List<SubjectSuggester.Subject> suggested = suggester.with(model)
                .suggest(untaggedTitle, untaggedAbstract, Set.of("public")).subjects();

        assertThat(model.trees().trees()).hasSize(30);
        assertThat(model.trees().trees()).as("the trees split on what the candidates say").anySatisfy(t ->
                assertThat(t.size()).isGreaterThan(1));
        SubjectSuggester.Subject cancer = suggested.stream().filter(s -> s.termId().equals(NASOPHARYNGEAL_NEOPLASMS))
                .findFirst().orElseThrow(() -> new AssertionError("not suggested: " + suggested));
        assertThat(cancer.score()).isGreaterThanOrEqualTo(model.threshold());
        // Its evidence: tagged neighbours that have it, and its name near the title's meaning (the text says
        // "nasopharyngeal carcinoma", another descriptor).
        assertThat(cancer.evidence()).hasAtLeastOneElementOfType(SubjectSuggester.NeighbourEvidence.class)
                .hasAtLeastOneElementOfType(SubjectSuggester.NameEvidence.class);
        assertThat(suggested.get(0).score()).isGreaterThanOrEqualTo(suggested.get(suggested.size() - 1).score());
        // The trees moved the logistic model's scores: they are no bare copy of it.
        assertThat(suggester.with(model).suggest(untaggedTitle, untaggedAbstract, Set.of("public")).subjects())
                .extracting(SubjectSuggester.Subject::score)
                .isNotEqualTo(suggester.with(logistic.withThreshold(model.threshold()))
                        .suggest(untaggedTitle, untaggedAbstract, Set.of("public")).subjects().stream()
                        .map(SubjectSuggester.Subject::score).toList());
    }

    @Test
    void should_prepare_a_case_searched_once_for_the_bench_as_the_suggester_prepares_it_names_included() {
        SubjectSuggester suggester = fairrag.subjectSuggester();
        SubjectEvaluation evaluation = new SubjectEvaluation(suggester, Set.of("public"), Set.of(),
                SubjectStatistics.of(fairrag.graph(), fairrag.graphs(), fairrag.vocabulary()));
        JsonObject record = new JsonObject(DemoRecords.lines(TAGGED.get(0)).get(0));
        String pmid = record.getString("pmid");
        SubjectEvaluation.Case c = new SubjectEvaluation.Case(pmid, record.getString("title"), record.getString("abstract"),
                Set.of(), fairrag.publisher().pidUrl(ArticleIngest.articleId(pmid)));
        Neighbours.Settings settings = suggester.neighbourSearch().orElseThrow().settings();

        SubjectEvaluation.Prepared direct = evaluation.prepare(c);
        SubjectEvaluation.Prepared searched = evaluation.prepare(evaluation.search(c, settings.k()), settings);

        assertThat(direct.names()).isNotEmpty();
        assertThat(searched.names()).isEqualTo(direct.names());
        assertThat(searched.candidates()).extracting(SubjectCandidates.Candidate::termId)
                .containsExactlyInAnyOrderElementsOf(direct.candidates().stream().map(SubjectCandidates.Candidate::termId).toList());
    }

    private static List<String> objects(String property, String subject) {
        return fairrag.graph().select(QueryFactory.create("SELECT ?o WHERE { GRAPH ?g { ?s ?p ?o } }"),
                        Map.of("s", ResourceFactory.createResource(subject), "p", ResourceFactory.createProperty(property),
                                "g", ResourceFactory.createResource(fairrag.graphs().publicContent())))
                .stream().map(r -> r.getResource("o").getURI()).toList();
    }

    private static String termPid(String id) {
        return fairrag.vocabulary().byId(id).orElseThrow().pid();
    }

    private static List<String> pids(HttpResponse<String> r) {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return pids(new JsonObject(r.body()));
    }

    private static List<String> pids(JsonObject body) {
        return body.getJsonArray("results").stream().map(o -> ((JsonObject) o).getString("pid")).toList();
    }

    private HttpResponse<String> get(String path, String accept) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).header("Accept", accept)
                .timeout(Duration.ofSeconds(60)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String path, String json) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json))
                .timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
