package org.fairrag.vectors;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.fairrag.embed.Chunker;
import org.fairrag.ingest.Article;
import org.fairrag.search.ArticleIndexer;
import org.fairrag.testing.DemoRecords;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class LuceneVectorIndexTest extends VectorIndexContract {

    private static LuceneVectorIndex index;

    @BeforeAll
    static void open() {
        index = LuceneVectorIndex.open(TestFairrag.newDir("vectors"), EMBEDDER.modelName(), EMBEDDER.dimension());
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

    private static LuceneVectorIndex open(Path dir) {
        return LuceneVectorIndex.open(dir, EMBEDDER.modelName(), EMBEDDER.dimension());
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
