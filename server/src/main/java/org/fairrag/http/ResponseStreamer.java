package org.fairrag.http;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends what a worker writes through a {@link BlockingWriteBridge} as a chunked response, with
 * back-pressure. Only a body the worker finished is ended cleanly. Every other outcome resets the
 * connection, so that no client can take a short body for a whole one, and is logged with its cause and
 * counted ({@code fairrag_http_streams_reset_total{reason}}): the worker failed, the client went away, or
 * the client took no data for the write timeout (then the worker is stopped too, so that a client that
 * does not read cannot hold a worker thread).
 */
public final class ResponseStreamer {

    private static final Logger LOG = LoggerFactory.getLogger(ResponseStreamer.class);

    private final Duration writeTimeout;
    private final Counter workerFailed;
    private final Counter connectionClosed;
    private final Counter writeTimedOut;

    /** @param writeTimeout the longest a client may leave the response's write queue full */
    public ResponseStreamer(Duration writeTimeout, MeterRegistry metrics) {
        this.writeTimeout = writeTimeout;
        this.workerFailed = resets(metrics, "failed");
        this.connectionClosed = resets(metrics, "connection_closed");
        this.writeTimedOut = resets(metrics, "write_timeout");
    }

    private static Counter resets(MeterRegistry metrics, String reason) {
        return Counter.builder("fairrag.http.streams.reset").tag("reason", reason)
                .description("Streamed responses reset before their end, by cause").register(metrics);
    }

    /**
     * Starts sending; the response's status and headers must be set, and chunked.
     *
     * @param what names the transfer in the log, e.g. {@code dump}
     */
    public void send(RoutingContext ctx, BlockingWriteBridge bridge, String what) {
        new Transfer(ctx, bridge, what).start();
    }

    private final class Transfer {
        private final RoutingContext ctx;
        private final HttpServerResponse response;
        private final BlockingWriteBridge bridge;
        private final String what;
        private long bytes;
        private long stallTimer = -1;
        private boolean done;

        Transfer(RoutingContext ctx, BlockingWriteBridge bridge, String what) {
            this.ctx = ctx;
            this.response = ctx.response();
            this.bridge = bridge;
            this.what = what;
        }

        void start() {
            response.closeHandler(v -> {
                if (!done) {
                    connectionClosed.increment();
                    abandon("the connection was closed (by the client, or idle for too long)", false);
                }
            });
            bridge.exceptionHandler(this::failed);
            bridge.endHandler(v -> {
                done = true;
                cancelStallTimer();
                response.end();
            });
            bridge.handler(this::write);
        }

        private void write(Buffer chunk) {
            if (done) {
                return;
            }
            bytes += chunk.length();
            response.write(chunk);
            if (response.writeQueueFull()) {
                bridge.pause();
                stallTimer = ctx.vertx().setTimer(writeTimeout.toMillis(), id -> {
                    stallTimer = -1;
                    if (!done) {
                        writeTimedOut.increment();
                        abandon("the client took no data for " + writeTimeout.toMillis() + " ms", true);
                    }
                });
                response.drainHandler(v -> {
                    cancelStallTimer();
                    bridge.resume();
                });
            }
        }

        private void failed(Throwable cause) {
            if (done) {
                return;
            }
            done = true;
            cancelStallTimer();
            if (!response.headWritten()) {
                // Nothing sent yet: the client can still be told properly.
                response.headers().remove("Content-Disposition").remove("Content-Encoding").remove("Content-Type");
                response.setChunked(false);
                ctx.fail(cause);
                return;
            }
            workerFailed.increment();
            LOG.error("{} {} [{}]: the {} failed after {} bytes; the connection is reset so that the client cannot take"
                    + " it for whole", ctx.request().method(), ctx.request().path(), RequestLogHandler.requestId(ctx), what,
                    bytes, cause);
            response.reset();
        }

        private void abandon(String reason, boolean serverSide) {
            done = true;
            cancelStallTimer();
            bridge.cancel();
            String format = "{} {} [{}]: the {} stopped after {} bytes: {}; the connection is reset";
            Object[] args = {ctx.request().method(), ctx.request().path(), RequestLogHandler.requestId(ctx), what, bytes, reason};
            if (serverSide) {
                LOG.warn(format, args);
            } else {
                LOG.info(format, args);
            }
            response.reset();
        }

        private void cancelStallTimer() {
            if (stallTimer >= 0) {
                ctx.vertx().cancelTimer(stallTimer);
                stallTimer = -1;
            }
        }
    }
}
