package org.fairrag.vectors;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.lucene.codecs.Codec;
import org.apache.lucene.codecs.FilterCodec;
import org.apache.lucene.codecs.KnnVectorsFormat;
import org.apache.lucene.codecs.lucene99.Lucene99HnswScalarQuantizedVectorsFormat;
import org.apache.lucene.codecs.perfield.PerFieldKnnVectorsFormat;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexFileNames;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.SegmentCommitInfo;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.store.ByteBuffersIndexInput;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexInput;
import org.apache.lucene.store.IndexOutput;
import org.apache.lucene.store.MergeInfo;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.Test;

/** {@link HeapVectorsDirectory} on real Lucene indexes on disk, with compound and plain segments. */
class HeapVectorsDirectoryTest {

    private static final int DIMENSION = 48;

    @Test
    void should_serve_the_same_bytes_as_the_files_of_a_plain_segment_and_read_other_files_from_disk() throws IOException {
        Path path = TestFairrag.newDir("heap-dir-plain");
        write(path, false, 300);
        try (Directory disk = FSDirectory.open(path); HeapVectorsDirectory heap = new HeapVectorsDirectory(FSDirectory.open(path))) {
            int walked = 0;
            for (String name : disk.listAll()) {
                String extension = IndexFileNames.getExtension(name);
                try (IndexInput fromHeap = heap.openInput(name, IOContext.READ)) {
                    boolean copied = extension != null && HeapVectorsDirectory.WALKED_EXTENSIONS.contains(extension);
                    assertThat(fromHeap instanceof ByteBuffersIndexInput).as(name).isEqualTo(copied);
                    walked += copied ? 1 : 0;
                    try (IndexInput fromDisk = disk.openInput(name, IOContext.READ)) {
                        assertThat(bytes(fromHeap)).as(name).isEqualTo(bytes(fromDisk));
                    }
                }
            }
            assertThat(walked).isEqualTo(2);
            assertThat(heap.copiedFiles()).hasSize(2);
        }
    }

    @Test
    void should_serve_the_walked_slices_of_a_compound_segment_from_the_heap_and_drop_them_with_the_compound_file()
            throws IOException {
        Path path = TestFairrag.newDir("heap-dir-compound");
        write(path, true, 300);
        try (Directory disk = FSDirectory.open(path); HeapVectorsDirectory heap = new HeapVectorsDirectory(FSDirectory.open(path))) {
            SegmentCommitInfo segment = SegmentInfos.readLatestCommit(disk).info(0);
            assertThat(segment.info.getUseCompoundFile()).isTrue();
            Codec codec = segment.info.getCodec();
            try (Directory fromHeap = codec.compoundFormat().getCompoundReader(heap, segment.info, IOContext.READ);
                 Directory fromDisk = codec.compoundFormat().getCompoundReader(disk, segment.info, IOContext.READ)) {
                for (String name : fromDisk.listAll()) {
                    boolean walked = HeapVectorsDirectory.WALKED_EXTENSIONS.contains(IndexFileNames.getExtension(name));
                    try (IndexInput h = fromHeap.openInput(name, IOContext.READ); IndexInput d = fromDisk.openInput(name, IOContext.READ)) {
                        assertThat(h instanceof ByteBuffersIndexInput).as(name).isEqualTo(walked);
                        assertThat(bytes(h)).as(name).isEqualTo(bytes(d));
                    }
                }
            }
            assertThat(heap.copiedFiles()).hasSize(2).allSatisfy(n -> assertThat(n).startsWith(segment.info.name + "_"));
            assertThat(heap.heapBytes()).isGreaterThan(300L * DIMENSION);

            heap.deleteFile(segment.info.name + ".cfs");

            assertThat(heap.copiedFiles()).isEmpty();
            assertThat(heap.heapBytes()).isZero();
            assertThat(disk.listAll()).doesNotContain(segment.info.name + ".cfs");
        }
    }

    @Test
    void should_let_merges_read_from_disk_without_copying() throws IOException {
        Path path = TestFairrag.newDir("heap-dir-merge");
        write(path, false, 50);
        try (HeapVectorsDirectory heap = new HeapVectorsDirectory(FSDirectory.open(path))) {
            String graph = vectorFile(heap, "vex");
            IOContext merge = new IOContext(new MergeInfo(50, 1 << 20, false, 1));

            try (IndexInput in = heap.openInput(graph, merge)) {
                assertThat(in).isNotInstanceOf(ByteBuffersIndexInput.class);
            }
            assertThat(heap.copiedFiles()).isEmpty();

            heap.openInput(graph, IOContext.READ).close();
            try (IndexInput in = heap.openInput(graph, merge)) {
                assertThat(in).isInstanceOf(ByteBuffersIndexInput.class);
            }
        }
    }

    @Test
    void should_write_to_disk_and_drop_a_copy_whose_file_is_deleted_or_written_again() throws IOException {
        Path path = TestFairrag.newDir("heap-dir-writes");
        write(path, false, 50);
        try (Directory disk = FSDirectory.open(path); HeapVectorsDirectory heap = new HeapVectorsDirectory(FSDirectory.open(path))) {
            String graph = vectorFile(heap, "vex");
            heap.openInput(graph, IOContext.READ).close();
            assertThat(heap.copiedFiles()).containsExactly(graph);

            heap.deleteFile(graph);
            assertThat(heap.copiedFiles()).isEmpty();
            assertThat(disk.listAll()).doesNotContain(graph);

            try (IndexOutput out = heap.createOutput(graph, IOContext.DEFAULT)) {
                out.writeInt(16);
            }
            try (IndexInput fromDisk = disk.openInput(graph, IOContext.READ); IndexInput fromHeap = heap.openInput(graph, IOContext.READ)) {
                assertThat(fromDisk.readInt()).isEqualTo(16);
                assertThat(fromHeap.readInt()).isEqualTo(16);
            }
            assertThat(heap.copiedFiles()).containsExactly(graph);
            try (IndexOutput out = heap.createOutput(graph + "-tmp", IOContext.DEFAULT)) {
                out.writeInt(61);
            }
            heap.rename(graph + "-tmp", graph);
            assertThat(heap.copiedFiles()).isEmpty();
            try (IndexInput fromHeap = heap.openInput(graph, IOContext.READ)) {
                assertThat(fromHeap.readInt()).isEqualTo(61);
            }
        }
    }

    @Test
    void should_find_with_the_copies_what_the_files_give() throws IOException {
        Path path = TestFairrag.newDir("heap-dir-search");
        write(path, true, 500);
        write(path, false, 500);
        Random random = new Random(7);
        for (int q = 0; q < 10; q++) {
            float[] query = RandomVectors.unit(random, DIMENSION);
            try (Directory disk = FSDirectory.open(path); Directory heap = new HeapVectorsDirectory(FSDirectory.open(path));
                 DirectoryReader fromDisk = DirectoryReader.open(disk); DirectoryReader fromHeap = DirectoryReader.open(heap)) {
                assertThat(fromHeap.leaves()).hasSize(2);
                assertThat(((HeapVectorsDirectory) heap).copiedFiles()).hasSize(4);
                assertThat(docs(fromHeap, query)).hasSize(10).isEqualTo(docs(fromDisk, query));
            }
        }
    }

    private static List<Integer> docs(DirectoryReader reader, float[] query) throws IOException {
        List<Integer> docs = new ArrayList<>();
        for (ScoreDoc d : new IndexSearcher(reader).search(new KnnFloatVectorQuery("v", query, 10), 10).scoreDocs) {
            docs.add(d.doc);
        }
        return docs;
    }

    /** Adds a segment of {@code count} random vectors, int8-quantized, as a compound file or as files of its own. */
    private static void write(Path path, boolean compound, int count) throws IOException {
        KnnVectorsFormat int8 = new Lucene99HnswScalarQuantizedVectorsFormat();
        Codec codec = new FilterCodec(Codec.getDefault().getName(), Codec.getDefault()) {
            @Override
            public org.apache.lucene.codecs.KnnVectorsFormat knnVectorsFormat() {
                return new PerFieldKnnVectorsFormat() {
                    @Override
                    public KnnVectorsFormat getKnnVectorsFormatForField(String field) {
                        return int8;
                    }
                };
            }
        };
        Random random = new Random(count + (compound ? 1 : 0));
        try (Directory dir = FSDirectory.open(path);
             IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig().setCodec(codec).setUseCompoundFile(compound))) {
            for (int i = 0; i < count; i++) {
                Document doc = new Document();
                doc.add(new KnnFloatVectorField("v", RandomVectors.unit(random, DIMENSION), VectorSimilarityFunction.DOT_PRODUCT));
                writer.addDocument(doc);
            }
            writer.commit();
        }
    }

    private static String vectorFile(Directory dir, String extension) throws IOException {
        for (String name : dir.listAll()) {
            if (extension.equals(IndexFileNames.getExtension(name))) {
                return name;
            }
        }
        throw new AssertionError("no ." + extension + " file in " + List.of(dir.listAll()));
    }

    private static byte[] bytes(IndexInput in) throws IOException {
        byte[] out = new byte[(int) in.length()];
        in.seek(0);
        in.readBytes(out, 0, out.length);
        return out;
    }
}
