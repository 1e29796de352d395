package org.fairrag.ask;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.apache.jena.query.Query;
import org.fairrag.anchor.AnchoredContext;

/**
 * Answers questions in plain language from the graph. By default the {@link QuestionParser} reads the
 * question and the answer comes from a query composed from templates; with a chat model configured,
 * {@link TextToSparql} writes the query first and the parser is what answers when the model's query
 * fails. Either way the query runs through {@link ScopedQueries} (the public endpoint's checks, over the
 * caller's graphs), and the answer shows the query, the interpretation and the objects it found. Blocking.
 */
public final class AskService {

    /** Who reads the question: the chat model when one is configured ({@code AUTO}), or as asked. */
    public enum Method { AUTO, PARSER, LLM }

    /**
     * An answer. {@code result} is the standard SPARQL 1.1 JSON results object of {@code sparql}; both are
     * null when the question was not understood.
     */
    public record Answer(String question, boolean understood, JsonObject interpretation, String sparql, JsonObject result,
                         String answer, List<AnswerWriter.AnswerObject> objects, String method, List<String> suggestions,
                         List<AnchoredContext.Evidence> evidence, Unrecorded unrecorded,
                         List<OtherReadings.Reading> otherReadings) {

        public Answer {
            evidence = List.copyOf(evidence);
            otherReadings = List.copyOf(otherReadings);
        }

        /** An answer without evidence sentences. */
        public Answer(String question, boolean understood, JsonObject interpretation, String sparql, JsonObject result,
                      String answer, List<AnswerWriter.AnswerObject> objects, String method, List<String> suggestions) {
            this(question, understood, interpretation, sparql, result, answer, objects, method, suggestions, List.of(), null,
                    List.of());
        }

        /** Whether the answer shows how it was found: the SPARQL that ran and at least one object's PID. */
        public boolean showsItsSources() {
            return sparql != null && objects.stream().anyMatch(o -> o.pid() != null);
        }

        public JsonObject toJson() {
            JsonObject json = new JsonObject()
                    .put("question", question)
                    .put("understood", understood)
                    .put("interpretation", interpretation)
                    .put("sparql", sparql)
                    .put("result", result)
                    .put("answer", answer)
                    .put("objects", new JsonArray(objects.stream().map(AnswerWriter.AnswerObject::toJson).toList()))
                    .put("method", method);
            if (!suggestions.isEmpty()) {
                json.put("suggestions", new JsonArray(suggestions));
            }
            if (understood) {
                json.put("evidence", new JsonArray(evidence.stream().map(AskService::evidenceJson).toList()));
            }
            if (unrecorded != null) {
                json.put("unrecorded", new JsonObject().put("field", unrecorded.field().name().toLowerCase(Locale.ROOT))
                        .put("articles", unrecorded.articles()).put("sparql", unrecorded.sparql()));
            }
            if (!otherReadings.isEmpty()) {
                json.put("otherReadings", new JsonArray(otherReadings.stream().map(r -> new JsonObject()
                        .put("text", r.instead().text()).put("instead", r.instead().id())
                        .put("insteadArticles", r.insteadArticles()).put("id", r.term().id()).put("label", r.term().label())
                        .put("pid", r.term().pid()).put("broader", r.broader()).put("articles", r.articles())
                        .put("question", r.question())).toList()));
            }
            return json;
        }
    }

    /**
     * The articles an answer left out because they lack the field it reads (a journal, an author, a date), the
     * query that counted them, and the sentence that says so.
     */
    public record Unrecorded(Shape.Field field, long articles, String sparql, String sentence) {}

    private final QuestionParser parser;
    private final QueryComposer composer = new QueryComposer();
    private final AnswerWriter writer;
    private final ScopedQueries queries;
    private final TextToSparql llm;
    private final TopicEvidence evidence;
    private final OtherReadings otherReadings;

    /** @param llm the text-to-SPARQL path, or null when no chat model is configured */
    public AskService(QuestionParser parser, ScopedQueries queries, String baseUrl, TextToSparql llm) {
        this(parser, queries, baseUrl, llm, TopicEvidence.NONE);
    }

    /** @param evidence finds the sentences that mention the topics of a question */
    public AskService(QuestionParser parser, ScopedQueries queries, String baseUrl, TextToSparql llm, TopicEvidence evidence) {
        this.evidence = evidence;
        this.parser = parser;
        this.queries = queries;
        this.writer = new AnswerWriter(baseUrl);
        this.llm = llm;
        this.otherReadings = parser.otherReadings(this::count);
    }

    /** The name of the chat model that writes queries, if one is configured. */
    public Optional<String> model() {
        return Optional.ofNullable(llm).map(TextToSparql::model);
    }

    /**
     * @param graphs the graphs the caller may see
     * @throws IllegalArgumentException when {@code method} is LLM and no chat model is configured
     */
    public Answer ask(String question, Set<String> graphs, Method method) {
        if (method == Method.LLM && llm == null) {
            throw new IllegalArgumentException("no chat model is configured");
        }
        if (llm != null && method != Method.PARSER) {
            Optional<Answer> answer = byModel(question, graphs);
            if (answer.isPresent()) {
                return answer.get();
            }
        }
        return byParser(question, graphs);
    }

    /** The chat model's answer alone, empty when it failed (or none is configured): for the bench. */
    public Optional<Answer> byModel(String question, Set<String> graphs) {
        if (llm == null) {
            return Optional.empty();
        }
        return llm.answer(question, graphs).map(a -> new Answer(question, true, a.interpretation(), a.sparql(),
                a.result(), a.sentence(), writer.objects(a.result(), a.terms(), queries, graphs), "llm:" + llm.model(),
                List.of(), evidence.about(question, a.terms().stream().map(LinkedTerm::id).distinct().toList(), graphs),
                null, List.of()));
    }

    /** The parser's answer alone: for the bench, and when the model's query fails. */
    public Answer byParser(String question, Set<String> graphs) {
        QuestionParser.Parse parse = parser.parse(question, graphs);
        if (!parse.understood()) {
            return notUnderstood(question, parse);
        }
        Interpretation in = parse.interpretation();
        Query query = composer.compose(in);
        String sparql = query.serialize();
        JsonObject result = queries.run(sparql, graphs);
        // Evidence for what the question is about: its topics, not the terms it excludes or asks about as terms.
        List<String> topics = in.selection().topics().stream().flatMap(t -> t.anyOf().stream()).map(LinkedTerm::id)
                .distinct().toList();
        List<AnchoredContext.Evidence> found = topics.isEmpty() ? List.of() : evidence.about(question, topics, graphs);
        if (in.article() != null) {
            // A question about one article is answered by that article's sentences, not by others that name the topic.
            ArticleRef ref = in.article();
            found = found.stream().filter(e -> switch (ref.kind()) {
                case PMID -> ref.value().equals(e.pmid());
                case PID -> ref.value().equals(e.articlePid());
                case DOI -> false; // evidence carries no DOI: none rather than other articles' sentences
            }).toList();
        }
        Unrecorded unrecorded = unrecorded(in, graphs);
        String sentence = writer.sentence(in, result);
        if (unrecorded != null) {
            sentence += " " + unrecorded.sentence();
        }
        List<OtherReadings.Reading> readings = otherReadings.of(question, in, graphs);
        if (!readings.isEmpty()) {
            sentence += " " + OtherReadings.sentence(readings);
        }
        return new Answer(question, true, in.toJson(), sparql, result, sentence,
                writer.objects(result, in.linkedTerms(), queries, graphs), "parser",
                readings.stream().map(OtherReadings.Reading::question).distinct().toList(), found, unrecorded, readings);
    }

    /**
     * How many articles are about a term or a narrower one, by the query a count question runs, or no further than
     * {@code upTo}.
     */
    private long count(LinkedTerm term, Set<String> graphs, long upTo) {
        Selection about = new Selection(List.of(new Topic(List.of(term), false)), List.of(), null, null, null, null);
        String sparql = (upTo == Long.MAX_VALUE ? composer.compose(Interpretation.of(Shape.COUNT_ARTICLES, about))
                : composer.composeCountUpTo(about, upTo)).serialize();
        return firstCount(queries.run(sparql, graphs));
    }

    private static long firstCount(JsonObject result) {
        List<String> counts = AnswerWriter.values(result, "count");
        return counts.isEmpty() ? 0 : Long.parseLong(counts.get(0));
    }

    /**
     * The articles the answer leaves out for lacking the field it reads, or those a year bound cannot include for
     * lacking a date; null when there are none (or the question reads no such field).
     */
    private Unrecorded unrecorded(Interpretation in, Set<String> graphs) {
        if (in.shape().subject() != Shape.Subject.SELECTION) {
            return null;
        }
        Shape.Field field = in.shape().field();
        Selection selection = in.selection();
        if (field == null && selection.hasYears()) {
            field = Shape.Field.DATE;
            selection = selection.withoutYears();
        } else if (field == Shape.Field.DATE) {
            selection = selection.withoutYears(); // an article without a date is outside any year bound too
        }
        if (field == null) {
            return null;
        }
        String sparql = composer.composeUnrecorded(selection, field).serialize();
        long count = firstCount(queries.run(sparql, graphs));
        return count == 0 ? null : new Unrecorded(field, count, sparql,
                AnswerWriter.unrecorded(selection, field, count, in.shape().field() == null));
    }

    /**
     * An evidence sentence as the answer shows it: the topic ({@code term}), the concept the sentence names
     * ({@code mentioned}: the topic or a narrower one), the article, and where the sentence is in its text as stored.
     */
    private static JsonObject evidenceJson(AnchoredContext.Evidence e) {
        return new JsonObject().put("term", e.conceptId()).put("mentioned", e.mentionedId()).put("pid", e.articlePid())
                .put("pmid", e.pmid()).put("sentence", e.sentence()).put("part", e.part()).put("start", e.start())
                .put("end", e.end()).put("text", e.text()).put("score", Math.round(e.similarity() * 1000) / 1000.0);
    }

    /** What the parser made of a question, without running anything: for tests of the parser. */
    QuestionParser.Parse parse(String question, Set<String> graphs) {
        return parser.parse(question, graphs);
    }

    /** The query the parser would run for a question, or empty when it does not understand it. */
    public Optional<String> sparqlFor(String question, Set<String> graphs) {
        QuestionParser.Parse parse = parser.parse(question, graphs);
        return parse.understood() ? Optional.of(composer.compose(parse.interpretation()).serialize()) : Optional.empty();
    }

    private Answer notUnderstood(String question, QuestionParser.Parse parse) {
        List<String> suggestions = suggestions(parse);
        StringBuilder text = new StringBuilder("I could not turn this question into a query. ").append(parse.problem());
        List<String> understood = new ArrayList<>(parse.recognised());
        parse.terms().forEach(t -> understood.add("\"" + t.text() + "\" as the MeSH term " + t.label()));
        if (!understood.isEmpty()) {
            text.append(" I understood ").append(String.join("; ", understood)).append('.');
        }
        text.append(" Questions I can answer: ").append(String.join(" ", suggestions));
        JsonObject interpretation = new JsonObject()
                .put("problem", parse.problem())
                .put("recognised", new JsonArray(parse.recognised()))
                .put("terms", new JsonArray(parse.terms().stream().map(Interpretation::term).toList()));
        List<AnswerWriter.AnswerObject> objects = parse.terms().stream()
                .map(t -> new AnswerWriter.AnswerObject(t.pid(), "term", t.id(), t.label())).distinct().toList();
        return new Answer(question, false, interpretation, null, null, text.toString(), objects, "parser", suggestions);
    }

    /** Questions close to what was asked that the parser answers, made of what it recognised. */
    private static List<String> suggestions(QuestionParser.Parse parse) {
        List<String> out = new ArrayList<>();
        if (!parse.terms().isEmpty()) {
            String t = parse.terms().get(0).label();
            out.add("How many articles are about " + t + "?");
            out.add("Which journals published articles about " + t + "?");
            out.add("What are the narrower terms of " + t + "?");
        } else if (parse.recognised().stream().anyMatch(r -> r.startsWith("the article "))) {
            String article = parse.recognised().stream().filter(r -> r.startsWith("the article ")).findFirst()
                    .orElseThrow().substring("the article ".length());
            out.add("Who are the authors of " + article + "?");
            out.add("In which journal was " + article + " published?");
            out.add("What are the MeSH terms of " + article + "?");
        } else {
            out.add("How many articles about heart attacks were published since 2015?");
            out.add("Which journal published the most articles about asthma?");
            out.add("What is the MeSH identifier of high blood pressure?");
        }
        return out;
    }
}
