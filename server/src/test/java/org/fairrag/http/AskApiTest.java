package org.fairrag.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.rdf.model.ResourceFactory;
import org.fairrag.app.Fairrag;
import org.fairrag.fdo.ArticleName;
import org.fairrag.fdo.DatasetFdo;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code POST /api/ask} with the question parser on the demo collection, checked against independent SPARQL. */
class AskApiTest {

    private static final String MYOCARDIAL_INFARCTION = "D009203";
    private static final String COVID_19 = "D000086382";

    private final Fairrag fairrag = TestFairrag.demo();
    private final int port = TestFairrag.demoPort();
    private final HttpClient http = HttpClient.newHttpClient();

    private HttpResponse<String> post(String contentType, String body) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/ask"))
                .header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private JsonObject ask(String question) throws Exception {
        HttpResponse<String> r = post("application/json", new JsonObject().put("question", question).encode());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return new JsonObject(r.body());
    }

    private String pidOf(String termId) {
        return fairrag.vocabulary().byId(termId).orElseThrow().pid();
    }

    private Set<String> articlesAbout(String termId) {
        Set<String> out = new HashSet<>();
        fairrag.graph().select(QueryFactory.create("PREFIX schema: <http://schema.org/> "
                        + "PREFIX skos: <http://www.w3.org/2004/02/skos/core#> "
                        + "SELECT DISTINCT ?a WHERE { ?a schema:about/skos:broader* ?t }"),
                Map.of("t", ResourceFactory.createResource(pidOf(termId))))
                .forEach(r -> out.add(r.getResource("a").getURI()));
        return out;
    }

    @Test
    void should_answer_a_count_in_lay_words_with_the_sparql_the_interpretation_and_the_terms_pid() throws Exception {
        JsonObject answer = ask("How many studies looked at heart attacks?");

        int expected = articlesAbout(MYOCARDIAL_INFARCTION).size();
        assertThat(expected).isPositive();
        assertThat(answer.getBoolean("understood")).isTrue();
        assertThat(answer.getString("method")).isEqualTo("parser");
        assertThat(answer.getString("answer")).startsWith(expected + " articles are about Myocardial Infarction");
        JsonObject result = answer.getJsonObject("result");
        assertThat(result.getJsonObject("head").getJsonArray("vars").getList()).containsExactly("count");
        assertThat(result.getJsonObject("results").getJsonArray("bindings").getJsonObject(0).getJsonObject("count")
                .getString("value")).isEqualTo(Integer.toString(expected));
        JsonObject term = answer.getJsonObject("interpretation").getJsonArray("terms").getJsonObject(0);
        assertThat(term.getString("text")).isEqualTo("heart attacks");
        assertThat(term.getString("id")).isEqualTo(MYOCARDIAL_INFARCTION);
        assertThat(term.getString("pid")).isEqualTo(pidOf(MYOCARDIAL_INFARCTION));
        assertThat(answer.getString("sparql")).contains("<" + pidOf(MYOCARDIAL_INFARCTION) + ">");
        assertThat(answer.getJsonArray("objects").getJsonObject(0).getMap())
                .containsEntry("pid", pidOf(MYOCARDIAL_INFARCTION)).containsEntry("type", "term");
    }

    @Test
    void should_list_the_articles_with_their_pids_and_titles_as_objects() throws Exception {
        JsonObject answer = ask("Show me the papers about heart attacks.");

        Set<String> rows = new HashSet<>();
        answer.getJsonObject("result").getJsonObject("results").getJsonArray("bindings")
                .forEach(b -> rows.add(((JsonObject) b).getJsonObject("article").getString("value")));
        assertThat(rows).isEqualTo(articlesAbout(MYOCARDIAL_INFARCTION));
        List<JsonObject> articles = answer.getJsonArray("objects").stream().map(o -> (JsonObject) o)
                .filter(o -> "article".equals(o.getString("type"))).toList();
        assertThat(articles).extracting(o -> o.getString("pid")).containsExactlyInAnyOrderElementsOf(rows);
        for (JsonObject article : articles) {
            var title = fairrag.graph().select(QueryFactory.create("PREFIX dct: <http://purl.org/dc/terms/> "
                    + "SELECT ?title WHERE { <" + article.getString("pid") + "> dct:title ?title }"));
            assertThat(article.getString("label")).isEqualTo(ArticleName.of(title.isEmpty() ? null
                    : title.get(0).getLiteral("title").getString(), article.getString("id")));
        }
    }

    @Test
    void should_give_sparql_that_the_public_endpoint_answers_the_same_way() throws Exception {
        JsonObject answer = ask("Which journal published the most articles about Alzheimer's disease?");

        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/sparql"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .header("Accept", "application/sparql-results+json")
                .POST(HttpRequest.BodyPublishers.ofString("query=" + URLEncoder.encode(answer.getString("sparql"),
                        StandardCharsets.UTF_8))).build(), HttpResponse.BodyHandlers.ofString());

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(new JsonObject(r.body()).getJsonObject("results"))
                .isEqualTo(answer.getJsonObject("result").getJsonObject("results"));
        assertThat(answer.getString("answer")).contains("published the most articles about Alzheimer Disease");
    }

    @Test
    void should_say_what_it_understood_and_what_it_can_answer_when_it_cannot_read_a_question() throws Exception {
        JsonObject answer = ask("How many articles about heart attacks mention flibbertigibbets?");

        assertThat(answer.getBoolean("understood")).isFalse();
        assertThat(answer.getValue("result")).isNull();
        assertThat(answer.getValue("sparql")).isNull();
        assertThat(answer.getString("answer")).contains("flibbertigibbets").contains("Myocardial Infarction");
        assertThat(answer.getJsonArray("suggestions").getList())
                .contains("How many articles are about Myocardial Infarction?");
        assertThat(answer.getJsonArray("objects").getJsonObject(0).getString("pid")).isEqualTo(pidOf(MYOCARDIAL_INFARCTION));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "{}", "[]", "{\"question\": \"\"}", "{\"question\": \"   \"}", "{\"question\": 42}",
            "{\"question\": \"How many articles?\", \"other\": 1}", "{\"question\": \"How many articles?\", \"method\": \"magic\"}",
            "{\"question\": \"How many articles?\", \"method\": \"llm\"}", "not json",
            "{\"question\": \"\\u200b\\u2060\\ufeff\"}"})
    void should_refuse_bad_input_with_a_json_error(String body) throws Exception {
        HttpResponse<String> r = post("application/json", body);

        assertThat(r.statusCode()).as(body).isEqualTo(400);
        assertThat(new JsonObject(r.body()).getJsonObject("error").getString("code")).isNotBlank();
    }

    @Test
    void should_refuse_a_question_over_a_thousand_characters_and_a_body_that_is_not_json() throws Exception {
        HttpResponse<String> tooLong = post("application/json",
                new JsonObject().put("question", "asthma ".repeat(143)).encode());
        HttpResponse<String> text = post("text/plain", "How many articles?");

        assertThat(tooLong.statusCode()).isEqualTo(400);
        assertThat(new JsonObject(tooLong.body()).getJsonObject("error").getString("code")).isEqualTo("too_long");
        assertThat(text.statusCode()).isEqualTo(415);
    }

    @Test
    void should_name_the_dataset_as_the_object_of_an_answer_whose_rows_hold_no_pid() throws Exception {
        JsonObject answer = ask("How many journals are there?");

        assertThat(answer.getBoolean("understood")).isTrue();
        assertThat(answer.getString("sparql")).contains("COUNT");
        JsonObject dataset = answer.getJsonArray("objects").getJsonObject(0);
        assertThat(dataset.getString("type")).isEqualTo("dataset");
        assertThat(dataset.getString("pid")).isEqualTo(new DatasetFdo(TestFairrag.BASE_URL).pid());
        assertThat(http.send(HttpRequest.newBuilder(URI.create(dataset.getString("pid").replace(TestFairrag.BASE_URL,
                "http://127.0.0.1:" + port))).build(), HttpResponse.BodyHandlers.discarding()).statusCode())
                .as("the PID resolves").isEqualTo(200);
    }

    @Test
    void should_answer_a_question_about_one_article_with_its_pid_among_the_objects() throws Exception {
        var row = fairrag.graph().select(QueryFactory.create("PREFIX schema: <http://schema.org/> "
                + "PREFIX fr: <https://w3id.org/fairrag/ns#> SELECT ?a ?pmid ?j WHERE { ?a fr:pmid ?pmid ; "
                + "schema:isPartOf/schema:name ?j } ORDER BY ?pmid LIMIT 1")).get(0);

        JsonObject answer = ask("In which journal was PMID " + row.getLiteral("pmid").getString() + " published?");

        assertThat(answer.getString("answer")).endsWith("was published in " + row.getLiteral("j").getString() + ".");
        JsonArray objects = answer.getJsonArray("objects");
        assertThat(objects.getJsonObject(0).getString("pid")).isEqualTo(row.getResource("a").getURI());
        assertThat(objects.getJsonObject(0).getString("type")).isEqualTo("article");
    }

    private long count(String sparql) {
        return fairrag.graph().select(QueryFactory.create(sparql)).get(0).getLiteral("n").getLong();
    }

    private String aboutCovid(String more) {
        return "PREFIX schema: <http://schema.org/> PREFIX skos: <http://www.w3.org/2004/02/skos/core#> "
                + "PREFIX prov: <http://www.w3.org/ns/prov#> SELECT (COUNT(DISTINCT ?a) AS ?n) WHERE { "
                + "?a schema:about/skos:broader* <" + pidOf(COVID_19) + "> "
                + "FILTER NOT EXISTS { ?a prov:invalidatedAtTime ?w } " + more + " }";
    }

    @Test
    void should_say_how_many_articles_a_journal_answer_leaves_out_for_naming_no_journal() throws Exception {
        long withoutJournal = count(aboutCovid("FILTER NOT EXISTS { ?a schema:isPartOf/schema:name ?j }"));
        assertThat(withoutJournal).as("demo articles about COVID-19 without a journal").isPositive();

        JsonObject answer = ask("Which journals published articles about COVID-19?");

        // The sentence reads as English ("published articles are about" before) and says what it left out.
        assertThat(answer.getString("answer")).matches("\\d+ journals? published articles about COVID-19 .*")
                .contains(withoutJournal + " articles about COVID-19 (or a narrower term) have no journal recorded and are not counted here.");
        JsonObject unrecorded = answer.getJsonObject("unrecorded");
        assertThat(unrecorded.getString("field")).isEqualTo("journal");
        assertThat(unrecorded.getLong("articles")).isEqualTo(withoutJournal);
        assertThat(count(unrecorded.getString("sparql").replace("?count", "?n"))).isEqualTo(withoutJournal);
    }

    @Test
    void should_say_how_many_articles_a_year_bound_cannot_include_for_having_no_date() throws Exception {
        long withoutDate = count(aboutCovid("FILTER NOT EXISTS { ?a schema:datePublished ?d }"));
        assertThat(withoutDate).as("demo articles about COVID-19 without a date").isPositive();

        JsonObject answer = ask("How many articles about COVID-19 since 2020?");

        assertThat(answer.getString("answer")).endsWith(withoutDate
                + " articles about COVID-19 (or a narrower term) have no date of publication recorded, so no year bound can include them.");
        assertThat(answer.getJsonObject("unrecorded").getString("field")).isEqualTo("date");
        assertThat(ask("How many articles about COVID-19?").containsKey("unrecorded")).as("no field read, no year bound").isFalse();
    }

    @Test
    void should_give_evidence_from_the_article_a_question_names_only() throws Exception {
        String smoking = "D012907";
        var row = fairrag.graph().select(QueryFactory.create("PREFIX schema: <http://schema.org/> "
                + "PREFIX skos: <http://www.w3.org/2004/02/skos/core#> PREFIX fr: <https://w3id.org/fairrag/ns#> "
                + "SELECT ?pmid WHERE { ?a fr:pmid ?pmid FILTER NOT EXISTS { ?a schema:about/skos:broader* <"
                + pidOf(smoking) + "> } } ORDER BY ?pmid LIMIT 1")).get(0);
        String pmid = row.getLiteral("pmid").getString();

        JsonObject answer = ask("Is PMID " + pmid + " about smoking?");

        assertThat(answer.getString("answer")).startsWith("No: PMID " + pmid + " is not about Smoking");
        // Before, sentences of other articles that mention smoking came with the "No".
        assertThat(answer.getJsonArray("evidence").stream().map(e -> ((JsonObject) e).getString("pmid")))
                .allSatisfy(p -> assertThat(p).isEqualTo(pmid));
    }

    @Test
    void should_offer_readings_that_hold_more_articles_when_the_term_taken_holds_almost_none() throws Exception {
        JsonObject answer = ask("How many articles are about nasopharyngeal carcinoma?");

        JsonObject taken = answer.getJsonObject("interpretation").getJsonArray("terms").getJsonObject(0);
        long held = articlesAbout(taken.getString("id")).size();
        assertThat(held).as("articles about " + taken.getString("label")).isLessThan(3);
        JsonArray readings = answer.getJsonArray("otherReadings");
        assertThat(readings).as(answer.getString("answer")).isNotNull();
        assertThat(readings.size()).isBetween(1, 3);
        assertThat(answer.getString("answer")).contains(taken.getString("label") + " holds " + held + " article");
        for (Object o : readings) {
            JsonObject reading = (JsonObject) o;
            long articles = articlesAbout(reading.getString("id")).size();
            assertThat(reading.getLong("articles")).isEqualTo(articles).isGreaterThan(held);
            assertThat(reading.getLong("insteadArticles")).isEqualTo(held);
            assertThat(answer.getString("answer")).contains(reading.getString("label"));
            // The question offered asks about the other reading, and its answer says the count given.
            JsonObject again = ask(reading.getString("question"));
            assertThat(again.getString("answer")).startsWith(articles + " article");
            assertThat(again.getJsonObject("interpretation").getJsonArray("terms").getJsonObject(0).getString("id"))
                    .isEqualTo(reading.getString("id"));
        }
        assertThat(answer.getJsonArray("suggestions").getList())
                .containsExactlyElementsOf(readings.stream().map(r -> ((JsonObject) r).getString("question")).distinct().toList());
        assertThat(ask("How many studies looked at heart attacks?").containsKey("otherReadings"))
                .as("a term with many articles").isFalse();
    }
}
