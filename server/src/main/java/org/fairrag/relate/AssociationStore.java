package org.fairrag.relate;

import static org.fairrag.graph.Vocab.*;

import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QuerySolution;
import org.apache.jena.rdf.model.Literal;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.rdf.model.ResourceFactory;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.modify.request.QuadDataAcc;
import org.apache.jena.sparql.modify.request.UpdateDataInsert;
import org.apache.jena.sparql.modify.request.UpdateDrop;
import org.apache.jena.update.UpdateFactory;
import org.apache.jena.update.UpdateRequest;
import org.apache.jena.vocabulary.RDF;
import org.fairrag.graph.GraphStore;
import org.fairrag.graph.Graphs;
import org.fairrag.graph.Queries;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyIndex;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the associations between concepts that the articles' sentences mention together ({@link CoOccurrence}),
 * as objects of their own in the graph, counted again from the concept mentions whenever they change:
 * <pre>
 * &lt;dataset#assoc-D008175-D014057&gt; a fr:Association, prov:Entity ;
 *     fr:concept &lt;term PID a&gt;, &lt;term PID b&gt; ; fr:sentenceCount 12 ; fr:articleCount 7 ; fr:npmi 0.41 ;
 *     prov:wasDerivedFrom &lt;article PID&gt;, ... ; fr:evidence &lt;article PID#sentence-3&gt;, ... ;
 *     prov:wasGeneratedBy &lt;dataset#association-count&gt; .
 * &lt;dataset#association-count&gt; a prov:Activity ; as:generator fr:sentence-co-occurrence-1 ;
 *     fr:sentenceTotal 24518 ; prov:used &lt;mentions graph&gt; ; prov:endedAtTime "..." .
 * </pre>
 * The sentences named as evidence are those of the mentions graphs, with their offsets in the article's text.
 * Two views, each a graph of its own: the public associations, counted over public articles only, and those
 * counted over every article for callers who may read restricted ones (only while some restricted article
 * has mentions). A withdrawn article's mentions are gone, so the next count leaves it out. Blocking.
 */
public final class AssociationStore {

    private static final Logger LOG = LoggerFactory.getLogger(AssociationStore.class);

    private static final Query SENTENCE_CONCEPTS = Queries.load(AssociationStore.class, "sentence-concepts.rq");
    private static final Query SENTENCES = Queries.load(AssociationStore.class, "sentences.rq");
    private static final Query ANY = Queries.load(AssociationStore.class, "any-association.rq");
    private static final Query ANY_SENTENCE = Queries.load(AssociationStore.class, "any-sentence.rq");
    private static final Query PAIRS = Queries.load(AssociationStore.class, "association-count.rq");
    private static final Query TOTAL = Queries.load(AssociationStore.class, "count.rq");
    private static final String PRUNE = Queries.loadText(AssociationStore.class, "prune-typed-relations.ru");
    /** The method that counts, named in each count's provenance. */
    public static final Resource COUNTER = ResourceFactory.createResource(FR + "sentence-co-occurrence-1");
    private static final String SENTENCE_MARK = "#sentence-";

    /** Which articles a view counts over. */
    public enum View {
        PUBLIC(""), ALL("all-");

        private final String iriPart;

        View(String iriPart) {
            this.iriPart = iriPart;
        }
    }

    /** What a count found: pairs kept per view, sentences counted, and how long it took. */
    public record Report(int publicPairs, int allPairs, long publicSentences, Duration took) {}

    private final GraphStore graph;
    private final Graphs graphs;
    private final String datasetPid;
    private final Supplier<VocabularyIndex> vocabulary;
    private final Clock clock;

    public AssociationStore(GraphStore graph, Graphs graphs, String datasetPid, Supplier<VocabularyIndex> vocabulary,
                            Clock clock) {
        this.graph = graph;
        this.graphs = graphs;
        this.datasetPid = datasetPid;
        this.vocabulary = vocabulary;
        this.clock = clock;
    }

    /** The graph a view is kept in. */
    public String graphOf(View view) {
        return view == View.PUBLIC ? graphs.publicAssociations() : graphs.restrictedAssociations();
    }

    /** The mentions graphs a view counts over. */
    public List<String> mentionGraphsOf(View view) {
        return view == View.PUBLIC ? List.of(graphs.publicMentions())
                : List.of(graphs.publicMentions(), graphs.restrictedMentions());
    }

    /** The content graphs holding the text of a view's articles. */
    public List<String> contentGraphsOf(View view) {
        return view == View.PUBLIC ? List.of(graphs.publicContent())
                : List.of(graphs.publicContent(), graphs.restrictedContent());
    }

    /** The IRI of the association of two concepts in a view (ids in either order). */
    public String associationIri(View view, String termIdA, String termIdB) {
        boolean ordered = termIdA.compareTo(termIdB) <= 0;
        return datasetPid + "#assoc-" + view.iriPart + (ordered ? termIdA + "-" + termIdB : termIdB + "-" + termIdA);
    }

    /** The IRI of the count that made a view's associations. */
    public String countIri(View view) {
        return datasetPid + "#association-count" + (view == View.PUBLIC ? "" : "-all");
    }

    /**
     * A token that changes whenever what a term's public page shows "in the literature" may have changed: when
     * the public associations were last counted, and how many statements the typed relations hold. Blocking.
     */
    public String publicVersion() {
        List<QuerySolution> count = graph.select(Queries.bindValues(TOTAL.cloneQuery(), "g",
                List.of(NodeFactory.createURI(graphOf(View.PUBLIC)))), Map.of("count", ResourceFactory.createResource(countIri(View.PUBLIC))));
        String counted = count.isEmpty() ? "never" : count.get(0).getLiteral("ended").getLexicalForm();
        return counted + "/" + graph.size(List.of(graphs.typedRelations()));
    }

    /** Whether a view has any association. */
    public boolean isEmpty(View view) {
        return graph.select(Queries.bindValues(ANY.cloneQuery(), "g", List.of(NodeFactory.createURI(graphOf(view))))).isEmpty();
    }

    /**
     * Counts both views again from the mentions graphs and replaces them, each in one transaction; typed
     * relations whose association or evidence is gone are removed. Blocking: 30-45 s for the demo's 2,500
     * articles on a busy 2-core machine, most of it writing the graph. Call it through {@link AssociationRefresher}.
     */
    public Report rebuild() {
        long t0 = System.nanoTime();
        Map<String, String> idOfPid = new HashMap<>();
        Counted counted = replace(View.PUBLIC, idOfPid);
        boolean anyRestricted = !graph.select(Queries.bindValues(ANY_SENTENCE.cloneQuery(), "m",
                nodes(List.of(graphs.restrictedMentions())))).isEmpty();
        int allPairs = 0;
        if (anyRestricted) {
            allPairs = replace(View.ALL, idOfPid).pairs();
        } else {
            UpdateRequest drop = new UpdateRequest().add(new UpdateDrop(NodeFactory.createURI(graphOf(View.ALL)), true));
            graph.update(graphOf(View.ALL), drop);
        }
        UpdateRequest prune = Queries.bindValues(Queries.bindValues(Queries.bindValues(
                UpdateFactory.create(PRUNE), "t", nodes(List.of(graphs.typedRelations()))),
                "g", nodes(List.of(graphOf(View.PUBLIC)))), "m", nodes(mentionGraphsOf(View.PUBLIC)));
        graph.update(graphs.typedRelations(), prune);
        Duration took = Duration.ofNanos(System.nanoTime() - t0);
        LOG.info("Concept associations: {} public pairs from {} sentences{} in {} ms", counted.pairs(), counted.sentences(),
                anyRestricted ? ", " + allPairs + " over all articles" : "", took.toMillis());
        return new Report(counted.pairs(), allPairs, counted.sentences(), took);
    }

    private record Counted(int pairs, long sentences) {}

    private Counted replace(View view, Map<String, String> idOfPid) {
        long t0 = System.nanoTime();
        CoOccurrence counts = count(view, idOfPid);
        long t1 = System.nanoTime();
        List<CoOccurrence.Pair> pairs = counts.pairs();
        Model m = describe(view, pairs, counts.sentenceCount(), vocabulary.get());
        long t2 = System.nanoTime();
        Node g = NodeFactory.createURI(graphOf(view));
        QuadDataAcc data = new QuadDataAcc();
        m.getGraph().find().forEachRemaining(t -> data.addQuad(Quad.create(g, t)));
        UpdateRequest update = new UpdateRequest().add(new UpdateDrop(g, true)).add(new UpdateDataInsert(data));
        graph.update(graphOf(view), update);
        LOG.info("Associations ({}): mentions read in {} ms, counted in {} ms, {} triples written in {} ms", view,
                (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000, m.size(), (System.nanoTime() - t2) / 1_000_000);
        return new Counted(pairs.size(), counts.sentenceCount());
    }

    /** Reads the sentences of a view's mentions graphs and the concepts each mentions (not negated). */
    private CoOccurrence count(View view, Map<String, String> idOfPid) {
        List<Node> mentionGraphs = nodes(mentionGraphsOf(view));
        VocabularyIndex vocab = vocabulary.get();
        Map<String, Set<String>> conceptsOf = new HashMap<>();
        for (QuerySolution row : graph.select(Queries.bindValues(SENTENCE_CONCEPTS.cloneQuery(), "m", mentionGraphs))) {
            String termPid = row.getResource("term").getURI();
            String id = idOfPid.computeIfAbsent(termPid, p -> vocab.byPid(p).map(Term::id).orElse(""));
            if (!id.isEmpty()) {
                conceptsOf.computeIfAbsent(row.getResource("sentence").getURI(), s -> new HashSet<>()).add(id);
            }
        }
        CoOccurrence counts = new CoOccurrence();
        for (QuerySolution row : graph.select(Queries.bindValues(SENTENCES.cloneQuery(), "m", mentionGraphs))) {
            String sentence = row.getResource("sentence").getURI();
            sentenceRef(sentence).ifPresent(r -> counts.add(r, conceptsOf.getOrDefault(sentence, Set.of())));
        }
        return counts;
    }

    /**
     * Whether the public associations are those the mentions give now: as many pairs, counted over as many
     * sentences (what {@code fairrag check} reports; a count cut short by a crash shows here).
     */
    public Agreement check() {
        CoOccurrence fresh = count(View.PUBLIC, new HashMap<>());
        List<Node> g = nodes(List.of(graphOf(View.PUBLIC)));
        long storedPairs = graph.select(Queries.bindValues(PAIRS.cloneQuery(), "g", g)).get(0).getLiteral("n").getLong();
        List<QuerySolution> total = graph.select(Queries.bindValues(TOTAL.cloneQuery(), "g", g),
                Map.of("count", ResourceFactory.createResource(countIri(View.PUBLIC))));
        long storedSentences = total.isEmpty() ? 0 : total.get(0).getLiteral("total").getLong();
        return new Agreement(storedPairs, fresh.pairs().size(), storedSentences, fresh.sentenceCount());
    }

    /** The public associations as stored and as the mentions count now. */
    public record Agreement(long storedPairs, long countedPairs, long storedSentences, long countedSentences) {
        public boolean agrees() {
            return storedPairs == countedPairs && storedSentences == countedSentences;
        }
    }

    private Model describe(View view, List<CoOccurrence.Pair> pairs, long sentences, VocabularyIndex vocab) {
        Model m = ModelFactory.createDefaultModel();
        Resource count = m.createResource(countIri(view))
                .addProperty(RDF.type, PROV_ACTIVITY)
                .addProperty(GENERATOR, COUNTER)
                .addLiteral(SENTENCE_TOTAL, ResourceFactory.createTypedLiteral(Long.toString(sentences), XSDDatatype.XSDinteger))
                .addProperty(ENDED_AT, ResourceFactory.createTypedLiteral(clock.instant().toString(), XSDDatatype.XSDdateTime));
        mentionGraphsOf(view).forEach(g -> count.addProperty(USED, m.createResource(g)));
        for (CoOccurrence.Pair p : pairs) {
            Optional<Term> a = vocab.byId(p.a());
            Optional<Term> b = vocab.byId(p.b());
            if (a.isEmpty() || b.isEmpty()) {
                continue;
            }
            Resource r = m.createResource(associationIri(view, p.a(), p.b()))
                    .addProperty(RDF.type, ASSOCIATION)
                    .addProperty(RDF.type, PROV_ENTITY)
                    .addProperty(CONCEPT_OF, m.createResource(a.get().pid()))
                    .addProperty(CONCEPT_OF, m.createResource(b.get().pid()))
                    .addLiteral(SENTENCE_COUNT, integer(p.sentences()))
                    .addLiteral(ARTICLE_COUNT, integer(p.articles()))
                    .addLiteral(NPMI, ResourceFactory.createTypedLiteral(String.format(Locale.ROOT, "%.4f", p.npmi()),
                            XSDDatatype.XSDdecimal))
                    .addProperty(WAS_GENERATED_BY, count);
            p.evidenceArticles().forEach(pid -> r.addProperty(WAS_DERIVED_FROM, m.createResource(pid)));
            p.evidence().forEach(s -> r.addProperty(EVIDENCE, m.createResource(s.articlePid() + SENTENCE_MARK + s.index())));
        }
        return m;
    }

    /** The article and index of a sentence IRI ({@code <pid#sentence-N>}). */
    static Optional<CoOccurrence.SentenceRef> sentenceRef(String iri) {
        int at = iri.lastIndexOf(SENTENCE_MARK);
        if (at < 0) {
            return Optional.empty();
        }
        try {
            return Optional.of(new CoOccurrence.SentenceRef(iri.substring(0, at), Integer.parseInt(iri.substring(at + SENTENCE_MARK.length()))));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static Literal integer(long n) {
        return ResourceFactory.createTypedLiteral(Long.toString(n), XSDDatatype.XSDinteger);
    }

    private static List<Node> nodes(List<String> iris) {
        return iris.stream().map(NodeFactory::createURI).toList();
    }
}
