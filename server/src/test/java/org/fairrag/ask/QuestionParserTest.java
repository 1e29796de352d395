package org.fairrag.ask;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.fairrag.app.Fairrag;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.SourceFile;
import org.fairrag.terms.TermSearch;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The question parser over the real MeSH vocabulary and term lexicon (lexicon only, no vectors) and a real
 * store holding 45 PubMed records (for author and journal names); the queries it composes run on that store.
 */
class QuestionParserTest {

    private static final String MYOCARDIAL_INFARCTION = "D009203";
    private static final String LUNG_NEOPLASMS = "D008175";
    private static final String BREAST_NEOPLASMS = "D001943";
    private static final String MICE = "D051379";
    private static final String ASTHMA = "D001249";
    private static final String CHILD = "D002648";
    private static final String HEART_DISEASES = "D006331";

    private static Fairrag fairrag;
    private static QuestionParser parser;
    private static Set<String> graphs;
    private final QueryComposer composer = new QueryComposer();

    @BeforeAll
    static void start() throws Exception {
        fairrag = TestFairrag.mesh();
        fairrag.ingest(SourceFile.of(TestFairrag.resource("/samples/xml/netsynergy_pubmed21n1002.xml.gz")),
                ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
        TermSearch terms = new TermSearch(fairrag::termLexicon, fairrag::vocabulary, Optional.empty(), Optional.empty());
        parser = new QuestionParser(terms, fairrag::vocabulary,
                new NameCatalogs(fairrag.graph(), Duration.ofMinutes(10), Clock.systemUTC()), TestFairrag.BASE_URL);
        graphs = Set.of(fairrag.graphs().vocabulary(), fairrag.graphs().publicContent());
    }

    private static Interpretation understood(String question) {
        QuestionParser.Parse parse = parser.parse(question, graphs);
        assertThat(parse.understood()).as(question + ": " + parse.problem()).isTrue();
        return parse.interpretation();
    }

    private static List<String> ids(List<Topic> topics) {
        return topics.stream().flatMap(t -> t.anyOf().stream()).map(LinkedTerm::id).toList();
    }

    @Test
    void should_link_lay_words_and_drop_the_words_that_only_frame_the_topic() {
        Interpretation in = understood("How many studies looked at heart attacks?");

        assertThat(in.shape()).isEqualTo(Shape.COUNT_ARTICLES);
        assertThat(ids(in.selection().topics())).containsExactly(MYOCARDIAL_INFARCTION);
        assertThat(in.selection().topics().get(0).anyOf().get(0).text()).isEqualTo("heart attacks");
        assertThat(in.selection().topics().get(0).anyOf().get(0).matched()).isEqualToIgnoringCase("heart attack");
    }

    @Test
    void should_read_or_as_alternatives_and_but_not_as_an_exclusion() {
        Interpretation in = understood("How many articles talk about lung cancer or breast cancer but not about mice?");

        assertThat(in.selection().topics()).hasSize(1);
        assertThat(ids(in.selection().topics())).containsExactly(LUNG_NEOPLASMS, BREAST_NEOPLASMS);
        assertThat(ids(in.selection().excluded())).containsExactly(MICE);
    }

    @Test
    void should_read_and_and_a_loose_in_as_two_topics_but_keep_a_name_that_holds_and() {
        assertThat(ids(understood("How many articles are about asthma in kids?").selection().topics()))
                .containsExactly(ASTHMA, CHILD);
        assertThat(understood("How many articles are about both asthma and children?").selection().topics()).hasSize(2);
        assertThat(ids(understood("How many articles are about head and neck cancer?").selection().topics()))
                .containsExactly("D006258");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "How many articles are about head and neck cancer and smoking?|D006258 D012907",
            "How many articles about head and neck cancer in children?|D006258 D002648",
            "How many articles are about smoking and head and neck cancer?|D012907 D006258",
            "How many articles are about head and neck cancer or lung cancer?|D006258 D008175"})
    void should_keep_a_name_that_holds_and_whole_beside_other_topics(String question, String expected) {
        // "head and neck cancer and smoking" was read as Head, Head and Neck Neoplasms and Smoking: 0 articles.
        assertThat(ids(understood(question).selection().topics())).containsExactly(expected.split(" "));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', nullValues = "-", value = {
            "How many articles were published in 2019?|2019|2019",
            "How many articles were published since 2015?|2015|-",
            "How many articles were published after 2015?|2016|-",
            "How many articles were published before 1995?|-|1994",
            "How many articles were published between 2010 and 2015?|2010|2015",
            "How many articles came out in the 1990s?|1990|1999",
            "How many articles from 2015 to 2017?|2015|2017",
            "How many articles in 2012 or later?|2012|-"})
    void should_read_years_and_ranges(String question, Integer from, Integer to) {
        Interpretation in = understood(question);

        assertThat(in.selection().yearFrom()).isEqualTo(from);
        assertThat(in.selection().yearTo()).isEqualTo(to);
    }

    @Test
    void should_recognise_authors_and_journals_of_the_collection() {
        Interpretation byAuthor = understood("How many articles did Yasmine Messiaen write?");
        Interpretation inJournal = understood("Which articles appeared in Circulation?");

        assertThat(byAuthor.shape()).isEqualTo(Shape.COUNT_ARTICLES_BY_AUTHOR);
        assertThat(byAuthor.selection().author().names()).containsExactly("Messiaen, Yasmine");
        assertThat(inJournal.shape()).isEqualTo(Shape.LIST_ARTICLES);
        assertThat(inJournal.selection().journal().names()).containsExactly("Circulation");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "Who wrote PMID 31449448?|ARTICLE_AUTHORS",
            "In which journal was 31449452 published?|ARTICLE_JOURNAL",
            "What year did paper 31449453 come out?|ARTICLE_YEAR",
            "What is the DOI of PMID 31449454?|ARTICLE_DOI",
            "What are the MeSH terms of PMID 31449455?|ARTICLE_TERMS",
            "What are the major topics of PMID 31449456?|ARTICLE_MAJOR_TERMS",
            "Under which licence is PMID 31449459 available?|ARTICLE_LICENSE",
            "Who is the first author of PMID 31449460?|ARTICLE_FIRST_AUTHOR",
            "What is the PID of PMID 31449461?|ARTICLE_PID",
            "What is the title of PMID 31449462?|ARTICLE_TITLE"})
    void should_read_what_is_asked_of_one_article(String question, Shape shape) {
        Interpretation in = understood(question);

        assertThat(in.shape()).isEqualTo(shape);
        assertThat(in.article().kind()).isEqualTo(ArticleRef.Kind.PMID);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "What is the MeSH identifier of a heart attack?|TERM_ID|D009203",
            "What do doctors call water pills?|TERM_LABEL|D004232",
            "What other names does asthma have?|TERM_ALT_LABELS|D001249",
            "What are the tree numbers of Diabetes Mellitus?|TERM_TREE_NUMBERS|D003920",
            "What kind of disease is asthma?|TERM_BROADER|D001249",
            "What types of arthritis are there?|TERM_NARROWER|D001168",
            "How many terms are under Neoplasms in MeSH?|TERM_DESCENDANT_COUNT|D009369"})
    void should_read_questions_about_a_term(String question, Shape shape, String term) {
        Interpretation in = understood(question);

        assertThat(in.shape()).isEqualTo(shape);
        assertThat(in.term().id()).isEqualTo(term);
    }

    @Test
    void should_read_is_a_kind_of_and_answer_it_through_the_tree() {
        Interpretation yes = understood("Is a heart attack a type of heart disease?");
        Interpretation no = understood("Is asthma a kind of heart disease?");

        assertThat(yes.shape()).isEqualTo(Shape.TERM_IS_A);
        assertThat(yes.term().id()).isEqualTo(MYOCARDIAL_INFARCTION);
        assertThat(yes.ancestor().id()).isEqualTo(HEART_DISEASES);
        assertThat(fairrag.graph().ask(composer.compose(yes), java.util.Map.of())).isTrue();
        assertThat(fairrag.graph().ask(composer.compose(no), java.util.Map.of())).isFalse();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "What is the meaning of life?",
            "How many articles about flibbertigibbets?",
            "How many articles about asthma were published last year?",
            "Who wrote PMID 31449448 and PMID 31449449?",
            "How many articles did Nobody Atall write?",
            "How many articles about asthma\"} } DROP ALL #?"})
    void should_say_it_did_not_understand_rather_than_guess(String question) {
        QuestionParser.Parse parse = parser.parse(question, graphs);

        assertThat(parse.understood()).isFalse();
        assertThat(parse.problem()).isNotBlank();
    }

    @Test
    void should_say_what_it_recognised_in_a_question_it_could_not_read() {
        QuestionParser.Parse parse = parser.parse("How many articles about asthma and flibbertigibbets since 2010?", graphs);

        assertThat(parse.understood()).isFalse();
        assertThat(parse.problem()).contains("flibbertigibbets");
        assertThat(parse.recognised()).contains("published in 2010 or later");
        assertThat(parse.terms()).extracting(LinkedTerm::id).contains(ASTHMA);
    }

    @Test
    void should_say_which_term_it_recognised_inside_words_it_could_not_link() {
        QuestionParser.Parse parse = parser.parse("How many articles about heart attacks mention flibbertigibbets?", graphs);

        assertThat(parse.understood()).isFalse();
        assertThat(parse.problem()).contains("flibbertigibbets");
        assertThat(parse.terms()).extracting(LinkedTerm::id).containsExactly(MYOCARDIAL_INFARCTION);
        assertThat(parse.terms().get(0).text()).isEqualTo("heart attacks");
    }

    @Test
    void should_bind_every_value_in_values_blocks_and_put_exclusions_after_what_they_exclude_from() {
        Interpretation in = understood("How many articles in Circulation about cardiovascular diseases but not "
                + "about pregnancy were published in 2019?");

        Query query = composer.compose(in);
        String sparql = query.serialize();

        assertThat(sparql).contains("VALUES ?topic {", "VALUES ?journalName { \"Circulation\" }", "VALUES ?yearFrom { 2019 }");
        assertThat(sparql.indexOf("MINUS")).isGreaterThan(sparql.indexOf("?article  a  schema:ScholarlyArticle"));
        long expected = fairrag.graph().select(QueryFactory.create("""
                PREFIX schema: <http://schema.org/>
                PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
                PREFIX dct: <http://purl.org/dc/terms/>
                SELECT (COUNT(DISTINCT ?a) AS ?n) WHERE {
                  ?t dct:identifier "D002318" . ?s skos:broader* ?t . ?a schema:about ?s ;
                     schema:isPartOf/schema:name "Circulation" ; schema:datePublished ?d .
                  FILTER (YEAR(?d) = 2019)
                  FILTER NOT EXISTS { ?p dct:identifier "D011247" . ?x skos:broader* ?p . ?a schema:about ?x }
                }""")).get(0).getLiteral("n").getLong();
        long counted = fairrag.graph().select(query).get(0).getLiteral("count").getLong();
        assertThat(expected).as("the sample has such articles").isPositive();
        assertThat(counted).isEqualTo(expected);
    }

    @Test
    void should_put_the_constraints_of_a_most_question_in_both_of_its_counts() {
        Interpretation in = understood("Which journal published the most articles about cardiovascular diseases?");

        Query query = composer.compose(in);

        assertThat(query.serialize().split("VALUES \\?topic", -1)).hasSize(3);
        var perJournal = fairrag.graph().select(QueryFactory.create("""
                PREFIX schema: <http://schema.org/>
                PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
                PREFIX dct: <http://purl.org/dc/terms/>
                SELECT ?j (COUNT(DISTINCT ?a) AS ?n) WHERE {
                  ?t dct:identifier "D002318" . ?s skos:broader* ?t . ?a schema:about ?s ; schema:isPartOf/schema:name ?j .
                } GROUP BY ?j"""));
        long most = perJournal.stream().mapToLong(r -> r.getLiteral("n").getLong()).max().orElseThrow();
        List<String> expected = perJournal.stream().filter(r -> r.getLiteral("n").getLong() == most)
                .map(r -> r.getLiteral("j").getString()).sorted().toList();
        var rows = fairrag.graph().select(query);
        assertThat(rows).extracting(r -> r.getLiteral("journal").getString()).containsExactlyElementsOf(expected);
        assertThat(rows).allMatch(r -> r.getLiteral("count").getLong() == most);
    }
}
