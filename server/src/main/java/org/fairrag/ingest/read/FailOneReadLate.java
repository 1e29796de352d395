package org.fairrag.ingest.read;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reports a failure of the stream beneath one read late: the read that fails answers end of stream, and the next
 * read throws the failure. A buffer above that fills itself in several reads ({@link java.io.BufferedInputStream}
 * does) would otherwise drop the bytes of its earlier reads with the exception, so a gzip file cut short would lose
 * the records just before the cut.
 */
final class FailOneReadLate extends FilterInputStream {

    private final byte[] one = new byte[1];
    private IOException pending;

    FailOneReadLate(InputStream in) {
        super(in);
    }

    @Override
    public int read() throws IOException {
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (pending != null) {
            IOException failure = pending;
            pending = null;
            throw failure;
        }
        try {
            return in.read(b, off, len);
        } catch (IOException e) {
            pending = e;
            return -1;
        }
    }

    @Override
    public int available() throws IOException {
        return pending != null ? 0 : in.available();
    }
}
