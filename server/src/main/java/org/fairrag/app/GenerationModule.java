package org.fairrag.app;

import java.util.List;
import org.fairrag.anchor.SummaryAnchoring;
import org.fairrag.ask.AskService;
import org.fairrag.embed.Embedder;
import org.fairrag.embed.LangChainEmbedder;
import org.fairrag.generate.ChatModels;
import org.fairrag.generate.ChatSummarizer;
import org.fairrag.generate.ExtractiveSummarizer;
import org.fairrag.generate.Prompts;
import org.fairrag.generate.SentenceRoleClassifier;
import org.fairrag.generate.Summarizer;
import org.fairrag.generate.SummaryService;
import org.fairrag.generate.TermAnchoring;
import org.fairrag.http.AskHandler;
import org.fairrag.http.CacheHeaders;
import org.fairrag.http.SummarizeHandler;
import org.fairrag.work.WorkerPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What is written from the articles: summaries that cite their sources (by the configured chat model, else
 * extractive) stored as summary FDOs, and answers to questions in plain words; {@code /api/summarize} and
 * {@code /api/ask}. Its services are built when the API is, since no command needs them.
 */
public final class GenerationModule implements FairragModule {

    private static final Logger LOG = LoggerFactory.getLogger(GenerationModule.class);
    /** The instance secret that keys the ids of summaries of restricted articles. */
    private static final String SUMMARY_ID_KEY = "summary-ids";

    private final TripleStoreModule store;
    private final VectorsModule vectors;
    private final RegistryModule records;
    private final VocabularyModule vocabulary;
    private final AnnotationModule annotation;
    private final SparqlModule sparql;

    public GenerationModule(TripleStoreModule store, VectorsModule vectors, RegistryModule records,
                            VocabularyModule vocabulary, AnnotationModule annotation, SparqlModule sparql) {
        this.store = store;
        this.vectors = vectors;
        this.records = records;
        this.vocabulary = vocabulary;
        this.annotation = annotation;
        this.sparql = sparql;
    }

    @Override
    public String name() {
        return "generation";
    }

    @Override
    public void addRoutes(ApiContext api) {
        FairragConfig config = api.config();
        var pools = api.pools();
        Prompts prompts = Prompts.bundled();
        SummaryService summaries = new SummaryService(store.graph(), store.graphs(), records.publisher(), records.registry(),
                summarizer(config, prompts, pools.api()), pools.api(), annotation.anchoredContext()
                        .<TermAnchoring>map(c -> new SummaryAnchoring(annotation.mentionMap(), c, vocabulary::vocabulary))
                        .orElse(TermAnchoring.NONE), records.secrets().get(SUMMARY_ID_KEY).await());
        SummarizeHandler summarize = new SummarizeHandler(summaries, prompts, vocabulary::vocabulary, config.baseUrl(),
                ApiContext.contentGraphs(store.graphs()),
                ApiContext.buckets(config.quotas().summariesPerHour() / 3600.0, Math.max(1, config.quotas().summariesPerHour())));
        // The questions' queries run the way /sparql runs the public's.
        AskService questions = AskServices.create(config, store.graph(), store.graphs(), vocabulary::vocabulary,
                annotation.anchoredContext(), AskServices.endpointQueries(sparql.queries(), config.sparqlMaxRows()),
                vocabulary.termSearch());
        AskHandler ask = new AskHandler(questions, pools.ask(), ApiContext.allGraphs(store.graphs()));
        api.routes(router -> {
            router.post("/api/summarize").handler(CacheHeaders::privateToCaller).handler(summarize::handle);
            router.get("/api/summarize/prompt").handler(summarize::defaultPrompt);
            router.post("/api/ask").handler(CacheHeaders::privateToCaller).handler(ask::handle);
        });
    }

    private Summarizer summarizer(FairragConfig config, Prompts prompts, WorkerPool pool) {
        FairragConfig.Llm llm = config.llm();
        if (llm.enabled()) {
            ChatModels.Configured chat = ChatModels.create(llm.provider(), llm.baseUrl().orElse(null),
                    llm.model().orElse(null), llm.apiKey().orElse(null), llm.timeout());
            LOG.info("Summaries by the chat model {}", chat.name());
            return new ChatSummarizer(chat.model(), chat.name(), prompts);
        }
        Embedder embedder = vectors.embedder().orElseGet(() -> LangChainEmbedder.create(config.embedding()));
        return new ExtractiveSummarizer(embedder::embedAll, embedder.modelName(),
                pid -> vectors.vectorIndex().map(index -> index.chunks(pid)).orElse(List.of()), pool,
                SentenceRoleClassifier.bundledFor(embedder.modelName(), embedder.dimension()),
                ExtractiveSummarizer.Method.FINDINGS);
    }
}
