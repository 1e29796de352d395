package org.fairrag.app;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.micrometer.PrometheusScrapingHandler;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.jena.query.QueryFactory;
import org.fairrag.anchor.SummaryAnchoring;
import org.fairrag.embed.Embedder;
import org.fairrag.embed.LangChainEmbedder;
import org.fairrag.export.ArticleExport;
import org.fairrag.fdo.DatasetFdo;
import org.fairrag.filter.ArticleRetriever;
import org.fairrag.filter.FilterService;
import org.fairrag.filter.TermSelection;
import org.fairrag.sparql.SparqlQueryService;
import org.fairrag.generate.ChatModels;
import org.fairrag.generate.ChatSummarizer;
import org.fairrag.generate.ExtractiveSummarizer;
import org.fairrag.generate.Prompts;
import org.fairrag.generate.SentenceRoleClassifier;
import org.fairrag.generate.Summarizer;
import org.fairrag.generate.SummaryService;
import org.fairrag.generate.TermAnchoring;
import org.fairrag.ask.AskService;
import org.fairrag.http.AdminHandler;
import org.fairrag.http.AnnotateHandler;
import org.fairrag.http.AskHandler;
import org.fairrag.graph.Graphs;
import org.fairrag.http.ApiKeyHandler;
import org.fairrag.http.ApiRouter;
import org.fairrag.http.Caller;
import org.fairrag.http.CrawlerHandler;
import org.fairrag.http.DatasetHandler;
import org.fairrag.http.ExportHandler;
import org.fairrag.http.FilterHandler;
import org.fairrag.http.ReadinessGate;
import org.fairrag.http.HealthChecksFactory;
import org.fairrag.http.InFlightRequests;
import org.fairrag.http.OpenApiDocument;
import org.fairrag.http.PerClientLimit;
import org.fairrag.http.PidHandler;
import org.fairrag.http.RateLimitHandler;
import org.fairrag.http.RequestLimitsHandler;
import org.fairrag.http.ResponseStreamer;
import org.fairrag.http.SearchHandler;
import org.fairrag.http.SerialTaskRunner;
import org.fairrag.http.SparqlHandler;
import org.fairrag.http.SummarizeHandler;
import org.fairrag.http.TermsHandler;
import org.fairrag.http.TokenBuckets;
import org.fairrag.pid.ArticleLookup;
import org.fairrag.pid.FdoLoader;
import org.fairrag.pid.PidRepresentations;
import org.fairrag.search.ArticleQuery;
import org.fairrag.search.ArticleSearch;
import org.fairrag.search.PublishedArticles;
import org.fairrag.search.VectorIndexFollower;
import org.fairrag.terms.TermDetails;
import org.fairrag.terms.TermSearch;
import org.fairrag.terms.VocabularyFollower;
import org.fairrag.vectors.VectorStoreSettings;
import org.fairrag.work.WorkerPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Builds the HTTP API over a running {@link Fairrag} and starts listening. */
public final class HttpServerLauncher {

    private static final Logger LOG = LoggerFactory.getLogger(HttpServerLauncher.class);

    /** Clients whose token buckets are remembered at most; the least recently seen are forgotten first. */
    private static final int MAX_RATE_LIMITED_CLIENTS = 100_000;

    private HttpServerLauncher() {}

    /** A listening server and the router behind it. */
    public record Running(HttpServer server, Router router) {
        public int port() {
            return server.actualPort();
        }
    }

    /** A server that listens while the instance starts: its gate answers {@code starting} until the API opens. */
    public record Listening(HttpServer server, ReadinessGate gate) {
        public int port() {
            return server.actualPort();
        }
    }

    /**
     * Starts listening before the stores are ready: {@code /health} tells {@code progress}, the web app's
     * files are served, the API answers 503 {@code starting}. Blocks until listening; the server closes
     * with the lifecycle.
     */
    public static Listening listen(Lifecycle lifecycle, Supplier<JsonObject> progress) {
        FairragConfig config = lifecycle.config();
        ReadinessGate gate = ReadinessGate.create(lifecycle.vertx(), progress);
        HttpServer server = lifecycle.vertx().createHttpServer(new HttpServerOptions()
                        .setHost(config.host())
                        .setPort(config.port())
                        .setCompressionSupported(true)
                        // Form-encoded SPARQL queries may be as long as any body.
                        .setMaxFormAttributeSize((int) config.limits().maxBodyBytes())
                        .setMaxFormBufferedBytes((int) config.limits().maxBodyBytes())
                        .setIdleTimeout((int) config.connections().idleTimeout().toMillis())
                        .setIdleTimeoutUnit(TimeUnit.MILLISECONDS)
                        // The router answers an over-long request line with a JSON 414; this is only the backstop.
                        .setMaxInitialLineLength(Math.max(8192, config.limits().maxUriLength() * 2)))
                .requestHandler(gate)
                .listen()
                .await();
        lifecycle.closeWith(() -> server.close().await());
        return new Listening(server, gate);
    }

    private static Summarizer summarizer(Fairrag fairrag, Prompts prompts, WorkerPool pool) {
        FairragConfig.Llm llm = fairrag.config().llm();
        if (llm.enabled()) {
            ChatModels.Configured chat = ChatModels.create(llm.provider(), llm.baseUrl().orElse(null),
                    llm.model().orElse(null), llm.apiKey().orElse(null), llm.timeout());
            LOG.info("Summaries by the chat model {}", chat.name());
            return new ChatSummarizer(chat.model(), chat.name(), prompts);
        }
        Embedder embedder = fairrag.embedder().orElseGet(() -> LangChainEmbedder.create(fairrag.config().embedding()));
        return new ExtractiveSummarizer(embedder::embedAll, embedder.modelName(),
                pid -> fairrag.vectorIndex().map(index -> index.chunks(pid)).orElse(List.of()), pool,
                SentenceRoleClassifier.bundledFor(embedder.modelName(), embedder.dimension()),
                ExtractiveSummarizer.Method.FINDINGS);
    }

    /** Filtering inside retrieval: the search with the term selection as its filter, over the caller's access levels. */
    private static ArticleRetriever retriever(ArticleSearch search) {
        return (q, k, selection, yearFrom, yearTo, accessLevels, concepts) -> {
            ArticleSearch.Result r = search.search(new ArticleQuery(q, k, selection.terms(),
                    selection.mode() == TermSelection.Mode.ALL, selection.explode(), selection.exclude(), yearFrom, yearTo,
                    accessLevels, selection.withSuggested(), concepts));
            return new ArticleRetriever.Retrieved(r.hits().stream()
                    .map(hit -> new FilterService.Candidate(hit.pid(), hit.score())).toList(), r.concepts(), r.off());
        };
    }

    /** Starts the server; it stops when {@code fairrag} closes, letting requests in flight finish. Blocks until listening. */
    public static Running start(Fairrag fairrag) {
        return start(fairrag, listen(fairrag.lifecycle(), JsonObject::new));
    }

    /**
     * Builds the API over {@code fairrag} and opens the gate of the {@code listening} server to it; the
     * server stops when {@code fairrag} closes, letting requests in flight finish.
     */
    public static Running start(Fairrag fairrag, Listening listening) {
        // A server answers from the concept mentions in memory: read them now, and follow every change from here on.
        fairrag.mentionMap().follow();
        FairragConfig config = fairrag.config();
        FairragConfig.Limits limits = config.limits();
        var vertx = fairrag.vertx();
        var metrics = fairrag.metrics();
        Graphs graphs = fairrag.graphs();
        // Separate pools, so that heavy SPARQL, dumps or summaries cannot take the threads search needs.
        WorkerPool sparqlPool = pool(fairrag, "sparql", config.workerThreads(), config.workerQueue());
        // Embedding and index searches: CPU-bound, so no more threads than cores by default.
        WorkerPool searchPool = pool(fairrag, "search", config.workerThreads(), config.workerQueue());
        WorkerPool apiPool = pool(fairrag, "api", config.workerThreads(), config.workerQueue());
        // Costly filters wait for each other here, not in front of light filters, summaries and exports.
        WorkerPool heavyFilterPool = pool(fairrag, "filter-heavy", Math.max(1, config.workerThreads() / 2), 8);
        WorkerPool pidPool = pool(fairrag, "pid", config.workerThreads(), config.workerQueue());
        // A dump holds its thread for as long as the client reads, so dumps get a small pool of their own.
        WorkerPool dumpPool = pool(fairrag, "dump", 2, 2);
        // Questions may wait seconds for a chat model: a pool of their own, so that filter and summarize keep theirs.
        WorkerPool askPool = pool(fairrag, "ask", config.workerThreads(), config.workerQueue());
        // Annotating a whole abstract (mentions, a BM25 query of its words, the subject model) costs far more than a
        // search: a pool of its own, so that a burst of annotations cannot take the threads search needs.
        WorkerPool annotatePool = pool(fairrag, "annotate", Math.max(1, config.workerThreads() / 2), config.workerQueue());

        ResponseStreamer streamer = new ResponseStreamer(config.connections().writeTimeout(), metrics);
        SparqlQueryService sparqlQueries = fairrag.sparqlQueryService();
        SparqlHandler sparql = new SparqlHandler(sparqlQueries, sparqlPool, config.sparqlMaxRows(),
                config.sparqlTimeout(), ctx -> Caller.of(ctx).allGraphs(graphs), new PerClientLimit(config.sparqlPerClient()),
                streamer);

        Function<RoutingContext, List<String>> contentGraphs = ctx -> Caller.of(ctx).contentGraphs(graphs);
        FilterService filter = new FilterService(fairrag.graph(), graphs, fairrag::vocabulary);
        Prompts prompts = Prompts.bundled();
        SummaryService summaries = new SummaryService(fairrag.graph(), graphs, fairrag.publisher(), fairrag.registry(),
                summarizer(fairrag, prompts, apiPool), apiPool, fairrag.anchoredContext()
                        .<TermAnchoring>map(c -> new SummaryAnchoring(fairrag.mentionMap(), c, fairrag::vocabulary))
                        .orElse(TermAnchoring.NONE));

        var ask = QueryFactory.create("ASK {}");
        // Probes run on a pool of their own, so that a saturated SPARQL pool reads as busy, not as a store down.
        WorkerPool healthPool = pool(fairrag, "health", 1, 4);
        HealthChecksFactory health = new HealthChecksFactory()
                .component("postgres", () -> fairrag.database().ping()
                        .map(v -> new JsonObject().put("database", fairrag.database().describe())))
                .component("triplestore", () -> healthPool.submit(() -> fairrag.graph().ask(ask, Map.of()))
                        .map(ok -> new JsonObject().put("store", fairrag.graph().describe())))
                .load("sparql", sparqlPool::saturated, () -> new JsonObject().put("inFlight", sparqlPool.inFlight())
                        .put("threads", sparqlPool.threads()).put("capacity", sparqlPool.capacity()))
                .component("vocabulary", () -> fairrag.vocabulary().isEmpty()
                        ? Future.failedFuture("no vocabulary loaded")
                        : Future.succeededFuture(new JsonObject().put("terms", fairrag.vocabulary().size())
                                .put("from", fairrag.vocabularyOrigin().name().toLowerCase(java.util.Locale.ROOT))));
        health.background("annotating", () -> fairrag.annotating()
                .map(p -> new HealthChecksFactory.Work(p.done(), p.of())));
        fairrag.vectorIndex().ifPresent(index -> health.component("vectors", () -> healthPool.submit(() ->
                new JsonObject().put("store", index.describe()).put("articles", index.articleCount()))));

        var articleSearch = fairrag.articleSearch();
        var termSearch = new TermSearch(fairrag::termLexicon, fairrag::vocabulary, fairrag.queryEmbedder(),
                fairrag.vectorIndex());
        var termDetails = new TermDetails(fairrag::vocabulary, fairrag.vectorIndex());
        // The questions' queries run the way /sparql runs the public's.
        AskService questions = AskServices.create(fairrag,
                AskServices.endpointQueries(sparqlQueries, config.sparqlMaxRows()), termSearch);

        FdoLoader loader = new FdoLoader(fairrag.graph(), graphs, fairrag.relatedConcepts(), config.baseUrl());
        PidHandler pid = new PidHandler(fairrag.registry(), new PidRepresentations(loader, config.baseUrl()), pidPool,
                config.baseUrl(), DatasetFdo.ID, new ArticleLookup(fairrag.graph()), contentGraphs, fairrag::literatureVersion);
        DatasetHandler dataset = new DatasetHandler(fairrag.graph(), ctx -> Caller.of(ctx).allGraphs(graphs), dumpPool,
                streamer);
        CrawlerHandler crawler = new CrawlerHandler(fairrag.registry(), pidPool, config.baseUrl(), CrawlerHandler.URLS_PER_PAGE);
        SerialTaskRunner adminTasks = new SerialTaskRunner("admin", 16);
        fairrag.closeWithInstance(adminTasks);
        AdminHandler admin = new AdminHandler(fairrag.tombstones(), adminTasks, config.baseUrl());

        ApiKeyHandler apiKeys = new ApiKeyHandler(fairrag.apiKeys(), config.quotas().apiKeyCacheTime(),
                buckets(config.quotas().keyLookupRate(), config.quotas().keyLookupBurst()), metrics);
        InFlightRequests inFlight = new InFlightRequests();
        Gauge.builder("fairrag.http.in.flight", inFlight, InFlightRequests::count)
                .description("HTTP requests started and not yet ended").register(metrics);
        Router router = ApiRouter.create(vertx, new ApiRouter.Handlers(
                health.handler(apiKeys::isAdmin),
                PrometheusScrapingHandler.create(metrics),
                sparql,
                OpenApiDocument.bundled()::handle,
                new FilterHandler(filter, articleSearch.map(HttpServerLauncher::retriever).orElse(null), fairrag.registry(),
                        fairrag::vocabulary, apiPool, heavyFilterPool, config.baseUrl(), contentGraphs),
                new SummarizeHandler(summaries, prompts, fairrag::vocabulary, config.baseUrl(), contentGraphs,
                        buckets(config.quotas().summariesPerHour() / 3600.0, Math.max(1, config.quotas().summariesPerHour()))),
                pid,
                dataset,
                crawler,
                admin,
                new SearchHandler(articleSearch, searchPool, fairrag::vocabulary),
                new TermsHandler(termSearch, termDetails, fairrag.relatedConcepts(), searchPool, fairrag::vocabulary),
                new ExportHandler(new ArticleExport(fairrag.graph(), fairrag::vocabulary), apiPool, config.baseUrl(),
                        contentGraphs),
                new AnnotateHandler(fairrag::subjectSuggester, annotatePool),
                new AskHandler(questions, askPool, ctx -> Caller.of(ctx).allGraphs(graphs))),
                new ApiRouter.Guards(inFlight, new RequestLimitsHandler(limits.maxUriLength()), limits.maxBodyBytes(),
                        apiKeys,
                        rateLimit(limits.apiRate(), limits.apiBurst(), "api", metrics),
                        rateLimit(limits.sparqlRate(), limits.sparqlBurst(), "sparql", metrics)));

        HttpServer server = listening.server();
        fairrag.closeWithInstance(() -> {
            LOG.info("Stopping the HTTP server: {} requests in flight have {} s to finish", inFlight.count(),
                    limits.shutdownGrace().toSeconds());
            if (!inFlight.drain(limits.shutdownGrace())) {
                LOG.warn("{} requests were still in flight after {} s; closing them", inFlight.count(),
                        limits.shutdownGrace().toSeconds());
            }
            server.close().await();
        });
        followOtherServers(fairrag);
        listening.gate().open(router);
        return new Running(server, router);
    }

    /**
     * With an external PostgreSQL, other servers (and {@code fairrag ingest}) may change the shared collection:
     * this server's vocabulary in memory follows their vocabulary loads, and its own embedded vector index
     * their article changes (Weaviate is shared already).
     */
    private static void followOtherServers(Fairrag fairrag) {
        FairragConfig config = fairrag.config();
        if (config.pgUrl().isPresent()) {
            VocabularyFollower vocabulary = new VocabularyFollower(fairrag.vertx(), fairrag.database().connectOptions(),
                    fairrag.vocabularyState(), pool(fairrag, "follow-vocabulary", 1, 2));
            fairrag.closeWithInstance(vocabulary);
            vocabulary.start().await();
        }
        if (config.pgUrl().isEmpty() || config.vectors().kind() != VectorStoreSettings.Kind.LUCENE
                || fairrag.vectorIndex().isEmpty() || fairrag.articleIndexer().isEmpty()) {
            return;
        }
        VectorIndexFollower follower = new VectorIndexFollower(fairrag.vertx(), fairrag.database().connectOptions(),
                fairrag.registry(), new PublishedArticles(fairrag.graph(), fairrag.graphs()), fairrag.articleIndexer().get(),
                fairrag.vectorIndex().get(), fairrag::vocabulary, id -> fairrag.publisher().pidUrl(id),
                pool(fairrag, "follow", 1, 4));
        fairrag.closeWithInstance(follower);
        follower.start().await();
    }

    private static WorkerPool pool(Fairrag fairrag, String name, int threads, int queue) {
        WorkerPool pool = new WorkerPool(fairrag.vertx(), name, threads, queue).bindTo(fairrag.metrics());
        fairrag.closeWithInstance(pool);
        return pool;
    }

    /** Token buckets for at most {@link #MAX_RATE_LIMITED_CLIENTS} clients, or null when the rate is 0 (off). */
    private static TokenBuckets buckets(double rate, int burst) {
        return rate <= 0 ? null : new TokenBuckets(rate, burst, MAX_RATE_LIMITED_CLIENTS, System::nanoTime);
    }

    /** A per-client rate limit, or null when its rate is 0 (off). */
    private static RateLimitHandler rateLimit(double rate, int burst, String name, MeterRegistry metrics) {
        if (rate <= 0) {
            return null;
        }
        return new RateLimitHandler(buckets(rate, burst),
                Counter.builder("fairrag.rate.limited").tag("limit", name)
                        .description("Requests refused with 429 by a per-client rate limit").register(metrics));
    }
}
