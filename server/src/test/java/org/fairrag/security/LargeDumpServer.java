package org.fairrag.security;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.vocabulary.RDFS;
import org.fairrag.app.Fairrag;
import org.fairrag.app.FairragConfig;
import org.fairrag.app.HttpServerLauncher;
import org.fairrag.testing.TestFairrag;

/**
 * A running server whose dump is large (about 12 MB of N-Triples, more than the socket buffers of a
 * loopback connection hold), so that a client that stops reading really stalls the dump on the server,
 * with short write and idle timeouts. Its public graph holds generated statements: the tests using it
 * are about the transfer, not the content. Started once per test JVM and shared by the dump tests of
 * this package.
 */
final class LargeDumpServer {

    static final Duration WRITE_TIMEOUT = Duration.ofSeconds(1);
    static final Duration IDLE_TIMEOUT = Duration.ofSeconds(4);
    private static final int STATEMENTS = 50_000;

    private static Fairrag fairrag;
    private static int port;

    private LargeDumpServer() {}

    static synchronized Fairrag fairrag() {
        if (fairrag == null) {
            FairragConfig config = TestFairrag.config(TestFairrag.newSharedDir("large-dump")).toBuilder()
                    // The idle timeout must outlast the slowest answer, so these come down with it.
                    .sparqlTimeout(Duration.ofSeconds(1))
                    .llm(new FairragConfig.Llm("none", Optional.empty(), Optional.empty(), Optional.empty(), Duration.ofSeconds(1)))
                    .connections(new FairragConfig.Connections(IDLE_TIMEOUT, WRITE_TIMEOUT))
                    .build();
            fairrag = TestFairrag.open(config);
            Model filler = ModelFactory.createDefaultModel();
            for (int i = 0; i < STATEMENTS; i++) {
                filler.add(filler.createResource(TestFairrag.BASE_URL + "/filler/" + i), RDFS.comment,
                        "Statement " + i + " of a public graph made large enough to fill the buffers of a loopback"
                                + " connection, so that a client which stops reading stalls the dump on the server.");
            }
            fairrag.graph().replaceDescriptions(fairrag.graphs().publicContent(), List.of(), filler);
            port = HttpServerLauncher.start(fairrag).port();
            TestFairrag.closeAtExit(fairrag);
        }
        return fairrag;
    }

    static synchronized int port() {
        fairrag();
        return port;
    }

    /** The number of statements an anonymous dump holds. */
    static long publicStatements() {
        Fairrag f = fairrag();
        return f.graph().size(List.of(f.graphs().vocabulary(), f.graphs().publicContent()));
    }

    /** Dumps running or waiting for a thread of the dump pool. */
    static double dumpsInFlight() {
        return fairrag().metrics().get("fairrag.pool.in.flight").tag("pool", "dump").gauge().value();
    }

    /** Streamed responses the server reset, for this reason ({@code connection_closed}, {@code write_timeout}, {@code failed}). */
    static double resets(String reason) {
        return fairrag().metrics().counter("fairrag.http.streams.reset", "reason", reason).count();
    }

    /**
     * A client that asks for the dump over a socket with a small receive buffer, reads only the status
     * line if told to, and then reads nothing.
     */
    static Socket requestDump(boolean readStatusLine) throws IOException {
        Socket socket = new Socket();
        socket.setReceiveBufferSize(4096);
        socket.connect(new InetSocketAddress("127.0.0.1", port()));
        OutputStream out = socket.getOutputStream();
        out.write(("GET /dataset/dump HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: identity\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        if (readStatusLine) {
            InputStream in = socket.getInputStream();
            StringBuilder line = new StringBuilder();
            for (int b = in.read(); b != '\n' && b >= 0; b = in.read()) {
                line.append((char) b);
            }
            if (!line.toString().startsWith("HTTP/1.1 200")) {
                throw new IOException("the dump did not start: " + line);
            }
        }
        return socket;
    }

    /** Whether the server has closed this connection; waits at most a tenth of a second for a byte. */
    static boolean closedByServer(Socket socket) {
        try {
            socket.setSoTimeout(100);
            return socket.getInputStream().read() < 0;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (SocketException e) {
            return true; // reset
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Reads what is left on the socket until the server closes or resets it; returns the last bytes read. */
    static String tailUntilClosed(Socket socket) throws IOException {
        socket.setSoTimeout(30_000);
        byte[] last = new byte[0];
        byte[] buffer = new byte[64 * 1024];
        InputStream in = socket.getInputStream();
        try {
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                byte[] joined = new byte[last.length + n];
                System.arraycopy(last, 0, joined, 0, last.length);
                System.arraycopy(buffer, 0, joined, last.length, n);
                last = Arrays.copyOfRange(joined, Math.max(0, joined.length - 16), joined.length);
            }
        } catch (SocketException reset) {
            // what a reset connection ends with
        }
        return new String(last, StandardCharsets.ISO_8859_1);
    }
}
