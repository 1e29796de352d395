package org.fairrag.annotate;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.GraphUtil;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QuerySolution;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.graph.GraphFactory;
import org.apache.jena.sparql.modify.request.QuadDataAcc;
import org.apache.jena.sparql.modify.request.UpdateDataInsert;
import org.apache.jena.update.UpdateFactory;
import org.apache.jena.update.UpdateRequest;
import org.fairrag.graph.GraphStore;
import org.fairrag.graph.Graphs;
import org.fairrag.graph.Queries;

/**
 * Keeps the concept mentions of articles in the mentions graph of their access level
 * ({@link Graphs#publicMentions}, {@link Graphs#restrictedMentions}), so they are readable exactly where the
 * articles are. An article's mentions are replaced whole, and removed from the other level's graph at the
 * same time, so an article that changed level leaves nothing behind. Blocking.
 */
public final class MentionStore {

    private static final String DELETE = Queries.loadText(MentionStore.class, "delete-mentions.ru");
    private static final Query COLLECTIONS = Queries.load(MentionStore.class, "mention-collections.rq");
    private static final Query ANY = Queries.load(MentionStore.class, "any-mention-collection.rq");
    private static final Query COLLECTIONS_OF = Queries.load(MentionStore.class, "mention-collections-of.rq");

    /** What the graph holds for one article: its access level, the checksum of the text annotated, and the method. */
    public record Stored(String accessLevel, String textChecksum, String generator) {}

    private final GraphStore graph;
    private final Graphs graphs;

    public MentionStore(GraphStore graph, Graphs graphs) {
        this.graph = graph;
        this.graphs = graphs;
    }

    /**
     * Replaces the mentions of the articles in {@code mentions} (article PID to its description) at {@code accessLevel}.
     * Only articles that have mentions now are deleted first, from the graph that holds them: an article's
     * collection is written in the same transaction as its annotations, so an article without one has none.
     * A batch of articles annotated for the first time (an ingest, a collection annotated after it) is only
     * added, with no update to evaluate.
     */
    public void replace(String accessLevel, Map<String, Model> mentions) {
        if (mentions.isEmpty()) {
            return;
        }
        String home = graphs.mentionsFor(accessLevel);
        Map<String, List<String>> earlier = new HashMap<>();
        stored(mentions.keySet()).forEach((pid, s) ->
                earlier.computeIfAbsent(graphs.mentionsFor(s.accessLevel()), g -> new ArrayList<>()).add(pid));
        Graph statements = GraphFactory.createGraphMem();
        mentions.values().forEach(m -> GraphUtil.addInto(statements, m.getGraph()));
        graph.inOneTransaction(() -> {
            earlier.forEach((g, pids) -> {
                if (!g.equals(home)) {
                    graph.update(g, deletion(g, pids));
                }
            });
            List<String> replaced = earlier.getOrDefault(home, List.of());
            if (replaced.isEmpty()) {
                graph.add(home, statements);
            } else {
                UpdateRequest update = deletion(home, replaced);
                Node g = NodeFactory.createURI(home);
                QuadDataAcc data = new QuadDataAcc();
                statements.find().forEachRemaining(t -> data.addQuad(Quad.create(g, t)));
                update.add(new UpdateDataInsert(data));
                graph.update(home, update);
            }
        });
    }

    /**
     * Runs {@code work} (reading articles, then writing their mentions) so that no other write to the graph
     * (a tombstone, a move to another access level) commits between the read and the write: otherwise mentions
     * read at the old level could be written after the change and outlive it. The embedded store holds its one
     * writer for that long; a remote store commits each write on its own.
     */
    public void inOneTransaction(Runnable work) {
        graph.inOneTransaction(work);
    }

    /** Removes every mention of these articles, at either level. */
    public void remove(Collection<String> articlePids) {
        if (articlePids.isEmpty()) {
            return;
        }
        for (String g : List.of(graphs.publicMentions(), graphs.restrictedMentions())) {
            graph.update(g, deletion(g, articlePids));
        }
    }

    /** Whether no article has mentions. */
    public boolean isEmpty() {
        return graph.select(Queries.bindValues(ANY.cloneQuery(), "g", mentionGraphs())).isEmpty();
    }

    /** Every article that has mentions, with what they were made from. */
    public Map<String, Stored> stored() {
        return stored(Queries.bindValues(COLLECTIONS.cloneQuery(), "g", mentionGraphs()));
    }

    /** Those of these articles that have mentions, with what they were made from. */
    public Map<String, Stored> stored(Collection<String> articlePids) {
        if (articlePids.isEmpty()) {
            return Map.of();
        }
        Query q = Queries.bindValues(COLLECTIONS_OF.cloneQuery(), "article", articlePids.stream().map(NodeFactory::createURI).toList());
        return stored(Queries.bindValues(q, "g", mentionGraphs()));
    }

    private List<Node> mentionGraphs() {
        return List.of(NodeFactory.createURI(graphs.publicMentions()), NodeFactory.createURI(graphs.restrictedMentions()));
    }

    private Map<String, Stored> stored(Query q) {
        Map<String, Stored> out = new HashMap<>();
        for (QuerySolution row : graph.select(q)) {
            String level = row.getResource("g").getURI().equals(graphs.restrictedMentions()) ? "restricted" : "public";
            out.put(row.getResource("article").getURI(), new Stored(level, row.getLiteral("checksum").getString(),
                    row.getResource("generator").getURI()));
        }
        return out;
    }

    private static UpdateRequest deletion(String graphIri, Collection<String> articlePids) {
        UpdateRequest update = UpdateFactory.create(DELETE);
        Queries.bindValues(update, "g", List.of(NodeFactory.createURI(graphIri)));
        return Queries.bindValues(update, "article", articlePids.stream().map(NodeFactory::createURI).toList());
    }
}
