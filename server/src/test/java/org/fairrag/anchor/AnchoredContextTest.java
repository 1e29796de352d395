package org.fairrag.anchor;

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
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.rdf.model.ResourceFactory;
import org.fairrag.app.Fairrag;
import org.fairrag.app.HttpServerLauncher;
import org.fairrag.generate.SelectedTerm;
import org.fairrag.generate.SourceArticle;
import org.fairrag.generate.SummaryInput;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.SourceFile;
import org.fairrag.testing.TestFairrag;
import org.fairrag.vectors.ArticleFilter;
import org.fairrag.vocab.Concept;
import org.fairrag.vocab.VocabularyInfo;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Concept-anchored context on a small collection of its own (four MeSH terms, public and restricted articles,
 * the embedded stores, the real embedding model): the sentences that mention a concept or a narrower one, never
 * negated ones, restricted ones only for a caller who may read them, none of a withdrawn article, including
 * mentions written after the start; and what search, ask and summarize make of them over HTTP.
 */
class AnchoredContextTest {

    private static final String MOUTH = "D009062";
    private static final String TONGUE = "D014062";
    private static final String DIABETES = "D003920";
    private static final String ZEBRAFISH = "D015027";
    private static final ArticleFilter PUBLIC = new ArticleFilter(List.of(), Set.of(), null, null, Set.of(ArticleFilter.PUBLIC));
    private static final ArticleFilter ALL = new ArticleFilter(List.of(), Set.of(), null, null,
            Set.of(ArticleFilter.PUBLIC, "restricted"));

    private static Fairrag fairrag;
    private static AnchoredContext context;
    private static int port;
    private static String restrictedKey;
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @BeforeAll
    static void collection() throws Exception {
        fairrag = TestFairrag.open(TestFairrag.searchConfig(TestFairrag.newDir("anchored")));
        fairrag.loadVocabulary(VocabularyInfo.MESH_2024, List.of(
                concept("D009369", "Neoplasms", List.of("Tumors"), "C04", List.of()),
                concept(MOUTH, "Mouth Neoplasms", List.of("Oral Cancer", "Mouth Cancer"), "C04.588.443.591", List.of("D009369")),
                concept(TONGUE, "Tongue Neoplasms", List.of("Tongue Cancer"), "C04.588.443.591.824", List.of(MOUTH)),
                concept(DIABETES, "Diabetes Mellitus", List.of("Diabetes"), "C18.452.394.750", List.of()),
                concept(ZEBRAFISH, "Zebrafish", List.of("Danio rerio"), "B01.050.150.900.493.250.250.125.750", List.of())),
                IngestProgress.NONE);
        Path dir = TestFairrag.newDir("anchored-files");
        Path open = Files.writeString(dir.resolve("public.jsonl"), String.join("",
                article("99300001", "Oral cancer screening by dentists",
                        "Oral cancer is often found late. Dentists screened 2,000 adults for oral cancer in a year. "
                        + "Screening found oral cancer at an early stage in twelve adults. "
                        + "Tongue cancer was the most common site among the cancers found.", "Mouth Neoplasms"),
                article("99300002", "Blood sugar control in adults with diabetes",
                        "Diabetes affects the mouth and gums. We followed 300 adults with diabetes for five years. "
                        + "There was no evidence of oral cancer in any of these patients. "
                        + "Better control of diabetes reduced gum disease.", "Diabetes Mellitus"),
                article("99300003", "Oral cancer in smokers, a retracted report",
                        "Smoking raises the risk of oral cancer. This cohort of smokers had more oral cancer than others "
                        + "of the same age.", "Mouth Neoplasms")));
        Path closed = Files.writeString(dir.resolve("restricted.jsonl"), article("99300004",
                "Zebrafish model of oral cancer, embargoed",
                "Zebrafish larvae grew oral cancer cells from patients. The zebrafish model predicted which oral cancer "
                + "responded to treatment.", "Mouth Neoplasms"));
        fairrag.ingest(SourceFile.of(open), ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
        fairrag.ingest(SourceFile.of(closed), new ArticleIngest.Options("restricted", false), IngestProgress.NONE);
        // The whole read the start asked for has finished, so no later read replaces what the tests change.
        fairrag.mentionMap().load();
        context = fairrag.anchoredContext().orElseThrow();
        restrictedKey = fairrag.apiKeys().create("restricted reader", "restricted", false).await().token();
        port = HttpServerLauncher.start(fairrag).port();
    }

    @AfterAll
    static void close() {
        fairrag.close();
    }

    @Test
    void should_give_sentences_that_mention_the_concept_with_their_place_in_the_text_as_stored() {
        List<AnchoredContext.Evidence> evidence = evidence(List.of(MOUTH), "how is oral cancer found early", PUBLIC);

        assertThat(evidence).isNotEmpty().allSatisfy(e -> {
            assertThat(e.conceptId()).isEqualTo(MOUTH);
            assertThat(stored(e).substring(e.start(), e.end()).strip()).isEqualTo(e.text());
        });
        assertThat(evidence).extracting(AnchoredContext.Evidence::articlePid).contains(pid("99300001"));
        assertThat(evidence).anySatisfy(e -> assertThat(e.text()).containsIgnoringCase("oral cancer"));
    }

    @Test
    void should_count_a_mention_of_a_narrower_concept_as_one_of_the_concept() {
        List<AnchoredContext.Evidence> evidence = context.evidence(List.of(MOUTH), "which site of the mouth had most cancers",
                PUBLIC, Set.of(pid("99300001")), new PerConceptSelection(0, 10, 10));

        assertThat(evidence).anySatisfy(e -> {
            assertThat(e.mentionedId()).isEqualTo(TONGUE);
            assertThat(e.text()).startsWith("Tongue cancer");
        });
    }

    @Test
    void should_leave_out_negated_mentions() {
        List<List<AnchoredContext.Anchor>> places = context.places(List.of(MOUTH), List.of(Set.of(MOUTH)),
                vector("oral cancer in patients with diabetes"), ALL, Set.of());

        assertThat(places.get(0)).extracting(AnchoredContext.Anchor::articlePid).isNotEmpty()
                .doesNotContain(pid("99300002"));
        assertThat(context.places(List.of(DIABETES), List.of(Set.of(DIABETES)), vector("diabetes"), ALL, Set.of()).get(0))
                .extracting(AnchoredContext.Anchor::articlePid).contains(pid("99300002"));
    }

    @Test
    void should_give_a_restricted_articles_sentences_only_to_a_caller_who_may_read_it() {
        String zebrafish = pid("99300004");

        assertThat(evidence(List.of(MOUTH), "zebrafish model of oral cancer", PUBLIC))
                .extracting(AnchoredContext.Evidence::articlePid).doesNotContain(zebrafish);
        assertThat(evidence(List.of(MOUTH), "zebrafish model of oral cancer", ALL))
                .extracting(AnchoredContext.Evidence::articlePid).contains(zebrafish);
    }

    @Test
    void should_forget_a_withdrawn_article_and_take_in_an_article_published_after_the_start() throws Exception {
        String withdrawn = pid("99300003");
        assertThat(allPlaces(MOUTH)).contains(withdrawn);

        fairrag.tombstones().tombstone(ArticleIngest.articleId("99300003"), "Test: retracted");
        Path later = Files.writeString(TestFairrag.newDir("anchored-later").resolve("later.jsonl"), article("99300005",
                "Oral cancer survival after surgery", "Survival after surgery for oral cancer was 60% at five years.",
                "Mouth Neoplasms"));
        fairrag.ingest(SourceFile.of(later), ArticleIngest.Options.DEFAULT, IngestProgress.NONE);

        assertThat(allPlaces(MOUTH)).doesNotContain(withdrawn).contains(pid("99300005"));
        assertThat(fairrag.mentionMap().of(Set.of(MOUTH), true)).extracting(StoredMention::articlePid)
                .doesNotContain(withdrawn);
    }

    @Test
    void should_give_a_summary_the_mentions_and_evidence_of_its_chosen_articles_only() {
        SourceArticle screening = new SourceArticle(1, pid("99300001"), "99300001", null, null, null, "public");
        SummaryInput input = new SummaryInput("What did screening find?", List.of(screening),
                List.of(new SelectedTerm(MOUTH, "x", "Mouth Neoplasms", List.of())));

        SummaryInput anchored = new SummaryAnchoring(fairrag.mentionMap(), context, fairrag::vocabulary)
                .anchored(input, Set.of(ArticleFilter.PUBLIC));

        assertThat(anchored.mentions()).isNotEmpty().allSatisfy(m -> {
            assertThat(m.articlePid()).isEqualTo(pid("99300001"));
            assertThat(m.termId()).isEqualTo(MOUTH);
        });
        assertThat(anchored.evidence()).isNotEmpty().allSatisfy(e -> assertThat(e.articlePid()).isEqualTo(pid("99300001")));
    }

    @Test
    void should_report_the_list_of_articles_that_mention_a_concept_when_asked_for_and_leave_it_out_by_default() throws Exception {
        JsonObject on = get("/api/articles/search?k=5&mentions=true&q=" + URLEncoder.encode("oral cancer", StandardCharsets.UTF_8));
        JsonObject off = get("/api/articles/search?k=5&q=" + URLEncoder.encode("oral cancer", StandardCharsets.UTF_8));

        JsonObject mouth = concept(on, MOUTH);
        assertThat(mouth.getJsonObject("lists").fieldNames()).contains("mentioned");
        assertThat(mouth.getDouble("weight")).isEqualTo(mouth.getJsonObject("lists").stream()
                .mapToDouble(e -> ((Number) e.getValue()).doubleValue()).max().orElseThrow());
        assertThat(concept(off, MOUTH).getJsonObject("lists").fieldNames()).doesNotContain("mentioned");
        assertThat(on.getJsonArray("results").stream().map(r -> ((JsonObject) r).getString("pid")))
                .doesNotContain(pid("99300004"));
    }

    @Test
    void should_answer_a_question_about_a_topic_with_evidence_sentences_restricted_ones_only_for_a_key() throws Exception {
        JsonObject oral = post("/api/ask", new JsonObject().put("question", "How many articles are about oral cancer?").encode());
        String zebrafish = new JsonObject().put("question", "How many articles are about zebrafish?").encode();
        JsonObject anonymous = post("/api/ask", zebrafish);
        JsonObject withKey = post("/api/ask", zebrafish, "X-API-Key", restrictedKey);

        assertThat(oral.getJsonArray("evidence")).isNotEmpty().allSatisfy(o -> {
            JsonObject e = (JsonObject) o;
            assertThat(e.getString("term")).isEqualTo(MOUTH);
            assertThat(e.getString("pid")).isNotEqualTo(pid("99300004"));
            assertThat(e.getString("part")).isIn("title", "abstract");
            assertThat(e.getInteger("end")).isGreaterThan(e.getInteger("start"));
            assertThat(e.getString("text")).isNotBlank();
        });
        assertThat(anonymous.getJsonArray("evidence")).as("only a restricted article mentions zebrafish").isEmpty();
        assertThat(withKey.getJsonArray("evidence")).isNotEmpty().allSatisfy(o -> {
            assertThat(((JsonObject) o).getString("pid")).isEqualTo(pid("99300004"));
            assertThat(((JsonObject) o).getString("text")).containsIgnoringCase("zebrafish");
        });
    }

    @Test
    void should_summarize_with_selected_terms_citing_only_the_chosen_articles() throws Exception {
        JsonObject body = new JsonObject().put("articles", new JsonArray().add(pid("99300001")).add(pid("99300002")))
                .put("prompt", "What was found about cancer of the mouth?").put("terms", new JsonArray().add(MOUTH));

        JsonObject summary = post("/api/summarize", body.encode());

        assertThat(summary.getJsonArray("statements")).isNotEmpty().allSatisfy(o -> assertThat(((JsonObject) o)
                .getJsonArray("cites")).isNotEmpty().allSatisfy(c -> assertThat(c).isIn(pid("99300001"), pid("99300002"))));
        assertThat(summary.getJsonArray("statements").stream().map(o -> ((JsonObject) o).getString("text")))
                .as("the sentence that mentions the selected term is stated")
                .anySatisfy(t -> assertThat(t).containsIgnoringCase("oral cancer"));
    }

    private static List<AnchoredContext.Evidence> evidence(List<String> concepts, String text, ArticleFilter filter) {
        return context.evidence(concepts, text, filter, Set.of(), PerConceptSelection.EVIDENCE);
    }

    private static List<String> allPlaces(String concept) {
        return context.places(List.of(concept), List.of(Set.of(concept)), vector("oral cancer"), ALL, Set.of()).get(0).stream()
                .map(AnchoredContext.Anchor::articlePid).toList();
    }

    private static float[] vector(String text) {
        return fairrag.queryEmbedder().orElseThrow().embed(text);
    }

    /** The text a sentence's offsets count in, as the graph stores it. */
    private static String stored(AnchoredContext.Evidence e) {
        String property = e.part().equals("title") ? "http://purl.org/dc/terms/title" : "http://schema.org/abstract";
        return fairrag.graph().select(QueryFactory.create("SELECT ?text WHERE { GRAPH ?g { ?article ?property ?text } }"),
                Map.of("article", ResourceFactory.createResource(e.articlePid()),
                        "property", ResourceFactory.createResource(property)))
                .get(0).getLiteral("text").getString();
    }

    private static JsonObject concept(JsonObject search, String id) {
        return search.getJsonArray("concepts").stream().map(JsonObject.class::cast).filter(c -> c.getString("id").equals(id))
                .findFirst().orElseThrow(() -> new AssertionError(id + " not among the concepts of " + search.encode()));
    }

    private static JsonObject get(String path) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return new JsonObject(r.body());
    }

    private static JsonObject post(String path, String json, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json));
        if (headers.length > 0) {
            b.headers(headers);
        }
        HttpResponse<String> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isIn(200, 201);
        return new JsonObject(r.body());
    }

    private static String pid(String pmid) {
        return fairrag.publisher().pidUrl(ArticleIngest.articleId(pmid));
    }

    private static Concept concept(String id, String label, List<String> alt, String tree, List<String> broader) {
        return new Concept(id, "http://id.nlm.nih.gov/mesh/" + id, label, alt, List.of(tree), broader, null);
    }

    private static String article(String pmid, String title, String abstractText, String term) {
        return new JsonObject().put("pmid", pmid).put("title", title + ".").put("abstract", abstractText)
                .put("mesh", new JsonArray().add(term)).put("year", 2021).encode() + "\n";
    }
}
