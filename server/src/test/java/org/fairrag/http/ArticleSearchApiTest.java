package org.fairrag.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.fairrag.app.Fairrag;
import org.fairrag.terms.ConceptLinker;
import org.fairrag.terms.QueryConcept;
import org.fairrag.testing.DemoRecords;
import org.fairrag.testing.GraphFacts;
import org.fairrag.testing.TestFairrag;
import org.fairrag.vectors.ArticleFilter;
import org.fairrag.vectors.ChunkHit;
import org.fairrag.vectors.VectorIndex;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code /api/articles/search} on the demo collection; filters are checked against the knowledge graph. */
class ArticleSearchApiTest {

    private static final String MOUTH_NEOPLASMS = "D009062";
    private static final String HEAD_AND_NECK_NEOPLASMS = "D006258";

    private final Fairrag fairrag = TestFairrag.demo();
    private final GraphFacts graph = new GraphFacts(fairrag);
    private final HttpClient http = HttpClient.newHttpClient();
    private final ObjectMapper json = new ObjectMapper();

    @Test
    void should_answer_in_the_documented_shape_with_server_timing() throws Exception {
        HttpResponse<String> r = get("/api/articles/search?q=" + enc("survival after surgery for oral cancer") + "&k=5");

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Server-Timing").orElseThrow())
                .matches("embed;dur=[0-9.]+, concepts;dur=[0-9.]+, retrieve;dur=[0-9.]+, total;dur=[0-9.]+");
        JsonNode body = json.readTree(r.body());
        assertThat(body.get("query").asText()).isEqualTo("survival after surgery for oral cancer");
        assertThat(body.get("tookMs").isIntegralNumber()).isTrue();
        assertThat(body.get("results")).hasSize(5);
        JsonNode first = body.get("results").get(0);
        assertThat(first.get("pid").asText()).startsWith(TestFairrag.BASE_URL + "/pid/");
        assertThat(first.get("pmid").asText()).matches("\\d+");
        assertThat(first.get("snippet").asText()).isNotBlank();
        assertThat(first.get("score").asDouble()).isPositive();
        assertThat(first.has("year")).isTrue();
        assertThat(first.has("journal")).isTrue();
        assertThat(first.get("terms")).isNotEmpty().allSatisfy(t -> {
            assertThat(t.get("id").asText()).matches("D\\d+");
            assertThat(t.get("label").asText()).isNotBlank();
        });
        assertThat(terms(first)).isEqualTo(graph.termIds(first.get("pid").asText()));
    }

    @Test
    void should_return_k_articles_all_about_the_term_or_a_narrower_one() throws Exception {
        Set<String> branch = fairrag.vocabulary().withDescendants(HEAD_AND_NECK_NEOPLASMS);

        List<JsonNode> hits = results("/api/articles/search?q=" + enc("quality of life after treatment")
                + "&k=20&terms=" + HEAD_AND_NECK_NEOPLASMS + "&explode=true");

        assertThat(hits).hasSize(20);
        for (JsonNode h : hits) {
            assertThat(graph.termIds(h.get("pid").asText())).as(h.get("pid").asText()).containsAnyElementsOf(branch);
        }
    }

    @Test
    void should_match_only_the_term_itself_without_explode() throws Exception {
        List<JsonNode> hits = results("/api/articles/search?q=cancer&k=10&terms=" + HEAD_AND_NECK_NEOPLASMS);

        assertThat(hits).isNotEmpty();
        for (JsonNode h : hits) {
            assertThat(graph.termIds(h.get("pid").asText())).contains(HEAD_AND_NECK_NEOPLASMS);
        }
    }

    @Test
    void should_return_every_matching_article_when_fewer_than_k_exist() throws Exception {
        String term = termWithPublicArticles(3, 8);
        Set<String> tagged = graph.publicArticlesTaggedWithAny(List.of(term));

        List<JsonNode> hits = results("/api/articles/search?q=" + enc("treatment") + "&k=50&terms=" + term);

        assertThat(hits.stream().map(h -> h.get("pid").asText())).containsExactlyInAnyOrderElementsOf(tagged);
    }

    @Test
    void should_require_every_term_with_mode_all_and_one_with_mode_any() throws Exception {
        Set<String> mouth = fairrag.vocabulary().withDescendants(MOUTH_NEOPLASMS);
        String humans = "D006801";
        String base = "/api/articles/search?q=" + enc("tumour") + "&k=100&explode=true&terms=" + MOUTH_NEOPLASMS + "," + humans;

        List<JsonNode> all = results(base + "&mode=all");
        List<JsonNode> any = results(base + "&mode=any");

        assertThat(all).isNotEmpty();
        for (JsonNode h : all) {
            Set<String> tags = graph.termIds(h.get("pid").asText());
            assertThat(tags).contains(humans).containsAnyElementsOf(mouth);
        }
        assertThat(any).hasSizeGreaterThan(all.size());
        for (JsonNode h : any) {
            Set<String> tags = graph.termIds(h.get("pid").asText());
            assertThat(tags.contains(humans) || tags.stream().anyMatch(mouth::contains)).isTrue();
        }
    }

    @Test
    void should_leave_out_articles_about_an_excluded_term_and_its_narrower_terms() throws Exception {
        Set<String> mouth = fairrag.vocabulary().withDescendants(MOUTH_NEOPLASMS);

        List<JsonNode> hits = results("/api/articles/search?q=" + enc("oral cancer") + "&k=30&explode=true&exclude=" + MOUTH_NEOPLASMS);

        assertThat(hits).hasSize(30);
        for (JsonNode h : hits) {
            assertThat(graph.termIds(h.get("pid").asText())).doesNotContainAnyElementsOf(mouth);
        }
    }

    @Test
    void should_keep_to_the_year_range() throws Exception {
        List<JsonNode> hits = results("/api/articles/search?q=" + enc("radiotherapy") + "&k=15&yearFrom=2005&yearTo=2010");

        assertThat(hits).hasSize(15);
        for (JsonNode h : hits) {
            assertThat(graph.year(h.get("pid").asText())).isBetween(2005, 2010);
            assertThat(h.get("year").asInt()).isBetween(2005, 2010);
        }
    }

    @Test
    void should_bring_back_an_article_only_its_words_find() throws Exception {
        VectorIndex index = fairrag.vectorIndex().orElseThrow();
        ArticleFilter everything = ArticleFilter.publicArticles();
        ConceptLinker concepts = new ConceptLinker(fairrag::termLexicon, fairrag::vocabulary);
        String pid = null;
        String word = null;
        for (Map.Entry<String, DemoRecords.Record> candidate : rareWords()) {
            List<ChunkHit> byWords = index.matchingChunks(candidate.getKey(), 1, everything);
            List<ChunkHit> byMeaning = index.nearestChunks(fairrag.queryEmbedder().orElseThrow().embed(candidate.getKey()), 10, everything);
            // A word that names a concept finds the concept's articles first (see the README), so one that names none.
            if (byWords.size() == 1 && byMeaning.stream().noneMatch(h -> h.articlePid().equals(byWords.get(0).articlePid()))
                    && concepts.named(candidate.getKey()).isEmpty()) {
                pid = byWords.get(0).articlePid();
                word = candidate.getKey();
                break;
            }
        }
        assertThat(pid).as("a word that keyword search finds, the vectors miss and no concept's name covers").isNotNull();

        List<JsonNode> hybrid = results("/api/articles/search?q=" + enc(word) + "&k=10&concepts=false");

        // Only the hybrid keeps it: in the default search the lists of concepts near the query's meaning can push it
        // off the first page (see the README's "What this costs").
        String found = pid;
        assertThat(hybrid).filteredOn(h -> h.get("pid").asText().equals(found)).singleElement()
                .satisfies(h -> assertThat(matchedBy(h)).contains("words").doesNotContain("concepts"));
    }

    @Test
    void should_bring_back_what_only_the_meaning_finds() throws Exception {
        String query = "gobsmacking gnashers";
        VectorIndex index = fairrag.vectorIndex().orElseThrow();
        assertThat(index.matchingChunks(query, 10, ArticleFilter.publicArticles())).as("no article has these words").isEmpty();
        List<String> byMeaning = index.nearestChunks(fairrag.queryEmbedder().orElseThrow().embed(query), 100,
                ArticleFilter.publicArticles()).stream().map(ChunkHit::articlePid).toList();

        List<String> hits = results("/api/articles/search?q=" + enc(query) + "&k=5").stream()
                .map(h -> h.get("pid").asText()).toList();
        List<String> hybrid = results("/api/articles/search?q=" + enc(query) + "&k=5&concepts=false").stream()
                .map(h -> h.get("pid").asText()).toList();

        assertThat(hybrid).hasSize(5);
        assertThat(byMeaning).containsSubsequence(hybrid);
        assertThat(results("/api/articles/search?q=" + enc(query) + "&k=5&concepts=false"))
                .as("found by meaning alone, as the web app tells the user").allSatisfy(h ->
                        assertThat(matchedBy(h)).containsExactly("meaning"));
        // Concepts near the meaning reorder the articles it finds, and add none.
        assertThat(hits).hasSize(5);
        assertThat(byMeaning).containsAll(hits);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "treatments for mouth cancer|D009062|Mouth Neoplasms|mouth cancer",
            "heart attack|D009203|Myocardial Infarction|heart attack"})
    void should_also_search_the_concept_the_words_name_and_say_so(String query, String id, String label, String words)
            throws Exception {
        Set<String> branch = fairrag.vocabulary().withDescendants(id);

        JsonNode withConcepts = body("/api/articles/search?k=10&q=" + enc(query));
        JsonNode without = body("/api/articles/search?k=10&concepts=false&q=" + enc(query));

        assertThat(withConcepts.get("concepts")).filteredOn(c -> c.get("id").asText().equals(id)).singleElement()
                .satisfies(c -> {
                    assertThat(c.get("label").asText()).isEqualTo(label);
                    assertThat(c.get("matched").asText()).isNotBlank();
                    assertThat(c.get("text").asText()).isEqualToIgnoringCase(words);
                    assertThat(c.get("by")).extracting(JsonNode::asText).contains("words");
                    assertThat(c.get("weight").asDouble()).isPositive();
                });
        assertThat(without.get("concepts")).isEmpty();
        assertThat(without.get("conceptsOff")).isEmpty();
        long about = aboutAny(withConcepts, branch);
        assertThat(about).as("hits about " + label).isGreaterThanOrEqualTo(8).isGreaterThan(aboutAny(without, branch));
        Set<String> searched = new HashSet<>();
        withConcepts.get("concepts").forEach(c -> searched.addAll(fairrag.vocabulary().withDescendants(c.get("id").asText())));
        List<JsonNode> byConcepts = new ArrayList<>();
        withConcepts.get("results").forEach(h -> {
            if (matchedBy(h).contains("concepts")) {
                byConcepts.add(h);
            }
        });
        assertThat(byConcepts).as("hits found as articles about a searched concept").isNotEmpty().allSatisfy(h ->
                assertThat(graph.termIds(h.get("pid").asText())).as(h.get("pid").asText()).containsAnyElementsOf(searched));
        without.get("results").forEach(h -> assertThat(matchedBy(h)).doesNotContain("concepts").isNotEmpty());
    }

    @Test
    void should_search_without_a_concept_the_caller_turned_off_and_say_so() throws Exception {
        String mouthCancer = "treatments for mouth cancer";
        Set<String> branch = fairrag.vocabulary().withDescendants(MOUTH_NEOPLASMS);

        JsonNode on = body("/api/articles/search?k=10&q=" + enc(mouthCancer));
        JsonNode off = body("/api/articles/search?k=10&notConcepts=" + MOUTH_NEOPLASMS + "&q=" + enc(mouthCancer));

        assertThat(off.get("concepts")).extracting(c -> c.get("id").asText()).doesNotContain(MOUTH_NEOPLASMS);
        assertThat(off.get("conceptsOff")).singleElement().satisfies(c -> {
            assertThat(c.get("id").asText()).isEqualTo(MOUTH_NEOPLASMS);
            assertThat(c.get("label").asText()).isEqualTo("Mouth Neoplasms");
            assertThat(c.get("weight").asDouble()).isZero();
        });
        assertThat(aboutAny(off, branch)).isLessThan(aboutAny(on, branch));
    }

    @Test
    void should_not_search_a_concept_the_nearest_articles_are_no_more_about_than_any_article() throws Exception {
        String medicine = "D008511"; // the discipline, which "medicines" names too
        ConceptLinker words = new ConceptLinker(fairrag::termLexicon, fairrag::vocabulary);
        // The first of these whose words name the discipline (a lexicon row may name a whole phrase another way).
        String query = Stream.of("medicines that kill germs", "germ-killing medicines", "medicines for infections")
                .filter(q -> words.named(q).stream().anyMatch(c -> c.id().equals(medicine)))
                .findFirst().orElseThrow(() -> new AssertionError("no query names Medicine by its words"));
        Set<String> branch = fairrag.vocabulary().withDescendants(medicine);
        VectorIndex index = fairrag.vectorIndex().orElseThrow();
        List<String> nearest = index.nearestChunks(fairrag.queryEmbedder().orElseThrow().embed(query), 20,
                ArticleFilter.publicArticles()).stream().map(ChunkHit::articlePid).toList();
        double nearShare = index.articles(nearest).values().stream()
                .filter(f -> f.termIds().stream().anyMatch(branch::contains)).count() / (double) nearest.size();
        double share = index.countArticles(ArticleFilter.publicTaggedWithAny(branch))
                / (double) index.countArticles(ArticleFilter.publicArticles());
        assertThat(nearShare).as("share of the 20 nearest articles about Medicine, against all").isLessThan(share);

        JsonNode r = body("/api/articles/search?k=10&q=" + enc(query));

        assertThat(r.get("concepts")).extracting(c -> c.get("id").asText()).doesNotContain(medicine);
        assertThat(r.get("results")).hasSize(10);
    }

    @Test
    void should_answer_with_only_fields_and_parameters_the_api_document_names() throws Exception {
        JsonNode doc = new ObjectMapper(new YAMLFactory()).readTree(get("/openapi.yaml").body());
        JsonNode route = doc.at("/paths/~1api~1articles~1search/get");
        Set<String> parameters = new HashSet<>();
        route.get("parameters").forEach(p -> parameters.add(p.get("name").asText()));
        JsonNode schema = doc.at("/components/schemas/ArticleSearch/properties");
        JsonNode concept = doc.at("/components/schemas/SearchedConcept/properties");
        JsonNode hit = doc.at("/components/schemas/ArticleSearch/properties/results/items/properties");

        JsonNode body = body("/api/articles/search?k=3&q=" + enc("mouth cancer in smokers") + "&notConcepts=" + MOUTH_NEOPLASMS);

        assertThat(parameters).contains("q", "k", "terms", "mode", "explode", "exclude", "yearFrom", "yearTo", "concepts",
                "notConcepts", "mentions", "suggested");
        body.fieldNames().forEachRemaining(f -> assertThat(schema.has(f)).as("documented: " + f).isTrue());
        assertThat(body.get("results")).isNotEmpty().allSatisfy(h -> h.fieldNames().forEachRemaining(f ->
                assertThat(hit.has(f)).as("documented: results." + f).isTrue()));
        assertThat(body.get("concepts")).isNotEmpty();
        for (String list : List.of("concepts", "conceptsOff")) {
            body.get(list).forEach(c -> c.fieldNames().forEachRemaining(f -> assertThat(concept.has(f))
                    .as("documented: " + list + "." + f).isTrue()));
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "/api/articles/search|missing_parameter",
            "/api/articles/search?q=%20%20|missing_parameter",
            "/api/articles/search?q=cancer&k=0|invalid_parameter",
            "/api/articles/search?q=cancer&k=101|invalid_parameter",
            "/api/articles/search?q=cancer&k=ten|invalid_parameter",
            "/api/articles/search?q=cancer&yearFrom=2010&yearTo=2000|invalid_parameter",
            "/api/articles/search?q=cancer&yearFrom=20x0|invalid_parameter",
            "/api/articles/search?q=cancer&terms=D009062,oops|malformed_term_id",
            "/api/articles/search?q=cancer&terms=D999999999|unknown_term",
            "/api/articles/search?q=cancer&exclude=X1|malformed_term_id",
            "/api/articles/search?q=cancer&terms=D009062&mode=some|invalid_parameter",
            "/api/articles/search?q=cancer&explode=maybe|invalid_parameter",
            "/api/articles/search?q=cancer&concepts=maybe|invalid_parameter",
            "/api/articles/search?q=cancer&notConcepts=D009062,oops|malformed_term_id",
            "/api/articles/search?q=cancer&notConcepts=D999999999|unknown_term"})
    void should_refuse_bad_parameters_with_a_json_400(String path, String code) throws Exception {
        HttpResponse<String> r = get(path);

        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/json");
        JsonNode error = json.readTree(r.body()).get("error");
        assertThat(error.get("code").asText()).isEqualTo(code);
        assertThat(error.get("message").asText()).isNotBlank();
    }

    /** A term (smallest id first) tagging between min and max public articles of the graph. */
    private String termWithPublicArticles(int min, int max) {
        Map<String, Integer> counts = new TreeMap<>();
        for (var r : DemoRecords.withTermsAndYear(300)) {
            r.termIds().forEach(t -> counts.merge(t, 1, Integer::sum));
        }
        for (String t : counts.keySet()) {
            int n = graph.publicArticlesTaggedWithAny(List.of(t)).size();
            if (n >= min && n <= max && fairrag.vocabulary().byId(t).isPresent()) {
                return t;
            }
        }
        throw new AssertionError("no term with " + min + ".." + max + " articles");
    }

    /** Long words that occur in one demo record only, rarest spelling first. */
    private static List<Map.Entry<String, DemoRecords.Record>> rareWords() {
        Pattern word = Pattern.compile("\\b[a-z]{10,}\\b");
        Map<String, List<DemoRecords.Record>> byWord = new TreeMap<>();
        for (DemoRecords.Record r : DemoRecords.withTermsAndYear(400)) {
            Matcher m = word.matcher((r.title() + " " + r.abstractText()).toLowerCase());
            Set<String> seen = new HashSet<>();
            while (m.find()) {
                if (seen.add(m.group())) {
                    byWord.computeIfAbsent(m.group(), k -> new ArrayList<>()).add(r);
                }
            }
        }
        return byWord.entrySet().stream().filter(e -> e.getValue().size() == 1)
                .map(e -> Map.entry(e.getKey(), e.getValue().get(0)))
                .sorted(Comparator.comparing(Map.Entry::getKey)).toList();
    }

    private Set<String> terms(JsonNode hit) {
        Set<String> out = new HashSet<>();
        hit.get("terms").forEach(t -> out.add(t.get("id").asText()));
        return out;
    }

    private static List<String> matchedBy(JsonNode hit) {
        List<String> out = new ArrayList<>();
        hit.get("matchedBy").forEach(m -> out.add(m.asText()));
        return out;
    }

    /** How many of the answer's hits are tagged with a term of {@code branch}, by the graph. */
    private long aboutAny(JsonNode answer, Set<String> branch) {
        List<JsonNode> hits = new ArrayList<>();
        answer.get("results").forEach(hits::add);
        return hits.stream().filter(h -> graph.termIds(h.get("pid").asText()).stream().anyMatch(branch::contains)).count();
    }

    private JsonNode body(String path) throws Exception {
        HttpResponse<String> r = get(path);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return json.readTree(r.body());
    }

    private List<JsonNode> results(String path) throws Exception {
        HttpResponse<String> r = get(path);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        List<JsonNode> out = new ArrayList<>();
        json.readTree(r.body()).get("results").forEach(out::add);
        return out;
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + TestFairrag.demoPort() + path)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
