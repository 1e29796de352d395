package org.fairrag.app;

import io.vertx.core.Future;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import org.apache.jena.query.QueryFactory;
import java.util.List;
import org.fairrag.fdo.DatasetFdo;
import java.util.Set;
import org.fairrag.embed.Embedder;
import org.fairrag.export.ArticleExport;
import org.fairrag.embed.LangChainEmbedder;
import org.fairrag.filter.ArticleRetriever;
import org.fairrag.filter.FilterService;
import org.fairrag.filter.TermSelection;
import org.fairrag.search.ArticleQuery;
import org.fairrag.vectors.ArticleFilter;
import org.fairrag.generate.ChatModels;
import org.fairrag.generate.ChatSummarizer;
import org.fairrag.generate.ExtractiveSummarizer;
import org.fairrag.generate.Prompts;
import org.fairrag.generate.Summarizer;
import org.fairrag.generate.SummaryService;
import org.fairrag.http.AdminHandler;
import org.fairrag.http.ApiRouter;
import org.fairrag.http.CrawlerHandler;
import org.fairrag.http.DatasetHandler;
import org.fairrag.http.ExportHandler;
import org.fairrag.http.FilterHandler;
import org.fairrag.http.PidHandler;
import org.fairrag.http.SerialTaskRunner;
import org.fairrag.http.SummarizeHandler;
import org.fairrag.http.HealthChecksFactory;
import org.fairrag.http.OpenApiDocument;
import org.fairrag.http.SearchHandler;
import org.fairrag.http.SparqlProxy;
import org.fairrag.http.TermsHandler;
import org.fairrag.http.WorkerPool;
import org.fairrag.pid.FdoLoader;
import org.fairrag.pid.PidRepresentations;
import org.fairrag.search.ArticleSearch;
import org.fairrag.terms.TermDetails;
import org.fairrag.terms.TermSearch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Builds the HTTP API over a running {@link Fairrag} and starts listening. */
public final class HttpServerLauncher {

    private static final Logger LOG = LoggerFactory.getLogger(HttpServerLauncher.class);

    private HttpServerLauncher() {}

    /** A listening server and the router behind it. */
    public record Running(HttpServer server, Router router) {
        public int port() {
            return server.actualPort();
        }
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
                pid -> fairrag.vectorIndex().map(index -> index.chunks(pid)).orElse(List.of()), pool);
    }

    /** Filtering inside retrieval: the search with the term selection as its filter, public articles only. */
    private static ArticleRetriever retriever(ArticleSearch search) {
        return (q, k, selection, yearFrom, yearTo) -> search.search(new ArticleQuery(q, k, selection.terms(),
                        selection.mode() == TermSelection.Mode.ALL, selection.explode(), selection.exclude(), yearFrom,
                        yearTo, Set.of(ArticleFilter.PUBLIC))).hits().stream()
                .map(hit -> new FilterService.Candidate(hit.pid(), hit.score())).toList();
    }

    /** Starts the server; it stops when {@code fairrag} closes. Blocks until listening. */
    public static Running start(Fairrag fairrag) {
        FairragConfig config = fairrag.config();
        var vertx = fairrag.vertx();
        WorkerPool sparqlPool = new WorkerPool(vertx, "sparql", config.workerThreads(), config.workerQueue());
        fairrag.closeWithInstance(sparqlPool);
        // Embedding and index searches: CPU-bound, so no more threads than cores by default.
        WorkerPool searchPool = new WorkerPool(vertx, "search", config.workerThreads(), config.workerQueue());
        fairrag.closeWithInstance(searchPool);

        HttpClient upstream = vertx.createHttpClient(new HttpClientOptions().setKeepAlive(true),
                new PoolOptions().setHttp1MaxSize(config.workerThreads() * 2));
        SparqlProxy sparql = new SparqlProxy(upstream, fairrag.sparqlQueryUrl(), sparqlPool, config.sparqlMaxRows(),
                config.sparqlTimeout());

        WorkerPool apiPool = new WorkerPool(vertx, "api", config.workerThreads(), config.workerQueue());
        fairrag.closeWithInstance(apiPool);
        java.util.function.Function<io.vertx.ext.web.RoutingContext, java.util.List<String>> visibleGraphs =
                ctx -> java.util.List.of(fairrag.graphs().publicContent());
        FilterService filter = new FilterService(fairrag.graph(), fairrag.graphs(), fairrag::vocabulary);
        Prompts prompts = Prompts.bundled();
        SummaryService summaries = new SummaryService(fairrag.graph(), fairrag.graphs(), fairrag.publisher(),
                summarizer(fairrag, prompts, apiPool), apiPool);

        var ask = QueryFactory.create("ASK {}");
        HealthChecksFactory health = new HealthChecksFactory(vertx)
                .component("postgres", () -> fairrag.database().ping()
                        .map(v -> new JsonObject().put("database", fairrag.database().describe())))
                .component("triplestore", () -> sparqlPool.submit(() -> fairrag.graph().ask(ask, java.util.Map.of()))
                        .map(ok -> new JsonObject().put("store", fairrag.graph().describe())))
                .component("vocabulary", () -> fairrag.vocabulary().isEmpty()
                        ? Future.failedFuture("no vocabulary loaded")
                        : Future.succeededFuture(new JsonObject().put("terms", fairrag.vocabulary().size())));
        fairrag.vectorIndex().ifPresent(index -> health.component("vectors", () -> searchPool.submit(() ->
                new JsonObject().put("store", index.describe()).put("articles", index.articleCount()))));

        var articleSearch = fairrag.vectorIndex().flatMap(index -> fairrag.queryEmbedder()
                .map(embedder -> new ArticleSearch(embedder, index, fairrag::vocabulary)));
        var termSearch = new TermSearch(fairrag::termLexicon, fairrag::vocabulary, fairrag.queryEmbedder(),
                fairrag.vectorIndex());
        var termDetails = new TermDetails(fairrag::vocabulary, fairrag.vectorIndex());

        WorkerPool pidPool = new WorkerPool(vertx, "pid", config.workerThreads(), config.workerQueue());
        fairrag.closeWithInstance(pidPool);
        // A dump holds its thread for as long as the client reads, so dumps get a small pool of their own.
        WorkerPool dumpPool = new WorkerPool(vertx, "dump", 2, 2);
        fairrag.closeWithInstance(dumpPool);
        FdoLoader loader = new FdoLoader(fairrag.graph(), fairrag.graphs(), config.baseUrl());
        PidHandler pid = new PidHandler(fairrag.registry(), new PidRepresentations(loader, config.baseUrl()), pidPool,
                config.baseUrl(), DatasetFdo.ID);
        DatasetHandler dataset = new DatasetHandler(fairrag.graph(),
                List.of(fairrag.graphs().vocabulary(), fairrag.graphs().publicContent()), dumpPool);
        CrawlerHandler crawler = new CrawlerHandler(fairrag.registry(), pidPool, config.baseUrl(), CrawlerHandler.URLS_PER_PAGE);
        SerialTaskRunner adminTasks = new SerialTaskRunner("admin", 16);
        fairrag.closeWithInstance(adminTasks);
        AdminHandler admin = new AdminHandler(fairrag.apiKeys(), fairrag.tombstones(), adminTasks, config.baseUrl());

        Router router = ApiRouter.create(vertx, new ApiRouter.Handlers(
                health.handler(),
                sparql,
                OpenApiDocument.bundled()::handle,
                new FilterHandler(filter, articleSearch.map(HttpServerLauncher::retriever).orElse(null), fairrag.registry(), fairrag::vocabulary, apiPool, config.baseUrl(),
                        visibleGraphs),
                new SummarizeHandler(summaries, prompts, fairrag::vocabulary, config.baseUrl(), visibleGraphs),
                pid,
                dataset,
                crawler,
                admin,
                new SearchHandler(articleSearch, searchPool, fairrag::vocabulary),
                new TermsHandler(termSearch, termDetails, searchPool, fairrag::vocabulary),
                new ExportHandler(new ArticleExport(fairrag.graph(), fairrag::vocabulary), apiPool, config.baseUrl(),
                        visibleGraphs)), ApiRouter.DEFAULT_MAX_BODY_BYTES);

        HttpServer server = vertx.createHttpServer(new HttpServerOptions()
                        .setHost(config.host())
                        .setPort(config.port())
                        .setCompressionSupported(true)
                        .setMaxInitialLineLength(8192))
                .requestHandler(router)
                .listen()
                .await();
        fairrag.closeWithInstance(() -> server.close().await());
        LOG.info("fairrag is serving {} on http://{}:{} (PIDs under {}/pid/)", "the API", config.host(),
                server.actualPort(), config.baseUrl());
        return new Running(server, router);
    }
}
