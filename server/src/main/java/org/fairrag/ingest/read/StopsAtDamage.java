package org.fairrag.ingest.read;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.NoSuchElementException;
import java.util.zip.ZipException;
import org.fairrag.ingest.ReadResult;
import org.fairrag.ingest.RecordReader;
import org.fairrag.ingest.SourceFormat;

/**
 * A reader whose results end with a rejection saying where reading stopped when the file turns out cut short or its
 * compressed data damaged, rather than with an exception: the records read before the damage stand, and whoever
 * ingests them keeps them. Any other failure of the stream still throws.
 */
final class StopsAtDamage implements RecordReader {

    private final RecordReader reader;

    StopsAtDamage(RecordReader reader) {
        this.reader = reader;
    }

    @Override
    public SourceFormat format() {
        return reader.format();
    }

    @Override
    public Results open(InputStream in, String sourceName) throws IOException {
        Results results = reader.open(in, sourceName);
        return new Results() {
            private ReadResult next;
            private boolean over;
            private long read;

            @Override
            public boolean hasNext() {
                if (next == null && !over) {
                    try {
                        if (results.hasNext()) {
                            next = results.next();
                            read++;
                        } else {
                            over = true;
                        }
                    } catch (UncheckedIOException e) {
                        if (!(e.getCause() instanceof EOFException || e.getCause() instanceof ZipException)) {
                            throw e;
                        }
                        over = true;
                        next = new ReadResult.Rejected(sourceName + ", after record " + read,
                                "reading stopped: the file ends early or its compressed data is damaged ("
                                        + e.getCause().getMessage() + "); the records before were read. Download or copy"
                                        + " the file again and ingest it again: what is already in is kept.");
                    }
                }
                return next != null;
            }

            @Override
            public ReadResult next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                ReadResult out = next;
                next = null;
                return out;
            }

            @Override
            public void close() throws IOException {
                results.close();
            }
        };
    }
}
