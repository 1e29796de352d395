package org.fairrag.relate;

import static org.fairrag.graph.Vocab.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ResponseFormat;
import dev.langchain4j.model.chat.request.ResponseFormatType;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonIntegerSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonSchema;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QuerySolution;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.rdf.model.RDFNode;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.rdf.model.ResourceFactory;
import org.apache.jena.vocabulary.RDF;
import org.fairrag.generate.Prompts;
import org.fairrag.graph.GraphStore;
import org.fairrag.graph.Graphs;
import org.fairrag.graph.Queries;
import org.fairrag.relate.AssociationStore.View;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyIndex;

/**
 * Asks a language model to type the strongest public associations from their evidence sentences (treats,
 * causes, prevents, diagnoses, associated with), with structured output: a JSON schema the answer must
 * follow, and every answer checked against it again here (an answer that does not parse, names another
 * relation or cites a sentence it was not given is rejected, with the reason, and nothing is stored). A
 * typed relation is an object of its own in the typed relations graph, with the model and the time:
 * <pre>
 * &lt;dataset#relation-D001249-D000420&gt; a fr:TypedRelation, prov:Entity ; fr:association &lt;dataset#assoc-D000420-D001249&gt; ;
 *     fr:relationType fr:treats ; fr:relationSubject &lt;Albuterol&gt; ; fr:relationObject &lt;Asthma&gt; ;
 *     fr:evidence &lt;article#sentence-4&gt; ; fr:generatedWith "openai:gpt-4o-mini" ; prov:generatedAtTime "..." ;
 *     prov:wasDerivedFrom &lt;dataset#assoc-D000420-D001249&gt; .
 * </pre>
 * Blocking (one model call per association).
 */
public final class RelationTyper {

    private static final Query CANDIDATES = Queries.load(RelationTyper.class, "typing-candidates.rq");
    private static final Query TYPED_BY = Queries.load(RelationTyper.class, "typed-by-model.rq");
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Evidence sentences shown to the model per association. */
    static final int SENTENCES = 5;

    /** The schema the model's answer must follow. */
    static final ResponseFormat FORMAT = ResponseFormat.builder().type(ResponseFormatType.JSON)
            .jsonSchema(JsonSchema.builder().name("typed_relation").rootElement(JsonObjectSchema.builder()
                    .addEnumProperty("relation", Arrays.stream(RelationType.values()).map(RelationType::code).toList())
                    .addEnumProperty("subject", List.of("A", "B"))
                    .addProperty("evidence", JsonArraySchema.builder().items(new JsonIntegerSchema()).build())
                    .required("relation", "subject", "evidence")
                    .additionalProperties(false)
                    .build()).build())
            .build();

    /** An association typed: the relation, which concept is its subject, and the sentences the model cited. */
    public record Typing(RelationType relation, boolean subjectIsA, List<Integer> evidence) {}

    /** What a run did: associations typed, answers rejected (with why), and those already typed by this model. */
    public record Report(int typed, List<String> rejected, int skipped) {}

    private final GraphStore graph;
    private final Graphs graphs;
    private final AssociationStore store;
    private final RelatedConcepts related;
    private final Supplier<VocabularyIndex> vocabulary;
    private final ChatModel model;
    private final String modelName;
    private final Prompts prompts;
    private final Clock clock;

    public RelationTyper(GraphStore graph, Graphs graphs, AssociationStore store, RelatedConcepts related,
                         Supplier<VocabularyIndex> vocabulary, ChatModel model, String modelName, Prompts prompts, Clock clock) {
        this.graph = graph;
        this.graphs = graphs;
        this.store = store;
        this.related = related;
        this.vocabulary = vocabulary;
        this.model = model;
        this.modelName = modelName;
        this.prompts = prompts;
        this.clock = clock;
    }

    /** The model's name as recorded in provenance ({@code openai:gpt-4o-mini}). */
    public String modelName() {
        return modelName;
    }

    /**
     * Types up to {@code limit} of the strongest public associations met in at least {@code minArticles}
     * articles; those this model typed before are skipped unless {@code again}.
     */
    public Report typeStrongest(int limit, int minArticles, boolean again) {
        VocabularyIndex vocab = vocabulary.get();
        Query q = Queries.bindValues(CANDIDATES.cloneQuery(), "g", List.of(NodeFactory.createURI(store.graphOf(View.PUBLIC))));
        Map<String, RDFNode> min = Map.of("min",
                ResourceFactory.createTypedLiteral(Integer.toString(minArticles), XSDDatatype.XSDinteger));
        List<QuerySolution> rows = graph.select(q, min);
        Set<String> typedBefore = again ? Set.of() : typedByThisModel();
        int typed = 0;
        int skipped = 0;
        List<String> rejected = new ArrayList<>();
        for (QuerySolution row : rows) {
            if (typed + rejected.size() >= limit) {
                break;
            }
            String association = row.getResource("association").getURI();
            if (typedBefore.contains(association)) {
                skipped++;
                continue;
            }
            Optional<Term> a = vocab.byPid(row.getResource("a").getURI());
            Optional<Term> b = vocab.byPid(row.getResource("b").getURI());
            if (a.isEmpty() || b.isEmpty()) {
                continue;
            }
            List<RelatedConcepts.Evidence> evidence = related.evidence(View.PUBLIC, Set.of(association), SENTENCES)
                    .getOrDefault(association, List.of());
            if (evidence.isEmpty()) {
                continue;
            }
            List<String> sentences = evidence.stream().map(RelatedConcepts.Evidence::text).toList();
            String answer = model.chat(ChatRequest.builder()
                    .messages(SystemMessage.from(prompts.relationSystem()),
                            UserMessage.from(prompts.relationUser(a.get().label(), b.get().label(), sentences)))
                    .responseFormat(FORMAT)
                    .build()).aiMessage().text();
            try {
                Typing t = parse(answer, sentences.size());
                store(association, t.subjectIsA() ? a.get() : b.get(), t.subjectIsA() ? b.get() : a.get(), t, evidence);
                typed++;
            } catch (IllegalArgumentException e) {
                rejected.add(a.get().label() + " / " + b.get().label() + ": " + e.getMessage());
            }
        }
        return new Report(typed, rejected, skipped);
    }

    /**
     * Checks a model's answer against the schema it was asked to follow.
     *
     * @throws IllegalArgumentException saying what is wrong
     */
    static Typing parse(String answer, int sentences) {
        JsonNode json;
        try {
            json = JSON.readTree(answer == null ? "" : answer.strip());
        } catch (Exception e) {
            throw new IllegalArgumentException("the answer is not JSON");
        }
        if (json == null || !json.isObject()) {
            throw new IllegalArgumentException("the answer is not a JSON object");
        }
        Set<String> allowed = Set.of("relation", "subject", "evidence");
        json.fieldNames().forEachRemaining(f -> {
            if (!allowed.contains(f)) {
                throw new IllegalArgumentException("unexpected field " + f);
            }
        });
        RelationType relation = RelationType.ofCode(json.path("relation").isTextual() ? json.get("relation").asText() : null)
                .orElseThrow(() -> new IllegalArgumentException("relation " + json.path("relation") + " is not one of "
                        + Arrays.stream(RelationType.values()).map(RelationType::code).toList()));
        String subject = json.path("subject").asText("");
        if (!subject.equals("A") && !subject.equals("B")) {
            throw new IllegalArgumentException("subject must be A or B, not " + json.path("subject"));
        }
        JsonNode cited = json.path("evidence");
        if (!cited.isArray() || cited.isEmpty()) {
            throw new IllegalArgumentException("no evidence sentence cited");
        }
        Set<Integer> numbers = new LinkedHashSet<>();
        for (JsonNode n : cited) {
            if (!n.isInt() || n.asInt() < 1 || n.asInt() > sentences) {
                throw new IllegalArgumentException("evidence " + n + " is not one of the sentences 1-" + sentences);
            }
            numbers.add(n.asInt());
        }
        return new Typing(relation, subject.equals("A"), List.copyOf(numbers));
    }

    private void store(String association, Term subject, Term object, Typing t, List<RelatedConcepts.Evidence> evidence) {
        Model m = ModelFactory.createDefaultModel();
        String iri = association.replace("#assoc-", "#relation-");
        Resource r = m.createResource(iri)
                .addProperty(RDF.type, TYPED_RELATION)
                .addProperty(RDF.type, PROV_ENTITY)
                .addProperty(OF_ASSOCIATION, m.createResource(association))
                .addProperty(WAS_DERIVED_FROM, m.createResource(association))
                .addProperty(RELATION_TYPE, m.createResource(t.relation().iri()))
                .addProperty(RELATION_SUBJECT, m.createResource(subject.pid()))
                .addProperty(RELATION_OBJECT, m.createResource(object.pid()))
                .addProperty(GENERATED_WITH, modelName)
                .addProperty(GENERATED_AT, ResourceFactory.createTypedLiteral(clock.instant().toString(), XSDDatatype.XSDdateTime));
        for (int n : t.evidence()) {
            RelatedConcepts.Evidence e = evidence.get(n - 1);
            r.addProperty(EVIDENCE, m.createResource(e.articlePid() + "#sentence-" + e.sentence()));
        }
        graph.replaceDescriptions(graphs.typedRelations(), List.of(iri), m);
    }

    private Set<String> typedByThisModel() {
        Query q = Queries.bindValues(TYPED_BY.cloneQuery(), "t", List.of(NodeFactory.createURI(graphs.typedRelations())));
        Set<String> out = new HashSet<>();
        for (QuerySolution row : graph.select(q, Map.of("model", ResourceFactory.createStringLiteral(modelName)))) {
            out.add(row.getResource("association").getURI());
        }
        return out;
    }
}
