package org.fairrag.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.fairrag.app.Fairrag;
import org.fairrag.fdo.FdoKind;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.SourceFile;
import org.fairrag.testing.GraphFacts;
import org.fairrag.testing.TestFairrag;
import org.fairrag.vectors.ArticleFields;
import org.fairrag.vectors.ArticleFilter;
import org.fairrag.vectors.ChunkHit;
import org.junit.jupiter.api.Test;

/** Switching on the vector index by configuration alone: it is filled from the graph once, then kept. */
class VectorIndexRebuildTest {

    private static final Path PUBMED_XML = TestFairrag.resource("/samples/xml/netsynergy_pubmed21n1002.xml.gz");

    @Test
    void should_fill_an_empty_vector_index_from_the_graph_and_embed_nothing_on_the_next_start() throws Exception {
        Path dir = TestFairrag.newDir("rebuild");
        long articles;
        try (Fairrag withoutVectors = TestFairrag.open(dir)) {
            withoutVectors.ingest(SourceFile.of(PUBMED_XML), ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
            articles = withoutVectors.registry().countByKind().await().get(FdoKind.ARTICLE);
            assertThat(withoutVectors.vectorIndex()).isEmpty();
        }

        try (Fairrag withVectors = TestFairrag.open(TestFairrag.searchConfig(dir))) {
            var index = withVectors.vectorIndex().orElseThrow();
            assertThat(index.articleCount()).isEqualTo(articles);
            assertThat(withVectors.articleIndexer().orElseThrow().embeddedChunks()).isGreaterThanOrEqualTo(articles);
            String pid = index.nearestChunks(withVectors.queryEmbedder().orElseThrow().embed("patients"), 1,
                    ArticleFilter.publicArticles()).get(0).articlePid();
            ArticleFields fields = index.articles(List.of(pid)).get(pid);
            assertThat(Set.copyOf(fields.termIds())).isEqualTo(new GraphFacts(withVectors).termIds(pid));
            assertThat(fields.pmid()).matches("\\d+");
            assertThat(fields.title()).isNotBlank();
            assertThat(fields.year()).isEqualTo(new GraphFacts(withVectors).year(pid));
        }

        try (Fairrag again = TestFairrag.open(TestFairrag.searchConfig(dir))) {
            assertThat(again.vectorIndex().orElseThrow().articleCount()).isEqualTo(articles);
            assertThat(again.articleIndexer().orElseThrow().embeddedChunks()).isZero();
        }
    }

    @Test
    void should_rebuild_from_the_graph_a_vector_index_laid_out_before_article_blocks() throws Exception {
        Path dir = TestFairrag.newDir("rebuild-format");
        long articles;
        try (Fairrag first = TestFairrag.open(TestFairrag.searchConfig(dir))) {
            first.ingest(SourceFile.of(PUBMED_XML), ArticleIngest.Options.DEFAULT, IngestProgress.NONE);
            articles = first.vectorIndex().orElseThrow().articleCount();
            assertThat(articles).isPositive();
        }
        // What the index said of itself when each article's document came before its chunks.
        stampArticlesFormat(dir.resolve("vectors").resolve("articles"), "2");

        try (Fairrag upgraded = TestFairrag.open(TestFairrag.searchConfig(dir))) {
            var index = upgraded.vectorIndex().orElseThrow();
            assertThat(index.articleCount()).isEqualTo(articles);
            assertThat(upgraded.articleIndexer().orElseThrow().embeddedChunks()).isGreaterThanOrEqualTo(articles);
            List<ChunkHit> hits = index.nearestChunks(upgraded.queryEmbedder().orElseThrow().embed("patients"), 5,
                    ArticleFilter.publicArticles());
            assertThat(hits).hasSize((int) Math.min(5, articles));
            assertThat(hits.stream().map(ChunkHit::articlePid).distinct()).hasSize(hits.size());
            for (ChunkHit h : hits) {
                assertThat(index.chunks(h.articlePid()).get(h.ordinal()).text()).isEqualTo(h.text());
            }
        }
    }

    private static void stampArticlesFormat(Path articlesIndex, String format) throws Exception {
        try (Directory d = FSDirectory.open(articlesIndex)) {
            Map<String, String> data = new HashMap<>(SegmentInfos.readLatestCommit(d).getUserData());
            data.put("fairrag.index.format", format);
            try (IndexWriter w = new IndexWriter(d, new IndexWriterConfig())) {
                w.setLiveCommitData(data.entrySet());
                w.commit();
            }
        }
    }
}
