package org.fairrag.vectors;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.codecs.Codec;
import org.apache.lucene.codecs.KnnVectorsFormat;
import org.apache.lucene.codecs.KnnVectorsReader;
import org.apache.lucene.codecs.KnnVectorsWriter;
import org.apache.lucene.codecs.lucene912.Lucene912Codec;
import org.apache.lucene.codecs.perfield.PerFieldKnnVectorsFormat;
import org.apache.lucene.codecs.lucene99.Lucene99HnswScalarQuantizedVectorsFormat;
import org.apache.lucene.codecs.lucene99.Lucene99HnswVectorsFormat;
import org.apache.lucene.document.BinaryDocValuesField;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.IntPoint;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.MultiTerms;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.index.SegmentReadState;
import org.apache.lucene.index.SegmentWriteState;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.index.TieredMergePolicy;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.queries.function.FunctionQuery;
import org.apache.lucene.queries.function.valuesource.ConstKnnFloatValueSource;
import org.apache.lucene.queries.function.valuesource.FloatKnnVectorFieldSource;
import org.apache.lucene.queries.function.valuesource.FloatVectorSimilarityFunction;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.HitQueue;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.SearcherFactory;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.join.BitSetProducer;
import org.apache.lucene.search.join.DiversifyingChildrenFloatKnnVectorQuery;
import org.apache.lucene.search.join.QueryBitSetProducer;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.BitSet;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.QueryBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The embedded {@link VectorIndex}: two Lucene indexes on disk, one for articles, with an HNSW graph over
 * the chunks' vectors, and one for terms, searched exactly. An article is a Lucene document block sharing its
 * PID: one document per chunk (text for BM25, vector, and the filter fields, so that the filter runs inside the
 * k-NN search), then the article document last (stored fields, filter fields), as Lucene's block joins want it:
 * a k-NN search over the chunks then keeps the best chunk of each article ({@link
 * DiversifyingChildrenFloatKnnVectorQuery}), so that k candidates are k articles. A block is written and
 * deleted whole ({@code updateDocuments} by the PID, which every document of the block carries). A chunk's
 * owner, position and text are doc values, not stored fields: a search reads them for every candidate chunk,
 * and doc values are read without decompressing whole blocks. Each index remembers which model made its
 * vectors (and the layout of its documents); opened with another model or layout it starts empty, so that
 * vectors of two models never mix and blocks of another layout are never misread (the server then refills an
 * empty index from the graph).
 *
 * <p>Writes are visible to searches as soon as a write returns (a near-real-time reader refreshed after each
 * write) and durable at the next commit: {@link #commit()}, which the article indexer calls after each ingest
 * batch, a commit every {@link Options#commitInterval()} (30 seconds) when something changed, and {@link #close()}.
 *
 * <p>Term names are few (MeSH has 30,764 preferred names) and searched one query at a time, so they are
 * compared with every name instead of walking a graph: exact, and building an HNSW graph over them was the
 * largest cost of loading MeSH (about 60 CPU seconds on 2 cores), while a scan of 30,000 vectors takes a few
 * milliseconds. Their vectors are doc values, held in memory per segment once read.
 */
public final class LuceneVectorIndex implements VectorIndex {

    private static final Logger LOG = LoggerFactory.getLogger(LuceneVectorIndex.class);

    private static final String KIND = "kind";
    private static final String ARTICLE = "article";
    private static final String CHUNK = "chunk";
    private static final String OWNER = "owner";
    private static final String CHECKSUM = "checksum";
    private static final String PMID = "pmid";
    private static final String TITLE = "title";
    private static final String JOURNAL = "journal";
    private static final String YEAR = "year";
    private static final String ACCESS = "access";
    private static final String TERM = "term";
    private static final String ORDINAL = "ordinal";
    private static final String TEXT = "text";
    private static final String NAME = "name";
    private static final String VECTOR = "vector";
    private static final String MODEL_KEY = "fairrag.embedding.model";
    private static final String DIMENSION_KEY = "fairrag.embedding.dimension";
    private static final String FORMAT_KEY = "fairrag.index.format";
    /**
     * Changes when the documents are laid out differently; an index of another format starts afresh. 2: the
     * article document first in its block; 3: the article document last, after its chunks (block joins).
     */
    private static final String ARTICLES_FORMAT = "3";
    /**
     * 2: names with an HNSW graph; 3: names with their vectors as doc values, searched exactly, and the owners
     * and checksums as doc values (read for every term at each start).
     */
    private static final String TERMS_FORMAT = "3";
    /** Lucene's HNSW format stops at 1024 dimensions by default; remote models (OpenAI: 1536, 3072) need more. */
    private static final int MAX_DIMENSIONS = 4096;
    /**
     * Chunks fetched per wanted article on the first try of a search that is not diversified by article (BM25,
     * exact): an article has about three chunks.
     */
    private static final int FETCH_FACTOR = 4;
    /** Time between the commits of writes that nothing committed yet (a crash loses at most these). */
    private static final java.time.Duration COMMIT_INTERVAL = java.time.Duration.ofSeconds(30);
    private static final int SEGMENTS_PER_TIER = 3;
    /**
     * Memory for documents not yet flushed. Merging HNSW graphs inserts every vector of all but the largest
     * segment again, so a bulk write (the demo's chunks) is cheapest as one segment: Lucene's default of 16 MB
     * flushes one every 10,000 vectors or so.
     */
    private static final double RAM_BUFFER_MB = 128;
    /**
     * Article documents whose stored fields are kept decoded: each search reads those of its 50 or so candidates, and
     * decompressing them was a quarter of a repeated search's time (JFR, demo, 2026-11-23). About 1 KB each.
     */
    static final int ARTICLE_FIELDS_KEPT = 20_000;
    private static final String UNQUANTIZED_FORMAT = new Lucene99HnswVectorsFormat().getName();

    /**
     * How the index is written and searched.
     *
     * @param quantization how the HNSW graph keeps the chunk vectors; segments written with the other setting
     *                     keep theirs (Lucene records each segment's vector format) until they are merged
     * @param ramBufferMb  memory for documents not yet flushed; a bulk build with more heap makes fewer, larger
     *                     segments and so fewer HNSW merges
     * @param commitInterval time between background commits of writes not committed yet
     * @param knnCandidates  how many articles an HNSW search keeps as candidates (Lucene's ef), by the size of the
     *                       index: recall against speed
     * @param exactBelow     below this many chunk vectors a nearest-neighbour search is exact instead (see
     *                       {@link #EXACT_BELOW}); 0 walks the graph at every size
     * @param searchThreads  how many threads one search of the articles may use (see {@link #withSearchThreads})
     */
    public record Options(VectorQuantization quantization, double ramBufferMb, java.time.Duration commitInterval,
                          KnnCandidates knnCandidates, int exactBelow, int searchThreads) {
        public static final Options DEFAULT = new Options(VectorQuantization.NONE, RAM_BUFFER_MB);

        public Options {
            java.util.Objects.requireNonNull(quantization, "quantization");
            if (ramBufferMb < 16) {
                throw new IllegalArgumentException("the write buffer must be at least 16 MB, got " + ramBufferMb);
            }
            if (commitInterval.isNegative() || commitInterval.isZero()) {
                throw new IllegalArgumentException("the commit interval must be positive, got " + commitInterval);
            }
            java.util.Objects.requireNonNull(knnCandidates, "knnCandidates");
            if (exactBelow < 0) {
                throw new IllegalArgumentException("exactBelow must not be negative, got " + exactBelow);
            }
            if (searchThreads < 1) {
                throw new IllegalArgumentException("a search needs at least 1 thread, got " + searchThreads);
            }
        }

        /** Searches on the caller's thread alone. */
        public Options(VectorQuantization quantization, double ramBufferMb) {
            this(quantization, ramBufferMb, COMMIT_INTERVAL, KnnCandidates.SCALED, EXACT_BELOW, 1);
        }

        public Options withQuantization(VectorQuantization q) {
            return new Options(q, ramBufferMb, commitInterval, knnCandidates, exactBelow, searchThreads);
        }

        public Options withCommitInterval(java.time.Duration interval) {
            return new Options(quantization, ramBufferMb, interval, knnCandidates, exactBelow, searchThreads);
        }

        public Options withKnnCandidates(KnnCandidates candidates) {
            return new Options(quantization, ramBufferMb, commitInterval, candidates, exactBelow, searchThreads);
        }

        public Options withExactBelow(int vectors) {
            return new Options(quantization, ramBufferMb, commitInterval, knnCandidates, vectors, searchThreads);
        }

        /**
         * How many threads one search of the articles may use: its segments' graph walks (and keyword searches over
         * slices of segments) run at the same time, the searching thread taking its share. 1: one after the other.
         */
        public Options withSearchThreads(int threads) {
            return new Options(quantization, ramBufferMb, commitInterval, knnCandidates, exactBelow, threads);
        }
    }

    private final Path dir;
    private final Analyzer analyzer = new EnglishAnalyzer();
    private final Store articles;
    private final Store terms;
    private final ScopedStatistics textStatistics = new ScopedStatistics(TEXT);
    private final int dimension;
    /** The term vectors of each segment read so far, by document, for as long as the segment lives. */
    private final Map<Object, TermVectorMatrix> termVectorsBySegment = new ConcurrentHashMap<>();
    private final SegmentDocCache<ArticleFields> decodedArticles = new SegmentDocCache<>(ARTICLE_FIELDS_KEPT);
    /** Made for the segments of an index searched exactly (fewer chunk vectors than {@link Options#exactBelow()}). */
    private final Map<Object, ChunkVectorMatrix> chunkVectorsBySegment = new ConcurrentHashMap<>();
    /** The article documents, which end the blocks; cached per segment. */
    private final BitSetProducer articleDocs = new QueryBitSetProducer(kind(ARTICLE));
    private final ScheduledExecutorService committer;
    /** Helps the searching thread walk an article search's segments; null when a search uses that thread alone. */
    private final ThreadPoolExecutor segmentSearches;
    private final KnnCandidates knnCandidates;
    private final int exactBelow;

    private LuceneVectorIndex(Path dir, Map<String, String> model, int dimension, Options options) throws IOException {
        this.dir = dir;
        this.dimension = dimension;
        this.knnCandidates = options.knnCandidates();
        this.exactBelow = options.exactBelow();
        this.segmentSearches = options.searchThreads() > 1 ? segmentSearchPool(options.searchThreads() - 1) : null;
        Store a = null;
        Store t;
        try {
            a = new Store(dir.resolve("articles"), analyzer, withFormat(model, ARTICLES_FORMAT), options, segmentSearches);
            t = new Store(dir.resolve("terms"), analyzer, withFormat(model, TERMS_FORMAT), Options.DEFAULT, null);
        } catch (IOException | RuntimeException e) {
            if (a != null) {
                a.close();
            }
            if (segmentSearches != null) {
                segmentSearches.shutdown();
            }
            throw e;
        }
        this.articles = a;
        this.terms = t;
        this.committer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "vector-index-commit");
            thread.setDaemon(true);
            return thread;
        });
        long every = options.commitInterval().toMillis();
        committer.scheduleWithFixedDelay(this::commitInBackground, every, every, TimeUnit.MILLISECONDS);
    }

    /**
     * Threads that take segments of a search from the searching thread. Lucene's task executor queues a task for each
     * segment but the first and runs them on whichever thread is free first, the searching one included, so a task
     * still queued when the search is done finds nothing left to do; the queue is unbounded for that reason.
     */
    private static ThreadPoolExecutor segmentSearchPool(int threads) {
        AtomicInteger n = new AtomicInteger();
        return new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), r -> {
            Thread thread = new Thread(r, "vector-index-search-" + n.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }

    /** Tasks the threads helping searches have run (each segment handed to them, whether or not one was left). */
    long segmentSearchTasks() {
        return segmentSearches == null ? 0 : segmentSearches.getCompletedTaskCount();
    }

    /** Opens (or creates) the index under {@code dir} for vectors of {@code model}, of {@code dimension}. */
    public static LuceneVectorIndex open(Path dir, String model, int dimension) {
        return open(dir, model, dimension, Options.DEFAULT);
    }

    /** Like {@link #open(Path, String, int)}, writing as {@code options} say. */
    public static LuceneVectorIndex open(Path dir, String model, int dimension, Options options) {
        try {
            Files.createDirectories(dir);
            return new LuceneVectorIndex(dir, Map.of(MODEL_KEY, model, DIMENSION_KEY, Integer.toString(dimension)), dimension,
                    options);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the vector index in " + dir, e);
        }
    }

    private static Map<String, String> withFormat(Map<String, String> model, String format) {
        Map<String, String> metadata = new HashMap<>(model);
        metadata.put(FORMAT_KEY, format);
        return Map.copyOf(metadata);
    }

    @Override
    public Map<String, String> articleChecksums(Collection<String> pids) {
        Map<String, String> out = new HashMap<>();
        articles.search(s -> {
            Query q = and(kind(ARTICLE), new TermInSetQuery(OWNER, bytes(pids)));
            StoredFields stored = s.storedFields();
            for (ScoreDoc d : s.search(q, Math.max(1, pids.size())).scoreDocs) {
                Document doc = stored.document(d.doc, Set.of(OWNER, CHECKSUM));
                out.put(doc.get(OWNER), doc.get(CHECKSUM));
            }
            return null;
        });
        return out;
    }

    @Override
    public void upsertArticles(List<IndexedArticle> batch) {
        articles.write(w -> {
            for (IndexedArticle a : batch) {
                w.updateDocuments(new Term(OWNER, a.pid()), articleBlock(a));
            }
        });
    }

    private static List<Document> articleBlock(IndexedArticle a) {
        ArticleFields f = a.fields();
        List<Document> block = new ArrayList<>(a.chunks().size() + 1);
        Document article = new Document();
        article.add(new StringField(KIND, ARTICLE, Field.Store.NO));
        article.add(new StringField(OWNER, f.pid(), Field.Store.YES));
        // Lucene wants one schema per field across documents: chunks have the owner as a doc value.
        article.add(new SortedDocValuesField(OWNER, new BytesRef(f.pid())));
        article.add(new StoredField(CHECKSUM, a.checksum()));
        article.add(new StoredField(PMID, f.pmid()));
        if (f.title() != null) {
            article.add(new StoredField(TITLE, f.title()));
        }
        if (f.journal() != null) {
            article.add(new StoredField(JOURNAL, f.journal()));
        }
        addFilterFields(article, f, true);
        for (int i = 0; i < a.chunks().size(); i++) {
            IndexedChunk c = a.chunks().get(i);
            Document chunk = new Document();
            chunk.add(new StringField(KIND, CHUNK, Field.Store.NO));
            chunk.add(new StringField(OWNER, f.pid(), Field.Store.NO));
            chunk.add(new SortedDocValuesField(OWNER, new BytesRef(f.pid())));
            chunk.add(new NumericDocValuesField(ORDINAL, i));
            chunk.add(new TextField(TEXT, c.text(), Field.Store.NO));
            chunk.add(new BinaryDocValuesField(TEXT, new BytesRef(c.text())));
            chunk.add(new KnnFloatVectorField(VECTOR, c.vector(), VectorSimilarityFunction.DOT_PRODUCT));
            addFilterFields(chunk, f, false);
            block.add(chunk);
        }
        // Last: block joins find an article's chunks as the documents between it and the article before.
        block.add(article);
        return block;
    }

    private static void addFilterFields(Document doc, ArticleFields f, boolean store) {
        Field.Store s = store ? Field.Store.YES : Field.Store.NO;
        doc.add(new StringField(ACCESS, f.accessLevel(), s));
        if (f.year() != null) {
            doc.add(new IntPoint(YEAR, f.year()));
            if (store) {
                doc.add(new StoredField(YEAR, f.year()));
            }
        }
        for (String t : f.termIds()) {
            doc.add(new StringField(TERM, t, s));
        }
        for (String t : f.suggestedTermIds()) {
            doc.add(new StringField(TERM, ArticleFilter.SUGGESTED_PREFIX + t, s));
        }
    }

    @Override
    public void deleteArticles(Collection<String> pids) {
        articles.write(w -> w.deleteDocuments(owners(pids)));
    }

    @Override
    public Set<String> articlePids() {
        return articles.search(s -> {
            Set<String> out = new HashSet<>();
            StoredFields stored = s.storedFields();
            for (ScoreDoc d : s.search(kind(ARTICLE), Math.max(1, s.count(kind(ARTICLE)))).scoreDocs) {
                out.add(stored.document(d.doc, Set.of(OWNER)).get(OWNER));
            }
            return out;
        });
    }

    @Override
    public long articleCount() {
        return articles.search(s -> (long) s.count(kind(ARTICLE)));
    }

    @Override
    public List<ChunkHit> nearestChunks(float[] vector, int k, ArticleFilter filter) {
        return articles.search(s -> {
            IndexReader reader = s.getIndexReader();
            long vectors = chunkVectors(reader);
            if (vectors < exactBelow) {
                return exactByCodes(s, vector, k, filter);
            }
            // Only chunks have vectors, so a filter that admits every article can be left out, and with it
            // the bitset of accepted chunks that a filtered k-NN search builds first.
            if (admitsEverything(s, filter)) {
                return walk(s, vector, k, null, Math.max(k, knnCandidates.forChunkVectors(vectors)));
            }
            // The filter runs once: the chunks it admits, the ones that compete for the top k, size the candidates, and
            // are then scored one by one or handed to the walk as its filter.
            AdmittedChunks admitted = AdmittedChunks.of(s, filterQuery(filter, CHUNK));
            int candidates = Math.max(k, knnCandidates.forChunkVectors(admitted.count()));
            return exactIsCheaper(admitted.count(), vectors, candidates) ? exactOver(reader, vector, k, admitted)
                    : walk(s, vector, k, admitted, candidates);
        });
    }

    /** An HNSW search keeping {@code candidates} articles, of the chunks {@code admitted} (null: of all). */
    private List<ChunkHit> walk(IndexSearcher s, float[] vector, int k, AdmittedChunks admitted, int candidates)
            throws IOException {
        IndexReader reader = s.getIndexReader();
        TopDocs best = s.search(new SegmentSizedKnnQuery(VECTOR, vector, admitted, candidates, articleDocs, knnCandidates,
                k), candidates);
        ScoreDoc[] top = anyQuantized(reader)
                ? rescored(reader, vector, java.util.Arrays.copyOf(best.scoreDocs, Math.min(rescoredCount(k), best.scoreDocs.length)))
                : best.scoreDocs;
        return hits(reader, java.util.Arrays.copyOf(top, Math.min(k, top.length)));
    }

    /**
     * Of the candidate articles a walk over quantized vectors found, best first by their quantized scores, how many
     * are scored again with float vectors for k results: at least {@link #RESCORED_LEAST}, {@link #RESCORED_PER_RESULT}
     * per result above. The rounding moves an article only among those about as near to the query as itself, so the
     * float k best are among the first few; reading the float vectors of all the candidates (2,500 at a million) was
     * about 5% of a search's CPU.
     */
    static int rescoredCount(int k) {
        return (int) Math.min(Integer.MAX_VALUE, Math.max(RESCORED_LEAST, (long) k * RESCORED_PER_RESULT));
    }

    /** The fewest candidates rescored; see {@link #rescoredCount}. */
    static final int RESCORED_LEAST = 100;

    /** Candidates rescored for each result asked for; see {@link #rescoredCount}. */
    static final int RESCORED_PER_RESULT = 10;

    /** The chunks behind {@code docs}, in their order, with their scores. */
    private static List<ChunkHit> hits(IndexReader reader, ScoreDoc[] docs) throws IOException {
        String[] owners = ChunkColumns.owners(reader, docs);
        int[] ordinals = ChunkColumns.ordinals(reader, docs);
        String[] texts = ChunkColumns.texts(reader, docs);
        List<ChunkHit> out = new ArrayList<>(docs.length);
        for (int i = 0; i < docs.length; i++) {
            out.add(new ChunkHit(owners[i], ordinals[i], texts[i], docs[i].score));
        }
        return out;
    }

    /**
     * Whether a segment keeps its chunk vectors quantized: each segment records the format it was written with,
     * and segments written before the setting changed keep theirs until merged.
     */
    private static boolean anyQuantized(IndexReader reader) {
        for (LeafReaderContext leaf : reader.leaves()) {
            FieldInfo field = leaf.reader().getFieldInfos().fieldInfo(VECTOR);
            if (field != null && !UNQUANTIZED_FORMAT.equals(field.getAttribute(PerFieldKnnVectorsFormat.PER_FIELD_FORMAT_KEY))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The candidate articles of a search over quantized vectors, each scored again by the best of its chunks
     * with their float vectors: the graph finds the articles, the floats choose their chunk and order them, so
     * that the quantization's rounding decides neither between close articles nor between close chunks of one.
     */
    private ScoreDoc[] rescored(IndexReader reader, float[] vector, ScoreDoc[] candidates) throws IOException {
        ScoreDoc[] inDocOrder = candidates.clone();
        java.util.Arrays.sort(inDocOrder, Comparator.comparingInt(d -> d.doc));
        List<LeafReaderContext> leaves = reader.leaves();
        ScoreDoc[] rescored = new ScoreDoc[inDocOrder.length];
        int current = -1;
        FloatVectorValues values = null;
        BitSet blockEnds = null;
        for (int i = 0; i < inDocOrder.length; i++) {
            int leafIndex = ReaderUtil.subIndex(inDocOrder[i].doc, leaves);
            LeafReaderContext leaf = leaves.get(leafIndex);
            if (leafIndex != current) {
                current = leafIndex;
                values = leaf.reader().getFloatVectorValues(VECTOR);
                blockEnds = articleDocs.getBitSet(leaf);
            }
            // Blocks do not overlap and candidates come in document order, so the values only move forward.
            int chunk = inDocOrder[i].doc - leaf.docBase;
            int first = chunk == 0 ? 0 : blockEnds.prevSetBit(chunk - 1) + 1;
            int end = blockEnds.nextSetBit(chunk);
            ScoreDoc best = new ScoreDoc(inDocOrder[i].doc, Float.NEGATIVE_INFINITY);
            for (int doc = values.docID() >= first ? values.docID() : values.advance(first); doc < end;
                 doc = values.nextDoc()) {
                float score = VectorSimilarityFunction.DOT_PRODUCT.compare(vector, values.vectorValue());
                if (score > best.score) {
                    best = new ScoreDoc(leaf.docBase + doc, score);
                }
            }
            rescored[i] = best;
        }
        java.util.Arrays.sort(rescored, RANKING);
        return rescored;
    }

    /**
     * Like {@link #nearestChunks} by brute force: every chunk that passes the filter is compared with
     * {@code vector}. The baseline the HNSW search is measured against.
     */
    public List<ChunkHit> exactNearestChunks(float[] vector, int k, ArticleFilter filter) {
        return articles.search(s -> exact(s, vector, k, filter));
    }

    /**
     * Below this many chunk vectors (by default), {@link #nearestChunks} compares the query with every chunk instead of walking
     * the HNSW graph: that is exact, and faster at this size (the demo's 7,500 chunks: 2.7 ms against 7.7 ms for
     * the diversified walk over 600 candidate articles, `bench search --demo-only`, 2026-11-23, load 1.9). Weaviate's
     * dynamic index makes the same switch, from a flat index to HNSW, at 10,000 objects by default.
     */
    static final int EXACT_BELOW = 20_000;

    /** The chunk vectors of all segments (deleted ones too, until a merge drops them). */
    private static long chunkVectors(IndexReader reader) throws IOException {
        long n = 0;
        for (LeafReaderContext leaf : reader.leaves()) {
            FloatVectorValues values = leaf.reader().getFloatVectorValues(VECTOR);
            n += values == null ? 0 : values.size();
        }
        return n;
    }

    /**
     * About how many chunk vectors an exact search scores in the time an HNSW walk takes per candidate it keeps. Measured
     * on the bench's corpora as the time of an unfiltered walk over that of an exact scan of every vector: 36 on the
     * demo (7,500 vectors, 600 candidates), 44 at 100,000 vectors (600), 51 and 67 at a million (2,500 and 600; README,
     * Capacity). Without a filter it puts the size below which an exact search wins at 30,000 vectors for 600
     * candidates, near {@link #EXACT_BELOW}.
     */
    static final int WALK_COST_PER_CANDIDATE = 50;

    /**
     * Whether scoring the {@code admitted} chunk vectors one by one is cheaper than a filtered walk over an index of
     * {@code vectors} keeping {@code candidates}. The walk costs about {@link #WALK_COST_PER_CANDIDATE} vectors a
     * candidate, and with a filter it passes through the vectors the filter turns away to reach as many admitted ones:
     * about vectors / admitted times as many. So the exact search wins while admitted^2 is below
     * cost * candidates * vectors: at a million vectors and 600 candidates, below about 170,000 admitted.
     */
    static boolean exactIsCheaper(long admitted, long vectors, int candidates) {
        return (double) admitted * admitted < (double) WALK_COST_PER_CANDIDATE * candidates * vectors;
    }

    /**
     * How {@link #nearestChunks} would search with {@code filter} over the index as it is now.
     *
     * @param vectors    the chunk vectors of the index (deleted ones too, until a merge drops them)
     * @param admitted   the live chunk vectors the filter admits
     * @param candidates the articles a walk keeps (a larger k raises them to k)
     * @param exact      whether the search scores every admitted chunk instead of walking the graph
     */
    public record SearchPlan(long vectors, long admitted, int candidates, boolean exact) {}

    /** How a search with this filter over the index as it is now would go; see {@link SearchPlan}. */
    public SearchPlan searchPlanNow(ArticleFilter filter) {
        return articles.search(s -> {
            long vectors = chunkVectors(s.getIndexReader());
            if (admitsEverything(s, filter)) {
                int candidates = knnCandidates.forChunkVectors(vectors);
                return new SearchPlan(vectors, s.count(kind(CHUNK)), candidates, vectors < exactBelow);
            }
            long admitted = AdmittedChunks.of(s, filterQuery(filter, CHUNK)).count();
            int candidates = knnCandidates.forChunkVectors(admitted);
            return new SearchPlan(vectors, admitted, candidates,
                    vectors < exactBelow || exactIsCheaper(admitted, vectors, candidates));
        });
    }

    /** The candidates an HNSW search with this filter over the index as it is now keeps (a larger k raises them to k). */
    public int knnCandidatesNow(ArticleFilter filter) {
        return searchPlanNow(filter).candidates();
    }

    /**
     * The k articles whose best admitted chunk is nearest to {@code vector}, every admitted chunk scored with its float
     * vector, as the walk's hits are (ties to the earlier document).
     */
    private List<ChunkHit> exactOver(IndexReader reader, float[] vector, int k, AdmittedChunks admitted) throws IOException {
        // The weakest of the k best articles so far on top.
        java.util.PriorityQueue<ScoreDoc> best = new java.util.PriorityQueue<>(k + 1, RANKING.reversed());
        for (LeafReaderContext leaf : reader.leaves()) {
            DocIdSetIterator docs = admitted.iterator(leaf);
            FloatVectorValues values = leaf.reader().getFloatVectorValues(VECTOR);
            if (docs == null || values == null) {
                continue;
            }
            BitSet blockEnds = articleDocs.getBitSet(leaf);
            ScoreDoc articleBest = null;
            int blockEnd = -1;
            for (int doc = docs.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = docs.nextDoc()) {
                if (values.advance(doc) != doc) {
                    continue;
                }
                ScoreDoc hit = new ScoreDoc(leaf.docBase + doc,
                        VectorSimilarityFunction.DOT_PRODUCT.compare(vector, values.vectorValue()));
                if (doc > blockEnd) {
                    offer(best, articleBest, k);
                    articleBest = hit;
                    blockEnd = blockEnds.nextSetBit(doc);
                } else {
                    articleBest = better(articleBest, hit);
                }
            }
            offer(best, articleBest, k);
        }
        ScoreDoc[] top = best.toArray(ScoreDoc[]::new);
        java.util.Arrays.sort(top, RANKING);
        return hits(reader, top);
    }

    private static void offer(java.util.PriorityQueue<ScoreDoc> best, ScoreDoc hit, int k) {
        if (hit == null) {
            return;
        }
        best.add(hit);
        if (best.size() > k) {
            best.poll();
        }
    }

    private List<ChunkHit> exact(IndexSearcher s, float[] vector, int k, ArticleFilter filter) throws IOException {
        Query similarity = new FunctionQuery(new FloatVectorSimilarityFunction(VectorSimilarityFunction.DOT_PRODUCT,
                new FloatKnnVectorFieldSource(VECTOR), new ConstKnnFloatValueSource(vector)));
        Query q = new BooleanQuery.Builder().add(similarity, Occur.MUST).add(filterQuery(filter, CHUNK), Occur.FILTER).build();
        return bestChunkPerArticle(s, k, fetch -> s.search(q, fetch));
    }

    /**
     * What {@link #exact} finds (the same articles, chunks and scores, ties going to the earlier document), from each
     * segment's {@link ChunkVectorMatrix}: only the chunks whose bound can still reach the k best articles have their
     * float vectors read and multiplied, as the function query of {@link #exact} scores them.
     */
    private List<ChunkHit> exactByCodes(IndexSearcher s, float[] vector, int k, ArticleFilter filter) throws IOException {
        IndexReader reader = s.getIndexReader();
        List<LeafReaderContext> leaves = reader.leaves();
        AdmittedChunks admitted = admitsEverything(s, filter) ? null : AdmittedChunks.of(s, filterQuery(filter, CHUNK));
        ChunkVectorMatrix[] matrices = new ChunkVectorMatrix[leaves.size()];
        ChunkVectorMatrix.Bounds[] bounds = new ChunkVectorMatrix.Bounds[leaves.size()];
        // Each segment has k articles at least as good as its k-th best lower bound, so the best of those is a bar
        // that the k best articles of the whole index reach (an article lives in one segment).
        float bar = Float.NEGATIVE_INFINITY;
        for (int i = 0; i < leaves.size(); i++) {
            LeafReaderContext leaf = leaves.get(i);
            matrices[i] = chunkMatrix(leaf.reader());
            bounds[i] = matrices[i].bounds(vector, admitted == null ? leaf.reader().getLiveDocs() : admitted.bits(leaf), k);
            bar = Math.max(bar, bounds[i].kthBestArticle());
        }
        Map<String, ScoreDoc> bestByOwner = new HashMap<>();
        for (int i = 0; i < leaves.size(); i++) {
            LeafReaderContext leaf = leaves.get(i);
            ChunkVectorMatrix m = matrices[i];
            float[] upper = bounds[i].upper();
            FloatVectorValues values = leaf.reader().getFloatVectorValues(VECTOR);
            Map<Integer, ScoreDoc> bestByOrdinal = new HashMap<>();
            for (int r = 0; r < m.rows(); r++) {
                if (upper[r] == ChunkVectorMatrix.NOT_ADMITTED || upper[r] < bar) {
                    continue;
                }
                int doc = values.advance(m.doc(r));
                float score = VectorSimilarityFunction.DOT_PRODUCT.compare(values.vectorValue(), vector);
                bestByOrdinal.merge(m.owner(r), new ScoreDoc(leaf.docBase + doc, score), LuceneVectorIndex::better);
            }
            SortedDocValues owners = DocValues.getSorted(leaf.reader(), OWNER);
            for (Map.Entry<Integer, ScoreDoc> e : bestByOrdinal.entrySet()) {
                bestByOwner.merge(owners.lookupOrd(e.getKey()).utf8ToString(), e.getValue(), LuceneVectorIndex::better);
            }
        }
        ScoreDoc[] top = bestByOwner.values().stream()
                .sorted(RANKING)
                .limit(k).toArray(ScoreDoc[]::new);
        return hits(reader, top);
    }

    /** The order a search ranks hits in: the higher score first, then the earlier document. */
    static final Comparator<ScoreDoc> RANKING = Comparator.comparingDouble((ScoreDoc d) -> d.score).reversed()
            .thenComparingInt(d -> d.doc);

    /** Of two hits, the one a search ranks first: the higher score, or the earlier document. */
    private static ScoreDoc better(ScoreDoc a, ScoreDoc b) {
        return RANKING.compare(a, b) <= 0 ? a : b;
    }

    /** A segment's chunk vectors as codes, made once per segment. */
    private ChunkVectorMatrix chunkMatrix(LeafReader segment) throws IOException {
        IndexReader.CacheHelper cache = segment.getCoreCacheHelper();
        ChunkVectorMatrix cached = chunkVectorsBySegment.get(cache.getKey());
        if (cached != null) {
            return cached;
        }
        ChunkVectorMatrix vectors = ChunkVectorMatrix.read(segment, VECTOR, OWNER, dimension);
        if (chunkVectorsBySegment.putIfAbsent(cache.getKey(), vectors) == null) {
            cache.addClosedListener(chunkVectorsBySegment::remove);
        }
        return vectors;
    }

    @Override
    public List<ChunkHit> matchingChunks(String query, int k, ArticleFilter filter) {
        Query text = textQuery(query);
        if (text == null) {
            return List.of();
        }
        return articles.search(s -> {
            // Only chunks have text, so here too a filter that admits every article can be left out.
            if (admitsEverything(s, filter)) {
                return bestChunkPerArticle(s, k, fetch -> s.search(text, fetch));
            }
            Query q = new BooleanQuery.Builder().add(text, Occur.MUST).add(filterQuery(filter, CHUNK), Occur.FILTER).build();
            // Scores from the statistics of the chunks the caller may read, not of every chunk (see ScopedStatistics).
            IndexSearcher scored = admitsEveryLevel(s, filter.accessLevels()) ? s
                    : textStatistics.searcher(s, accessScope(filter.accessLevels()));
            return bestChunkPerArticle(scored, k, fetch -> scored.search(q, fetch));
        });
    }

    /** Most distinct words of a long text that take part in its BM25 query, the most frequent first. */
    static final int MAX_TEXT_QUERY_WORDS = 256;

    /**
     * BM25 over the text field: a clause per word position, as Lucene's QueryBuilder makes it, for queries;
     * for a text with more positions than a boolean query may hold (an abstract sent to annotate), one
     * clause per distinct word, boosted by its count, for the {@link #MAX_TEXT_QUERY_WORDS} most frequent.
     */
    private Query textQuery(String text) {
        try {
            return new QueryBuilder(analyzer).createBooleanQuery(TEXT, text);
        } catch (IndexSearcher.TooManyClauses e) {
            Map<String, Integer> counts = new HashMap<>();
            try (var tokens = analyzer.tokenStream(TEXT, text)) {
                var term = tokens.addAttribute(CharTermAttribute.class);
                tokens.reset();
                while (tokens.incrementToken()) {
                    counts.merge(term.toString(), 1, Integer::sum);
                }
                tokens.end();
            } catch (IOException io) {
                throw new UncheckedIOException(io);
            }
            BooleanQuery.Builder words = new BooleanQuery.Builder();
            counts.entrySet().stream()
                    .sorted(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                    .limit(MAX_TEXT_QUERY_WORDS)
                    .forEach(w -> words.add(new BoostQuery(
                            new TermQuery(new Term(TEXT, w.getKey())), w.getValue()),
                            Occur.SHOULD));
            return words.build();
        }
    }

    /** Whether the filter asks for nothing but access levels, and the index holds no article of another level. */
    private static boolean admitsEverything(IndexSearcher s, ArticleFilter f) throws IOException {
        if (!f.requiredTerms().isEmpty() || !f.excludedTerms().isEmpty() || f.hasYearBounds()) {
            return false;
        }
        return admitsEveryLevel(s, f.accessLevels());
    }

    /** Whether the index holds no article of a level other than these. */
    private static boolean admitsEveryLevel(IndexSearcher s, Set<String> accessLevels) throws IOException {
        Terms levels = MultiTerms.getTerms(s.getIndexReader(), ACCESS);
        if (levels == null) {
            return true;
        }
        TermsEnum e = levels.iterator();
        for (BytesRef level = e.next(); level != null; level = e.next()) {
            if (!accessLevels.contains(level.utf8ToString())) {
                return false;
            }
        }
        return true;
    }

    /** The chunks of these access levels. */
    private static Query accessScope(Set<String> accessLevels) {
        return new BooleanQuery.Builder().add(kind(CHUNK), Occur.FILTER)
                .add(new TermInSetQuery(ACCESS, bytes(accessLevels)), Occur.FILTER).build();
    }

    /**
     * A search over chunks that is not diversified by article (BM25, exact), repeated with more chunks until k
     * articles are found or no chunk is left.
     */
    private static List<ChunkHit> bestChunkPerArticle(IndexSearcher s, int k, ChunkSearch search) throws IOException {
        IndexReader reader = s.getIndexReader();
        int total = reader.maxDoc();
        int fetch = Math.max(1, Math.min(k * FETCH_FACTOR, total));
        while (true) {
            ScoreDoc[] top = search.top(fetch).scoreDocs;
            String[] owners = ChunkColumns.owners(reader, top);
            Map<String, ScoreDoc> best = new LinkedHashMap<>();
            for (int i = 0; i < top.length && best.size() < k; i++) {
                best.putIfAbsent(owners[i], top[i]);
            }
            if (best.size() == k || top.length < fetch || fetch >= total) {
                ScoreDoc[] winners = best.values().toArray(ScoreDoc[]::new);
                int[] ordinals = ChunkColumns.ordinals(reader, winners);
                String[] texts = ChunkColumns.texts(reader, winners);
                List<ChunkHit> hits = new ArrayList<>(winners.length);
                int i = 0;
                for (Map.Entry<String, ScoreDoc> e : best.entrySet()) {
                    hits.add(new ChunkHit(e.getKey(), ordinals[i], texts[i], e.getValue().score));
                    i++;
                }
                return hits;
            }
            fetch = (int) Math.min((long) fetch * FETCH_FACTOR, total);
        }
    }

    @Override
    public Map<String, ArticleFields> articles(Collection<String> pids) {
        Map<String, ArticleFields> out = new HashMap<>();
        if (pids.isEmpty()) {
            return out;
        }
        articles.search(s -> {
            Query q = and(kind(ARTICLE), new TermInSetQuery(OWNER, bytes(pids)));
            StoredFields stored = s.storedFields();
            List<LeafReaderContext> leaves = s.getIndexReader().leaves();
            for (ScoreDoc d : s.search(q, pids.size()).scoreDocs) {
                LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(d.doc, leaves));
                ArticleFields fields = decodedArticles.get(leaf.reader(), d.doc - leaf.docBase, () -> articleFields(stored, d.doc));
                out.put(fields.pid(), fields);
            }
            return null;
        });
        return out;
    }

    private static ArticleFields articleFields(StoredFields stored, int doc) throws IOException {
        Document document = stored.document(doc);
        IndexableField year = document.getField(YEAR);
        List<String> terms = new ArrayList<>();
        List<String> suggested = new ArrayList<>();
        for (String t : document.getValues(TERM)) {
            if (t.startsWith(ArticleFilter.SUGGESTED_PREFIX)) {
                suggested.add(t.substring(ArticleFilter.SUGGESTED_PREFIX.length()));
            } else {
                terms.add(t);
            }
        }
        return new ArticleFields(document.get(OWNER), document.get(PMID), document.get(TITLE), document.get(JOURNAL),
                year == null ? null : year.numericValue().intValue(), document.get(ACCESS), terms, suggested);
    }

    @Override
    public List<IndexedChunk> chunks(String pid) {
        return articles.search(s -> {
            Query q = and(kind(CHUNK), new TermQuery(new Term(OWNER, pid)));
            ScoreDoc[] docs = s.search(q, Math.max(1, s.count(q))).scoreDocs;
            IndexReader reader = s.getIndexReader();
            int[] ordinals = ChunkColumns.ordinals(reader, docs);
            String[] texts = ChunkColumns.texts(reader, docs);
            float[][] vectors = ChunkColumns.vectors(reader, docs);
            IndexedChunk[] ordered = new IndexedChunk[docs.length];
            for (int i = 0; i < docs.length; i++) {
                ordered[ordinals[i]] = new IndexedChunk(texts[i], vectors[i]);
            }
            return List.of(ordered);
        });
    }

    /** Scores the chunks of the named articles that pass the filter in one search, keeping the named chunks. */
    @Override
    public List<ChunkHit> scoreChunks(float[] vector, Map<String, Set<Integer>> chunks, ArticleFilter filter) {
        if (chunks.isEmpty()) {
            return List.of();
        }
        Query similarity = new FunctionQuery(new FloatVectorSimilarityFunction(VectorSimilarityFunction.DOT_PRODUCT,
                new FloatKnnVectorFieldSource(VECTOR), new ConstKnnFloatValueSource(vector)));
        Query q = new BooleanQuery.Builder().add(similarity, Occur.MUST).add(filterQuery(filter, CHUNK), Occur.FILTER)
                .add(new TermInSetQuery(OWNER, bytes(chunks.keySet())), Occur.FILTER).build();
        return articles.search(s -> {
            int n = s.count(q);
            if (n == 0) {
                return List.of();
            }
            ScoreDoc[] docs = s.search(q, n).scoreDocs;
            IndexReader reader = s.getIndexReader();
            String[] owners = ChunkColumns.owners(reader, docs);
            int[] ordinals = ChunkColumns.ordinals(reader, docs);
            List<ScoreDoc> wanted = new ArrayList<>();
            for (int i = 0; i < docs.length; i++) {
                Set<Integer> of = chunks.get(owners[i]);
                if (of != null && of.contains(ordinals[i])) {
                    wanted.add(docs[i]);
                }
            }
            ScoreDoc[] kept = wanted.toArray(ScoreDoc[]::new);
            String[] keptOwners = ChunkColumns.owners(reader, kept);
            int[] keptOrdinals = ChunkColumns.ordinals(reader, kept);
            String[] texts = ChunkColumns.texts(reader, kept);
            List<ChunkHit> out = new ArrayList<>(kept.length);
            for (int i = 0; i < kept.length; i++) {
                out.add(new ChunkHit(keptOwners[i], keptOrdinals[i], texts[i], kept[i].score));
            }
            return out;
        });
    }

    @Override
    public long countArticles(ArticleFilter filter) {
        return articles.search(s -> (long) s.count(filterQuery(filter, ARTICLE)));
    }

    @Override
    public Map<String, String> termChecksums() {
        return terms.search(s -> {
            Map<String, String> out = new HashMap<>();
            for (LeafReaderContext leaf : s.getIndexReader().leaves()) {
                Bits live = leaf.reader().getLiveDocs();
                SortedDocValues owners = DocValues.getSorted(leaf.reader(), OWNER);
                BinaryDocValues checksums = DocValues.getBinary(leaf.reader(), CHECKSUM);
                for (int doc = owners.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = owners.nextDoc()) {
                    if ((live == null || live.get(doc)) && checksums.advanceExact(doc)) {
                        out.put(owners.lookupOrd(owners.ordValue()).utf8ToString(), checksums.binaryValue().utf8ToString());
                    }
                }
            }
            return out;
        });
    }

    @Override
    public void upsertTerms(List<IndexedTerm> batch) {
        terms.write(w -> {
            for (IndexedTerm t : batch) {
                List<Document> docs = new ArrayList<>(t.names().size());
                for (IndexedTerm.Name n : t.names()) {
                    Document d = new Document();
                    d.add(new StringField(OWNER, t.id(), Field.Store.YES));
                    d.add(new SortedDocValuesField(OWNER, new BytesRef(t.id())));
                    d.add(new BinaryDocValuesField(CHECKSUM, new BytesRef(t.checksum())));
                    d.add(new StoredField(NAME, n.text()));
                    d.add(new BinaryDocValuesField(VECTOR, TermVectors.encode(n.vector())));
                    docs.add(d);
                }
                w.updateDocuments(new Term(OWNER, t.id()), docs);
            }
        });
    }

    @Override
    public void deleteTerms(Collection<String> ids) {
        terms.write(w -> w.deleteDocuments(owners(ids)));
    }

    /** Compares {@code vector} with every term name, scored as Lucene scores a dot-product k-NN hit. */
    @Override
    public List<TermHit> nearestTerms(float[] vector, int k) {
        if (k <= 0) {
            return List.of();
        }
        return terms.search(s -> {
            // Lucene's collector idiom: a full queue of sentinels whose weakest entry is replaced.
            HitQueue best = new HitQueue(k, true);
            for (LeafReaderContext leaf : s.getIndexReader().leaves()) {
                termVectors(leaf.reader()).collect(vector, leaf.reader().getLiveDocs(), leaf.docBase, best);
            }
            List<ScoreDoc> found = new ArrayList<>(k);
            while (best.size() > 0) {
                ScoreDoc d = best.pop();
                if (d.score != Float.NEGATIVE_INFINITY) {
                    found.add(d);
                }
            }
            java.util.Collections.reverse(found);
            List<TermHit> hits = new ArrayList<>(found.size());
            StoredFields stored = s.storedFields();
            for (ScoreDoc d : found) {
                Document doc = stored.document(d.doc, Set.of(OWNER, NAME));
                hits.add(new TermHit(doc.get(OWNER), doc.get(NAME), similarity(d.score)));
            }
            return hits;
        });
    }

    /** A segment's term vectors, read once per segment. */
    private TermVectorMatrix termVectors(LeafReader segment) throws IOException {
        IndexReader.CacheHelper cache = segment.getCoreCacheHelper();
        TermVectorMatrix cached = termVectorsBySegment.get(cache.getKey());
        if (cached != null) {
            return cached;
        }
        TermVectorMatrix vectors = new TermVectorMatrix(TermVectors.read(segment, VECTOR, dimension), dimension);
        if (termVectorsBySegment.putIfAbsent(cache.getKey(), vectors) == null) {
            cache.addClosedListener(termVectorsBySegment::remove);
        }
        return vectors;
    }

    /** A dot product of unit vectors as Lucene's {@link VectorSimilarityFunction#DOT_PRODUCT} scores it, from 0 to 1. */
    private static float similarity(float dotProduct) {
        return Math.max((1 + dotProduct) / 2, 0);
    }

    /** Merges each index into one segment, which makes searches faster; for bulk-built indexes. Commits. */
    public void optimize() {
        articles.write(w -> w.forceMerge(1));
        terms.write(w -> w.forceMerge(1));
        commit();
    }

    /** Makes every write so far durable (both indexes); a no-op when nothing changed since the last commit. */
    @Override
    public void commit() {
        articles.commit();
        terms.commit();
    }

    private void commitInBackground() {
        try {
            articles.commitUnlessWriting();
            terms.commitUnlessWriting();
        } catch (RuntimeException e) {
            // The next interval, a checkpoint or closing tries again; a scheduled task that threw would stop.
            LOG.warn("Committing the vector index in {} failed: {}", dir, e.toString());
        }
    }

    @Override
    public String describe() {
        return "embedded Lucene (HNSW over the chunks, exact over the term names) in " + dir;
    }

    /** Commits what is not committed yet and closes both indexes. */
    @Override
    public void close() {
        // Not shutdownNow: an interrupt while a commit writes would close the files under Lucene.
        committer.shutdown();
        try {
            if (!committer.awaitTermination(1, TimeUnit.MINUTES)) {
                LOG.warn("A commit of the vector index in {} is still running while it closes", dir);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        terms.close();
        articles.close();
        if (segmentSearches != null) {
            segmentSearches.shutdown();
        }
    }

    private static Query filterQuery(ArticleFilter f, String kind) {
        BooleanQuery.Builder b = new BooleanQuery.Builder()
                .add(kind(kind), Occur.FILTER)
                .add(new TermInSetQuery(ACCESS, bytes(f.accessLevels())), Occur.FILTER);
        for (Set<String> group : f.requiredTerms()) {
            b.add(new TermInSetQuery(TERM, bytes(f.matching(group))), Occur.FILTER);
        }
        if (!f.excludedTerms().isEmpty()) {
            b.add(new TermInSetQuery(TERM, bytes(f.matching(f.excludedTerms()))), Occur.MUST_NOT);
        }
        if (f.hasYearBounds()) {
            b.add(IntPoint.newRangeQuery(YEAR, f.yearFrom() == null ? Integer.MIN_VALUE : f.yearFrom(),
                    f.yearTo() == null ? Integer.MAX_VALUE : f.yearTo()), Occur.FILTER);
        }
        return b.build();
    }

    private static Query kind(String kind) {
        return new TermQuery(new Term(KIND, kind));
    }

    private static Query and(Query a, Query b) {
        return new BooleanQuery.Builder().add(a, Occur.FILTER).add(b, Occur.FILTER).build();
    }

    private static List<BytesRef> bytes(Collection<String> values) {
        return values.stream().map(BytesRef::new).toList();
    }

    private static Term[] owners(Collection<String> ids) {
        return ids.stream().map(id -> new Term(OWNER, id)).toArray(Term[]::new);
    }

    /**
     * Reads a chunk's doc values for many hits at once. Doc-values iterators only move forward, so hits
     * are visited in document order, segment by segment, and the values put back in the hits' order.
     */
    private static final class ChunkColumns {

        @FunctionalInterface
        private interface LeafReading<I, T> {
            T read(I iterator, int leafDoc) throws IOException;
        }

        @FunctionalInterface
        private interface LeafIterator<I> {
            I open(LeafReader leaf) throws IOException;
        }

        static String[] owners(IndexReader reader, ScoreDoc[] hits) throws IOException {
            return read(reader, hits, String[]::new, leaf -> DocValues.getSorted(leaf, OWNER),
                    (dv, doc) -> dv.advanceExact(doc) ? dv.lookupOrd(dv.ordValue()).utf8ToString() : null);
        }

        static int[] ordinals(IndexReader reader, ScoreDoc[] hits) throws IOException {
            Integer[] values = read(reader, hits, Integer[]::new, leaf -> DocValues.getNumeric(leaf, ORDINAL),
                    (dv, doc) -> dv.advanceExact(doc) ? (int) dv.longValue() : -1);
            return java.util.Arrays.stream(values).mapToInt(Integer::intValue).toArray();
        }

        static String[] texts(IndexReader reader, ScoreDoc[] hits) throws IOException {
            return read(reader, hits, String[]::new, leaf -> DocValues.getBinary(leaf, TEXT),
                    (dv, doc) -> dv.advanceExact(doc) ? dv.binaryValue().utf8ToString() : null);
        }

        static float[][] vectors(IndexReader reader, ScoreDoc[] hits) throws IOException {
            return read(reader, hits, float[][]::new, leaf -> leaf.getFloatVectorValues(VECTOR),
                    (values, doc) -> values.advance(doc) == doc ? values.vectorValue().clone() : null);
        }

        private static <I, T> T[] read(IndexReader reader, ScoreDoc[] hits, java.util.function.IntFunction<T[]> array,
                                       LeafIterator<I> open, LeafReading<I, T> reading) throws IOException {
            Integer[] order = new Integer[hits.length];
            for (int i = 0; i < hits.length; i++) {
                order[i] = i;
            }
            java.util.Arrays.sort(order, Comparator.comparingInt(i -> hits[i].doc));
            T[] out = array.apply(hits.length);
            List<LeafReaderContext> leaves = reader.leaves();
            int current = -1;
            I iterator = null;
            for (int i : order) {
                int leafIndex = ReaderUtil.subIndex(hits[i].doc, leaves);
                LeafReaderContext leaf = leaves.get(leafIndex);
                if (leafIndex != current) {
                    current = leafIndex;
                    iterator = open.open(leaf.reader());
                }
                out[i] = reading.read(iterator, hits[i].doc - leaf.docBase);
            }
            return out;
        }
    }

    @FunctionalInterface
    private interface ChunkSearch {
        TopDocs top(int n) throws IOException;
    }

    @FunctionalInterface
    private interface SearchAction<T> {
        T apply(IndexSearcher searcher) throws IOException;
    }

    @FunctionalInterface
    private interface WriteAction {
        void apply(IndexWriter writer) throws IOException;
    }

    /** One Lucene index: its writer, near-real-time searchers over it, and the model it was made with. */
    private static final class Store {
        private final Path path;
        private final Directory directory;
        private final IndexWriter writer;
        private final SearcherManager searchers;
        private final Map<String, String> metadata;
        /**
         * Shared by writes, taken whole by a background commit, which skips its turn while a write is under way:
         * a commit flushes the documents buffered so far as a segment, and cutting a bulk write into more
         * segments costs HNSW merges and slower searches.
         */
        private final ReadWriteLock writing = new ReentrantReadWriteLock();

        /** @param searchHelpers threads that take segments of a search from the searching thread; null for none */
        Store(Path path, Analyzer analyzer, Map<String, String> metadata, Options options, Executor searchHelpers)
                throws IOException {
            this.path = path;
            this.metadata = metadata;
            this.directory = FSDirectory.open(path);
            boolean otherModel = DirectoryReader.indexExists(directory)
                    && !metadata.equals(subset(SegmentInfos.readLatestCommit(directory).getUserData(), metadata.keySet()));
            // Written in batches at ingest, searched all the time: fewer, larger segments make each k-NN
            // search walk one graph instead of several small ones (Lucene's default allows ten per tier).
            TieredMergePolicy merges = new TieredMergePolicy();
            merges.setSegmentsPerTier(SEGMENTS_PER_TIER);
            IndexWriterConfig config = new IndexWriterConfig(analyzer).setCodec(codec(options.quantization()))
                    .setMergePolicy(merges).setRAMBufferSizeMB(options.ramBufferMb()).setOpenMode(IndexWriterConfig.OpenMode.CREATE_OR_APPEND);
            this.writer = new IndexWriter(directory, config);
            if (otherModel) {
                LOG.warn("The vectors in {} were made by another embedding model or index format; starting that index "
                        + "afresh for {}", path, metadata);
                writer.deleteAll();
            }
            writer.setLiveCommitData(metadata.entrySet());
            writer.commit();
            this.searchers = new SearcherManager(writer, new SearcherFactory() {
                @Override
                public IndexSearcher newSearcher(IndexReader reader, IndexReader previous) {
                    return new IndexSearcher(reader, searchHelpers);
                }
            });
        }

        private static Map<String, String> subset(Map<String, String> all, Set<String> keys) {
            Map<String, String> out = new HashMap<>();
            keys.forEach(k -> {
                if (all.containsKey(k)) {
                    out.put(k, all.get(k));
                }
            });
            return out;
        }

        <T> T search(SearchAction<T> action) {
            try {
                IndexSearcher s = searchers.acquire();
                try {
                    return action.apply(s);
                } finally {
                    searchers.release(s);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("vector index " + path + " failed", e);
            }
        }

        /** Applies the change and makes it visible to searches; it is durable after the next {@link #commit()}. */
        void write(WriteAction action) {
            writing.readLock().lock();
            try {
                action.apply(writer);
                searchers.maybeRefreshBlocking();
            } catch (IOException e) {
                throw new UncheckedIOException("vector index " + path + " failed", e);
            } finally {
                writing.readLock().unlock();
            }
        }

        /** Commits unless a write is under way (the next turn will). */
        void commitUnlessWriting() {
            if (writing.writeLock().tryLock()) {
                try {
                    commit();
                } finally {
                    writing.writeLock().unlock();
                }
            }
        }

        /** Makes the writes so far durable, with the model and format in the commit's data. */
        void commit() {
            try {
                if (writer.hasUncommittedChanges()) {
                    writer.commit();
                }
            } catch (IOException e) {
                throw new UncheckedIOException("vector index " + path + " failed", e);
            }
        }

        /** Closes the writer, which commits what is not committed yet. */
        void close() {
            try {
                searchers.close();
                writer.close();
                directory.close();
            } catch (IOException e) {
                LOG.warn("Closing the vector index {} failed: {}", path, e.toString());
            }
        }

        private static Codec codec(VectorQuantization quantization) {
            KnnVectorsFormat hnsw = quantization == VectorQuantization.INT8
                    ? new Lucene99HnswScalarQuantizedVectorsFormat() : new Lucene99HnswVectorsFormat();
            // Same name as the standard format, so the files read back with the standard codec; each segment
            // records the name of the format it was written with, so either setting reads the other's segments.
            KnnVectorsFormat wide = new KnnVectorsFormat(hnsw.getName()) {
                @Override
                public KnnVectorsWriter fieldsWriter(SegmentWriteState state) throws IOException {
                    return hnsw.fieldsWriter(state);
                }

                @Override
                public KnnVectorsReader fieldsReader(SegmentReadState state) throws IOException {
                    return hnsw.fieldsReader(state);
                }

                @Override
                public int getMaxDimensions(String fieldName) {
                    return MAX_DIMENSIONS;
                }
            };
            return new Lucene912Codec() {
                @Override
                public KnnVectorsFormat getKnnVectorsFormatForField(String field) {
                    return wide;
                }
            };
        }
    }
}
