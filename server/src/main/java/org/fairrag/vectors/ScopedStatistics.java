package org.fairrag.vectors;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.CollectionStatistics;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TermStatistics;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.SmallFloat;

/**
 * BM25 statistics of one text field counted over the documents of a scope only (the chunks of the access levels
 * a caller may read). Lucene counts a word's documents and the field's lengths over the whole index, so without
 * this a public caller's BM25 scores would move when restricted chunks are added, and tell how many of them hold
 * a word. The scope's searcher counts a word's documents in the scope (cached per index reader), and the field's
 * documents and lengths from the length norms BM25 writes (once per segment), live documents only. The lengths are
 * the norms' one-byte approximations, so scores differ a little from those over the whole index even without
 * restricted chunks; they depend on the scope's documents alone.
 */
final class ScopedStatistics {

    private static final int MAX_CACHED_WORDS = 50_000;

    private final String field;
    private final Map<Key, Counts> byReaderAndScope = new ConcurrentHashMap<>();

    private final Map<LeafKey, long[]> byLeaf = new ConcurrentHashMap<>();

    private record Key(IndexReader.CacheKey reader, Query scope) {}

    private record LeafKey(IndexReader.CacheKey segment, Query scope) {}

    ScopedStatistics(String field) {
        this.field = field;
    }

    /** A searcher over {@code base}'s reader whose statistics of the field are those of {@code scope}'s documents. */
    IndexSearcher searcher(IndexSearcher base, Query scope) throws IOException {
        IndexReader.CacheHelper helper = base.getIndexReader().getReaderCacheHelper();
        Counts counts;
        if (helper == null) {
            counts = new Counts(base, scope);
        } else {
            Key key = new Key(helper.getKey(), scope);
            counts = byReaderAndScope.get(key);
            if (counts == null) {
                counts = new Counts(base, scope);
                if (byReaderAndScope.putIfAbsent(key, counts) == null) {
                    helper.addClosedListener(closed -> byReaderAndScope.keySet().removeIf(k -> k.reader() == closed));
                }
            }
        }
        Counts scoped = counts;
        IndexSearcher searcher = new IndexSearcher(base.getIndexReader().getContext(), base.getExecutor()) {
            @Override
            public TermStatistics termStatistics(Term term, int docFreq, long totalTermFreq) throws IOException {
                if (!term.field().equals(field)) {
                    return super.termStatistics(term, docFreq, totalTermFreq);
                }
                // A word no document of the scope holds matches none of them: any positive count scores nothing.
                int inScope = Math.max(1, scoped.docFreq(term));
                return new TermStatistics(term.bytes(), inScope, inScope);
            }

            @Override
            public CollectionStatistics collectionStatistics(String name) throws IOException {
                return name.equals(field) ? scoped.collection() : super.collectionStatistics(name);
            }
        };
        searcher.setSimilarity(base.getSimilarity());
        searcher.setQueryCache(base.getQueryCache());
        searcher.setQueryCachingPolicy(base.getQueryCachingPolicy());
        return searcher;
    }

    /**
     * The documents of the scope in one segment and their lengths, kept while the segment (with its deletions) is
     * open: a reader refreshed after a write counts its new segments only.
     */
    private long[] leafCounts(Weight inScope, LeafReaderContext leaf) throws IOException {
        IndexReader.CacheHelper helper = leaf.reader().getReaderCacheHelper();
        LeafKey key = helper == null ? null : new LeafKey(helper.getKey(), inScope.getQuery());
        long[] known = key == null ? null : byLeaf.get(key);
        if (known != null) {
            return known;
        }
        long docs = 0;
        long length = 0;
        Scorer scorer = inScope.scorer(leaf);
        NumericDocValues norms = leaf.reader().getNormValues(field);
        if (scorer != null && norms != null) {
            Bits live = leaf.reader().getLiveDocs();
            DocIdSetIterator docsInScope = scorer.iterator();
            for (int doc = docsInScope.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = docsInScope.nextDoc()) {
                if ((live == null || live.get(doc)) && norms.advanceExact(doc)) {
                    docs++;
                    length += Math.max(1, SmallFloat.byte4ToInt((byte) norms.longValue()));
                }
            }
        }
        long[] counted = {docs, length};
        if (key != null && byLeaf.putIfAbsent(key, counted) == null) {
            helper.addClosedListener(closed -> byLeaf.keySet().removeIf(k -> k.segment() == closed));
        }
        return counted;
    }

    private final class Counts {
        private final IndexSearcher base;
        private final Query scope;
        private final Map<Term, Integer> docFreqs = new ConcurrentHashMap<>();
        private volatile CollectionStatistics collection;

        Counts(IndexSearcher base, Query scope) {
            this.base = base;
            this.scope = scope;
        }

        int docFreq(Term term) throws IOException {
            Integer known = docFreqs.get(term);
            if (known != null) {
                return known;
            }
            int count = base.count(new BooleanQuery.Builder().add(new TermQuery(term), Occur.FILTER)
                    .add(scope, Occur.FILTER).build());
            if (docFreqs.size() >= MAX_CACHED_WORDS) {
                docFreqs.clear();
            }
            docFreqs.put(term, count);
            return count;
        }

        CollectionStatistics collection() throws IOException {
            CollectionStatistics known = collection;
            if (known == null) {
                known = count();
                collection = known;
            }
            return known;
        }

        private CollectionStatistics count() throws IOException {
            Weight inScope = base.createWeight(base.rewrite(scope), ScoreMode.COMPLETE_NO_SCORES, 1f);
            long docs = 0;
            long length = 0;
            for (LeafReaderContext leaf : base.getIndexReader().leaves()) {
                long[] counted = leafCounts(inScope, leaf);
                docs += counted[0];
                length += counted[1];
            }
            if (docs == 0) {
                return new CollectionStatistics(field, 1, 1, 1, 1); // nothing in scope: no document will score
            }
            return new CollectionStatistics(field, docs, docs, length, docs);
        }
    }
}
