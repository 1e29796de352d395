package org.fairrag.generate;

import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
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
import org.fairrag.failure.ApiException;
import org.fairrag.work.WorkerPool;
import org.fairrag.store.PidRegistry;

/**
 * Makes and keeps summaries: loads the chosen articles (only those the caller may see, and only
 * those), has the summarizer cite them, and publishes the result as a summary FDO with its own PID.
 * The PID is derived from the request (summarizer, prompt, sources in order, term labels), so an
 * identical request names the summary already published instead of making another.
 */
public final class SummaryService {

    private static final String SOURCES = Queries.loadText(SummaryService.class, "summary-sources.rq");
    private static final String STORED = Queries.loadText(SummaryService.class, "summary-stored.rq");
    public static final int MAX_SOURCES = 50;
    private static final String HMAC = "HmacSHA256";

    private final GraphStore graph;
    private final Graphs graphs;
    private final FdoPublisher publisher;
    private final PidRegistry registry;
    private final Summarizer summarizer;
    private final WorkerPool pool;
    private final TermAnchoring anchoring;
    private final SharedMakings makings = new SharedMakings();
    private final SecretKeySpec restrictedIdKey;

    /**
     * @param anchoring       adds where the selected terms are mentioned in the chosen articles, and evidence about them
     * @param restrictedIdKey a secret of the instance (see {@link #sourceKey}), the same for every server of its stores
     */
    public SummaryService(GraphStore graph, Graphs graphs, FdoPublisher publisher, PidRegistry registry,
                          Summarizer summarizer, WorkerPool pool, TermAnchoring anchoring, byte[] restrictedIdKey) {
        this.anchoring = anchoring;
        this.graph = graph;
        this.graphs = graphs;
        this.publisher = publisher;
        this.registry = registry;
        this.summarizer = summarizer;
        this.pool = pool;
        this.restrictedIdKey = new SecretKeySpec(restrictedIdKey, HMAC);
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

    /** The request with where its selected terms are mentioned and the evidence about them, from what the caller reads. */
    public Future<SummaryInput> anchored(SummaryInput input, java.util.Set<String> accessLevels) {
        return input.terms().isEmpty() ? Future.succeededFuture(input)
                : pool.submit(() -> anchoring.anchored(input, accessLevels));
    }

    /**
     * The summary already published for this request, if there is one. Fails with 410 when it was
     * withdrawn: its id is never given to another.
     */
    public Future<Optional<Summary>> published(SummaryInput input) {
        String id = idFor(input);
        return registry.find(id).compose(record -> {
            if (record.isEmpty()) {
                return Future.succeededFuture(Optional.empty());
            }
            if (record.get().tombstoned()) {
                return Future.failedFuture(new ApiException(410, "summary_withdrawn", "The summary of this request, "
                        + publisher.pidUrl(id) + ", has been withdrawn."));
            }
            return pool.submit(() -> load(id, record.get().accessLevel(), input, List.of()));
        });
    }

    /**
     * Who pays for a new summary (a client's quota). {@link #admit} is asked before a summary is made, not when the
     * request joins one being made; {@link #giveBack} when what it admitted cost nothing after all: another request
     * started the same summary first, or the summary failed (not when its clients stopped it).
     */
    public interface Admission {
        Admission FREE = new Admission() {
            @Override
            public void admit() {}

            @Override
            public void giveBack() {}
        };

        /** Throws (an {@link ApiException}, such as a spent quota) when a new summary may not be made. */
        void admit();

        void giveBack();
    }

    /**
     * Summarizes, streaming statements to {@code onStatement}, then stores the summary FDO, unless
     * {@code cancellation} fired first: then the future fails with a CancellationException and nothing
     * is published. When an identical request's summary is being made, joins it instead (statements made so far
     * first), free of {@code admission}; a summary being made stops only when every request sharing it is cancelled.
     *
     * @throws ApiException what {@code admission} throws when a new summary may not be made (a spent quota)
     */
    public Future<Summary> summarize(SummaryInput input, Consumer<Statement> onStatement, Cancellation cancellation,
                                     Admission admission) {
        String id = idFor(input);
        Future<Summary> joined = makings.join(id, onStatement, cancellation);
        if (joined != null) {
            return joined;
        }
        // Thrown, not a failed future: the caller tells a refusal, before anything is made, from a failure while making.
        admission.admit();
        AtomicBoolean started = new AtomicBoolean();
        Future<Summary> summary = makings.joinOrStart(id, onStatement, cancellation, (toEveryone, shared) -> {
            started.set(true);
            return summarizer.summarize(input, toEveryone, shared)
                    .compose(outcome -> pool.submit(() -> publish(input, outcome, shared)).compose(f -> f))
                    .onFailure(e -> {
                        if (!(e instanceof CancellationException)) {
                            admission.giveBack();
                        }
                    });
        });
        if (!started.get()) {
            admission.giveBack();
        }
        return summary;
    }

    /** Writes the summary's graph description (blocking); the future completes once its PID is registered. */
    private Future<Summary> publish(SummaryInput input, Summarizer.Outcome outcome, Cancellation cancellation) {
        cancellation.check();
        String id = idFor(input);
        Summary summary = new Summary(publisher.pidUrl(id), input.prompt(), outcome.statements(), input.sources(),
                input.terms(), summarizer.model(), Instant.now(), outcome.repairs());
        boolean restricted = input.sources().stream().anyMatch(s -> "restricted".equals(s.accessLevel()));
        String access = restricted ? "restricted" : "public";
        // Answered as it was stored, so that the same request gets the same answer later.
        return publisher.publish(graphs.contentFor(access), List.of(new FdoDraft(id, FdoKind.SUMMARY, sourceKey(input),
                        summary.pid(), SummaryRdfMapper.describe(summary), access)), null)
                .compose(o -> pool.submit(() -> load(id, access, input, outcome.repairs()).orElse(summary)));
    }

    /** A published summary read back from the graph (blocking); the repairs made to it are not kept there. */
    private Optional<Summary> load(String id, String accessLevel, SummaryInput input, List<String> repairs) {
        String pid = publisher.pidUrl(id);
        Query q = Queries.bindValues(QueryFactory.create(STORED), "g",
                List.of(NodeFactory.createURI(graphs.contentFor(accessLevel))));
        Queries.bindValues(q, "summary", List.of(NodeFactory.createURI(pid)));
        List<QuerySolution> rows = graph.select(q);
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        QuerySolution first = rows.get(0);
        Map<Integer, String> texts = new TreeMap<>();
        Map<Integer, List<String>> cites = new LinkedHashMap<>();
        Map<Integer, String> terms = new HashMap<>();
        for (QuerySolution row : rows) {
            if (row.contains("position")) {
                int position = row.getLiteral("position").getInt();
                texts.put(position, row.getLiteral("text").getString());
                List<String> cited = cites.computeIfAbsent(position, p -> new ArrayList<>());
                if (row.contains("cited") && !cited.contains(row.getResource("cited").getURI())) {
                    cited.add(row.getResource("cited").getURI());
                }
                if (row.contains("subject")) {
                    String termPid = row.getResource("subject").getURI();
                    input.terms().stream().filter(t -> t.pid().equals(termPid)).findFirst()
                            .ifPresent(t -> terms.put(position, t.id()));
                }
            }
        }
        List<Statement> statements = new ArrayList<>();
        texts.forEach((position, text) -> statements.add(new Statement(text, orderedBySource(cites.get(position), input),
                terms.get(position))));
        return Optional.of(new Summary(pid, first.getLiteral("prompt").getString(), statements, input.sources(), input.terms(),
                first.getLiteral("model").getString(), Instant.parse(first.getLiteral("created").getLexicalForm()),
                repairs));
    }

    /** Citations in the order of the sources' numbers, as the summarizer gives them. */
    private static List<String> orderedBySource(List<String> cited, SummaryInput input) {
        return input.sources().stream().map(SourceArticle::pid).filter(cited::contains).toList();
    }

    private String idFor(SummaryInput input) {
        return PidScheme.idFor(sourceKey(input));
    }

    /**
     * The natural key of a summary: a digest of everything that makes it (the texts may be long). For a summary of
     * a restricted article, a keyed digest (HMAC-SHA256 with the instance's secret): anyone can compute the digest of
     * a request, and the PID would then answer 401, where a PID never issued answers 404, telling a caller who may not
     * read the article that someone summarized it, with that prompt and those terms, and when.
     */
    private String sourceKey(SummaryInput input) {
        byte[] request = new JsonArray().add(summarizer.model()).add(input.prompt())
                .add(new JsonArray(input.sources().stream().map(SourceArticle::pid).toList()))
                .add(new JsonArray(input.termLabels())).encode().getBytes(StandardCharsets.UTF_8);
        try {
            if (input.sources().stream().anyMatch(s -> "restricted".equals(s.accessLevel()))) {
                Mac mac = Mac.getInstance(HMAC);
                mac.init(restrictedIdKey);
                return "summary-restricted:" + HexFormat.of().formatHex(mac.doFinal(request));
            }
            return "summary:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(request));
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("SHA-256 and HMAC-SHA256 are required by every Java platform", e);
        }
    }
}
