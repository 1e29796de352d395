package org.fairrag.security;

import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.fairrag.testing.TestFairrag;

/** Requests to a running test server: paths, or PIDs under {@link TestFairrag#BASE_URL}, with optional headers. */
final class HttpCalls {

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final int port;

    HttpCalls(int port) {
        this.port = port;
    }

    HttpResponse<String> get(String pathOrPid, String... headers) throws Exception {
        return send(request(pathOrPid, headers).GET());
    }

    HttpResponse<String> post(String pathOrPid, String json, String... headers) throws Exception {
        return postBytes(pathOrPid, json.getBytes(StandardCharsets.UTF_8), headers);
    }

    HttpResponse<String> postBytes(String pathOrPid, byte[] json, String... headers) throws Exception {
        return send(request(pathOrPid, headers).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(json)));
    }

    /** Any method, with a body ({@code null}: none) and headers (such as its Content-Type). */
    HttpResponse<String> send(String method, String pathOrPid, String body, String... headers) throws Exception {
        return send(request(pathOrPid, headers).method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(body)));
    }

    /**
     * Bytes written as they are on a new connection (what {@link HttpClient} would not send, such as a request
     * without Host); the raw response, read until the server closes (so send {@code Connection: close}).
     */
    String raw(String request) throws Exception {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(30_000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Writes these bytes on a new connection and closes it at once, as a client that goes away mid-request. */
    void abandon(String request) throws Exception {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
        }
    }

    private HttpRequest.Builder request(String pathOrPid, String... headers) {
        String path = pathOrPid.startsWith(TestFairrag.BASE_URL) ? pathOrPid.substring(TestFairrag.BASE_URL.length()) : pathOrPid;
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
        if (headers.length > 0) {
            b.headers(headers);
        }
        return b;
    }

    private HttpResponse<String> send(HttpRequest.Builder b) throws Exception {
        return http.send(b.timeout(Duration.ofSeconds(120)).build(), HttpResponse.BodyHandlers.ofString());
    }

    static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
