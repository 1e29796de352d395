package org.fairrag.vectors;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.join.BitSetProducer;
import org.apache.lucene.search.join.QueryBitSetProducer;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.junit.jupiter.api.Test;

/**
 * A diversified k-NN search over an index of several segments (blocks of chunks and their article, never merged):
 * each segment's walk keeps the candidates its own chunk vectors call for, the merge keeps the query's.
 */
class SegmentSizedKnnQueryTest {

    private static final int DIMENSION = 32;
    private static final String VECTOR = "vector";
    private static final String KIND = "kind";
    private static final String TAG = "tag";
    private static final BitSetProducer ARTICLES = new QueryBitSetProducer(new TermQuery(new Term(KIND, "article")));

    /** Articles of two chunks, their vectors by article (blocks in segment order). */
    private final List<float[][]> chunks = new ArrayList<>();

    @Test
    void should_walk_each_segment_with_the_candidates_of_its_own_chunk_vectors() throws IOException {
        Random random = new Random(31);
        try (Directory dir = indexOfSegments(random, 200, 100, 50);
             DirectoryReader reader = DirectoryReader.open(dir)) {
            IndexSearcher searcher = new IndexSearcher(reader);
            KnnCandidates rule = new KnnCandidates(5, 0.05);
            // 700 chunk vectors: 35 candidates for the query; 400, 200 and 100 in the segments: 20, 10 and 5.
            int candidates = rule.forChunkVectors(700);
            for (int q = 0; q < 5; q++) {
                SegmentSizedKnnQuery query = new SegmentSizedKnnQuery(VECTOR, RandomVectors.unit(random, DIMENSION), null,
                        candidates, ARTICLES, rule, 5);
                assertThat(reader.leaves()).extracting(query::candidates).containsExactly(20, 10, 5);
                // The segments' walks keep 35 articles in all, which the merge to 35 keeps whole.
                assertThat(articlesBySegment(reader, searcher.search(query, candidates).scoreDocs))
                        .containsExactly(20, 10, 5);
            }
        }
    }

    @Test
    void should_size_a_filtered_walk_by_the_chunks_the_filter_admits_in_each_segment_within_k_and_the_query_s_count()
            throws IOException {
        Random random = new Random(32);
        try (Directory dir = indexOfSegments(random, 200, 100, 50);
             DirectoryReader reader = DirectoryReader.open(dir)) {
            IndexSearcher searcher = new IndexSearcher(reader);
            // Every fourth article is tagged: 100, 50 and 26 admitted chunk vectors.
            AdmittedChunks tagged = AdmittedChunks.of(searcher, new TermQuery(new Term(TAG, "t")));
            SegmentSizedKnnQuery query = new SegmentSizedKnnQuery(VECTOR, RandomVectors.unit(random, DIMENSION), tagged,
                    40, ARTICLES, new KnnCandidates(1, 0.5), 20);
            assertThat(reader.leaves()).extracting(query::candidates).containsExactly(40, 25, 20);
            ScoreDoc[] hits = searcher.search(query, 40).scoreDocs;
            assertThat(hits).hasSize(40);
            for (ScoreDoc hit : hits) {
                assertThat(articleNumber(searcher, hit.doc) % 4).isZero();
            }
        }
    }

    @Test
    void should_find_nearly_all_of_the_exact_ten_nearest_articles_across_segments() throws IOException {
        Random random = new Random(33);
        try (Directory dir = indexOfSegments(random, 1_500, 1_000, 500);
             DirectoryReader reader = DirectoryReader.open(dir)) {
            IndexSearcher searcher = new IndexSearcher(reader);
            KnnCandidates rule = new KnnCandidates(10, 0.02);
            int queries = 40;
            double found = 0;
            double foundWithLeast = 0;
            for (int q = 0; q < queries; q++) {
                float[] vector = RandomVectors.unit(random, DIMENSION);
                Set<Integer> exact = exactTen(vector);
                found += overlap(searcher, new SegmentSizedKnnQuery(VECTOR, vector, null, rule.forChunkVectors(6_000),
                        ARTICLES, rule, 10), exact);
                // The same walks kept to the ten results asked for, as a wrong sizing would.
                foundWithLeast += overlap(searcher, new SegmentSizedKnnQuery(VECTOR, vector, null, 10, ARTICLES, rule, 10),
                        exact);
            }
            assertThat(found / (10.0 * queries)).isGreaterThanOrEqualTo(0.95)
                    .isGreaterThan(foundWithLeast / (10.0 * queries) + 0.05);
        }
    }

    /** How many of the query's ten best articles are in {@code exact} (article numbers in index order). */
    private static int overlap(IndexSearcher searcher, SegmentSizedKnnQuery query, Set<Integer> exact) throws IOException {
        ScoreDoc[] hits = searcher.search(query, 10).scoreDocs;
        int found = 0;
        for (ScoreDoc hit : hits) {
            if (exact.contains(articleNumber(searcher, hit.doc))) {
                found++;
            }
        }
        return found;
    }

    /** The number of the article whose chunk {@code doc} is (articles numbered in the order they were added). */
    private static int articleNumber(IndexSearcher searcher, int doc) throws IOException {
        return Integer.parseInt(searcher.storedFields().document(doc).get("number"));
    }

    private Set<Integer> exactTen(float[] query) {
        List<Integer> order = new ArrayList<>();
        float[] best = new float[chunks.size()];
        for (int a = 0; a < chunks.size(); a++) {
            order.add(a);
            best[a] = Math.max(VectorSimilarityFunction.DOT_PRODUCT.compare(query, chunks.get(a)[0]),
                    VectorSimilarityFunction.DOT_PRODUCT.compare(query, chunks.get(a)[1]));
        }
        order.sort(Comparator.comparingDouble((Integer a) -> best[a]).reversed());
        return new HashSet<>(order.subList(0, 10));
    }

    private static List<Integer> articlesBySegment(DirectoryReader reader, ScoreDoc[] hits) {
        int[] counts = new int[reader.leaves().size()];
        for (ScoreDoc hit : hits) {
            counts[ReaderUtil.subIndex(hit.doc, reader.leaves())]++;
        }
        return java.util.Arrays.stream(counts).boxed().toList();
    }

    /** One segment for each size, of that many articles of two chunks; every fourth article tagged. */
    private Directory indexOfSegments(Random random, int... articlesBySegment) throws IOException {
        Directory dir = new ByteBuffersDirectory();
        try (IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig().setMergePolicy(NoMergePolicy.INSTANCE))) {
            for (int size : articlesBySegment) {
                for (int i = 0; i < size; i++) {
                    int number = chunks.size();
                    float[][] vectors = {RandomVectors.unit(random, DIMENSION), RandomVectors.unit(random, DIMENSION)};
                    chunks.add(vectors);
                    List<Document> block = new ArrayList<>();
                    for (float[] v : vectors) {
                        Document chunk = new Document();
                        chunk.add(new KnnFloatVectorField(VECTOR, v, VectorSimilarityFunction.DOT_PRODUCT));
                        chunk.add(new StringField("number", Integer.toString(number), Field.Store.YES));
                        if (number % 4 == 0) {
                            chunk.add(new StringField(TAG, "t", Field.Store.NO));
                        }
                        block.add(chunk);
                    }
                    Document article = new Document();
                    article.add(new StringField(KIND, "article", Field.Store.NO));
                    block.add(article);
                    writer.addDocuments(block);
                }
                writer.commit();
            }
        }
        return dir;
    }
}
