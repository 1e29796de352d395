package org.fairrag.vectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.MergeInfo;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link LuceneVectorIndex.Options#preload()}: the files an HNSW walk reads at random are in the process's memory as
 * soon as the index is open, measured by what Linux says is resident of each mapping, not assumed.
 */
class LuceneVectorIndexPreloadTest {

    private static final int DIMENSION = 384;
    private static final LuceneVectorIndex.Options INT8 = LuceneVectorIndex.Options.DEFAULT.withExactBelow(0)
            .withQuantization(VectorQuantization.INT8);
    /** The first line of a mapping in smaps: its address range. */
    private static final java.util.regex.Pattern MAPPING = java.util.regex.Pattern.compile("[0-9a-f]+-[0-9a-f]+ ");
    private static Path built;

    /** 4,000 articles of one random chunk each: a quantized vector file of about 1.5 MB, an HNSW graph of some 100 KB. */
    @BeforeAll
    static void build() {
        built = TestFairrag.newDir("vectors-preload");
        Random random = new Random(7);
        List<IndexedArticle> articles = new ArrayList<>();
        for (int i = 0; i < 4_000; i++) {
            articles.add(new IndexedArticle(new ArticleFields("http://fairrag.test/pid/p-" + i, Integer.toString(i), "P " + i,
                    null, 2000, "public", List.of()), "sha256:p-" + i,
                    List.of(new IndexedChunk("p " + i, RandomVectors.unit(random, DIMENSION)))));
        }
        try (LuceneVectorIndex index = LuceneVectorIndex.open(built, "random", DIMENSION, INT8)) {
            index.upsertArticles(articles);
        }
    }

    @Test
    void should_keep_each_segments_files_apart_so_that_the_HNSW_files_can_be_preloaded_by_name() {
        List<String> names = files(built.resolve("articles")).stream().map(p -> p.getFileName().toString()).toList();

        assertThat(names).noneMatch(n -> n.endsWith(".cfs"));
        assertThat(names).anyMatch(n -> n.endsWith(".vex")).anyMatch(n -> n.endsWith(".veq"));
    }

    @Test
    void should_preload_the_graph_and_the_vectors_the_walk_scores_and_nothing_a_merge_reads() {
        var int8 = LuceneVectorIndex.preloaded(VectorQuantization.INT8);
        var floats = LuceneVectorIndex.preloaded(VectorQuantization.NONE);
        IOContext merge = new IOContext(new MergeInfo(10, 1 << 20, false, 1));

        assertThat(int8.test("_0_Lucene99HnswScalarQuantizedVectorsFormat_0.vex", IOContext.DEFAULT)).isTrue();
        assertThat(int8.test("_0_Lucene99HnswScalarQuantizedVectorsFormat_0.veq", IOContext.DEFAULT)).isTrue();
        assertThat(int8.test("_0_Lucene99HnswScalarQuantizedVectorsFormat_0.vec", IOContext.DEFAULT)).isFalse();
        assertThat(floats.test("_0_Lucene99HnswVectorsFormat_0.vec", IOContext.DEFAULT)).isTrue();
        assertThat(floats.test("_0_Lucene912_0.doc", IOContext.DEFAULT)).isFalse();
        assertThat(int8.test("_0_Lucene99HnswScalarQuantizedVectorsFormat_0.vex", merge)).isFalse();
    }

    @Test
    void should_have_the_HNSW_files_resident_once_open_with_preload_and_not_without() throws IOException {
        assumeTrue(Files.isReadable(Path.of("/proc/self/smaps")), "needs Linux's /proc/self/smaps");
        // Two copies, so that each is mapped by one index only.
        Path preloaded = copy(built, TestFairrag.newDir("vectors-preloaded"));
        Path lazy = copy(built, TestFairrag.newDir("vectors-lazy"));
        float[] query = RandomVectors.unit(new Random(11), DIMENSION);

        try (LuceneVectorIndex eager = LuceneVectorIndex.open(preloaded, "random", DIMENSION, INT8.withPreload(true));
             LuceneVectorIndex paged = LuceneVectorIndex.open(lazy, "random", DIMENSION, INT8.withPreload(false))) {
            for (String extension : List.of(".veq", ".vex")) {
                Path eagerFile = only(preloaded.resolve("articles"), extension);
                assertThat(residentBytes(eagerFile)).as("resident of the preloaded " + extension)
                        .isGreaterThanOrEqualTo(Files.size(eagerFile) * 9 / 10);
            }
            // Opening reads a file's header and footer, and Linux maps up to 64 KB around each page read: the graph
            // here is too small to tell, the vectors are not.
            Path pagedVectors = only(lazy.resolve("articles"), ".veq");
            assertThat(residentBytes(pagedVectors)).as("resident of the int8 vectors not preloaded")
                    .isLessThan(Files.size(pagedVectors) / 2);
            assertThat(eager.nearestChunks(query, 10, ArticleFilter.publicArticles()))
                    .isEqualTo(paged.nearestChunks(query, 10, ArticleFilter.publicArticles()));
        }
    }

    private static Path copy(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else if (!p.getFileName().toString().equals("write.lock")) {
                    Files.copy(p, target);
                }
            }
        }
        return to;
    }

    private static List<Path> files(Path dir) {
        try (Stream<Path> all = Files.list(dir)) {
            return all.toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path only(Path dir, String extension) {
        List<Path> matching = files(dir).stream().filter(p -> p.toString().endsWith(extension)).toList();
        assertThat(matching).as(extension + " files in " + dir).hasSize(1);
        return matching.get(0);
    }

    /** What the process has resident of its mappings of {@code file}, by {@code /proc/self/smaps}. */
    private static long residentBytes(Path file) throws IOException {
        String path = file.toRealPath().toString();
        long kb = 0;
        boolean inFile = false;
        for (String line : Files.readAllLines(Path.of("/proc/self/smaps"))) {
            if (MAPPING.matcher(line).lookingAt()) {
                inFile = line.endsWith(" " + path);
            } else if (inFile && line.startsWith("Rss:")) {
                kb += Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        return kb * 1024;
    }
}
