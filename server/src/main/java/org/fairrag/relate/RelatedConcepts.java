package org.fairrag.relate;

import static org.fairrag.graph.Vocab.DCT_TITLE;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QuerySolution;
import org.apache.jena.rdf.model.ResourceFactory;
import org.fairrag.graph.GraphStore;
import org.fairrag.graph.Graphs;
import org.fairrag.graph.Queries;
import org.fairrag.relate.AssociationStore.View;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyIndex;

/**
 * The concepts most associated with a concept in the literature the caller may read, best normalised PMI
 * first, each with its evidence sentences (their text, article and place) and, when a language model typed
 * the association, the relation it gave. Blocking.
 */
public final class RelatedConcepts {

    private static final Query RELATED = Queries.load(RelatedConcepts.class, "related.rq");
    private static final Query EVIDENCE = Queries.load(RelatedConcepts.class, "evidence.rq");
    private static final Query TYPED = Queries.load(RelatedConcepts.class, "typed.rq");
    private static final Query COUNT = Queries.load(RelatedConcepts.class, "count.rq");

    /** A sentence that mentions both concepts: its article, its index (the title is 0), where it is and what it says. */
    public record Evidence(String articlePid, String pmid, int sentence, String part, int start, int end, String text) {}

    /** The relation a language model read in the evidence: {@code subjectId} relation the other concept. */
    public record Typed(RelationType relation, String subjectId, String model, String at) {}

    /** A concept associated with the one asked about; {@code typed} is null when no model typed it. */
    public record Related(String termId, String termPid, String label, String association, double npmi, int sentences,
                          int articles, List<Evidence> evidence, Typed typed) {}

    /**
     * @param view        which articles were counted
     * @param sentences   how many sentences were counted; 0 when the associations were never counted
     * @param countedAt   when, or null
     */
    public record Answer(View view, long sentences, String countedAt, List<Related> related) {}

    private final GraphStore graph;
    private final Graphs graphs;
    private final AssociationStore store;
    private final Supplier<VocabularyIndex> vocabulary;

    public RelatedConcepts(GraphStore graph, Graphs graphs, AssociationStore store, Supplier<VocabularyIndex> vocabulary) {
        this.graph = graph;
        this.graphs = graphs;
        this.store = store;
        this.vocabulary = vocabulary;
    }

    /**
     * The {@code k} concepts most associated with {@code termId}, with up to {@code evidencePerConcept}
     * sentences each, counted over what {@code accessLevels} may read: every article when restricted ones
     * are included and have been counted, else the public ones.
     */
    public Answer related(String termId, int k, Set<String> accessLevels, int evidencePerConcept) {
        VocabularyIndex vocab = vocabulary.get();
        Optional<Term> term = vocab.byId(termId);
        if (term.isEmpty()) {
            return new Answer(View.PUBLIC, 0, null, List.of());
        }
        View view = accessLevels.contains("restricted") && !store.isEmpty(View.ALL) ? View.ALL : View.PUBLIC;
        List<Node> g = nodes(List.of(store.graphOf(view)));
        long total = 0;
        String countedAt = null;
        List<QuerySolution> count = graph.select(Queries.bindValues(COUNT.cloneQuery(), "g", g),
                Map.of("count", ResourceFactory.createResource(store.countIri(view))));
        if (!count.isEmpty()) {
            total = count.get(0).getLiteral("total").getLong();
            countedAt = count.get(0).getLiteral("ended").getLexicalForm();
        }
        Query q = Queries.bindValues(RELATED.cloneQuery(), "g", g);
        q.setLimit(k);
        Map<String, Related> byAssociation = new LinkedHashMap<>();
        for (QuerySolution row : graph.select(q, Map.of("concept", ResourceFactory.createResource(term.get().pid())))) {
            Optional<Term> other = vocab.byPid(row.getResource("other").getURI());
            if (other.isEmpty()) {
                continue;
            }
            String association = row.getResource("association").getURI();
            byAssociation.put(association, new Related(other.get().id(), other.get().pid(), other.get().label(), association,
                    row.getLiteral("npmi").getDouble(), row.getLiteral("sentences").getInt(),
                    row.getLiteral("articles").getInt(), List.of(), null));
        }
        if (byAssociation.isEmpty()) {
            return new Answer(view, total, countedAt, List.of());
        }
        Map<String, List<Evidence>> evidence = evidencePerConcept == 0 ? Map.of()
                : evidence(view, byAssociation.keySet(), evidencePerConcept);
        Map<String, Typed> typed = view == View.PUBLIC ? typed(byAssociation.keySet(), vocab) : Map.of();
        List<Related> out = new ArrayList<>();
        for (Related r : byAssociation.values()) {
            out.add(new Related(r.termId(), r.termPid(), r.label(), r.association(), r.npmi(), r.sentences(), r.articles(),
                    evidence.getOrDefault(r.association(), List.of()), typed.get(r.association())));
        }
        return new Answer(view, total, countedAt, out);
    }

    /** Up to {@code perConcept} evidence sentences of each association, from as many articles as possible. */
    Map<String, List<Evidence>> evidence(View view, Set<String> associations, int perConcept) {
        Query q = EVIDENCE.cloneQuery();
        Queries.bindValues(q, "association", nodes(List.copyOf(associations)));
        Queries.bindValues(q, "g", nodes(List.of(store.graphOf(view))));
        Queries.bindValues(q, "m", nodes(store.mentionGraphsOf(view)));
        Queries.bindValues(q, "c", nodes(store.contentGraphsOf(view)));
        Map<String, List<Evidence>> all = new HashMap<>();
        for (QuerySolution row : graph.select(q)) {
            String text = row.getLiteral("text").getString();
            int start = row.getLiteral("start").getInt();
            int end = row.getLiteral("end").getInt();
            if (start < 0 || end > text.length() || start >= end) {
                continue;
            }
            String part = row.getResource("property").getURI().equals(DCT_TITLE.getURI()) ? "title" : "abstract";
            int index = AssociationStore.sentenceRef(row.getResource("sentence").getURI())
                    .map(CoOccurrence.SentenceRef::index).orElse(-1);
            all.computeIfAbsent(row.getResource("association").getURI(), a -> new ArrayList<>())
                    .add(new Evidence(row.getResource("article").getURI(), row.contains("pmid") ? row.getLiteral("pmid").getString()
                            : null, index, part, start, end, text.substring(start, end).strip()));
        }
        Map<String, List<Evidence>> out = new HashMap<>();
        all.forEach((association, found) -> out.put(association, pick(found, perConcept)));
        return out;
    }

    /** Up to {@code n} sentences, as many articles as possible: the first sentence of each article, then the rest. */
    static List<Evidence> pick(List<Evidence> found, int n) {
        List<Evidence> sorted = new ArrayList<>(found);
        sorted.sort(Comparator.comparing(Evidence::articlePid).thenComparingInt(Evidence::sentence));
        List<Evidence> first = new ArrayList<>();
        List<Evidence> more = new ArrayList<>();
        String last = null;
        for (Evidence e : sorted) {
            (e.articlePid().equals(last) ? more : first).add(e);
            last = e.articlePid();
        }
        first.addAll(more);
        return List.copyOf(first.subList(0, Math.min(n, first.size())));
    }

    private Map<String, Typed> typed(Set<String> associations, VocabularyIndex vocab) {
        Query q = TYPED.cloneQuery();
        Queries.bindValues(q, "association", nodes(List.copyOf(associations)));
        Queries.bindValues(q, "t", nodes(List.of(graphs.typedRelations())));
        Map<String, Typed> out = new HashMap<>();
        for (QuerySolution row : graph.select(q)) {
            Optional<RelationType> type = RelationType.ofIri(row.getResource("type").getURI());
            Optional<Term> subject = vocab.byPid(row.getResource("subject").getURI());
            if (type.isPresent() && subject.isPresent()) {
                out.put(row.getResource("association").getURI(), new Typed(type.get(), subject.get().id(),
                        row.getLiteral("model").getString(), row.getLiteral("time").getLexicalForm()));
            }
        }
        return out;
    }

    private static List<Node> nodes(List<String> iris) {
        return iris.stream().map(NodeFactory::createURI).toList();
    }
}
