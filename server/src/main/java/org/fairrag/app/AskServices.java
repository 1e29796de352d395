package org.fairrag.app;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.fairrag.anchor.AnchoredContext;
import org.fairrag.anchor.PerConceptSelection;
import org.fairrag.ask.AskService;
import org.fairrag.ask.QuestionParser;
import org.fairrag.ask.ScopedQueries;
import org.fairrag.ask.TextToSparql;
import org.fairrag.ask.TopicEvidence;
import org.fairrag.generate.ChatModels;
import org.fairrag.graph.GraphStore;
import org.fairrag.graph.Graphs;
import org.fairrag.sparql.PublicQuery;
import org.fairrag.sparql.SparqlQueryService;
import org.fairrag.terms.TermSearch;
import org.fairrag.vectors.ArticleFilter;
import org.fairrag.vocab.VocabularyIndex;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Builds an instance's ask service: the question parser, and text-to-SPARQL when a chat model is configured. */
final class AskServices {

    private static final Logger LOG = LoggerFactory.getLogger(AskServices.class);

    private AskServices() {}

    /**
     * Runs a question's query the way {@code /sparql} runs the public's: {@link PublicQuery} validates it (depth,
     * no {@code SERVICE}), caps its rows and scopes it to the caller's graphs, and the endpoint's service runs it
     * within the time limit. Blocking: the ask service runs on a worker pool.
     */
    static ScopedQueries endpointQueries(SparqlQueryService endpoint, int maxRows) {
        return (query, graphs) -> endpoint.jsonResults(PublicQuery.prepare(query, graphs, maxRows));
    }

    /**
     * @param vocabulary the vocabulary in memory
     * @param anchored the contexts anchored on concepts, which give answers their evidence (none without vectors)
     * @param queries how the service runs its queries: the public SPARQL endpoint's way
     */
    static AskService create(FairragConfig config, GraphStore graph, Graphs graphs, Supplier<VocabularyIndex> vocabulary,
                             Optional<AnchoredContext> anchored, ScopedQueries queries, TermSearch terms) {
        QuestionParser parser = QuestionParser.create(terms, vocabulary, graph, config.baseUrl());
        TextToSparql llm = null;
        FairragConfig.Llm model = config.llm();
        if (model.enabled()) {
            ChatModels.ConfiguredBlocking chat = ChatModels.createBlocking(model.provider(), model.baseUrl().orElse(null),
                    model.model().orElse(null), model.apiKey().orElse(null), model.timeout());
            LOG.info("Questions are read by the chat model {} first, then by the parser", chat.name());
            // The schema in the prompt describes public data only: the prompt leaves this server.
            llm = TextToSparql.create(chat.model(), chat.name(), graph,
                    List.of(graphs.vocabulary(), graphs.publicContent()), vocabulary, queries);
        }
        return new AskService(parser, queries, config.baseUrl(), llm, anchored
                .<TopicEvidence>map(context -> (question, termIds, visible) -> context.evidence(termIds, question,
                        new ArticleFilter(List.of(), Set.of(), null, null, visible.contains(graphs.restrictedContent())
                                ? Set.of(ArticleFilter.PUBLIC, "restricted") : Set.of(ArticleFilter.PUBLIC)),
                        Set.of(), PerConceptSelection.EVIDENCE))
                .orElse(TopicEvidence.NONE));
    }
}
