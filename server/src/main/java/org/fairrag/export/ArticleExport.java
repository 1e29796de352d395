package org.fairrag.export;

import java.util.ArrayList;
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
import org.fairrag.graph.Queries;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyIndex;

/**
 * Reads what an export needs of chosen articles from the graph (citation metadata, authors in order,
 * subject terms by their preferred names) and writes it in an {@link ExportFormat}. Blocking: runs SPARQL.
 */
public final class ArticleExport {

    private static final String ARTICLES = Queries.loadText(ArticleExport.class, "export-articles.rq");
    private static final String AUTHORS = Queries.loadText(ArticleExport.class, "export-authors.rq");
    private static final String SUBJECTS = Queries.loadText(ArticleExport.class, "export-subjects.rq");

    private final GraphStore graph;
    private final Supplier<VocabularyIndex> vocabulary;

    public ArticleExport(GraphStore graph, Supplier<VocabularyIndex> vocabulary) {
        this.graph = graph;
        this.vocabulary = vocabulary;
    }

    /**
     * The articles with these PIDs that are in one of {@code visibleGraphs}, in the order given; a PID that
     * names no such article is left out (the caller compares).
     */
    public List<ExportedArticle> load(List<String> pids, List<String> visibleGraphs) {
        Map<String, QuerySolution> rows = new HashMap<>();
        for (QuerySolution row : graph.select(query(ARTICLES, pids, visibleGraphs))) {
            rows.putIfAbsent(row.getResource("article").getURI(), row);
        }
        Map<String, List<ExportedArticle.Author>> authors = new HashMap<>();
        for (QuerySolution row : graph.select(query(AUTHORS, pids, visibleGraphs))) {
            authors.computeIfAbsent(row.getResource("article").getURI(), k -> new ArrayList<>())
                    .add(new ExportedArticle.Author(text(row, "name"), text(row, "family"), text(row, "given")));
        }
        VocabularyIndex vocab = vocabulary.get();
        Map<String, List<String>> subjects = new HashMap<>();
        for (QuerySolution row : graph.select(query(SUBJECTS, pids, visibleGraphs))) {
            vocab.byPid(row.getResource("subject").getURI()).map(Term::label).ifPresent(label -> subjects
                    .computeIfAbsent(row.getResource("article").getURI(), k -> new ArrayList<>()).add(label));
        }
        List<ExportedArticle> out = new ArrayList<>(pids.size());
        for (String pid : pids) {
            QuerySolution row = rows.get(pid);
            if (row != null) {
                List<String> labels = new ArrayList<>(subjects.getOrDefault(pid, List.of()));
                labels.sort(String.CASE_INSENSITIVE_ORDER);
                out.add(new ExportedArticle(pid, text(row, "pmid"), text(row, "doi"), text(row, "title"),
                        text(row, "abstract"), text(row, "journal"), text(row, "date"),
                        authors.getOrDefault(pid, List.of()), labels));
            }
        }
        return out;
    }

    private static Query query(String template, List<String> pids, List<String> graphs) {
        Query q = Queries.bindValues(QueryFactory.create(template), "g", uris(graphs));
        return Queries.bindValues(q, "article", uris(pids));
    }

    private static List<Node> uris(List<String> iris) {
        return iris.stream().map(NodeFactory::createURI).toList();
    }

    private static String text(QuerySolution row, String var) {
        return row.contains(var) ? row.getLiteral(var).getLexicalForm() : null;
    }
}
