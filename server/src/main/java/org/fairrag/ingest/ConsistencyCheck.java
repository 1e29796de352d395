package org.fairrag.ingest;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QuerySolution;
import org.fairrag.graph.GraphStore;
import org.fairrag.graph.Graphs;
import org.fairrag.graph.Queries;
import org.fairrag.search.ArticleIndexer;
import org.fairrag.search.PublishedArticles;
import org.fairrag.store.PidRecord;
import org.fairrag.store.PidRegistry;
import org.fairrag.vectors.ArticleFields;
import org.fairrag.vectors.VectorIndex;
import org.fairrag.vocab.VocabularyIndex;

/**
 * Verifies that the triple store, the vector index and the PID registry agree about the articles, and
 * repairs what does not: every active article of the registry is described in the content graph of its
 * access level (and in no other) and has its vectors at that level; every article of the graph is
 * registered; the vector index holds nothing else. Blocking.
 *
 * <p>Repairs: an article missing from the graph or the registry is published again from its source
 * records in PostgreSQL (which also registers it and indexes it); one in the wrong graph is removed from
 * there; missing or stale vectors are made again from the graph; vectors of anything but an active
 * article are removed; a graph description with neither registry row nor source record is removed.
 */
public final class ConsistencyCheck {

    private static final Query ARTICLE_GRAPHS = Queries.load(ConsistencyCheck.class, "article-graphs.rq");
    private static final int INDEX_BATCH = 500;

    /** One disagreement: what is wrong, and the article. */
    public record Problem(Kind kind, String pid) {}

    public enum Kind {
        /** An active article of the registry has no description in its content graph. */
        MISSING_FROM_GRAPH("registered but not in the graph"),
        /** An article is described in a content graph but not registered. */
        MISSING_FROM_REGISTRY("in the graph but not registered"),
        /** An article is described in a content graph other than its access level's. */
        IN_WRONG_GRAPH("in the content graph of another access level"),
        /** An active article has no vectors. */
        MISSING_VECTORS("without vectors"),
        /** An article's vectors carry another access level than the registry's. */
        STALE_VECTORS("with vectors at another access level"),
        /** The vector index holds an article that is not active (tombstoned, or neither registered nor in the graph). */
        ORPHAN_VECTORS("vectors of an article that is not active");

        private final String description;

        Kind(String description) {
            this.description = description;
        }

        public String description() {
            return description;
        }
    }

    /** What a check found (and, after a repair, what a second check still finds). */
    public record Report(long activeArticles, long graphArticles, Long vectorArticles, List<Problem> problems) {
        public boolean clean() {
            return problems.isEmpty();
        }

        public Map<Kind, Long> counts() {
            Map<Kind, Long> out = new TreeMap<>();
            problems.forEach(p -> out.merge(p.kind(), 1L, Long::sum));
            return out;
        }
    }

    /** Publishes articles again from their source records: PMID to access level in, PMIDs done out. */
    public interface Republisher {
        Set<String> republish(Map<String, String> accessLevelByPmid);
    }

    private final GraphStore graph;
    private final Graphs graphs;
    private final PidRegistry registry;
    private final Optional<VectorIndex> vectors;
    private final Optional<ArticleIndexer> indexer;
    private final Supplier<VocabularyIndex> vocabulary;
    private final Republisher republisher;
    private final Function<String, String> pidOfId;

    public ConsistencyCheck(GraphStore graph, Graphs graphs, PidRegistry registry, Optional<VectorIndex> vectors,
                            Optional<ArticleIndexer> indexer, Supplier<VocabularyIndex> vocabulary,
                            Republisher republisher, Function<String, String> pidOfId) {
        this.graph = graph;
        this.graphs = graphs;
        this.registry = registry;
        this.vectors = vectors;
        this.indexer = indexer;
        this.vocabulary = vocabulary;
        this.republisher = republisher;
        this.pidOfId = pidOfId;
    }

    /** What the three stores hold now. */
    private record State(Map<String, PidRecord> registered, Map<String, Set<String>> graphsOf,
                         Map<String, String> pmidOf, Set<String> indexed, Map<String, String> indexedLevels) {}

    public Report check() {
        State s = read();
        List<Problem> problems = new ArrayList<>();
        long active = 0;
        for (PidRecord r : s.registered().values()) {
            String pid = pidOfId.apply(r.id());
            Set<String> in = s.graphsOf().getOrDefault(pid, Set.of());
            String home = graphs.contentFor(r.accessLevel());
            if (!in.contains(home)) {
                problems.add(new Problem(Kind.MISSING_FROM_GRAPH, pid));
            }
            if (in.stream().anyMatch(g -> !g.equals(home))) {
                problems.add(new Problem(Kind.IN_WRONG_GRAPH, pid));
            }
            if (r.status() != PidRecord.Status.ACTIVE) {
                continue;
            }
            active++;
            if (vectors.isPresent()) {
                if (!s.indexed().contains(pid)) {
                    problems.add(new Problem(Kind.MISSING_VECTORS, pid));
                } else if (!r.accessLevel().equals(s.indexedLevels().get(pid))) {
                    problems.add(new Problem(Kind.STALE_VECTORS, pid));
                }
            }
        }
        Set<String> registeredPids = new HashSet<>();
        s.registered().keySet().forEach(id -> registeredPids.add(pidOfId.apply(id)));
        for (String pid : s.graphsOf().keySet()) {
            if (!registeredPids.contains(pid)) {
                problems.add(new Problem(Kind.MISSING_FROM_REGISTRY, pid));
            }
        }
        for (String pid : s.indexed()) {
            PidRecord r = s.registered().get(idOf(pid));
            // An article in the graph but not registered is reported as that: its vectors are not orphans.
            if (r == null ? !s.graphsOf().containsKey(pid) : r.status() != PidRecord.Status.ACTIVE) {
                problems.add(new Problem(Kind.ORPHAN_VECTORS, pid));
            }
        }
        return new Report(active, s.graphsOf().size(), vectors.map(v -> (long) s.indexed().size()).orElse(null), problems);
    }

    /** Repairs what {@link #check} finds, then checks again and returns that second report. */
    public Report repair() {
        Report found = check();
        if (found.clean()) {
            return found;
        }
        State s = read();
        Map<String, String> republish = new HashMap<>();
        List<String> reindex = new ArrayList<>();
        List<String> unindex = new ArrayList<>();
        Map<String, List<String>> removeFromGraph = new HashMap<>();
        for (Problem p : found.problems()) {
            PidRecord r = s.registered().get(idOf(p.pid()));
            switch (p.kind()) {
                case MISSING_FROM_GRAPH -> republish.put(pmidOf(r, p.pid(), s), r.accessLevel());
                case IN_WRONG_GRAPH -> s.graphsOf().get(p.pid()).stream()
                        .filter(g -> !g.equals(graphs.contentFor(r.accessLevel())))
                        .forEach(g -> removeFromGraph.computeIfAbsent(g, k -> new ArrayList<>()).add(p.pid()));
                case MISSING_FROM_REGISTRY -> republish.put(s.pmidOf().get(p.pid()),
                        s.graphsOf().get(p.pid()).contains(graphs.restrictedContent()) ? "restricted" : "public");
                case MISSING_VECTORS, STALE_VECTORS -> reindex.add(p.pid());
                case ORPHAN_VECTORS -> unindex.add(p.pid());
            }
        }
        removeFromGraph.forEach(graph::deleteDescriptions);
        republish.remove(null);
        Set<String> republished = republish.isEmpty() ? Set.of() : republisher.republish(republish);
        // A graph description that is neither registered nor backed by a source record cannot be republished: it goes.
        for (Problem p : found.problems()) {
            if (p.kind() == Kind.MISSING_FROM_REGISTRY && !republished.contains(s.pmidOf().get(p.pid()))) {
                s.graphsOf().get(p.pid()).forEach(g -> graph.deleteDescriptions(g, List.of(p.pid())));
                unindex.add(p.pid());
            }
        }
        vectors.ifPresent(index -> {
            if (!unindex.isEmpty()) {
                index.deleteArticles(unindex);
            }
            indexer.ifPresent(ix -> {
                PublishedArticles published = new PublishedArticles(graph, graphs);
                for (int from = 0; from < reindex.size(); from += INDEX_BATCH) {
                    List<String> batch = reindex.subList(from, Math.min(reindex.size(), from + INDEX_BATCH));
                    // Forget what is indexed, so the indexer embeds these again whatever their checksums say.
                    index.deleteArticles(batch);
                    ix.index(published.read(batch, vocabulary.get()));
                }
            });
        });
        return check();
    }

    private State read() {
        Map<String, PidRecord> registered = new HashMap<>();
        for (PidRecord r : registry.articles().await()) {
            registered.put(r.id(), r);
        }
        Map<String, Set<String>> graphsOf = new HashMap<>();
        Map<String, String> pmidOf = new HashMap<>();
        Query q = Queries.withValues(ARTICLE_GRAPHS, "g", List.of(NodeFactory.createURI(graphs.publicContent()),
                NodeFactory.createURI(graphs.restrictedContent())));
        for (QuerySolution row : graph.select(q)) {
            String pid = row.getResource("a").getURI();
            graphsOf.computeIfAbsent(pid, k -> new HashSet<>()).add(row.getResource("g").getURI());
            pmidOf.put(pid, row.getLiteral("pmid").getString());
        }
        Set<String> indexed = vectors.map(VectorIndex::articlePids).orElse(Set.of());
        Map<String, String> indexedLevels = new HashMap<>();
        vectors.ifPresent(v -> {
            for (Map.Entry<String, ArticleFields> e : v.articles(indexed).entrySet()) {
                indexedLevels.put(e.getKey(), e.getValue().accessLevel());
            }
        });
        return new State(registered, graphsOf, pmidOf, indexed, indexedLevels);
    }

    private static String pmidOf(PidRecord r, String pid, State s) {
        String key = r.sourceKey();
        if (key != null && key.startsWith("article:pubmed:")) {
            return key.substring("article:pubmed:".length());
        }
        return s.pmidOf().get(pid);
    }

    private static String idOf(String pid) {
        return pid.substring(pid.lastIndexOf('/') + 1);
    }
}
