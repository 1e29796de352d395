package org.fairrag.vectors;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

import org.apache.lucene.index.IndexFileNames;
import org.apache.lucene.store.ByteBuffersDataInput;
import org.apache.lucene.store.ByteBuffersIndexInput;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FilterDirectory;
import org.apache.lucene.store.FilterIndexInput;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexInput;
import org.apache.lucene.store.IndexOutput;

/**
 * Serves the files an HNSW search walks from read-only copies on the Java heap, made when a file is first opened for
 * reading; everything else, and every write, sync, rename and delete, goes to the wrapped directory unchanged.
 *
 * <p>Lucene writes each file once and never changes it, so a copy stays true until the file is deleted, when it is
 * dropped (readers that still have it open keep their copy until they close). A segment written as a compound file
 * ({@code .cfs}) holds its files as slices of that one file: the slices with a copied extension are copied, and
 * dropped with the compound file. Merges read from a copy when there is one and from disk otherwise, so that a merge
 * does not copy the segments it is about to delete.
 */
final class HeapVectorsDirectory extends FilterDirectory {
    /**
     * The HNSW graph ({@code .vex}) and the scalar-quantized vectors ({@code .veq}) of Lucene 9.12's
     * {@code Lucene99HnswScalarQuantizedVectorsFormat}; their metadata is read into memory when a segment is opened,
     * and the float vectors ({@code .vec}) are read only to score again the few candidates a search keeps.
     */
    static final Set<String> WALKED_EXTENSIONS = Set.of("vex", "veq");

    private static final String COMPOUND_EXTENSION = "cfs";
    /** The copies are held in blocks of this many bytes (a power of two, as {@link ByteBuffersDataInput} needs). */
    private static final int BLOCK_BYTES = 1 << 24;

    private final Set<String> extensions;
    private final ConcurrentMap<String, HeapFile> copies = new ConcurrentHashMap<>();

    HeapVectorsDirectory(Directory in) {
        this(in, WALKED_EXTENSIONS);
    }

    HeapVectorsDirectory(Directory in, Set<String> extensions) {
        super(in);
        this.extensions = Set.copyOf(extensions);
    }

    /** The bytes the copies on the heap hold now. */
    long heapBytes() {
        return copies.values().stream().mapToLong(HeapFile::length).sum();
    }

    /** The names of the files (or compound slices) copied to the heap now. */
    Set<String> copiedFiles() {
        return Collections.unmodifiableSet(Set.copyOf(copies.keySet()));
    }

    @Override
    public IndexInput openInput(String name, IOContext context) throws IOException {
        String extension = IndexFileNames.getExtension(name);
        if (COMPOUND_EXTENSION.equals(extension)) {
            return new CompoundInput(name, in.openInput(name, context), context);
        }
        if (extension != null && extensions.contains(extension)) {
            return heapInput(name, name, context, () -> in.openInput(name, IOContext.READONCE),
                    () -> in.openInput(name, context));
        }
        return in.openInput(name, context);
    }

    @Override
    public IndexOutput createOutput(String name, IOContext context) throws IOException {
        dropCopiesOf(name);
        return in.createOutput(name, context);
    }

    @Override
    public void deleteFile(String name) throws IOException {
        in.deleteFile(name);
        dropCopiesOf(name);
    }

    @Override
    public void rename(String source, String dest) throws IOException {
        in.rename(source, dest);
        dropCopiesOf(source);
        dropCopiesOf(dest);
    }

    @Override
    public void close() throws IOException {
        copies.clear();
        super.close();
    }

    private void dropCopiesOf(String file) {
        copies.values().removeIf(copy -> copy.file().equals(file));
    }

    private IndexInput heapInput(String name, String file, IOContext context, Opener source, Opener onDisk)
            throws IOException {
        HeapFile copy = copies.get(name);
        if (copy == null && context.context == IOContext.Context.MERGE) {
            return onDisk.open();
        }
        if (copy == null) {
            try {
                copy = copies.computeIfAbsent(name, n -> {
                    try (IndexInput source0 = source.open()) {
                        return HeapFile.copy(file, source0);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
        }
        return copy.open(name);
    }

    @FunctionalInterface
    private interface Opener {
        IndexInput open() throws IOException;
    }

    /** A file's bytes on the heap; {@code file} is the file on disk they came from (a compound file for a slice). */
    private record HeapFile(String file, List<ByteBuffer> blocks, long length) {
        static HeapFile copy(String file, IndexInput source) throws IOException {
            long length = source.length();
            List<ByteBuffer> blocks = new ArrayList<>();
            for (long done = 0; done < length; ) {
                byte[] block = new byte[(int) Math.min(BLOCK_BYTES, length - done)];
                source.readBytes(block, 0, block.length);
                blocks.add(ByteBuffer.wrap(block));
                done += block.length;
            }
            if (blocks.isEmpty()) {
                blocks.add(ByteBuffer.allocate(0));
            }
            return new HeapFile(file, List.copyOf(blocks), length);
        }

        IndexInput open(String name) {
            return new ByteBuffersIndexInput(new ByteBuffersDataInput(blocks), "heap copy of " + name + " (" + file + ")");
        }
    }

    /** A compound file read from disk, except the slices with a copied extension, which are read from the heap. */
    private final class CompoundInput extends FilterIndexInput {
        private final String file;
        private final IOContext context;

        CompoundInput(String file, IndexInput in, IOContext context) {
            super("compound " + file, in);
            this.file = file;
            this.context = context;
        }

        @Override
        public IndexInput slice(String sliceDescription, long offset, long length) throws IOException {
            String extension = IndexFileNames.getExtension(sliceDescription);
            if (extension == null || !extensions.contains(extension)) {
                return in.slice(sliceDescription, offset, length);
            }
            return heapInput(sliceDescription, file, context, () -> in.slice(sliceDescription, offset, length),
                    () -> in.slice(sliceDescription, offset, length));
        }

        @Override
        public CompoundInput clone() {
            return new CompoundInput(file, in.clone(), context);
        }
    }
}
