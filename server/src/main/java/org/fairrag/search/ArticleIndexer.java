package org.fairrag.search;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.fairrag.embed.Chunker;
import org.fairrag.embed.Embedder;
import org.fairrag.fdo.Checksums;
import org.fairrag.ingest.Article;
import org.fairrag.ingest.ArticleIndex;
import org.fairrag.vectors.ArticleFields;
import org.fairrag.vectors.IndexedArticle;
import org.fairrag.vectors.IndexedChunk;
import org.fairrag.vectors.VectorIndex;

/**
 * Feeds published articles to the {@link VectorIndex}: chunks each article, embeds the chunks and
 * stores them with the article's fields. The stored checksum has two parts, one for the embedded text
 * (and the model), one for the fields: an article whose text did not change is not embedded again,
 * and one whose MeSH tags, year or access level changed keeps its vectors and gets its new fields. Each call
 * is one ingestion batch and is committed to the index before it returns.
 */
public final class ArticleIndexer implements ArticleIndex {

    private final VectorIndex index;
    private final Embedder embedder;
    private final Chunker chunker;
    private final AtomicLong embeddedChunks = new AtomicLong();

    public ArticleIndexer(VectorIndex index, Embedder embedder, Chunker chunker) {
        this.index = index;
        this.embedder = embedder;
        this.chunker = chunker;
    }

    @Override
    public void index(List<Article> articles) {
        Map<String, String> stored = index.articleChecksums(articles.stream().map(Article::pid).toList());
        List<IndexedArticle> ready = new ArrayList<>();
        List<Pending> pending = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        for (Article a : articles) {
            ArticleFields fields = fields(a);
            String textSum = textChecksum(a);
            String checksum = textSum + " " + Checksums.of(fields.toString());
            String previous = stored.get(a.pid());
            if (checksum.equals(previous)) {
                continue;
            }
            if (previous != null && previous.startsWith(textSum + " ")) {
                ready.add(new IndexedArticle(fields, checksum, index.chunks(a.pid())));
                continue;
            }
            List<String> chunks = chunker.chunks(a.title(), a.abstractText());
            pending.add(new Pending(fields, checksum, texts.size(), chunks.size()));
            texts.addAll(chunks);
        }
        List<float[]> vectors = texts.isEmpty() ? List.of() : embedder.embedAll(texts);
        embeddedChunks.addAndGet(texts.size());
        for (Pending p : pending) {
            List<IndexedChunk> chunks = new ArrayList<>(p.count);
            for (int i = p.first; i < p.first + p.count; i++) {
                chunks.add(new IndexedChunk(texts.get(i), vectors.get(i)));
            }
            ready.add(new IndexedArticle(p.fields, p.checksum, chunks));
        }
        if (!ready.isEmpty()) {
            index.upsertArticles(ready);
            // Ingestion reports a batch done once this returns, and a rerun skips what it reported.
            index.commit();
        }
    }

    @Override
    public void remove(Collection<String> articlePids) {
        index.deleteArticles(articlePids);
        // A withdrawn article must not come back to search after a crash.
        index.commit();
    }

    /** Chunks embedded since this indexer was made: what re-indexing unchanged articles must leave at 0. */
    public long embeddedChunks() {
        return embeddedChunks.get();
    }

    private String textChecksum(Article a) {
        return Checksums.of(embedder.modelName() + "\n" + chunker.maxTokens() + "\n" + a.title() + "\n" + a.abstractText());
    }

    private static ArticleFields fields(Article a) {
        return new ArticleFields(a.pid(), a.pmid(), a.title(), a.journal(), a.year(), a.accessLevel(), a.termIds(),
                a.suggestedTermIds());
    }

    private record Pending(ArticleFields fields, String checksum, int first, int count) {}
}
