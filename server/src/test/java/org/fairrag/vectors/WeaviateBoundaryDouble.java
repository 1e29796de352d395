package org.fairrag.vectors;

import io.vertx.core.http.HttpServerOptions;
import com.google.protobuf.Message;
import io.grpc.ForwardingServerCallListener;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.weaviate.client6.v1.internal.grpc.protocol.WeaviateGrpc;
import io.weaviate.client6.v1.internal.grpc.protocol.WeaviateProtoAggregate.AggregateReply;
import io.weaviate.client6.v1.internal.grpc.protocol.WeaviateProtoAggregate.AggregateRequest;
import io.weaviate.client6.v1.internal.grpc.protocol.WeaviateProtoBatch.BatchObjectsReply;
import io.weaviate.client6.v1.internal.grpc.protocol.WeaviateProtoBatch.BatchObjectsRequest;
import io.weaviate.client6.v1.internal.grpc.protocol.WeaviateProtoBatchDelete.BatchDeleteReply;
import io.weaviate.client6.v1.internal.grpc.protocol.WeaviateProtoBatchDelete.BatchDeleteRequest;
import io.weaviate.client6.v1.internal.grpc.protocol.WeaviateProtoSearchGet.SearchReply;
import io.weaviate.client6.v1.internal.grpc.protocol.WeaviateProtoSearchGet.SearchRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * A test double at a boundary that cannot run here, a Weaviate server: an HTTP server for Weaviate's REST
 * API and a gRPC server implementing the Weaviate service of the official client's own generated stubs,
 * both on loopback ports. It records every request it receives and answers just enough for the client
 * to go on: the server is live, reports the {@link #version(String) version} it is told, has the
 * collections it is {@link #hasCollection told of}, accepts what is created, deleted and inserted, and
 * finds nothing but the {@link #countObjects count} it is given. Whether a request is right is the
 * test's business, not the double's.
 */
final class WeaviateBoundaryDouble implements AutoCloseable {

    /** A REST request as it arrived: the raw path (no query string) and the JSON body, if any. */
    record RestCall(String method, String path, String authorization, JsonObject body) { }

    /** A gRPC request as it arrived: the full method name ({@code package.Service/Method}) and the message. */
    record GrpcCall(String method, String authorization, Message request) { }

    private static final Metadata.Key<String> AUTHORIZATION = Metadata.Key.of("authorization",
            Metadata.ASCII_STRING_MARSHALLER);

    private final List<RestCall> restCalls = new CopyOnWriteArrayList<>();
    private final List<GrpcCall> grpcCalls = new CopyOnWriteArrayList<>();
    private final Map<String, JsonObject> collections = new ConcurrentHashMap<>();
    private volatile String version = "1.33.0";
    private volatile long objectCount;
    private volatile BatchObjectsReply batchReply = BatchObjectsReply.getDefaultInstance();

    private final Vertx vertx = Vertx.vertx();
    private final HttpServer rest;
    private final Server grpc;

    WeaviateBoundaryDouble() {
        rest = vertx.createHttpServer(new HttpServerOptions().setHttp2ClearTextEnabled(false)).requestHandler(req -> req.body().onSuccess(body -> {
            JsonObject json = body.length() == 0 ? null : body.toJsonObject();
            restCalls.add(new RestCall(req.method().name(), req.path(), req.getHeader("Authorization"), json));
            answer(req, json);
        })).listen(0, "127.0.0.1").await();
        try {
            grpc = NettyServerBuilder.forAddress(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
                    .addService(ServerInterceptors.intercept(new Service(), new Recorder())).build().start();
        } catch (IOException e) {
            vertx.close().await();
            throw new UncheckedIOException(e);
        }
    }

    String restUrl() {
        return "http://127.0.0.1:" + rest.actualPort();
    }

    int grpcPort() {
        return grpc.getPort();
    }

    /** The version {@code GET /v1/meta} reports from now on. */
    WeaviateBoundaryDouble version(String version) {
        this.version = version;
        return this;
    }

    /** From now on {@code GET /v1/schema/{name}} finds this collection definition. */
    WeaviateBoundaryDouble hasCollection(JsonObject definition) {
        collections.put(definition.getString("class"), definition);
        return this;
    }

    /** The total an aggregation over all objects reports from now on. */
    WeaviateBoundaryDouble countObjects(long count) {
        this.objectCount = count;
        return this;
    }

    /** What batch inserts answer from now on. */
    WeaviateBoundaryDouble answerBatchesWith(BatchObjectsReply reply) {
        this.batchReply = reply;
        return this;
    }

    List<RestCall> restCalls() {
        return List.copyOf(restCalls);
    }

    List<GrpcCall> grpcCalls() {
        return List.copyOf(grpcCalls);
    }

    /** The messages received by one gRPC method (its full name), in order. */
    <M extends Message> List<M> grpcRequests(String method, Class<M> type) {
        return grpcCalls.stream().filter(c -> c.method().equals(method)).map(c -> type.cast(c.request())).toList();
    }

    /** Forgets the requests received so far (not the collections). */
    void forget() {
        restCalls.clear();
        grpcCalls.clear();
    }

    private void answer(HttpServerRequest req, JsonObject body) {
        String path = req.path();
        String method = req.method().name();
        String schemaPrefix = "/v1/schema/";
        if (method.equals("GET") && path.equals("/v1/.well-known/live")) {
            req.response().setStatusCode(200).end();
        } else if (method.equals("GET") && path.equals("/v1/meta")) {
            json(req, 200, new JsonObject().put("hostname", restUrl()).put("version", version).put("modules", new JsonObject()));
        } else if (method.equals("POST") && (path.equals("/v1/schema") || path.equals(schemaPrefix)) && body != null) {
            collections.put(body.getString("class"), body);
            json(req, 200, body);
        } else if (method.equals("GET") && path.startsWith(schemaPrefix)) {
            JsonObject found = collections.get(path.substring(schemaPrefix.length()));
            if (found == null) {
                req.response().setStatusCode(404).end();
            } else {
                json(req, 200, found);
            }
        } else if (method.equals("DELETE") && path.startsWith(schemaPrefix)) {
            collections.remove(path.substring(schemaPrefix.length()));
            req.response().setStatusCode(200).end();
        } else {
            json(req, 404, new JsonObject().put("error", new JsonArray().add(new JsonObject()
                    .put("message", "the Weaviate double does not answer " + method + " " + path))));
        }
    }

    private static void json(HttpServerRequest req, int status, JsonObject body) {
        req.response().setStatusCode(status).putHeader("Content-Type", "application/json").end(body.encode());
    }

    /** Records each call's method, authorization and request message before the service answers it. */
    private final class Recorder implements ServerInterceptor {
        @Override
        public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
                                                           ServerCallHandler<Q, R> next) {
            String method = call.getMethodDescriptor().getFullMethodName();
            String authorization = headers.get(AUTHORIZATION);
            return new ForwardingServerCallListener.SimpleForwardingServerCallListener<>(next.startCall(call, headers)) {
                @Override
                public void onMessage(Q message) {
                    grpcCalls.add(new GrpcCall(method, authorization, (Message) message));
                    super.onMessage(message);
                }
            };
        }
    }

    private final class Service extends WeaviateGrpc.WeaviateImplBase {
        @Override
        public void search(SearchRequest request, StreamObserver<SearchReply> reply) {
            reply.onNext(SearchReply.getDefaultInstance());
            reply.onCompleted();
        }

        @Override
        public void batchObjects(BatchObjectsRequest request, StreamObserver<BatchObjectsReply> reply) {
            reply.onNext(batchReply);
            reply.onCompleted();
        }

        @Override
        public void batchDelete(BatchDeleteRequest request, StreamObserver<BatchDeleteReply> reply) {
            reply.onNext(BatchDeleteReply.getDefaultInstance());
            reply.onCompleted();
        }

        @Override
        public void aggregate(AggregateRequest request, StreamObserver<AggregateReply> reply) {
            reply.onNext(AggregateReply.newBuilder()
                    .setSingleResult(AggregateReply.Single.newBuilder().setObjectsCount(objectCount)).build());
            reply.onCompleted();
        }
    }

    @Override
    public void close() {
        grpc.shutdownNow();
        try {
            grpc.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        vertx.close().await();
    }
}
