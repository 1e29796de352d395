package org.fairrag.generate;

import io.vertx.core.Future;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.QuerySolution;
import org.fairrag.fdo.FdoDraft;
import org.fairrag.fdo.FdoKind;
import org.fairrag.fdo.FdoPublisher;
import org.fairrag.fdo.PidScheme;
import org.fairrag.graph.GraphStore;
import org.fairrag.graph.Graphs;
import org.fairrag.graph.Queries;
import org.fairrag.http.ApiException;
import org.fairrag.http.WorkerPool;

/**
 * Makes and keeps summaries: loads the chosen articles (only those the caller may see, and only
 * those), has the summarizer cite them, and publishes the result as a summary FDO with its own PID.
 */
public final class SummaryService {

    private static final String SOURCES = Queries.loadText(SummaryService.class, "summary-sources.rq");
    public static final int MAX_SOURCES = 50;

    private final GraphStore graph;
    private final Graphs graphs;
    private final FdoPublisher publisher;
    private final Summarizer summarizer;
    private final WorkerPool pool;

    public SummaryService(GraphStore graph, Graphs graphs, FdoPublisher publisher, Summarizer summarizer,
                          WorkerPool pool) {
        this.graph = graph;
        this.graphs = graphs;
        this.publisher = publisher;
        this.summarizer = summarizer;
        this.pool = pool;
    }

    public String model() {
        return summarizer.model();
    }

    /**
     * The articles with these PIDs, numbered in the order given. Fails with 400 when one is not an
     * article the caller may see.
     */
    public Future<List<SourceArticle>> sources(List<String> pids, List<String> visibleGraphs) {
        return pool.submit(() -> {
            Query q = Queries.bindValues(QueryFactory.create(SOURCES), "g",
                    visibleGraphs.stream().map(NodeFactory::createURI).toList());
            Queries.bindValues(q, "article", pids.stream().map(NodeFactory::createURI).toList());
            Map<String, QuerySolution> byPid = new HashMap<>();
            for (QuerySolution row : graph.select(q)) {
                byPid.putIfAbsent(row.getResource("article").getURI(), row);
            }
            List<SourceArticle> out = new ArrayList<>(pids.size());
            for (String pid : pids) {
                QuerySolution row = byPid.get(pid);
                if (row == null) {
                    throw ApiException.badRequest("unknown_article", "No article with PID " + pid + ".");
                }
                out.add(new SourceArticle(out.size() + 1, pid, row.getLiteral("pmid").getString(),
                        row.contains("title") ? row.getLiteral("title").getString() : null,
                        row.contains("abstract") ? row.getLiteral("abstract").getString() : null,
                        row.contains("license") ? row.getResource("license").getURI() : null,
                        row.contains("access") && row.getResource("access").getURI().endsWith("Restricted")
                                ? "restricted" : "public"));
            }
            return out;
        });
    }

    /** Summarizes, streaming statements to {@code onStatement}, then stores the summary FDO. */
    public Future<Summary> summarize(String prompt, List<SourceArticle> sources, List<String> termLabels,
                                     Consumer<Statement> onStatement) {
        return summarizer.summarize(new SummaryInput(prompt, sources, termLabels), onStatement)
                .compose(outcome -> pool.submit(() -> publish(prompt, sources, outcome)).compose(f -> f));
    }

    /** Writes the summary's graph description (blocking); the future completes once its PID is registered. */
    private Future<Summary> publish(String prompt, List<SourceArticle> sources, Summarizer.Outcome outcome) {
        String id = PidScheme.randomId();
        Summary summary = new Summary(publisher.pidUrl(id), prompt, outcome.statements(), sources, summarizer.model(),
                Instant.now(), outcome.repairs());
        boolean restricted = sources.stream().anyMatch(s -> "restricted".equals(s.accessLevel()));
        String access = restricted ? "restricted" : "public";
        return publisher.publish(graphs.contentFor(access), List.of(new FdoDraft(id, FdoKind.SUMMARY, null,
                summary.pid(), SummaryRdfMapper.describe(summary), access)), null).map(o -> summary);
    }
}
