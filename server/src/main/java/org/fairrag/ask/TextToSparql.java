package org.fairrag.ask;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.input.PromptTemplate;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.QueryParseException;
import org.apache.jena.query.Syntax;
import org.apache.jena.shared.PrefixMapping;
import org.fairrag.generate.Prompts;
import org.fairrag.graph.GraphStore;
import org.fairrag.failure.ApiException;
import org.fairrag.vocab.VocabularyIndex;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Text to SPARQL through a chat model (LangChain4j): the prompt in {@code prompts/ask-sparql-*.txt} with
 * the graph's schema ({@link GraphSchema}) and the question; the model's query is parsed with ARQ, must be
 * a SELECT or ASK, gets a LIMIT, and runs through {@link ScopedQueries} over the caller's graphs. A query
 * that does not parse or run goes back to the model once with the error; a second failure (or a model
 * error) leaves the question to the parser. Blocking.
 */
public final class TextToSparql {

    private static final Logger LOG = LoggerFactory.getLogger(TextToSparql.class);

    /** The most rows a model's SELECT returns, unless it asks for fewer. */
    static final int LIMIT = 1000;
    private static final Pattern FENCED = Pattern.compile("```(?:sparql|SPARQL)?\\s*\\n?(.*?)```", Pattern.DOTALL);
    private static final Pattern QUERY_START = Pattern.compile("(?i)\\b(PREFIX|BASE|SELECT|ASK|CONSTRUCT|DESCRIBE)\\b");

    /** A query the model wrote that ran, what came of it, and the vocabulary terms it names. */
    record Attempt(String sparql, JsonObject result, String sentence, JsonObject interpretation, List<LinkedTerm> terms) {}

    private final ChatModel model;
    private final String modelName;
    private final Supplier<String> schema;
    private final Supplier<VocabularyIndex> vocabulary;
    private final ScopedQueries queries;
    private final PromptTemplate system = PromptTemplate.from(Prompts.read("ask-sparql-system.txt"));
    private final PromptTemplate user = PromptTemplate.from(Prompts.read("ask-sparql-user.txt"));
    private final PromptTemplate repair = PromptTemplate.from(Prompts.read("ask-sparql-repair.txt"));

    TextToSparql(ChatModel model, String modelName, Supplier<String> schema, Supplier<VocabularyIndex> vocabulary,
                 ScopedQueries queries) {
        this.model = model;
        this.modelName = modelName;
        this.schema = schema;
        this.vocabulary = vocabulary;
        this.queries = queries;
    }

    /**
     * @param schemaGraphs the graphs whose data the prompt's schema describes (never restricted ones: the
     *                     prompt goes to the model); the schema is read once, when the first question comes
     */
    public static TextToSparql create(ChatModel model, String modelName, GraphStore graph, List<String> schemaGraphs,
                                      Supplier<VocabularyIndex> vocabulary, ScopedQueries queries) {
        return new TextToSparql(model, modelName, memoized(() -> GraphSchema.describe(graph, schemaGraphs)), vocabulary,
                queries);
    }

    private static Supplier<String> memoized(Supplier<String> compute) {
        return new Supplier<>() {
            private String value;

            @Override
            public synchronized String get() {
                if (value == null) {
                    value = compute.get();
                }
                return value;
            }
        };
    }

    String model() {
        return modelName;
    }

    /** The system message: rules, prefixes, the schema and worked examples. */
    String systemPrompt() {
        StringBuilder prefixes = new StringBuilder();
        GraphSchema.PREFIXES.getNsPrefixMap().forEach((p, ns) -> prefixes.append("PREFIX ").append(p).append(": <")
                .append(ns).append(">\n"));
        return system.apply(Map.of("prefixes", prefixes.toString().strip(), "schema", schema.get())).text();
    }

    /** The model's answer to a question, or empty when its queries failed twice or the model failed. */
    Optional<Attempt> answer(String question, Set<String> graphs) {
        List<ChatMessage> messages = new ArrayList<>();
        messages.add(SystemMessage.from(systemPrompt()));
        messages.add(UserMessage.from(user.apply(Map.of("question", question)).text()));
        List<String> errors = new ArrayList<>();
        for (int round = 0; round < 2; round++) {
            String reply;
            try {
                reply = model.chat(messages).aiMessage().text();
            } catch (RuntimeException e) {
                LOG.warn("The chat model failed to write a query: {}", e.toString());
                return Optional.empty();
            }
            messages.add(AiMessage.from(reply == null ? "" : reply));
            try {
                Query query = validated(reply);
                String sparql = query.serialize();
                JsonObject result = queries.run(sparql, graphs);
                List<LinkedTerm> terms = QueryTerms.named(query, vocabulary.get());
                JsonObject interpretation = new JsonObject().put("method", "llm").put("model", modelName)
                        .put("rounds", round + 1).put("errors", new JsonArray(errors))
                        .put("terms", new JsonArray(terms.stream().map(Interpretation::term).toList()));
                return Optional.of(new Attempt(sparql, result, sentence(result), interpretation, terms));
            } catch (ApiException | QueryParseException | IllegalArgumentException e) {
                errors.add(e.getMessage());
                messages.add(UserMessage.from(repair.apply(Map.of("error", e.getMessage())).text()));
            }
        }
        LOG.info("The chat model's queries failed twice ({}); the parser answers", errors);
        return Optional.empty();
    }

    /** The query in a model's reply, parsed, checked to be SELECT or ASK, with the prompt's prefixes and a LIMIT. */
    static Query validated(String reply) {
        if (reply == null || reply.isBlank()) {
            throw new IllegalArgumentException("the reply holds no query");
        }
        String text = reply;
        Matcher fenced = FENCED.matcher(reply);
        if (fenced.find()) {
            text = fenced.group(1);
        }
        Matcher start = QUERY_START.matcher(text);
        if (!start.find()) {
            throw new IllegalArgumentException("the reply holds no query");
        }
        text = text.substring(start.start()).strip();
        // The prompt declares the prefixes, so a query may use them without declaring them again.
        Query query = new Query();
        query.setPrefixMapping(PrefixMapping.Factory.create().setNsPrefixes(GraphSchema.PREFIXES));
        QueryFactory.parse(query, text, null, Syntax.syntaxARQ);
        if (!query.isSelectType() && !query.isAskType()) {
            throw new IllegalArgumentException("only SELECT and ASK queries are answered, not " + query.queryType());
        }
        if (query.isSelectType() && (!query.hasLimit() || query.getLimit() > LIMIT)) {
            query.setLimit(LIMIT);
        }
        return query;
    }

    /** A sentence for results whose meaning only the model knew: the value, yes or no, or how many rows. */
    static String sentence(JsonObject result) {
        if (result.containsKey("boolean")) {
            return result.getBoolean("boolean") ? "Yes." : "No.";
        }
        JsonArray vars = result.getJsonObject("head").getJsonArray("vars");
        JsonArray rows = result.getJsonObject("results").getJsonArray("bindings");
        if (rows.isEmpty()) {
            return "The query found nothing.";
        }
        if (rows.size() == 1 && vars.size() == 1) {
            JsonObject cell = rows.getJsonObject(0).getJsonObject(vars.getString(0));
            return cell == null ? "The query found nothing." : "The answer is " + cell.getString("value") + ".";
        }
        return "The query found " + rows.size() + " result" + (rows.size() == 1 ? "" : "s") + ", listed below.";
    }
}
