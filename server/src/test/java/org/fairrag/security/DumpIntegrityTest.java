package org.fairrag.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.Dataset;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.TxnType;
import org.fairrag.app.Fairrag;
import org.fairrag.graph.TdbGraphStore;
import org.fairrag.graph.Vocab;
import org.junit.jupiter.api.Test;

/**
 * Replays "a failed dump looks like a successful one": after dumps aborted by their clients (several at
 * once) and one stalled by a client that stopped reading, the next dumps were 200 with an empty body (or
 * a 20-byte gzip). The cause was in the store: an aborted read transaction made jena-text roll back its
 * shared index writer, and two at once left a worker thread stuck "in a transaction", so that every later
 * dump on it failed at once, which the server then ended as if it were complete.
 */
class DumpIntegrityTest {

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    /** What a client received: the bytes, their SHA-256 and the number of N-Triples lines. */
    private record Received(long bytes, String sha256, long lines) {}

    @Test
    void should_send_whole_identical_dumps_after_aborted_and_stalled_ones() throws Exception {
        Received reference = wholeDump();
        assertThat(reference.lines()).isEqualTo(LargeDumpServer.publicStatements());

        for (int round = 0; round < 3; round++) {
            double closedBefore = LargeDumpServer.resets("connection_closed");
            // Two dumps running, both abandoned by their clients at the same moment.
            List<Socket> aborted = List.of(LargeDumpServer.requestDump(true), LargeDumpServer.requestDump(true));
            for (Socket socket : aborted) {
                socket.setSoLinger(true, 0); // close with a reset, as a killed client does
                socket.close();
            }
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> LargeDumpServer.resets("connection_closed") >= closedBefore + 2);
        }
        double timedOutBefore = LargeDumpServer.resets("write_timeout");
        try (Socket stalled = LargeDumpServer.requestDump(true)) {
            await().atMost(Duration.ofSeconds(30)).until(() -> LargeDumpServer.resets("write_timeout") > timedOutBefore);
            assertThat(LargeDumpServer.tailUntilClosed(stalled)).as("a stalled dump never ends with the last chunk")
                    .doesNotEndWith("0\r\n\r\n");
        }

        List<Received> after = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            after.add(wholeDump());
        }
        assertThat(after).containsOnly(reference);
    }

    @Test
    void should_keep_the_text_index_changes_of_a_writer_when_a_dump_fails_meanwhile() throws Exception {
        Fairrag fairrag = LargeDumpServer.fairrag();
        Dataset dataset = ((TdbGraphStore) fairrag.graph()).dataset();
        String subject = "http://fairrag.test/pid/quokka-writer";
        CountDownLatch written = new CountDownLatch(1);
        CountDownLatch dumpFailed = new CountDownLatch(1);
        Thread writer = new Thread(() -> {
            dataset.begin(TxnType.WRITE);
            try {
                dataset.asDatasetGraph().add(NodeFactory.createURI(fairrag.graphs().publicContent()),
                        NodeFactory.createURI(subject), NodeFactory.createURI(Vocab.DCT + "title"),
                        NodeFactory.createLiteralString("Quokkas written while a dump failed"));
                written.countDown();
                dumpFailed.await(30, TimeUnit.SECONDS);
                dataset.commit();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                dataset.abort();
            } finally {
                dataset.end();
            }
        });
        writer.start();
        assertThat(written.await(30, TimeUnit.SECONDS)).isTrue();

        assertThatThrownBy(() -> fairrag.graph().dumpNTriples(List.of(fairrag.graphs().publicContent()), new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("the receiver went away");
            }
        })).hasRootCauseMessage("the receiver went away");
        dumpFailed.countDown();
        writer.join(30_000);

        var hits = fairrag.graph().select(QueryFactory.create("PREFIX text: <http://jena.apache.org/text#> "
                + "PREFIX dct: <http://purl.org/dc/terms/> SELECT ?s WHERE { ?s text:query (dct:title \"quokkas\") }"));
        assertThat(hits).extracting(row -> row.getResource("s").getURI()).containsExactly(subject);
        fairrag.graph().deleteDescriptions(fairrag.graphs().publicContent(), List.of(subject));
    }

    /** A dump read to its end: an incomplete body (no last chunk) fails here. */
    private Received wholeDump() throws Exception {
        HttpResponse<InputStream> r = http.send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + LargeDumpServer.port() + "/dataset/dump"))
                .header("Accept-Encoding", "identity").timeout(Duration.ofSeconds(120)).GET().build(),
                HttpResponse.BodyHandlers.ofInputStream());
        assertThat(r.statusCode()).isEqualTo(200);
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        long bytes = 0;
        long lines = 0;
        byte[] buffer = new byte[64 * 1024];
        try (InputStream in = r.body()) {
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                sha.update(buffer, 0, n);
                bytes += n;
                for (int i = 0; i < n; i++) {
                    if (buffer[i] == '\n') {
                        lines++;
                    }
                }
            }
        }
        return new Received(bytes, HexFormat.of().formatHex(sha.digest()), lines);
    }
}
