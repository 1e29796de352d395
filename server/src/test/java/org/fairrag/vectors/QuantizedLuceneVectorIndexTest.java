package org.fairrag.vectors;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.lucene.codecs.lucene99.Lucene99HnswScalarQuantizedVectorsFormat;
import org.apache.lucene.codecs.lucene99.Lucene99HnswVectorsFormat;
import org.apache.lucene.codecs.perfield.PerFieldKnnVectorsFormat;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The embedded index with int8 scalar-quantized HNSW ({@code FAIRRAG_VECTOR_QUANTIZATION=int8}): the whole contract, and switching. */
class QuantizedLuceneVectorIndexTest extends VectorIndexContract {

    private static final LuceneVectorIndex.Options INT8 = LuceneVectorIndex.Options.DEFAULT.withExactBelow(0)
            .withQuantization(VectorQuantization.INT8);
    private static final List<String> QUERIES = List.of("oral cancer surgery", "children with asthma", "gene expression in tumours");

    private static LuceneVectorIndex index;

    @BeforeAll
    static void open() {
        index = open(TestFairrag.newDir("vectors-int8"), INT8);
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
    void should_write_the_chunk_vectors_quantized() throws IOException {
        assertThat(vectorFormats(TestFairrag.newDir("unused"))).isEmpty();
        Path dir = TestFairrag.newDir("vectors-int8-format");
        try (LuceneVectorIndex idx = open(dir, INT8)) {
            idx.upsertArticles(ARTICLES.subList(0, 5));
        }

        assertThat(vectorFormats(dir)).containsExactly(Lucene99HnswScalarQuantizedVectorsFormat.NAME);
    }

    @Test
    void should_find_what_exact_search_finds_on_a_small_index() {
        for (String q : QUERIES) {
            float[] v = EMBEDDER.embed(q);

            assertThat(index.nearestChunks(v, 10, ArticleFilter.publicArticles()))
                    .isEqualTo(index.exactNearestChunks(v, 10, ArticleFilter.publicArticles()));
        }
    }

    @Test
    void should_rescore_enough_candidates_with_float_vectors_that_rounding_does_not_choose_the_ten_nearest() {
        // 60 articles nearer to the query than the others and closer to each other than int8 rounding tells apart:
        // their order by quantized score is not their order by float score.
        java.util.Random random = new java.util.Random(41);
        float[] query = RandomVectors.unit(random, EMBEDDER.dimension());
        List<IndexedArticle> articles = new java.util.ArrayList<>();
        for (int i = 0; i < 300; i++) {
            float[] vector = i < 60 ? RandomVectors.near(random, query, 0.05f) : RandomVectors.unit(random, EMBEDDER.dimension());
            articles.add(new IndexedArticle(new ArticleFields("http://fairrag.test/pid/r-" + i, Integer.toString(i), "R " + i,
                    null, 2000, "public", List.of()), "sha256:r-" + i, List.of(new IndexedChunk("r " + i, vector))));
        }
        try (LuceneVectorIndex idx = open(TestFairrag.newDir("vectors-int8-rescore"), INT8)) {
            idx.upsertArticles(articles);

            for (int k : new int[] {1, 5, 10}) {
                assertThat(idx.nearestChunks(query, k, ArticleFilter.publicArticles()))
                        .isEqualTo(idx.exactNearestChunks(query, k, ArticleFilter.publicArticles()));
            }
        }
    }

    @Test
    void should_read_an_index_written_without_quantization_add_to_it_quantized_and_read_both_back_either_way()
            throws IOException {
        Path dir = TestFairrag.newDir("vectors-switch");
        try (LuceneVectorIndex plain = open(dir, LuceneVectorIndex.Options.DEFAULT.withExactBelow(0))) {
            plain.upsertArticles(ARTICLES.subList(0, 20));
        }
        assertThat(vectorFormats(dir)).containsExactly(Lucene99HnswVectorsFormat.class.getSimpleName());

        try (LuceneVectorIndex quantized = open(dir, INT8)) {
            assertThat(quantized.articleCount()).isEqualTo(20);
            assertFindsWhatExactSearchFinds(quantized);
            quantized.upsertArticles(ARTICLES.subList(20, ARTICLES.size()));
            assertFindsWhatExactSearchFinds(quantized);
        }
        assertThat(vectorFormats(dir)).containsExactlyInAnyOrder(Lucene99HnswVectorsFormat.class.getSimpleName(),
                Lucene99HnswScalarQuantizedVectorsFormat.NAME);

        try (LuceneVectorIndex plainAgain = open(dir, LuceneVectorIndex.Options.DEFAULT.withExactBelow(0))) {
            assertThat(plainAgain.articleCount()).isEqualTo(ARTICLES.size());
            assertFindsWhatExactSearchFinds(plainAgain);
            // Merging rewrites the quantized segment in the format now configured.
            plainAgain.optimize();
            assertFindsWhatExactSearchFinds(plainAgain);
        }
        assertThat(vectorFormats(dir)).containsExactly(Lucene99HnswVectorsFormat.class.getSimpleName());
    }

    private static void assertFindsWhatExactSearchFinds(LuceneVectorIndex idx) {
        for (String q : QUERIES) {
            float[] v = EMBEDDER.embed(q);
            List<ChunkHit> hits = idx.nearestChunks(v, 10, ArticleFilter.publicArticles());

            assertThat(hits).hasSize(10).isEqualTo(idx.exactNearestChunks(v, 10, ArticleFilter.publicArticles()));
        }
    }

    /** The vector formats the segments of the articles index record for their vector field. */
    private static Set<String> vectorFormats(Path dir) throws IOException {
        Set<String> formats = new HashSet<>();
        Path articles = dir.resolve("articles");
        if (!articles.toFile().exists()) {
            return formats;
        }
        try (Directory d = FSDirectory.open(articles); DirectoryReader reader = DirectoryReader.open(d)) {
            for (LeafReaderContext leaf : reader.leaves()) {
                FieldInfo vector = leaf.reader().getFieldInfos().fieldInfo("vector");
                if (vector != null) {
                    formats.add(vector.getAttribute(PerFieldKnnVectorsFormat.PER_FIELD_FORMAT_KEY));
                }
            }
        }
        return formats;
    }

    private static LuceneVectorIndex open(Path dir, LuceneVectorIndex.Options options) {
        return LuceneVectorIndex.open(dir, EMBEDDER.modelName(), EMBEDDER.dimension(), options);
    }
}
