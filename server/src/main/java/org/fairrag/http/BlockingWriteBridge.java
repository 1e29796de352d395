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
 * {@link ReadStream}, so that it can be sent into an HTTP response with back-pressure: the writer
 * blocks while a few chunks wait, and the reader pauses this stream while the response's write queue is
 * full. Nothing bigger than those few chunks is ever held in memory.
 *
 * <p>The read side ends cleanly only when the writer returned normally and every byte was handed over;
 * a writer that throws ends it with that exception, at once, dropping what still waits, so that a
 * failed transfer can never pass for a complete one.
 */
public final class BlockingWriteBridge implements ReadStream<Buffer> {

    static final int CHUNK_BYTES = 64 * 1024;
    private static final int CHUNKS_IN_FLIGHT = 8;

    /** What the worker runs: writes the whole body to {@code out} or throws. */
    @FunctionalInterface
    public interface Body {
        void writeTo(OutputStream out) throws IOException;
    }

    private final Context context;
    private final BlockingQueue<Buffer> queue = new ArrayBlockingQueue<>(CHUNKS_IN_FLIGHT);
    private volatile boolean cancelled;
    private volatile boolean finished;
    private volatile Throwable failure;
    private volatile boolean wroteChunk;
    private final Promise<Void> started = Promise.promise();

    // Touched on the context only.
    private Handler<Buffer> handler;
    private Handler<Void> endHandler;
    private Handler<Throwable> exceptionHandler;
    private boolean paused;
    private boolean ended;

    public BlockingWriteBridge(Context context) {
        this.context = context;
    }

    /**
     * Runs {@code body} on the calling (worker) thread and ends the read side: cleanly if it returned
     * normally, with its exception if it threw or the receiver went away.
     */
    public void write(Body body) {
        ChunkedOutput out = new ChunkedOutput();
        try {
            body.writeTo(out);
            out.flushChunk();
        } catch (Throwable e) {
            fail(e);
            return;
        }
        finished = true;
        context.runOnContext(v -> drain());
    }

    /**
     * Completes once the writer has handed over its first chunk or finished, and fails with the writer's
     * error if it failed before that: until then nothing was sent, so the answer may still be an error
     * status rather than a success cut short. Answers of less than a chunk are decided when complete.
     */
    public Future<Void> started() {
        return started.future();
    }

    /** Stops the writer at its next chunk (the receiver went away or was given up on). */
    public void cancel() {
        cancelled = true;
        queue.clear();
    }

    private void fail(Throwable error) {
        if (failure == null) {
            failure = error;
        }
        finished = true;
        queue.clear();
        context.runOnContext(v -> drain());
    }

    private void drain() {
        if (wroteChunk || (finished && failure == null)) {
            started.tryComplete();
        } else if (finished) {
            started.tryFail(failure);
        }
        if (ended) {
            return;
        }
        if (failure != null) {
            // Kept until someone listens: a failure must never pass unseen.
            if (exceptionHandler != null) {
                ended = true;
                queue.clear();
                exceptionHandler.handle(failure);
            }
            return;
        }
        while (!paused && handler != null) {
            Buffer next = queue.poll();
            if (next == null) {
                break;
            }
            handler.handle(next);
        }
        if (finished && queue.isEmpty() && failure == null) {
            ended = true;
            if (endHandler != null) {
                endHandler.handle(null);
            }
        }
    }

    @Override
    public BlockingWriteBridge exceptionHandler(Handler<Throwable> handler) {
        this.exceptionHandler = handler;
        context.runOnContext(v -> drain());
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
        paused = true;
        return this;
    }

    @Override
    public BlockingWriteBridge resume() {
        paused = false;
        context.runOnContext(v -> drain());
        return this;
    }

    /** Demand is on or off here: any positive amount resumes the stream. */
    @Override
    public BlockingWriteBridge fetch(long amount) {
        return amount > 0 ? resume() : this;
    }

    @Override
    public BlockingWriteBridge endHandler(Handler<Void> endHandler) {
        this.endHandler = endHandler;
        return this;
    }

    /** The stream the worker writes, in chunks; closing it hands over nothing more (the end is {@link #write}'s). */
    private final class ChunkedOutput extends OutputStream {
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

        void flushChunk() throws IOException {
            if (cancelled) {
                throw new IOException("the receiver went away");
            }
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
    }
}
