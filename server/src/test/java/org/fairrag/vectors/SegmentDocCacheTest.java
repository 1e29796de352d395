package org.fairrag.vectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.fairrag.testing.TestFairrag;
import org.junit.jupiter.api.Test;

/** Decoded documents are kept by segment: what a search reads is always what the index holds now. */
class SegmentDocCacheTest {

    private static final int DIMENSION = 384;

    @Test
    void should_read_a_document_once_and_drop_its_segment_when_the_segment_is_closed() throws Exception {
        SegmentDocCache<String> cache = new SegmentDocCache<>(100);
        AtomicInteger reads = new AtomicInteger();
        try (Directory dir = FSDirectory.open(TestFairrag.newDir("segment-doc-cache"))) {
            try (IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig())) {
                for (int i = 0; i < 3; i++) {
                    Document d = new Document();
                    d.add(new StringField("id", "d" + i, Field.Store.NO));
                    d.add(new StoredField("value", "v" + i));
                    writer.addDocument(d);
                }
            }
            try (DirectoryReader reader = DirectoryReader.open(dir)) {
                LeafReaderContext leaf = reader.leaves().get(0);
                for (int round = 0; round < 2; round++) {
                    for (int doc = 0; doc < 3; doc++) {
                        int d = doc;
                        assertThat(cache.get(leaf.reader(), doc, () -> {
                            reads.incrementAndGet();
                            return leaf.reader().storedFields().document(d).get("value");
                        })).isEqualTo("v" + doc);
                    }
                }
                assertThat(reads).hasValue(3);
                assertThat(cache.size()).isEqualTo(3);
            }
            // Nothing else has the segment open: closing the reader closes it.
            assertThat(cache.size()).isZero();
        }
    }

    @Test
    void should_return_the_fields_an_update_wrote_and_nothing_for_a_deleted_article_after_they_were_read() {
        Random random = new Random(9);
        Path dir = TestFairrag.newDir("vectors-fields-cache");
        try (LuceneVectorIndex index = LuceneVectorIndex.open(dir, "test-model", DIMENSION)) {
            List<IndexedArticle> articles = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                articles.add(article("p" + i, "Title " + i, 2001, List.of("D1"), random));
            }
            index.upsertArticles(articles);
            assertThat(index.articles(List.of("p3", "p4", "p5"))).extractingByKey("p3")
                    .extracting(ArticleFields::title, ArticleFields::termIds).containsExactly("Title 3", List.of("D1"));

            index.upsertArticles(List.of(article("p3", "Title 3, corrected", 2002, List.of("D2", "D9"), random)));
            index.deleteArticles(List.of("p4"));

            Map<String, ArticleFields> now = index.articles(List.of("p3", "p4", "p5"));
            assertThat(now).containsOnlyKeys("p3", "p5");
            assertThat(now.get("p3")).extracting(ArticleFields::title, ArticleFields::year, ArticleFields::termIds)
                    .containsExactly("Title 3, corrected", 2002, List.of("D2", "D9"));

            // Merged into one segment: the documents have new numbers in a new segment.
            index.optimize();
            index.upsertArticles(List.of(article("p5", "Title 5, moved", 2003, List.of("D3"), random)));
            assertThat(index.articles(List.of("p3", "p5", "p6")).values())
                    .extracting(ArticleFields::pid, ArticleFields::title)
                    .containsExactlyInAnyOrder(tuple("p3", "Title 3, corrected"),
                            tuple("p5", "Title 5, moved"),
                            tuple("p6", "Title 6"));
        }
    }

    private static IndexedArticle article(String pid, String title, int year, List<String> terms, Random random) {
        float[] v = new float[DIMENSION];
        double norm = 0;
        for (int i = 0; i < DIMENSION; i++) {
            v[i] = (float) random.nextGaussian();
            norm += v[i] * v[i];
        }
        for (int i = 0; i < DIMENSION; i++) {
            v[i] /= (float) Math.sqrt(norm);
        }
        return new IndexedArticle(new ArticleFields(pid, "pmid-" + pid, title, "Journal", year, "public", terms),
                "sha256:" + pid + title, List.of(new IndexedChunk(title + ". Text.", v)));
    }
}
