package org.fairrag.security;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.jena.query.QueryFactory;
import org.fairrag.app.Fairrag;
import org.fairrag.app.FairragConfig;
import org.fairrag.app.HttpServerLauncher;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.SourceFile;
import org.fairrag.testing.OpenAiCompatibleTestServer;
import org.fairrag.testing.TestFairrag;

/**
 * A running server over the articles of one PubMed XML sample whose chat model is a local test double
 * ({@link OpenAiCompatibleTestServer}), for the tests of what summarize does with a remote model.
 *
 * @param articles the PIDs of the first articles with an abstract, in PID order
 */
record ModelDoubleServer(OpenAiCompatibleTestServer model, Fairrag fairrag, int port, List<String> articles)
        implements AutoCloseable {

    /** @param config more settings over the test defaults and the model double (such as quotas) */
    static ModelDoubleServer start(String name, UnaryOperator<FairragConfig.Builder> config, int articleCount)
            throws IOException {
        OpenAiCompatibleTestServer model = new OpenAiCompatibleTestServer();
        Fairrag fairrag = TestFairrag.open(config.apply(TestFairrag.config(TestFairrag.newDir(name)).toBuilder()
                .llm(model.llm(Duration.ofSeconds(60)))).build());
        fairrag.ingest(SourceFile.of(TestFairrag.resource("/samples/xml/netsynergy_pubmed21n1002.xml.gz")),
                ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
        int port = HttpServerLauncher.start(fairrag).port();
        List<String> articles = fairrag.graph().select(QueryFactory.create("PREFIX schema: <http://schema.org/> "
                + "SELECT ?a WHERE { ?a schema:abstract ?abs } ORDER BY ?a LIMIT " + articleCount)).stream()
                .map(r -> r.getResource("a").getURI()).toList();
        return new ModelDoubleServer(model, fairrag, port, articles);
    }

    @Override
    public void close() {
        fairrag.close();
        model.close();
    }
}
