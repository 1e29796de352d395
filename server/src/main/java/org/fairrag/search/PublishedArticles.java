package org.fairrag.search;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QuerySolution;
import org.fairrag.graph.GraphStore;
import org.fairrag.graph.Graphs;
import org.fairrag.graph.Queries;
import org.fairrag.ingest.Article;
import org.fairrag.vocab.VocabularyIndex;

/**
 * Reads published articles back from the knowledge graph, with what the vector index needs (text,
 * MeSH subjects and suggested subjects, date, journal, access level), so that an empty vector index can be filled again
 * without the source files: after switching to another vector store or embedding model. Blocking.
 */
public final class PublishedArticles {

    private static final Query PIDS = Queries.load(PublishedArticles.class, "article-pids.rq");
    private static final Query DETAILS = Queries.load(PublishedArticles.class, "articles-for-index.rq");

    private final GraphStore graph;
    private final Graphs graphs;

    public PublishedArticles(GraphStore graph, Graphs graphs) {
        this.graph = graph;
        this.graphs = graphs;
    }

    /** The PIDs of every public and restricted article, in a stable order. */
    public List<String> pids() {
        List<String> out = new ArrayList<>();
        for (QuerySolution row : graph.select(Queries.withValues(PIDS, "g", contentGraphs()))) {
            out.add(row.getResource("a").getURI());
        }
        return out;
    }

    /**
     * The articles with these PIDs as the vector index sees them. Fields the index does not use (authors,
     * DOI, licence, sources) are left empty.
     */
    public List<Article> read(List<String> pids, VocabularyIndex vocabulary) {
        List<Node> iris = pids.stream().map(NodeFactory::createURI).toList();
        Map<String, Builder> byPid = new LinkedHashMap<>();
        for (QuerySolution row : graph.select(Queries.withValues(Queries.withValues(DETAILS, "a", iris), "g", contentGraphs()))) {
            Builder b = byPid.computeIfAbsent(row.getResource("a").getURI(), Builder::new);
            b.pmid = row.getLiteral("pmid").getString();
            b.restricted = graphs.restrictedContent().equals(row.getResource("g").getURI());
            if (row.contains("title")) {
                b.title = row.getLiteral("title").getString();
            }
            if (row.contains("abstract")) {
                b.abstractText = row.getLiteral("abstract").getString();
            }
            if (row.contains("date")) {
                b.date = row.getLiteral("date").getLexicalForm();
            }
            if (row.contains("journal")) {
                b.journal = row.getLiteral("journal").getString();
            }
            if (row.contains("about")) {
                b.subjects.add(row.getResource("about").getURI());
            }
            if (row.contains("suggested")) {
                b.suggested.add(row.getResource("suggested").getURI());
            }
        }
        List<Article> out = new ArrayList<>(byPid.size());
        for (Builder b : byPid.values()) {
            out.add(new Article(b.pid, b.pmid, b.title, b.abstractText, subjects(b.subjects, vocabulary), List.of(), b.journal,
                    b.date, List.of(), null, List.of(), null, b.restricted ? "restricted" : "public",
                    subjects(b.suggested, vocabulary)));
        }
        return out;
    }

    private static List<Article.Subject> subjects(Set<String> termPids, VocabularyIndex vocabulary) {
        List<Article.Subject> out = new ArrayList<>();
        for (String termPid : termPids) {
            vocabulary.byPid(termPid).ifPresent(t -> out.add(new Article.Subject(t.id(), termPid, false)));
        }
        return out;
    }

    private List<Node> contentGraphs() {
        return List.of(NodeFactory.createURI(graphs.publicContent()), NodeFactory.createURI(graphs.restrictedContent()));
    }

    private static final class Builder {
        final String pid;
        final Set<String> subjects = new LinkedHashSet<>();
        final Set<String> suggested = new LinkedHashSet<>();
        String pmid;
        String title;
        String abstractText;
        String date;
        String journal;
        boolean restricted;

        Builder(String pid) {
            this.pid = pid;
        }
    }
}
