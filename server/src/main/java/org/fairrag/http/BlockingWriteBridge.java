package org.fairrag.http;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Promise;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.streams.ReadStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Connects blocking code that writes an {@link OutputStream} on a worker thread to a Vert.x
 * {@link ReadStream}, so that it can be piped into an HTTP response with back-pressure: the writer
 * blocks while a few chunks wait, and the pipe pauses this stream while the response's write queue is
 * full. Nothing bigger than those few chunks is ever held in memory.
 */
public final class BlockingWriteBridge implements ReadStream<Buffer> {

    static final int CHUNK_BYTES = 64 * 1024;
    private static final int CHUNKS_IN_FLIGHT = 8;

    private final Context context;
    private final BlockingQueue<Buffer> queue = new ArrayBlockingQueue<>(CHUNKS_IN_FLIGHT);
    private volatile boolean cancelled;
    private volatile boolean finished;
    private volatile Throwable failure;
    private volatile boolean wroteChunk;

    // Touched on the context only.
    private Handler<Buffer> handler;
    private Handler<Void> endHandler;
    private Handler<Throwable> exceptionHandler;
    private long demand = Long.MAX_VALUE;
    private boolean ended;
    private final Promise<Void> started = Promise.promise();

    public BlockingWriteBridge(Context context) {
        this.context = context;
    }

    /** The stream the worker writes; closing it ends the read side. Not thread-safe: one writer. */
    public OutputStream outputStream() {
        return new OutputStream() {
            private final byte[] chunk = new byte[CHUNK_BYTES];
            private int filled;

            @Override
            public void write(int b) throws IOException {
                if (filled == chunk.length) {
                    flushChunk();
                }
                chunk[filled++] = (byte) b;
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                while (len > 0) {
                    if (filled == chunk.length) {
                        flushChunk();
                    }
                    int n = Math.min(len, chunk.length - filled);
                    System.arraycopy(b, off, chunk, filled, n);
                    filled += n;
                    off += n;
                    len -= n;
                }
            }

            @Override
            public void close() throws IOException {
                flushChunk();
                finished = true;
                context.runOnContext(v -> drain());
            }

            private void flushChunk() throws IOException {
                if (filled == 0) {
                    return;
                }
                Buffer buffer = Buffer.buffer(filled).appendBytes(chunk, 0, filled);
                filled = 0;
                try {
                    while (!queue.offer(buffer, 100, TimeUnit.MILLISECONDS)) {
                        if (cancelled) {
                            throw new IOException("the receiver went away");
                        }
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while streaming", e);
                }
                if (cancelled) {
                    throw new IOException("the receiver went away");
                }
                wroteChunk = true;
                context.runOnContext(v -> drain());
            }
        };
    }

    /**
     * Completes once the writer has handed over its first chunk or finished, and fails with the writer's
     * error if it failed before that: until then nothing was sent, so the answer may still be an error
     * status rather than a success cut short. Answers of less than a chunk are decided when complete.
     */
    public Future<Void> started() {
        return started.future();
    }

    /** Ends the read side with an error (the writer failed). */
    public void fail(Throwable error) {
        failure = error;
        finished = true;
        context.runOnContext(v -> drain());
    }

    /** Stops the writer at its next chunk (the receiver went away). */
    public void cancel() {
        cancelled = true;
        queue.clear();
    }

    private void drain() {
        if (wroteChunk || (finished && failure == null)) {
            started.tryComplete();
        } else if (finished) {
            started.tryFail(failure);
        }
        while (demand > 0 && handler != null) {
            Buffer next = queue.poll();
            if (next == null) {
                break;
            }
            if (demand != Long.MAX_VALUE) {
                demand--;
            }
            handler.handle(next);
        }
        if (finished && queue.isEmpty() && !ended) {
            ended = true;
            if (failure != null) {
                if (exceptionHandler != null) {
                    exceptionHandler.handle(failure);
                }
            } else if (endHandler != null) {
                endHandler.handle(null);
            }
        }
    }

    @Override
    public BlockingWriteBridge exceptionHandler(Handler<Throwable> handler) {
        this.exceptionHandler = handler;
        return this;
    }

    @Override
    public BlockingWriteBridge handler(Handler<Buffer> handler) {
        this.handler = handler;
        context.runOnContext(v -> drain());
        return this;
    }

    @Override
    public BlockingWriteBridge pause() {
        demand = 0;
        return this;
    }

    @Override
    public BlockingWriteBridge resume() {
        return fetch(Long.MAX_VALUE);
    }

    @Override
    public BlockingWriteBridge fetch(long amount) {
        demand = amount == Long.MAX_VALUE || demand + amount < 0 ? Long.MAX_VALUE : demand + amount;
        context.runOnContext(v -> drain());
        return this;
    }

    @Override
    public BlockingWriteBridge endHandler(Handler<Void> endHandler) {
        this.endHandler = endHandler;
        return this;
    }
}
