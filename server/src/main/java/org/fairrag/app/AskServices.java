package org.fairrag.app;

import io.micrometer.core.instrument.Counter;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.PoolOptions;
import java.util.List;
import java.util.concurrent.CompletionException;
import org.fairrag.ask.AskService;
import org.fairrag.ask.QuestionParser;
import org.fairrag.ask.ScopedQueries;
import org.fairrag.ask.TextToSparql;
import org.fairrag.generate.ChatModels;
import org.fairrag.http.SparqlProxy;
import org.fairrag.http.WorkerPool;
import org.fairrag.terms.TermSearch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Builds an instance's ask service: the question parser, and text-to-SPARQL when a chat model is configured. */
final class AskServices {

    private static final Logger LOG = LoggerFactory.getLogger(AskServices.class);

    private AskServices() {}

    /**
     * The public SPARQL endpoint's way of running a query (validated, over the given graphs, row and time
     * limits), for the ask service outside the HTTP server (the bench): the endpoint's own code, on a pool.
     */
    static ScopedQueries endpointQueries(Fairrag fairrag, WorkerPool pool) {
        FairragConfig config = fairrag.config();
        HttpClient client = fairrag.vertx().createHttpClient(new HttpClientOptions().setKeepAlive(true),
                new PoolOptions().setHttp1MaxSize(4));
        SparqlProxy endpoint = new SparqlProxy(client, fairrag.sparqlQueryUrl(), pool, config.sparqlMaxRows(),
                config.sparqlTimeout(), ctx -> List.of(), Counter.builder("fairrag.ask.bench.timeouts").register(fairrag.metrics()));
        return blocking(endpoint);
    }

    /** The endpoint's asynchronous answer, waited for on the asking (worker) thread, its failure rethrown as is. */
    static ScopedQueries blocking(SparqlProxy endpoint) {
        return (query, graphs) -> {
            try {
                return endpoint.jsonResults(query, graphs).toCompletionStage().toCompletableFuture().join();
            } catch (CompletionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : e;
            }
        };
    }

    /** @param queries how the service runs its queries: the public SPARQL endpoint's way */
    static AskService create(Fairrag fairrag, ScopedQueries queries, TermSearch terms) {
        FairragConfig config = fairrag.config();
        QuestionParser parser = QuestionParser.create(terms, fairrag::vocabulary, fairrag.graph(), config.baseUrl());
        TextToSparql llm = null;
        FairragConfig.Llm model = config.llm();
        if (model.enabled()) {
            ChatModels.ConfiguredChat chat = ChatModels.createChat(model.provider(), model.baseUrl().orElse(null),
                    model.model().orElse(null), model.apiKey().orElse(null), model.timeout());
            LOG.info("Questions are read by the chat model {} first, then by the parser", chat.name());
            // The schema in the prompt describes public data only: the prompt leaves this server.
            llm = TextToSparql.create(chat.model(), chat.name(), fairrag.graph(),
                    List.of(fairrag.graphs().vocabulary(), fairrag.graphs().publicContent()), queries);
        }
        return new AskService(parser, queries, config.baseUrl(), llm);
    }
}
