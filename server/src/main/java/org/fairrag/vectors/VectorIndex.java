package org.fairrag.vectors;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Keeps the vectors fairrag searches: the chunks of each article (with their text, for keyword search,
 * and the article's MeSH ids, year and access level, for filters) and the names of each vocabulary
 * term. Records are replaced whole per owner (an article, a term) and carry a content checksum, so an
 * indexer can skip owners that did not change. Filters are applied inside the search, so a search
 * returns k hits whenever k matching articles exist. Every method blocks.
 */
public interface VectorIndex extends AutoCloseable {

    /** The checksums of those of {@code pids} that are indexed. */
    Map<String, String> articleChecksums(Collection<String> pids);

    /** Adds the articles, replacing everything indexed before for the same PIDs. */
    void upsertArticles(List<IndexedArticle> articles);

    void deleteArticles(Collection<String> pids);

    /** The PIDs of every indexed article, of any access level. */
    Set<String> articlePids();

    /** Number of articles indexed, of any access level. */
    long articleCount();

    /**
     * The articles whose chunks are nearest to {@code vector} (dot product of unit vectors), at most
     * {@code k}, best first, each with its best chunk; only chunks of articles that pass the filter count.
     */
    List<ChunkHit> nearestChunks(float[] vector, int k, ArticleFilter filter);

    /** Like {@link #nearestChunks} by BM25 keyword relevance of the chunk text to {@code query}. */
    List<ChunkHit> matchingChunks(String query, int k, ArticleFilter filter);

    /** The stored fields of those of {@code pids} that are indexed. */
    Map<String, ArticleFields> articles(Collection<String> pids);

    /** The chunks of one article in order, with their vectors; empty when it is not indexed. */
    List<IndexedChunk> chunks(String pid);

    /** How many articles pass the filter. */
    long countArticles(ArticleFilter filter);

    /**
     * The similarity to {@code vector} (dot product of unit vectors) of the given chunks ({@code chunks}: article
     * PID to chunk ordinals) of the articles that pass the filter, in no particular order; chunks of articles
     * not indexed, or of other access levels, are left out; scored as {@link #nearestChunks} scores. This way
     * reads every article's chunks; an index that can score a set of chunks at once does better.
     */
    default List<ChunkHit> scoreChunks(float[] vector, Map<String, Set<Integer>> chunks, ArticleFilter filter) {
        List<ChunkHit> out = new java.util.ArrayList<>();
        for (ArticleFields fields : articles(chunks.keySet()).values()) {
            if (!filter.admits(fields)) {
                continue;
            }
            List<IndexedChunk> all = chunks(fields.pid());
            for (int ordinal : chunks.get(fields.pid())) {
                if (ordinal >= 0 && ordinal < all.size()) {
                    IndexedChunk c = all.get(ordinal);
                    float dot = 0;
                    for (int i = 0; i < vector.length; i++) {
                        dot += vector[i] * c.vector()[i];
                    }
                    out.add(new ChunkHit(fields.pid(), ordinal, c.text(), dot));
                }
            }
        }
        return out;
    }

    /** The checksums of every indexed term, by term id. */
    Map<String, String> termChecksums();

    /** Adds the terms, replacing every name indexed before for the same ids. */
    void upsertTerms(List<IndexedTerm> terms);

    void deleteTerms(Collection<String> ids);

    /** The term names nearest to {@code vector}, at most {@code k}, best first (a term may come with several names). */
    List<TermHit> nearestTerms(float[] vector, int k);

    /**
     * Makes every write so far durable: a crash after this returns loses none of them. Writes are visible to
     * searches as soon as they return, before this; an index whose writes are durable when they return (a
     * remote store) does nothing.
     */
    default void commit() {
    }

    /** What this index is, for logs and the health check. */
    String describe();

    @Override
    void close();
}
