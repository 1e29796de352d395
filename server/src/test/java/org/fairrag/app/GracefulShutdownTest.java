package org.fairrag.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFDataMgr;
import org.fairrag.http.Caller;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.SourceFile;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.Test;

/** Closing a serving instance lets a request in flight finish and accepts no new one. */
class GracefulShutdownTest {

    @Test
    void should_finish_a_dump_in_flight_while_stopping() throws Exception {
        // A grace far longer than the dump takes on a busy machine: the test ends when the dump does.
        FairragConfig config = TestFairrag.config(TestFairrag.newDir("graceful"));
        FairragConfig.Limits limits = config.limits();
        Fairrag fairrag = TestFairrag.open(config.toBuilder().limits(new FairragConfig.Limits(limits.apiRate(),
                limits.apiBurst(), limits.sparqlRate(), limits.sparqlBurst(), limits.maxBodyBytes(), limits.maxUriLength(),
                Duration.ofMinutes(5))).build());
        fairrag.ingest(SourceFile.of(TestFairrag.resource("/samples/kaggle/kaggle_pubmed_multilabel_slice.csv.gz")),
                ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
        long triples = fairrag.graph().size(Caller.ANONYMOUS.allGraphs(fairrag.graphs()));
        int port = HttpServerLauncher.start(fairrag).port();
        HttpClient http = HttpClient.newHttpClient();
        URI dump = URI.create("http://127.0.0.1:" + port + "/dataset/dump");

        // The dump (megabytes) has begun, and waits for this client to read it, when the instance is told to stop.
        HttpResponse<InputStream> inFlight = http.send(HttpRequest.newBuilder(dump).GET().build(),
                HttpResponse.BodyHandlers.ofInputStream());
        CompletableFuture<Void> closing = CompletableFuture.runAsync(fairrag::close);
        Model received = ModelFactory.createDefaultModel();
        try (InputStream body = inFlight.body()) {
            RDFDataMgr.read(received, body, Lang.NTRIPLES);
        }
        closing.get();

        assertThat(inFlight.statusCode()).isEqualTo(200);
        assertThat(received.size()).isEqualTo(triples);
        assertThatThrownBy(() -> http.send(HttpRequest.newBuilder(dump).timeout(Duration.ofSeconds(10)).GET().build(),
                HttpResponse.BodyHandlers.ofString())).isInstanceOf(IOException.class);
    }
}
