package org.fairrag.ingest.read;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;
import org.fairrag.ingest.SourceFormat;

/**
 * A source file opened for reading: its content, already decompressed, and its detected format.
 *
 * @param format the detected format
 * @param stream the decompressed content; closing this closes the file
 */
public record OpenedSource(SourceFormat format, InputStream stream) implements Closeable {

    public OpenedSource {
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(stream, "stream");
    }

    @Override
    public void close() throws IOException {
        stream.close();
    }
}
