package org.fairrag.ingest;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A file to ingest, as a name, a size (for progress) and a way to open it (raw bytes, possibly
 * gzip-compressed). It may be opened more than once: once for its checksum, once to read it.
 */
public record SourceFile(String name, long size, Opener opener) {

    @FunctionalInterface
    public interface Opener {
        InputStream open() throws IOException;
    }

    public InputStream open() throws IOException {
        return opener.open();
    }

    public static SourceFile of(Path path) throws IOException {
        if (!Files.isRegularFile(path)) {
            throw new java.io.FileNotFoundException("No such file: " + path);
        }
        return new SourceFile(path.getFileName().toString(), Files.size(path), () -> Files.newInputStream(path));
    }

    /** A file shipped inside the fairrag jar. */
    public static SourceFile ofResource(String resource) {
        String name = resource.substring(resource.lastIndexOf('/') + 1);
        java.net.URL url = SourceFile.class.getResource(resource);
        long size = -1;
        if (url != null) {
            try {
                size = url.openConnection().getContentLengthLong();
            } catch (IOException e) {
                size = -1;
            }
        }
        return new SourceFile(name, size, () -> {
            InputStream in = SourceFile.class.getResourceAsStream(resource);
            if (in == null) {
                throw new java.io.FileNotFoundException("Missing bundled resource " + resource);
            }
            return in;
        });
    }
}
