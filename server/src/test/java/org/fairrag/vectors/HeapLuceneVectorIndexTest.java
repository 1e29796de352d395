package org.fairrag.vectors;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.lucene.index.IndexFileNames;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The embedded index with its HNSW graphs and quantized vectors read from the heap ({@code FAIRRAG_VECTOR_MEMORY=heap}):
 * the whole contract, the same hits as from the mapped files, and the copies following the segments on disk.
 */
class HeapLuceneVectorIndexTest extends VectorIndexContract {

    private static final LuceneVectorIndex.Options HEAP = LuceneVectorIndex.Options.DEFAULT.withExactBelow(0)
            .withQuantization(VectorQuantization.INT8).withMemory(VectorMemory.HEAP);
    private static final LuceneVectorIndex.Options MAPPED = HEAP.withMemory(VectorMemory.MAPPED);
    private static final int DIMENSION = EMBEDDER.dimension();

    private static LuceneVectorIndex index;

    @BeforeAll
    static void open() {
        index = open(TestFairrag.newDir("vectors-heap"), HEAP);
        index.upsertArticles(ARTICLES);
    }

    @AfterAll
    static void close() {
        index.close();
    }

    @Override
    VectorIndex index() {
        return index;
    }

    @Test
    void should_read_the_graph_and_the_quantized_vectors_from_the_heap_and_nothing_else() {
        Set<String> extensions = index.vectorHeapFiles().stream().map(IndexFileNames::getExtension).collect(Collectors.toSet());

        assertThat(extensions).containsExactlyInAnyOrder("vex", "veq");
        assertThat(index.vectorHeapBytes()).isGreaterThan((long) ARTICLES.size() * DIMENSION);
    }

    @Test
    void should_copy_nothing_when_mapped() {
        try (LuceneVectorIndex mapped = open(TestFairrag.newDir("vectors-heap-mapped"), MAPPED)) {
            mapped.upsertArticles(ARTICLES.subList(0, 10));

            assertThat(mapped.vectorHeapFiles()).isEmpty();
            assertThat(mapped.vectorHeapBytes()).isZero();
        }
    }

    @Test
    void should_find_what_the_mapped_files_give_after_writes_deletes_and_a_merge_made_with_the_heap_setting() {
        Path dir = TestFairrag.newDir("vectors-heap-same");
        Random random = new Random(16);
        List<float[]> queries = Stream.generate(() -> RandomVectors.unit(random, DIMENSION)).limit(20).toList();
        Set<String> deleted = Set.of(pid(7), pid(310), pid(650));
        List<List<ChunkHit>> written;
        try (LuceneVectorIndex heap = open(dir, HEAP)) {
            for (int batch = 0; batch < 3; batch++) {
                heap.upsertArticles(randomArticles(random, batch * 300, 300));
            }
            heap.deleteArticles(deleted);
            heap.upsertArticles(randomArticles(random, 900, 100));
            written = searches(heap, queries);
        }
        assertThat(written).allSatisfy(hits -> assertThat(hits).hasSize(10)
                .noneMatch(h -> deleted.contains(h.articlePid())));
        // Nothing the heap setting wrote stayed on the heap only: the same searches on the files, mapped.
        try (LuceneVectorIndex mapped = open(dir, MAPPED)) {
            assertThat(mapped.articleCount()).isEqualTo(997);
            assertThat(searches(mapped, queries)).isEqualTo(written);
        }

        List<List<ChunkHit>> merged;
        try (LuceneVectorIndex heap = open(dir, HEAP)) {
            heap.optimize();
            merged = searches(heap, queries);
        }
        try (LuceneVectorIndex mapped = open(dir, MAPPED)) {
            assertThat(mapped.articleCount()).isEqualTo(997);
            assertThat(searches(mapped, queries)).isEqualTo(merged);
        }
    }

    @Test
    void should_drop_the_copies_of_segments_merged_away_or_deleted_whole() throws IOException {
        Path dir = TestFairrag.newDir("vectors-heap-merge");
        Random random = new Random(61);
        try (LuceneVectorIndex heap = open(dir, HEAP)) {
            for (int batch = 0; batch < 3; batch++) {
                heap.upsertArticles(randomArticles(random, batch * 200, 200));
            }
            heap.commit();
            Set<String> before = segmentsCopied(heap);
            assertThat(before).hasSize(3).isEqualTo(segmentsOnDisk(dir));

            // Every article of the second segment deleted: Lucene drops that segment.
            heap.deleteArticles(java.util.stream.IntStream.range(200, 400).mapToObj(HeapLuceneVectorIndexTest::pid).toList());
            heap.commit();
            assertThat(segmentsCopied(heap)).hasSize(2).isSubsetOf(before).isEqualTo(segmentsOnDisk(dir));

            heap.optimize();
            Set<String> after = segmentsCopied(heap);
            assertThat(after).hasSize(1).doesNotContainAnyElementsOf(before).isEqualTo(segmentsOnDisk(dir));
            assertThat(heap.articleCount()).isEqualTo(400);
        }
    }

    private static Set<String> segmentsCopied(LuceneVectorIndex idx) {
        return idx.vectorHeapFiles().stream().map(IndexFileNames::parseSegmentName).collect(Collectors.toSet());
    }

    /** The segments whose vector data is on disk, as a compound file or as files of their own. */
    private static Set<String> segmentsOnDisk(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir.resolve("articles"))) {
            return files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".cfs") || n.endsWith(".vex"))
                    .map(IndexFileNames::parseSegmentName).collect(Collectors.toSet());
        }
    }

    private static List<List<ChunkHit>> searches(LuceneVectorIndex idx, List<float[]> queries) {
        List<List<ChunkHit>> out = new ArrayList<>();
        for (float[] q : queries) {
            out.add(idx.nearestChunks(q, 10, ArticleFilter.publicArticles()));
            out.add(idx.nearestChunks(q, 10, ArticleFilter.publicTaggedWithAny(Set.of("D000001"))));
        }
        return out;
    }

    private static List<IndexedArticle> randomArticles(Random random, int first, int count) {
        List<IndexedArticle> out = new ArrayList<>();
        for (int i = first; i < first + count; i++) {
            List<IndexedChunk> chunks = List.of(new IndexedChunk("chunk a of " + i, RandomVectors.unit(random, DIMENSION)),
                    new IndexedChunk("chunk b of " + i, RandomVectors.unit(random, DIMENSION)));
            out.add(new IndexedArticle(new ArticleFields(pid(i), Integer.toString(i), "Article " + i, null, 2000 + i % 20,
                    ArticleFilter.PUBLIC, List.of("D00000" + (i % 3))), "sha256:h-" + i, chunks));
        }
        return out;
    }

    private static String pid(int i) {
        return "http://fairrag.test/pid/h-" + i;
    }

    private static LuceneVectorIndex open(Path dir, LuceneVectorIndex.Options options) {
        return LuceneVectorIndex.open(dir, EMBEDDER.modelName(), EMBEDDER.dimension(), options);
    }
}
