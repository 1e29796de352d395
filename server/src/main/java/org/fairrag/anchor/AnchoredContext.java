package org.fairrag.anchor;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QuerySolution;
import org.fairrag.embed.Embedder;
import org.fairrag.graph.GraphStore;
import org.fairrag.graph.Graphs;
import org.fairrag.graph.Queries;
import org.fairrag.vectors.ArticleFilter;
import org.fairrag.vectors.ChunkHit;
import org.fairrag.vectors.VectorIndex;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyIndex;

/**
 * Concept-anchored context: given the concepts of a question or a selection and the request's text, the
 * chunks of the collection that mention each concept (or a narrower one), chosen per concept by
 * {@link PerConceptSelection} among that concept's own chunks, scored by their similarity to the request.
 * Negated mentions never count; a restricted article's mentions count only for a request whose filter admits
 * restricted articles; an article the vector index no longer holds (withdrawn) or that the filter refuses
 * is not scored, so it is never chosen. Blocking (the vector index scores; evidence texts come from the graph).
 */
public final class AnchoredContext {

    /**
     * @param conceptIds     the concepts, each judged on its own
     * @param narrower       whether a mention of a narrower concept counts as a mention of the concept
     * @param vector         the request's embedding
     * @param filter         which articles may be used (access levels among them)
     * @param withinArticles only these articles, or every article when empty
     */
    public record Request(List<String> conceptIds, boolean narrower, float[] vector, ArticleFilter filter,
                          Set<String> withinArticles, PerConceptSelection selection) {
        public Request {
            conceptIds = List.copyOf(conceptIds);
            withinArticles = Set.copyOf(withinArticles);
        }
    }

    /** A chunk that mentions a concept: its similarity to the request, its text, and its mentions of the concept. */
    public record Anchor(String conceptId, String articlePid, int chunk, double similarity, String chunkText,
                         List<StoredMention> mentions) {}

    /** What was chosen for one concept, and from how many chunks. */
    public record ConceptContext(String conceptId, PerConceptSelection.Selected<Anchor> selected) {}

    /**
     * A sentence that mentions a concept, as evidence: its article, where it is in the text as stored (the
     * title, or the abstract), what it says, and the similarity of its chunk to the request.
     *
     * @param mentionedId the concept the sentence names: the concept itself or a narrower one
     */
    public record Evidence(String conceptId, String mentionedId, String articlePid, String pmid, int sentence, String part,
                           int start, int end, String text, double similarity) {}

    private static final Query TEXTS = Queries.load(AnchoredContext.class, "texts.rq");

    private final MentionMap mentions;
    private final VectorIndex index;
    private final Supplier<VocabularyIndex> vocabulary;
    private final GraphStore graph;
    private final Graphs graphs;
    private final Embedder queryEmbedder;

    public AnchoredContext(MentionMap mentions, VectorIndex index, Supplier<VocabularyIndex> vocabulary, GraphStore graph,
                           Graphs graphs, Embedder queryEmbedder) {
        this.mentions = mentions;
        this.index = index;
        this.vocabulary = vocabulary;
        this.graph = graph;
        this.graphs = graphs;
        this.queryEmbedder = queryEmbedder;
    }

    /** The chunks chosen for each concept of the request, in the request's order of concepts. */
    public List<ConceptContext> select(Request r) {
        VocabularyIndex vocab = vocabulary.get();
        List<Set<String>> branches = r.conceptIds().stream()
                .map(c -> r.narrower() ? vocab.withDescendants(c) : Set.of(c)).toList();
        List<List<Anchor>> places = places(r.conceptIds(), branches, r.vector(), r.filter(), r.withinArticles());
        List<ConceptContext> out = new ArrayList<>();
        for (int i = 0; i < places.size(); i++) {
            out.add(new ConceptContext(r.conceptIds().get(i), r.selection().select(places.get(i), Anchor::similarity)));
        }
        return out;
    }

    /**
     * Every chunk that mentions a term of each branch (for concept {@code conceptIds[i]}, the terms of
     * {@code branches[i]}), scored against {@code vector}, in no particular order: the distribution a selection
     * is made in. Chunks of articles the filter refuses or the vector index does not hold are left out.
     */
    public List<List<Anchor>> places(List<String> conceptIds, List<Set<String>> branches, float[] vector,
                                     ArticleFilter filter, Set<String> withinArticles) {
        boolean withRestricted = filter.accessLevels().contains("restricted");
        List<Map<String, Set<Integer>>> chunksByConcept = new ArrayList<>();
        Map<String, List<StoredMention>> mentionsByChunk = new HashMap<>();
        Map<String, Set<Integer>> wanted = new HashMap<>();
        for (int i = 0; i < conceptIds.size(); i++) {
            String concept = conceptIds.get(i);
            List<StoredMention> found = withinArticles.isEmpty() ? mentions.of(branches.get(i), withRestricted)
                    : mentions.in(withinArticles, branches.get(i), withRestricted);
            Map<String, Set<Integer>> chunks = new HashMap<>();
            for (StoredMention m : found) {
                if (m.chunk() < 0) {
                    continue;
                }
                chunks.computeIfAbsent(m.articlePid(), a -> new LinkedHashSet<>()).add(m.chunk());
                wanted.computeIfAbsent(m.articlePid(), a -> new LinkedHashSet<>()).add(m.chunk());
                mentionsByChunk.computeIfAbsent(i + "\t" + key(m.articlePid(), m.chunk()), k -> new ArrayList<>()).add(m);
            }
            chunksByConcept.add(chunks);
        }
        Map<String, ChunkHit> scored = new HashMap<>();
        for (ChunkHit hit : wanted.isEmpty() ? List.<ChunkHit>of() : index.scoreChunks(vector, wanted, filter)) {
            scored.put(key(hit.articlePid(), hit.ordinal()), hit);
        }
        List<List<Anchor>> out = new ArrayList<>();
        for (int i = 0; i < conceptIds.size(); i++) {
            String concept = conceptIds.get(i);
            List<Anchor> places = new ArrayList<>();
            for (Map.Entry<String, Set<Integer>> e : chunksByConcept.get(i).entrySet()) {
                for (int ordinal : e.getValue()) {
                    ChunkHit hit = scored.get(key(e.getKey(), ordinal));
                    if (hit != null) {
                        places.add(new Anchor(concept, e.getKey(), ordinal, hit.score(), hit.text(),
                                List.copyOf(mentionsByChunk.get(i + "\t" + key(e.getKey(), ordinal)))));
                    }
                }
            }
            out.add(places);
        }
        return out;
    }

    /**
     * Evidence sentences for each concept: the mentioning sentences of the chunks {@link #select} keeps, with
     * their text from the content graphs of the filter's access levels; each sentence once per concept. Embeds
     * {@code text}, so blocking.
     */
    public List<Evidence> evidence(List<String> conceptIds, String text, ArticleFilter filter, Set<String> withinArticles,
                                   PerConceptSelection selection) {
        if (conceptIds.isEmpty()) {
            return List.of();
        }
        float[] vector = queryEmbedder.embed(text);
        List<ConceptContext> contexts = select(new Request(conceptIds, true, vector, filter, withinArticles, selection));
        Set<String> articles = new LinkedHashSet<>();
        contexts.forEach(c -> c.selected().kept().forEach(a -> articles.add(a.articlePid())));
        Map<String, String[]> texts = texts(articles, filter.accessLevels());
        List<Evidence> out = new ArrayList<>();
        for (ConceptContext c : contexts) {
            for (Anchor a : c.selected().kept()) {
                String[] stored = texts.get(a.articlePid());
                if (stored == null) {
                    continue;
                }
                Set<Integer> seen = new LinkedHashSet<>();
                for (StoredMention m : a.mentions()) {
                    String whole = m.title() ? stored[0] : stored[1];
                    if (!seen.add(m.sentence()) || whole == null || m.sentenceStart() < 0 || m.sentenceEnd() > whole.length()
                            || m.sentenceStart() >= m.sentenceEnd()) {
                        continue;
                    }
                    out.add(new Evidence(c.conceptId(), m.termId(), a.articlePid(), stored[2], m.sentence(),
                            m.title() ? "title" : "abstract", m.sentenceStart(), m.sentenceEnd(),
                            whole.substring(m.sentenceStart(), m.sentenceEnd()).strip(), a.similarity()));
                }
            }
        }
        return out;
    }

    /** The label of a concept, for what is shown with evidence. */
    public String label(String conceptId) {
        return vocabulary.get().byId(conceptId).map(Term::label).orElse(conceptId);
    }

    /** Title, abstract and PMID of the articles, from the content graphs of these access levels. */
    private Map<String, String[]> texts(Collection<String> articles, Set<String> accessLevels) {
        if (articles.isEmpty()) {
            return Map.of();
        }
        Query q = Queries.bindValues(TEXTS.cloneQuery(), "article", articles.stream().map(NodeFactory::createURI).toList());
        Queries.bindValues(q, "c", accessLevels.stream().map(l -> NodeFactory.createURI(graphs.contentFor(l))).toList());
        Map<String, String[]> out = new HashMap<>();
        for (QuerySolution row : graph.select(q)) {
            out.put(row.getResource("article").getURI(), new String[] {row.getLiteral("title").getString(),
                    row.contains("abstract") ? row.getLiteral("abstract").getString() : null,
                    row.contains("pmid") ? row.getLiteral("pmid").getString() : null});
        }
        return out;
    }

    private static String key(String article, int chunk) {
        return article + '\t' + chunk;
    }
}
