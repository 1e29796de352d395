package org.fairrag.vectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.fairrag.embed.Chunker;
import org.fairrag.embed.Vectors;
import org.fairrag.ingest.Article;
import org.fairrag.search.ArticleIndexer;
import org.fairrag.testing.DemoRecords;
import org.fairrag.testing.TestFairrag;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class LuceneVectorIndexTest extends VectorIndexContract {

    private static LuceneVectorIndex index;

    @BeforeAll
    static void open() {
        // Walks the HNSW graph even at this size, where a search would otherwise be exact (EXACT_BELOW).
        index = LuceneVectorIndex.open(TestFairrag.newDir("vectors"), EMBEDDER.modelName(), EMBEDDER.dimension(), HNSW);
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
    void should_reopen_with_the_same_vectors_and_embed_nothing_again() {
        Path dir = TestFairrag.newDir("vectors-restart");
        List<Article> articles = articles(RECORDS.subList(0, 12));
        float[] query = EMBEDDER.embed("tumour growth and survival");
        List<ChunkHit> before;
        try (LuceneVectorIndex first = open(dir)) {
            ArticleIndexer indexer = new ArticleIndexer(first, EMBEDDER, new Chunker());
            indexer.index(articles);
            assertThat(indexer.embeddedChunks()).isGreaterThan(articles.size());
            before = first.nearestChunks(query, 5, ArticleFilter.publicArticles());
        }

        try (LuceneVectorIndex reopened = open(dir)) {
            ArticleIndexer indexer = new ArticleIndexer(reopened, EMBEDDER, new Chunker());
            indexer.index(articles);

            assertThat(indexer.embeddedChunks()).isZero();
            assertThat(reopened.articleCount()).isEqualTo(articles.size());
            assertThat(reopened.nearestChunks(query, 5, ArticleFilter.publicArticles())).hasSize(5).isEqualTo(before);
        }
    }

    @Test
    void should_take_new_tags_without_embedding_the_text_again_and_embed_a_new_text() {
        List<Article> articles = articles(RECORDS.subList(12, 16));
        try (LuceneVectorIndex idx = open(TestFairrag.newDir("vectors-update"))) {
            ArticleIndexer indexer = new ArticleIndexer(idx, EMBEDDER, new Chunker());
            indexer.index(articles);
            long embedded = indexer.embeddedChunks();
            Article a = articles.get(0);

            indexer.index(List.of(withSubjects(a, List.of("D000003"))));
            assertThat(indexer.embeddedChunks()).isEqualTo(embedded);
            assertThat(idx.countArticles(ArticleFilter.publicTaggedWithAny(Set.of("D000003")))).isEqualTo(1);

            indexer.index(List.of(withAbstract(a, "A new abstract. It has two sentences.")));
            assertThat(indexer.embeddedChunks()).isEqualTo(embedded + 1);
            assertThat(idx.chunks(a.pid())).extracting(IndexedChunk::text)
                    .containsExactly(a.title() + " A new abstract. It has two sentences.");
        }
    }

    @Test
    void should_start_afresh_when_opened_for_vectors_of_another_model() {
        Path dir = TestFairrag.newDir("vectors-model");
        try (LuceneVectorIndex first = open(dir)) {
            first.upsertArticles(ARTICLES.subList(0, 3));
        }

        try (LuceneVectorIndex other = LuceneVectorIndex.open(dir, "another-model", EMBEDDER.dimension())) {
            assertThat(other.articleCount()).isZero();
        }
    }

    /**
     * Replays a finding of the access-level red team (2026-11-24): restricted articles moved a public caller's BM25
     * scores (Lucene's word statistics counted every chunk), which told how many restricted chunks hold a word.
     */
    @Test
    void should_score_a_public_word_search_by_the_public_chunks_alone_whatever_the_restricted_ones_hold() {
        try (LuceneVectorIndex idx = open(TestFairrag.newDir("vectors-scoped-bm25"))) {
            idx.upsertArticles(ARTICLES.subList(0, 20));
            idx.upsertArticles(restrictedCopies(ARTICLES.subList(20, 21)));
            String query = String.join(" ", List.of(ARTICLES.get(0).chunks().get(0).text().split("\\s+")).subList(0, 8));
            ArticleFilter everything = new ArticleFilter(List.of(), Set.of(), null, null, Set.of("public", "restricted"));
            List<ChunkHit> before = idx.matchingChunks(query, 5, ArticleFilter.publicArticles());
            List<ChunkHit> readerBefore = idx.matchingChunks(query, 5, everything);

            // The same texts again, restricted: every word of the query now in twice as many chunks.
            idx.upsertArticles(restrictedCopies(ARTICLES.subList(0, 20)));
            List<ChunkHit> after = idx.matchingChunks(query, 5, ArticleFilter.publicArticles());
            List<ChunkHit> readerAfter = idx.matchingChunks(query, 40, everything);

            assertThat(before).isNotEmpty();
            assertThat(after).isEqualTo(before);
            // A caller who reads both levels is scored over both, and finds the copies.
            assertThat(readerAfter).anyMatch(h -> h.articlePid().endsWith("-restricted"));
            assertThat(readerAfter.get(0).score()).isNotEqualTo(readerBefore.get(0).score());
        }
    }

    private static List<IndexedArticle> restrictedCopies(List<IndexedArticle> articles) {
        return articles.stream().map(a -> new IndexedArticle(new ArticleFields(a.pid() + "-restricted", a.fields().pmid(),
                a.fields().title(), a.fields().journal(), a.fields().year(), "restricted", a.fields().termIds()),
                a.checksum(), a.chunks())).toList();
    }

    @Test
    void should_match_a_text_with_more_words_than_a_boolean_query_may_hold() {
        IndexedArticle target = ARTICLES.get(3);
        // An abstract sent to annotate may be 20,000 characters: more word positions than Lucene's 1,024 clauses.
        String longText = "zzqx ".repeat(1_100) + target.chunks().get(0).text();

        List<ChunkHit> hits = index.matchingChunks(longText, 3, ArticleFilter.publicArticles());

        assertThat(hits).isNotEmpty();
        assertThat(hits.get(0).articlePid()).isEqualTo(target.fields().pid());
    }

    @Test
    void should_find_what_exact_search_finds_on_a_small_index() {
        for (String q : List.of("oral cancer surgery", "children with asthma", "gene expression in tumours")) {
            float[] v = EMBEDDER.embed(q);

            assertThat(index.nearestChunks(v, 10, ArticleFilter.publicArticles()))
                    .extracting(ChunkHit::articlePid)
                    .containsExactlyElementsOf(index.exactNearestChunks(v, 10, ArticleFilter.publicArticles())
                            .stream().map(ChunkHit::articlePid).toList());
        }
    }

    @Test
    void should_search_exactly_below_the_size_where_the_graph_pays_with_the_same_chunks_and_scores() {
        Path dir = TestFairrag.newDir("vectors-exact-below");
        try (LuceneVectorIndex small = LuceneVectorIndex.open(dir, EMBEDDER.modelName(), EMBEDDER.dimension())) {
            small.upsertArticles(ARTICLES);
            for (String q : List.of("oral cancer surgery", "children with asthma")) {
                float[] v = EMBEDDER.embed(q);
                ArticleFilter filter = ArticleFilter.publicArticles();

                assertThat(small.nearestChunks(v, 10, filter)).as(q).usingRecursiveFieldByFieldElementComparator()
                        .containsExactlyElementsOf(small.exactNearestChunks(v, 10, filter));
            }
        }
    }

    @Test
    void should_walk_the_graph_with_as_many_candidates_as_the_setting_gives_for_the_index_s_size() {
        // Random directions in 384 dimensions: hard for a graph walk, so that few candidates miss neighbours.
        Random random = new Random(16);
        List<IndexedArticle> noise = new ArrayList<>();
        for (int i = 0; i < 3_000; i++) {
            noise.add(new IndexedArticle(new ArticleFields("http://fairrag.test/pid/noise-" + i, Integer.toString(i),
                    "Noise " + i, null, 2000, "public", List.of()), "sha256:noise-" + i,
                    List.of(new IndexedChunk("noise " + i, unit(random)))));
        }
        List<float[]> queries = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            queries.add(unit(random));
        }
        Path dir = TestFairrag.newDir("vectors-candidates");
        try (LuceneVectorIndex idx = LuceneVectorIndex.open(dir, EMBEDDER.modelName(), EMBEDDER.dimension(),
                HNSW.withKnnCandidates(KnnCandidates.fixed(10)))) {
            idx.upsertArticles(noise);

            assertThat(idx.knnCandidatesNow(ArticleFilter.publicArticles())).isEqualTo(10);
            assertThat(recallAt10(idx, queries)).isLessThan(0.95);
        }
        // The same graph, with a rule that keeps every vector of the index as a candidate: the walk sees them all.
        try (LuceneVectorIndex idx = LuceneVectorIndex.open(dir, EMBEDDER.modelName(), EMBEDDER.dimension(),
                HNSW.withKnnCandidates(new KnnCandidates(10, 1.0)))) {
            assertThat(idx.knnCandidatesNow(ArticleFilter.publicArticles())).isEqualTo(3_000);
            assertThat(recallAt10(idx, queries)).isEqualTo(1.0);
        }
    }

    @Test
    void should_count_the_vectors_of_every_segment_for_the_candidates() {
        List<IndexedArticle> first = new ArrayList<>();
        List<IndexedArticle> second = new ArrayList<>();
        Random random = new Random(17);
        for (int i = 0; i < 400; i++) {
            (i < 300 ? first : second).add(new IndexedArticle(new ArticleFields("http://fairrag.test/pid/s-" + i,
                    Integer.toString(i), "S " + i, null, 2000, "public", List.of()), "sha256:s-" + i,
                    List.of(new IndexedChunk("s " + i, unit(random)))));
        }
        Path dir = TestFairrag.newDir("vectors-candidates-segments");
        try (LuceneVectorIndex idx = LuceneVectorIndex.open(dir, EMBEDDER.modelName(), EMBEDDER.dimension(),
                HNSW.withKnnCandidates(new KnnCandidates(5, 0.1)))) {
            assertThat(idx.knnCandidatesNow(ArticleFilter.publicArticles())).isEqualTo(5);
            idx.upsertArticles(first);
            idx.upsertArticles(second);

            assertThat(idx.knnCandidatesNow(ArticleFilter.publicArticles())).isEqualTo(40);
        }
        try (Directory d = FSDirectory.open(dir.resolve("articles"))) {
            assertThat(SegmentInfos.readLatestCommit(d).size()).isEqualTo(2);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void should_walk_the_segments_on_the_search_threads_and_find_what_one_thread_finds() {
        // Three segments of 200 articles; 600 candidates, so every walk keeps all of its segment's chunks.
        Random random = new Random(23);
        List<IndexedArticle> all = twoChunkArticles(random, 600, "p", i -> List.of("D000001"));
        Path dir = TestFairrag.newDir("vectors-search-threads");
        LuceneVectorIndex.Options options = HNSW.withKnnCandidates(KnnCandidates.fixed(600));
        try (LuceneVectorIndex idx = LuceneVectorIndex.open(dir, EMBEDDER.modelName(), EMBEDDER.dimension(), options)) {
            for (int s = 0; s < 3; s++) {
                idx.upsertArticles(all.subList(200 * s, 200 * (s + 1)));
            }
        }
        List<float[]> queries = new ArrayList<>();
        for (int q = 0; q < 8; q++) {
            queries.add(unit(random));
        }
        List<List<ChunkHit>> alone = new ArrayList<>();
        try (LuceneVectorIndex idx = LuceneVectorIndex.open(dir, EMBEDDER.modelName(), EMBEDDER.dimension(), options)) {
            assertThat(segments(dir)).isEqualTo(3);
            for (float[] query : queries) {
                alone.add(idx.nearestChunks(query, 10, ArticleFilter.publicArticles()));
            }
            assertThat(idx.segmentSearchTasks()).isZero();
        }
        try (LuceneVectorIndex idx = LuceneVectorIndex.open(dir, EMBEDDER.modelName(), EMBEDDER.dimension(),
                options.withSearchThreads(3))) {
            List<List<ChunkHit>> together = new ArrayList<>();
            for (float[] query : queries) {
                together.add(idx.nearestChunks(query, 10, ArticleFilter.publicArticles()));
                assertThat(together.get(together.size() - 1)).usingRecursiveFieldByFieldElementComparator()
                        .containsExactlyElementsOf(idx.exactNearestChunks(query, 10, ArticleFilter.publicArticles()));
            }
            assertThat(together).usingRecursiveFieldByFieldElementComparator().isEqualTo(alone);
            // Two of each walk's three segments were handed to the helping threads. A handed task the searching thread
            // finished first is left to run (and find nothing) after the search returns, so the last ones may still run.
            Awaitility.await().atMost(Duration.ofSeconds(30))
                    .until(() -> idx.segmentSearchTasks() >= 2L * queries.size());
        }
    }

    private static int segments(Path dir) {
        try (Directory d = FSDirectory.open(dir.resolve("articles"))) {
            return SegmentInfos.readLatestCommit(d).size();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void should_refuse_fewer_than_one_search_thread() {
        assertThatThrownBy(() -> HNSW.withSearchThreads(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 1 thread");
    }

    @Test
    void should_size_a_filtered_search_s_candidates_from_the_chunk_vectors_the_filter_admits() {
        // Two chunks an article; the first 100 articles carry two terms of one exploded group, the others a third term.
        Random random = new Random(18);
        List<IndexedArticle> tagged = twoChunkArticles(random, 400, "t",
                i -> i < 100 ? List.of("D000001", "D000003") : List.of("D000002"));
        try (LuceneVectorIndex idx = LuceneVectorIndex.open(TestFairrag.newDir("vectors-candidates-filter"),
                EMBEDDER.modelName(), EMBEDDER.dimension(), HNSW.withKnnCandidates(new KnnCandidates(5, 0.5)))) {
            idx.upsertArticles(tagged);
            idx.deleteArticles(List.of("http://fairrag.test/pid/t-0", "http://fairrag.test/pid/t-1"));
            ArticleFilter group = ArticleFilter.publicTaggedWithAny(Set.of("D000001", "D000003"));

            // 98 live articles of two chunks each. The terms' document counts (articles, chunks, both terms, deleted
            // blocks) say 600, which gave 300 candidates.
            assertThat(idx.searchPlanNow(group).admitted()).isEqualTo(196);
            assertThat(idx.knnCandidatesNow(group)).isEqualTo(98);
            assertThat(idx.knnCandidatesNow(ArticleFilter.publicArticles())).isEqualTo(400);
            assertThat(idx.knnCandidatesNow(ArticleFilter.publicTaggedWithAny(Set.of("D000001", "D000002")))).isEqualTo(398);
            assertThat(idx.knnCandidatesNow(new ArticleFilter(List.of(Set.of("D000002"), Set.of("D000001")), Set.of(), null,
                    null, Set.of("public")))).isEqualTo(5);
            assertThat(idx.knnCandidatesNow(ArticleFilter.publicTaggedWithAny(Set.of("D999999")))).isEqualTo(5);
            assertThat(idx.nearestChunks(unit(random), 10, group)).extracting(ChunkHit::articlePid)
                    .allMatch(pid -> Integer.parseInt(pid.substring(pid.lastIndexOf('-') + 1)) >= 2
                            && Integer.parseInt(pid.substring(pid.lastIndexOf('-') + 1)) < 100).hasSize(10);
        }
    }

    @Test
    void should_rank_hits_by_score_then_the_earlier_document_in_a_total_order() {
        org.apache.lucene.search.ScoreDoc early = new org.apache.lucene.search.ScoreDoc(3, 0.5f);
        org.apache.lucene.search.ScoreDoc late = new org.apache.lucene.search.ScoreDoc(7, 0.5f);
        org.apache.lucene.search.ScoreDoc best = new org.apache.lucene.search.ScoreDoc(9, 0.6f);

        assertThat(LuceneVectorIndex.RANKING.compare(early, early)).isZero();
        assertThat(LuceneVectorIndex.RANKING.compare(early, new org.apache.lucene.search.ScoreDoc(3, 0.5f))).isZero();
        assertThat(java.util.stream.Stream.of(late, early, best).sorted(LuceneVectorIndex.RANKING)).containsExactly(best, early, late);
    }

    @Test
    void should_break_ties_to_the_earlier_document_when_it_scores_the_admitted_chunks_one_by_one() {
        // 300 articles tagged D000001 whose chunks all have one vector, among 1,700 random others: the filter admits
        // few enough to be scored one by one, and every admitted chunk ties with every other.
        Random random = new Random(20);
        float[] shared = unit(random);
        List<IndexedArticle> articles = new ArrayList<>(twoChunkArticles(random, 1_700, "o", i -> List.of("D000002")));
        for (int i = 0; i < 300; i++) {
            articles.add(new IndexedArticle(new ArticleFields("http://fairrag.test/pid/s-" + i, Integer.toString(i), "S " + i,
                    null, 2000, "public", List.of("D000001")), "sha256:s-" + i,
                    List.of(new IndexedChunk("s " + i + " a", shared), new IndexedChunk("s " + i + " b", shared))));
        }
        try (LuceneVectorIndex idx = LuceneVectorIndex.open(TestFairrag.newDir("vectors-exact-ties"),
                EMBEDDER.modelName(), EMBEDDER.dimension(), HNSW.withKnnCandidates(KnnCandidates.fixed(10)))) {
            idx.upsertArticles(articles);
            ArticleFilter tied = ArticleFilter.publicTaggedWithAny(Set.of("D000001"));
            assertThat(idx.searchPlanNow(tied).exact()).isTrue();

            for (int k : new int[] {1, 10, 50}) {
                assertThat(idx.nearestChunks(shared, k, tied)).usingRecursiveFieldByFieldElementComparator()
                        .containsExactlyElementsOf(idx.exactNearestChunks(shared, k, tied));
            }
        }
    }

    @Test
    void should_score_the_admitted_chunks_one_by_one_when_a_filter_admits_few_and_walk_when_it_admits_many() {
        // 2,000 articles of two chunks; 300 tagged D000001, the others D000002. With 10 candidates a walk costs about
        // 500 vectors, times 4,000 / admitted with a filter: more than scoring 600 vectors, less than 3,400.
        Random random = new Random(19);
        List<IndexedArticle> tagged = twoChunkArticles(random, 2_000, "f", i -> List.of(i < 300 ? "D000001" : "D000002"));
        try (LuceneVectorIndex idx = LuceneVectorIndex.open(TestFairrag.newDir("vectors-filter-exact"),
                EMBEDDER.modelName(), EMBEDDER.dimension(), HNSW.withKnnCandidates(KnnCandidates.fixed(10)))) {
            idx.upsertArticles(tagged);
            idx.deleteArticles(List.of("http://fairrag.test/pid/f-300", "http://fairrag.test/pid/f-301"));
            ArticleFilter few = ArticleFilter.publicTaggedWithAny(Set.of("D000001"));
            ArticleFilter many = ArticleFilter.publicTaggedWithAny(Set.of("D000002"));

            assertThat(idx.searchPlanNow(few)).isEqualTo(new LuceneVectorIndex.SearchPlan(4_000, 600, 10, true));
            assertThat(idx.searchPlanNow(many)).isEqualTo(new LuceneVectorIndex.SearchPlan(4_000, 3_396, 10, false));
            for (int q = 0; q < 5; q++) {
                float[] query = unit(random);
                assertThat(idx.nearestChunks(query, 10, few)).usingRecursiveFieldByFieldElementComparator()
                        .containsExactlyElementsOf(idx.exactNearestChunks(query, 10, few));
                // Next to a deleted article's chunk: the walk must pass it over.
                float[] nearDeleted = RandomVectors.near(random, tagged.get(301).chunks().get(0).vector(), 0.1f);
                assertThat(idx.nearestChunks(nearDeleted, 10, many)).hasSize(10).extracting(ChunkHit::articlePid)
                        .allMatch(pid -> Integer.parseInt(pid.substring(pid.lastIndexOf('-') + 1)) >= 302);
            }
        }
    }

    @Test
    void should_choose_between_exact_search_and_the_walk_by_their_cost_on_the_bench_s_filter() {
        // The exploded Neoplasms filter of `bench search` admits 28% of the chunk vectors (README, Capacity).
        assertThat(LuceneVectorIndex.exactIsCheaper(27_880, 100_000, 600)).isTrue();
        assertThat(LuceneVectorIndex.exactIsCheaper(278_800, 1_000_000, KnnCandidates.SCALED.forChunkVectors(278_800)))
                .isFalse();
        // Without a filter, the size below which the exact search wins is about EXACT_BELOW.
        assertThat(LuceneVectorIndex.exactIsCheaper(20_000, 20_000, 600)).isTrue();
        assertThat(LuceneVectorIndex.exactIsCheaper(40_000, 40_000, 600)).isFalse();
        assertThat(LuceneVectorIndex.exactIsCheaper(0, 1_000_000, 600)).isTrue();
    }

    private static double recallAt10(LuceneVectorIndex idx, List<float[]> queries) {
        double found = 0;
        for (float[] q : queries) {
            Set<String> exact = new java.util.HashSet<>();
            idx.exactNearestChunks(q, 10, ArticleFilter.publicArticles()).forEach(h -> exact.add(h.articlePid()));
            found += idx.nearestChunks(q, 10, ArticleFilter.publicArticles()).stream()
                    .filter(h -> exact.contains(h.articlePid())).count() / 10.0;
        }
        return found / queries.size();
    }

    @Test
    void should_rank_term_names_as_exact_search_does_across_batches_updates_deletions_and_a_restart() {
        Random random = new Random(14);
        Map<String, IndexedTerm> current = new LinkedHashMap<>();
        Path dir = TestFairrag.newDir("vectors-terms");
        try (LuceneVectorIndex idx = open(dir)) {
            for (int batch = 0; batch < 4; batch++) {
                List<IndexedTerm> terms = new ArrayList<>();
                for (int i = 0; i < 50; i++) {
                    String id = "T" + (batch * 50 + i);
                    terms.add(new IndexedTerm(id, "sha256:" + id, List.of(name(id + " a", random), name(id + " b", random))));
                }
                idx.upsertTerms(terms);
                terms.forEach(t -> current.put(t.id(), t));
            }
            IndexedTerm renamed = new IndexedTerm("T7", "sha256:T7'", List.of(name("T7 c", random)));
            idx.upsertTerms(List.of(renamed));
            current.put("T7", renamed);
            idx.deleteTerms(List.of("T8", "T120"));
            current.remove("T8");
            current.remove("T120");
            assertThat(idx.nearestTerms(unit(random), 0)).isEmpty();
        }

        try (LuceneVectorIndex reopened = open(dir)) {
            for (int q = 0; q < 5; q++) {
                float[] query = unit(random);
                List<TermHit> exact = current.values().stream()
                        .flatMap(t -> t.names().stream().map(n -> new TermHit(t.id(), n.text(),
                                VectorSimilarityFunction.DOT_PRODUCT.compare(query, n.vector()))))
                        .sorted(Comparator.comparingDouble(h -> -h.score())).limit(10).toList();

                List<TermHit> found = reopened.nearestTerms(query, 10);
                // The same names in the same order; scores as exact search's but for float rounding (sums in another order).
                assertThat(found).extracting(TermHit::termId, TermHit::name)
                        .containsExactlyElementsOf(exact.stream().map(h -> tuple(h.termId(), h.name())).toList());
                for (int i = 0; i < exact.size(); i++) {
                    assertThat(found.get(i).score()).isCloseTo(exact.get(i).score(), within(1e-6f));
                }
            }
            assertThat(reopened.nearestTerms(current.get("T7").names().get(0).vector(), 1)).extracting(TermHit::name)
                    .containsExactly("T7 c");
        }
    }

    @Test
    void should_start_the_terms_afresh_when_they_were_written_for_the_graph_and_keep_the_articles() throws Exception {
        Path dir = TestFairrag.newDir("vectors-term-format");
        try (LuceneVectorIndex first = open(dir)) {
            first.upsertArticles(ARTICLES.subList(0, 3));
        }
        // The term index as the format before this one left it: names with an HNSW graph.
        try (Directory terms = FSDirectory.open(dir.resolve("terms"));
             IndexWriter w = new IndexWriter(terms, new IndexWriterConfig())) {
            Document d = new Document();
            d.add(new StringField("owner", "D009203", Field.Store.YES));
            d.add(new KnnFloatVectorField("vector", EMBEDDER.embed("Myocardial Infarction"), VectorSimilarityFunction.DOT_PRODUCT));
            w.addDocument(d);
            w.setLiveCommitData(Map.of("fairrag.embedding.model", EMBEDDER.modelName(),
                    "fairrag.embedding.dimension", Integer.toString(EMBEDDER.dimension()), "fairrag.index.format", "2").entrySet());
            w.commit();
        }

        try (LuceneVectorIndex reopened = open(dir)) {
            assertThat(reopened.termChecksums()).isEmpty();
            assertThat(reopened.articleCount()).isEqualTo(3);
        }
    }

    @Test
    void should_start_afresh_an_index_laid_out_before_blocks_instead_of_misreading_it() throws Exception {
        Path dir = TestFairrag.newDir("vectors-article-format");
        try (LuceneVectorIndex first = open(dir)) {
            first.upsertArticles(ARTICLES.subList(0, 3));
        }
        // Format 2 put the article document first in its block; block joins would give its chunks to the next article.
        stampArticlesFormat(dir, "2");

        try (LuceneVectorIndex reopened = open(dir)) {
            assertThat(reopened.articleCount()).isZero();
            assertThat(reopened.nearestChunks(ARTICLES.get(0).chunks().get(0).vector(), 3, ArticleFilter.publicArticles()))
                    .isEmpty();
        }
    }

    @Test
    void should_return_each_article_once_with_its_best_chunk_when_one_article_holds_the_nearest_chunks() {
        Random random = new Random(3);
        float[] query = unit(random);
        // Twenty chunks of one article, each nearer to the query than any chunk of the 40 others.
        List<IndexedChunk> near = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            float[] v = query.clone();
            for (int d = 0; d < v.length; d++) {
                v[d] += (float) (random.nextGaussian() * (0.002 + 0.001 * i));
            }
            near.add(new IndexedChunk("near chunk " + i, Vectors.normalized(v)));
        }
        IndexedArticle crowded = new IndexedArticle(new ArticleFields("http://fairrag.test/pid/crowded", "1", "Crowded",
                null, 2000, "public", List.of()), "sha256:crowded", near);
        try (LuceneVectorIndex idx = open(TestFairrag.newDir("vectors-crowded"))) {
            idx.upsertArticles(ARTICLES);
            idx.upsertArticles(List.of(crowded));

            List<ChunkHit> hits = idx.nearestChunks(query, 5, ArticleFilter.publicArticles());

            assertThat(hits).hasSize(5);
            assertThat(hits.stream().map(ChunkHit::articlePid).distinct()).hasSize(5);
            assertThat(hits).extracting(ChunkHit::articlePid, ChunkHit::ordinal).containsExactlyElementsOf(
                    idx.exactNearestChunks(query, 5, ArticleFilter.publicArticles()).stream()
                            .map(h -> tuple(h.articlePid(), h.ordinal())).toList());
            assertThat(hits.get(0).articlePid()).isEqualTo(crowded.pid());
        }
    }

    @Test
    void should_forget_the_chunks_an_update_dropped() {
        IndexedArticle a = ARTICLES.stream().filter(x -> x.chunks().size() >= 3).findFirst().orElseThrow();
        try (LuceneVectorIndex idx = open(TestFairrag.newDir("vectors-shrink"))) {
            idx.upsertArticles(ARTICLES);
            IndexedArticle shorter = new IndexedArticle(a.fields(), "sha256:shorter", a.chunks().subList(0, 1));
            idx.upsertArticles(List.of(shorter));

            List<ChunkHit> hits = idx.nearestChunks(a.chunks().get(2).vector(), 40, ArticleFilter.publicArticles());

            assertThat(hits).hasSize(ARTICLES.size());
            assertThat(hits).filteredOn(h -> h.articlePid().equals(a.pid())).extracting(ChunkHit::ordinal).containsExactly(0);
            assertThat(idx.articleCount()).isEqualTo(ARTICLES.size());
        }
    }

    @Test
    void should_show_a_write_to_searches_at_once_and_make_it_durable_at_a_commit_or_on_closing() throws Exception {
        Path dir = TestFairrag.newDir("vectors-nrt");
        IndexedArticle a = ARTICLES.get(5);
        try (LuceneVectorIndex idx = open(dir, Duration.ofDays(1))) {
            idx.upsertArticles(List.of(a));

            assertThat(idx.nearestChunks(a.chunks().get(0).vector(), 1, ArticleFilter.publicArticles()))
                    .extracting(ChunkHit::articlePid).containsExactly(a.pid());
            assertThat(committedArticles(dir)).isZero();
            idx.commit();
            assertThat(committedArticles(dir)).isEqualTo(1);

            idx.upsertArticles(List.of(ARTICLES.get(6)));
            idx.deleteArticles(List.of(a.pid()));
            assertThat(idx.articlePids()).containsExactly(ARTICLES.get(6).pid());
            assertThat(committedArticles(dir)).isEqualTo(1);
        }

        try (LuceneVectorIndex reopened = open(dir)) {
            assertThat(reopened.articlePids()).containsExactly(ARTICLES.get(6).pid());
        }
    }

    @Test
    void should_commit_in_the_background_what_nothing_committed() throws Exception {
        Path dir = TestFairrag.newDir("vectors-background-commit");
        try (LuceneVectorIndex idx = open(dir, Duration.ofMillis(50))) {
            idx.upsertArticles(ARTICLES.subList(0, 2));

            Awaitility.await().atMost(Duration.ofMinutes(1)).until(() -> committedArticles(dir) == 2);
        }
    }

    @Test
    void should_not_cut_a_write_into_several_segments_by_committing_in_the_background() throws Exception {
        Path dir = TestFairrag.newDir("vectors-commit-whole");
        try (LuceneVectorIndex idx = open(dir, Duration.ofMillis(1))) {
            idx.upsertArticles(ARTICLES);

            Awaitility.await().atMost(Duration.ofMinutes(1)).until(() -> committedArticles(dir) == ARTICLES.size());
            try (Directory d = FSDirectory.open(dir.resolve("articles"))) {
                assertThat(SegmentInfos.readLatestCommit(d).size()).isEqualTo(1);
            }
        }
    }

    @Test
    void should_commit_each_ingest_batch_before_the_indexer_returns() throws Exception {
        Path dir = TestFairrag.newDir("vectors-batch-commit");
        List<Article> articles = articles(RECORDS.subList(16, 20));
        try (LuceneVectorIndex idx = open(dir, Duration.ofDays(1))) {
            ArticleIndexer indexer = new ArticleIndexer(idx, EMBEDDER, new Chunker());

            indexer.index(articles);
            // What a crash now would leave on disk: the last commit.
            assertThat(committedArticles(dir)).isEqualTo(articles.size());

            indexer.remove(List.of(articles.get(0).pid()));
            assertThat(committedArticles(dir)).isEqualTo(articles.size() - 1);
        }
    }

    /** The articles in the latest commit of the articles index under {@code dir}, as a crash would leave them. */
    private static int committedArticles(Path dir) throws Exception {
        try (Directory d = FSDirectory.open(dir.resolve("articles")); DirectoryReader reader = DirectoryReader.open(d)) {
            return new IndexSearcher(reader).count(new TermQuery(new Term("kind", "article")));
        }
    }

    /** Rewrites the format the articles index under {@code dir} says it has, as an older version wrote it. */
    private static void stampArticlesFormat(Path dir, String format) throws Exception {
        try (Directory d = FSDirectory.open(dir.resolve("articles"))) {
            Map<String, String> data = new java.util.HashMap<>(SegmentInfos.readLatestCommit(d).getUserData());
            data.put("fairrag.index.format", format);
            try (IndexWriter w = new IndexWriter(d, new IndexWriterConfig())) {
                w.setLiveCommitData(data.entrySet());
                w.commit();
            }
        }
    }

    private static IndexedTerm.Name name(String text, Random random) {
        return new IndexedTerm.Name(text, unit(random));
    }

    /**
     * Public articles of two random chunks, PIDs {@code http://fairrag.test/pid/<prefix>-<i>}, tagged with the terms
     * {@code tags} gives article i.
     */
    private static List<IndexedArticle> twoChunkArticles(Random random, int count, String prefix,
                                                         java.util.function.IntFunction<List<String>> tags) {
        List<IndexedArticle> articles = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            articles.add(new IndexedArticle(new ArticleFields("http://fairrag.test/pid/" + prefix + "-" + i, Integer.toString(i),
                    prefix.toUpperCase(java.util.Locale.ROOT) + " " + i, null, 2000, "public", tags.apply(i)),
                    "sha256:" + prefix + "-" + i, List.of(new IndexedChunk(prefix + " " + i + " a", unit(random)),
                    new IndexedChunk(prefix + " " + i + " b", unit(random)))));
        }
        return articles;
    }

    private static float[] unit(Random random) {
        return RandomVectors.unit(random, EMBEDDER.dimension());
    }

    private static final LuceneVectorIndex.Options HNSW = LuceneVectorIndex.Options.DEFAULT.withExactBelow(0);

    private static LuceneVectorIndex open(Path dir) {
        return LuceneVectorIndex.open(dir, EMBEDDER.modelName(), EMBEDDER.dimension(), HNSW);
    }

    /** An index that commits in the background every {@code commitInterval}. */
    private static LuceneVectorIndex open(Path dir, Duration commitInterval) {
        return LuceneVectorIndex.open(dir, EMBEDDER.modelName(), EMBEDDER.dimension(),
                HNSW.withCommitInterval(commitInterval));
    }

    static List<Article> articles(List<DemoRecords.Record> records) {
        List<Article> out = new ArrayList<>();
        for (DemoRecords.Record r : records) {
            out.add(new Article(r.pid(), r.pmid(), r.title(), r.abstractText(),
                    r.termIds().stream().map(id -> new Article.Subject(id, TestFairrag.BASE_URL + "/pid/" + id, false)).toList(),
                    List.of(), r.journal(), Integer.toString(r.year()), List.of(), null, List.of("test"),
                    "https://creativecommons.org/publicdomain/zero/1.0/", "public"));
        }
        return out;
    }

    private static Article withSubjects(Article a, List<String> termIds) {
        return new Article(a.pid(), a.pmid(), a.title(), a.abstractText(),
                termIds.stream().map(id -> new Article.Subject(id, TestFairrag.BASE_URL + "/pid/" + id, false)).toList(),
                a.unresolvedHeadings(), a.journal(), a.date(), a.authors(), a.doi(), a.sources(), a.license(), a.accessLevel());
    }

    private static Article withAbstract(Article a, String abstractText) {
        return new Article(a.pid(), a.pmid(), a.title(), abstractText, a.subjects(), a.unresolvedHeadings(), a.journal(),
                a.date(), a.authors(), a.doi(), a.sources(), a.license(), a.accessLevel());
    }
}
