package org.fairrag.ingest;

import java.io.IOException;
import java.io.InputStream;
import java.util.Iterator;

/**
 * Streams bibliographic records out of one source file. Implementations read incrementally (a
 * baseline file does not fit in memory) and never fail on one bad record: they yield a
 * {@link ReadResult.Rejected} with the reason and go on. Only an unreadable stream throws.
 */
public interface RecordReader {

    /** The format this reader understands. */
    SourceFormat format();

    /**
     * Opens a stream of results over {@code in} (already decompressed). The caller closes the returned
     * stream, which closes {@code in}.
     *
     * @param sourceName a short name for the file, used in locators and as the default {@code source}
     */
    Results open(InputStream in, String sourceName) throws IOException;

    /** A closeable iterator over the records of one source. */
    interface Results extends Iterator<ReadResult>, AutoCloseable {
        @Override
        void close() throws IOException;
    }
}
