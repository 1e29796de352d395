package org.fairrag.filter;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.QuerySolution;
import org.fairrag.graph.GraphStore;
import org.fairrag.graph.Graphs;
import org.fairrag.graph.Queries;
import org.fairrag.graph.Vocab;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyIndex;

/**
 * Keeps, of a list of articles, those the knowledge graph says are about the selected terms (with
 * their narrower terms when exploded), so that only articles about the chosen concepts reach a
 * summary. Ranks by the number of selected terms matched, then by the order of the input (the
 * retrieval rank). Blocking: runs SPARQL.
 */
public final class FilterService {

    /** An article to filter, with its retrieval score when it came from a search. */
    public record Candidate(String pid, Double score) {}

    public record TermRef(String id, String label) {}

    public record Match(String pid, String pmid, String title, String abstractText, Integer year,
                        List<TermRef> matchedTerms, int matchCount, Double score) {}

    /** The kept articles, best first, and the SPARQL that selected them. */
    public record Result(String sparql, List<Match> results) {}

    private static final String EXPLODED = Queries.loadText(FilterService.class, "filter-exploded.rq");
    private static final String EXACT = Queries.loadText(FilterService.class, "filter-exact.rq");
    private static final String EXCLUDE_ONLY = Queries.loadText(FilterService.class, "filter-exclude-only.rq");
    private static final String EXCLUDE_ONLY_EXACT = Queries.loadText(FilterService.class, "filter-exclude-only-exact.rq");

    private final GraphStore graph;
    private final Graphs graphs;
    private final Supplier<VocabularyIndex> vocabulary;

    public FilterService(GraphStore graph, Graphs graphs, Supplier<VocabularyIndex> vocabulary) {
        this.graph = graph;
        this.graphs = graphs;
        this.vocabulary = vocabulary;
    }

    /**
     * @param candidates    the articles to filter, in retrieval order; their PIDs are validated by the caller
     * @param visibleGraphs the content graphs the caller may see
     */
    public Result filter(List<Candidate> candidates, TermSelection selection, List<String> visibleGraphs,
                         Integer yearFrom, Integer yearTo) {
        VocabularyIndex vocab = vocabulary.get();
        Query query = query(selection);
        Queries.bindValues(query, "g", uris(visibleGraphs));
        if (selection.explode()) {
            Queries.bindValues(query, "v", uris(List.of(graphs.vocabulary())));
        }
        Queries.bindValues(query, "article", uris(candidates.stream().map(Candidate::pid).toList()));
        if (!selection.terms().isEmpty()) {
            Queries.bindValues(query, "selected", termNodes(selection.terms(), vocab));
        }
        Queries.bindValues(query, "excluded", termNodes(selection.exclude(), vocab));
        Queries.bindValues(query, "subjectProperty", selection.withSuggested()
                ? List.of(Vocab.ABOUT.asNode(), Vocab.SUGGESTED_SUBJECT.asNode()) : List.of(Vocab.ABOUT.asNode()));

        Map<String, Integer> rank = new HashMap<>();
        Map<String, Double> score = new HashMap<>();
        for (int i = 0; i < candidates.size(); i++) {
            rank.putIfAbsent(candidates.get(i).pid(), i);
            score.putIfAbsent(candidates.get(i).pid(), candidates.get(i).score());
        }
        List<Match> kept = new ArrayList<>();
        for (QuerySolution row : graph.select(query)) {
            Match m = toMatch(row, vocab, score);
            if (m.year() == null ? yearFrom == null && yearTo == null
                    : (yearFrom == null || m.year() >= yearFrom) && (yearTo == null || m.year() <= yearTo)) {
                kept.add(m);
            }
        }
        kept.sort(Comparator.comparingInt((Match m) -> -m.matchCount()).thenComparingInt(m -> rank.get(m.pid())));
        return new Result(query.serialize(), kept);
    }

    private static Query query(TermSelection selection) {
        if (selection.terms().isEmpty()) {
            return QueryFactory.create(selection.explode() ? EXCLUDE_ONLY : EXCLUDE_ONLY_EXACT);
        }
        String text = selection.explode() ? EXPLODED : EXACT;
        if (selection.mode() == TermSelection.Mode.ALL) {
            // The count is a number this code computed, never user text.
            text = text + "HAVING (COUNT(DISTINCT ?selected) = " + selection.terms().size() + ")\n";
        }
        return QueryFactory.create(text);
    }

    private Match toMatch(QuerySolution row, VocabularyIndex vocab, Map<String, Double> score) {
        String pid = row.getResource("article").getURI();
        List<TermRef> matched = new ArrayList<>();
        for (String termPid : row.getLiteral("matched").getString().split(" ")) {
            if (termPid.isEmpty()) {
                continue;
            }
            vocab.byPid(termPid).ifPresent(t -> matched.add(new TermRef(t.id(), t.label())));
        }
        matched.sort(Comparator.comparing(TermRef::id));
        return new Match(pid,
                row.getLiteral("pmid").getString(),
                row.contains("title") ? row.getLiteral("title").getString() : null,
                row.contains("abstract") ? row.getLiteral("abstract").getString() : null,
                row.contains("date") ? year(row.getLiteral("date").getLexicalForm()) : null,
                matched,
                row.getLiteral("matchCount").getInt(),
                score.get(pid));
    }

    private static Integer year(String date) {
        return date.length() >= 4 ? Integer.valueOf(date.substring(0, 4)) : null;
    }

    private static List<Node> termNodes(List<String> ids, VocabularyIndex vocab) {
        return ids.stream().map(id -> vocab.byId(id).map(Term::pid)
                .orElseThrow(() -> new IllegalArgumentException("unvalidated term id " + id)))
                .map(NodeFactory::createURI).toList();
    }

    private static List<Node> uris(List<String> iris) {
        return iris.stream().map(NodeFactory::createURI).toList();
    }
}
