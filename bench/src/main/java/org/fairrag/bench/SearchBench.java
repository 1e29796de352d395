package org.fairrag.bench;

import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.ext.web.Router;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.fairrag.anchor.MentionedConceptArticles;
import org.fairrag.app.ConfigOptions;
import org.fairrag.app.ConsoleProgress;
import org.fairrag.app.Fairrag;
import org.fairrag.app.FairragConfig;
import org.fairrag.embed.CachingEmbedder;
import org.fairrag.embed.Embedder;
import org.fairrag.embed.LangChainEmbedder;
import org.fairrag.embed.Vectors;
import org.fairrag.http.Errors;
import org.fairrag.http.SearchHandler;
import org.fairrag.work.WorkerPool;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.search.ArticleSearch;
import org.fairrag.search.ConceptArticles;
import org.fairrag.search.IndexedConceptArticles;
import org.fairrag.terms.ConceptLinker;
import org.fairrag.vectors.ArticleFields;
import org.fairrag.vectors.ArticleFilter;
import org.fairrag.vectors.ChunkHit;
import org.fairrag.vectors.IndexedArticle;
import org.fairrag.vectors.IndexedChunk;
import org.fairrag.vectors.KnnCandidates;
import org.fairrag.vectors.LuceneVectorIndex;
import org.fairrag.vectors.VectorQuantization;
import org.fairrag.vectors.VectorIndex;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyIndex;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code fairrag-bench search}: speed of article search on the demo corpus and on a corpus of at least
 * 100,000 articles derived from it. For each: HNSW recall@10 against exact (brute-force) search and the
 * time of both; {@code GET /api/articles/search} under {@code wrk} with 8 connections (p50, p99,
 * requests/s), with distinct queries (every query embedded) and with one repeated query (embedding
 * cached); and requests one at a time over distinct queries, each embedded, and over others whose embedding and
 * concepts are cached (then again), whose {@code Server-Timing} splits the time into embedding, concepts, retrieval and
 * the rest.
 */
@Command(name = "search", description = "Search speed on the demo corpus and on a derived corpus of --articles articles: "
        + "HNSW recall@10 vs exact search, /api/articles/search p50/p99 and requests/s under wrk, and the "
        + "embed/retrieve/other split. Needs wrk (apt-get install wrk) for the load part.")
final class SearchBench implements Callable<Integer> {

    private static final int K = 10;
    private static final double NOISE = 0.04;
    private static final int SPLIT_REQUESTS = 200;

    @Mixin
    ConfigOptions options;

    @Option(names = "--articles", defaultValue = "100000", split = ",", description = "Sizes of the derived corpora, "
            + "comma-separated, each measured in turn in this run (default ${DEFAULT-VALUE}).")
    List<Integer> articles;

    @Option(names = "--chunks-per-article", defaultValue = "0", description = "Chunks of each derived article; 0: as many "
            + "as its demo article has, about three (default ${DEFAULT-VALUE}).")
    int chunksPerArticle;

    @Option(names = "--quantization", description = "none or int8: how the derived corpora's HNSW keeps the vectors "
            + "(default: FAIRRAG_VECTOR_QUANTIZATION, none).")
    String quantization;

    @Option(names = "--write-buffer-mb", defaultValue = "128", description = "Lucene's write buffer while building a "
            + "derived corpus; larger makes fewer segments to merge (default ${DEFAULT-VALUE}, the server's).")
    double writeBufferMb;

    @Option(names = "--knn-candidates", split = ",", description = "Articles an HNSW search keeps as candidates on the "
            + "derived corpora (Lucene's ef), comma-separated, each measured in turn on every corpus in this run: "
            + KnnCandidates.SCALED_NAME + " (the server's rule: by the number of chunk vectors), a number, or a "
            + "percentage (the server's rule with that share of the chunk vectors above its floor, e.g. 0.2%) "
            + "(default: FAIRRAG_VECTOR_CANDIDATES, " + KnnCandidates.SCALED_NAME + ").")
    List<String> knnCandidates;

    @Option(names = "--search-threads", description = "Threads one search of the derived corpora may use, its segments "
            + "walked at the same time (default: FAIRRAG_SEARCH_THREADS, the number of processors; 1: one after the other).")
    Integer searchThreads;

    @Option(names = "--no-force-merge", description = "Leave a newly built derived corpus in the segments its writer "
            + "made instead of merging it into one (a search then walks one graph per segment).")
    boolean noForceMerge;

    @Option(names = "--build-only", description = "Build the derived corpora that are missing, print their build "
            + "figures, and measure nothing.")
    boolean buildOnly;

    @Option(names = "--derived-only", description = "Measure the derived corpora only, not the demo.")
    boolean derivedOnly;

    @Option(names = "--duration", defaultValue = "20", description = "Seconds per wrk run (default ${DEFAULT-VALUE}).")
    int duration;

    @Option(names = "--connections", defaultValue = "8", description = "wrk connections (default ${DEFAULT-VALUE}).")
    int connections;

    @Option(names = "--recall-queries", defaultValue = "200", description = "Queries for recall (default ${DEFAULT-VALUE}).")
    int recallQueries;

    @Option(names = "--demo-only", description = "Measure the demo corpus only, not the derived one.")
    boolean demoOnly;

    @Option(names = "--work-dir", description = "Where the derived corpus is built and kept for later runs "
            + "(default: <data dir>/bench).")
    Path workDir;

    @Override
    public Integer call() throws Exception {
        validate();
        FairragConfig config = options.config().toBuilder().port(0).build();
        VectorQuantization q = quantization != null ? VectorQuantization.parse(quantization) : config.vectors().quantization();
        try (Fairrag fairrag = Fairrag.open(config)) {
            fairrag.loadDemoIfEmpty(new ConsoleProgress());
            fairrag.mentionMap().load();
            if (!(fairrag.vectorIndex().orElse(null) instanceof LuceneVectorIndex demo)) {
                throw new IllegalStateException("bench search measures the embedded Lucene index (FAIRRAG_VECTORS=lucene)");
            }
            Embedder embedder = LangChainEmbedder.create(config.embedding());
            VocabularyIndex vocab = fairrag.vocabulary();
            List<String> queries = queries(vocab);
            System.out.printf("machine: %d cores, load average %s; model %s; queries are MeSH preferred names; heap limit "
                    + "%d MB%n", Runtime.getRuntime().availableProcessors(), loadAverage(), embedder.modelName(),
                    Runtime.getRuntime().maxMemory() >> 20);

            if (measuresDemo()) {
                System.out.printf("%n== demo corpus: %d articles%n", demo.articleCount());
                measure(fairrag, demo, embedder, vocab, queries, true);
            }
            if (demoOnly) {
                return 0;
            }
            Path root = workDir != null ? workDir : config.dataDir().resolve("bench");
            Map<Integer, Build> builds = new LinkedHashMap<>();
            Map<Column, Figures> figures = new LinkedHashMap<>();
            List<IndexedArticle> sources = demoArticles(demo, config);
            List<KnnCandidates> settings = candidateSettings(config);
            int threads = searchThreads != null ? searchThreads : config.vectors().searchThreads();
            for (int n : articles) {
                Path dir = root.resolve(corpusName(n, chunksPerArticle, q));
                try (LuceneVectorIndex derived = LuceneVectorIndex.open(dir, embedder.modelName(), embedder.dimension(),
                        new LuceneVectorIndex.Options(q, writeBufferMb))) {
                    Build build = derived(dir, n, derived, sources);
                    builds.put(n, build);
                    System.out.printf("%n== derived corpus: %d articles, %d chunk vectors in %d segment(s), quantization %s, "
                            + "%s; recombined from the demo articles: each takes the first chunk, MeSH tags and year of one "
                            + "demo article and %s; every chunk vector is the real one plus Gaussian noise (sigma %.2f per "
                            + "dimension, renormalised: cosine to the real one about %.2f)%n", derived.articleCount(),
                            build.chunks(), segments(dir), q.name().toLowerCase(Locale.ROOT), humanBytes(build.diskBytes()),
                            chunksPerArticle == 0 ? "each further chunk (as many as its demo article has) from another demo "
                                    + "article chosen at random" : chunksPerArticle == 1 ? "no further chunk"
                                    : (chunksPerArticle - 1) + " further chunk(s) from other demo articles chosen at random",
                            NOISE, 1 / Math.sqrt(1 + NOISE * NOISE * embedder.dimension()));
                    System.out.println("  built: " + build.describe());
                }
                for (KnnCandidates c : buildOnly ? List.<KnnCandidates>of() : settings) {
                    try (LuceneVectorIndex derived = LuceneVectorIndex.open(dir, embedder.modelName(), embedder.dimension(),
                            new LuceneVectorIndex.Options(q, writeBufferMb).withKnnCandidates(c).withSearchThreads(threads))) {
                        Column column = new Column(n, c, derived.knnCandidatesNow(ArticleFilter.publicArticles()));
                        System.out.printf("%n-- %,d articles, candidates %s, %d search thread(s)%n", n, column.describe(),
                                threads);
                        figures.put(column, measure(fairrag, derived, embedder, vocab, queries, false));
                    }
                }
            }
            if (!buildOnly) {
                printTable(builds, figures, q);
            }
        }
        return 0;
    }

    /** Whether the demo corpus is measured: unless only derived corpora are built or measured. */
    boolean measuresDemo() {
        return !derivedOnly && !buildOnly;
    }

    /** Rejects what picocli's types let through. */
    void validate() {
        if (articles.isEmpty() || articles.stream().anyMatch(n -> n < 1)) {
            throw new picocli.CommandLine.ParameterException(new picocli.CommandLine(this),
                    "--articles needs one or more sizes of at least 1, got " + articles);
        }
        if (searchThreads != null && searchThreads < 1) {
            throw new picocli.CommandLine.ParameterException(new picocli.CommandLine(this),
                    "--search-threads needs at least 1, got " + searchThreads);
        }
        if (chunksPerArticle < 0) {
            throw new picocli.CommandLine.ParameterException(new picocli.CommandLine(this),
                    "--chunks-per-article must be 0 (as the demo article) or more, got " + chunksPerArticle);
        }
        if (quantization != null) {
            VectorQuantization.parse(quantization);
        }
        if (knnCandidates != null) {
            try {
                knnCandidates.forEach(SearchBench::candidates);
            } catch (IllegalArgumentException e) {
                throw new picocli.CommandLine.ParameterException(new picocli.CommandLine(this),
                        "--knn-candidates takes " + KnnCandidates.SCALED_NAME + ", numbers of at least 1 or percentages up to "
                                + "100%, got " + knnCandidates);
            }
        }
    }

    /** The candidate counts each derived corpus is measured with: as asked, else the server's setting. */
    List<KnnCandidates> candidateSettings(FairragConfig config) {
        return knnCandidates == null ? List.of(config.vectors().candidates())
                : knnCandidates.stream().map(SearchBench::candidates).distinct().toList();
    }

    /**
     * A candidate setting: what the server takes ({@code auto} or a number), or {@code <percent>%}, the server's rule
     * with another share of the chunk vectors above its floor, to try a rule before it is the server's.
     */
    static KnnCandidates candidates(String value) {
        String v = value.trim();
        if (v.endsWith("%")) {
            return new KnnCandidates(KnnCandidates.SCALED.least(), Double.parseDouble(v.substring(0, v.length() - 1)) / 100);
        }
        return KnnCandidates.parse(v);
    }

    /** One measured column of the summary: a corpus searched with a candidate setting, which gave {@code candidates}. */
    private record Column(int articles, KnnCandidates setting, int candidates) {
        String describe() {
            return setting.isFixed() ? Integer.toString(candidates)
                    : String.format(Locale.ROOT, "%s (%,d here)", setting.describe(), candidates);
        }
    }

    /** The directory name of a derived corpus: a corpus made another way is built in another directory. */
    static String corpusName(int articles, int chunksPerArticle, VectorQuantization q) {
        return "derived-" + articles + (chunksPerArticle > 0 ? "-c" + chunksPerArticle : "")
                + (q == VectorQuantization.NONE ? "" : "-" + q.name().toLowerCase(Locale.ROOT));
    }

    /** @param mentions whether to measure the search with the articles that mention a concept too (the demo has mentions) */
    private Figures measure(Fairrag fairrag, LuceneVectorIndex index, Embedder embedder, VocabularyIndex vocab,
                            List<String> queries, boolean mentions) throws Exception {
        Recall plain = recall(index, embedder, queries.subList(0, recallQueries), ArticleFilter.publicArticles(), "no filter");
        Recall filtered = recall(index, embedder, queries.subList(0, recallQueries),
                ArticleFilter.publicTaggedWithAny(vocab.withDescendants("D009369")), "filter: Neoplasms, exploded");
        if (!wrkInstalled()) {
            System.out.println("wrk is not installed (apt-get install -y wrk): skipping the HTTP measurements");
            return new Figures(plain, filtered, null, null, null, null, null, Memory.now());
        }
        // The last queries are sent one at a time: the very last with each query embedded, those before them with their
        // embedding and concepts put in the caches beforehand, so that no pass runs on pages another pass of the same
        // queries has read.
        int firstSplit = queries.size() - 2 * SPLIT_REQUESTS;
        List<String> forWrk = queries.subList(recallQueries, firstSplit);
        List<String> forCachedSplit = queries.subList(firstSplit, firstSplit + SPLIT_REQUESTS);
        List<String> forSplit = queries.subList(firstSplit + SPLIT_REQUESTS, queries.size());
        // A cache for each caching server, as each embeds its own queries.
        CachingEmbedder hybridEmbeddings = new CachingEmbedder(embedder, 1000);
        CachingEmbedder conceptEmbeddings = new CachingEmbedder(embedder, 1000);
        ConceptLinker conceptLinks = linker(fairrag, vocab, 1000);
        try (Served hybridDistinct = serve(fairrag, search(fairrag, index, embedder, vocab, Optional.empty(), false));
             Served hybridCached = serve(fairrag, search(fairrag, index, hybridEmbeddings, vocab, Optional.empty(), false));
             Served conceptsDistinct = serve(fairrag, search(fairrag, index, embedder, vocab,
                     Optional.of(linker(fairrag, vocab, 0)), false));
             Served conceptsCached = serve(fairrag, search(fairrag, index, conceptEmbeddings, vocab, Optional.of(conceptLinks),
                     false))) {
            // Interleaved, so that a change in the machine's load falls on both searches alike.
            Wrk hybridHit = wrk(hybridCached.port(), List.of(forWrk.get(0)));
            Wrk conceptsHit = wrk(conceptsCached.port(), List.of(forWrk.get(0)));
            Wrk hybridMiss = wrk(hybridDistinct.port(), forWrk);
            Wrk conceptsMiss = wrk(conceptsDistinct.port(), forWrk);
            System.out.printf("GET /api/articles/search (k=%d) under wrk, %d connections, %d s, wrk on the same machine; "
                    + "hybrid = BM25 + vectors (concepts=false), concept-aware = the default search:%n", K, connections, duration);
            row("one query, hybrid, embedding cached", hybridHit);
            row("one query, concept-aware, embedding and concepts cached", conceptsHit);
            row("distinct queries, hybrid (each embedded)", hybridMiss);
            row("distinct queries, concept-aware (each embedded and linked)", conceptsMiss);
            System.out.printf("  concept-aware / hybrid, p50: %.2fx with the query cached, %.2fx with distinct queries%n",
                    conceptsHit.p50 / hybridHit.p50, conceptsMiss.p50 / hybridMiss.p50);
            System.out.printf("one request at a time, from Server-Timing: %d distinct queries each embedded (and linked); %d "
                    + "others whose embeddings (and concept links) the server's caches hold, as for a query asked before (put "
                    + "there without searching, so that their search reads the index afresh); the same again (everything "
                    + "the search touched is warm, the per-concept article counts too):%n", forSplit.size(), forCachedSplit.size());
            ServerTimings hybridFirst = split(hybridDistinct.port(), forSplit, "hybrid, each query embedded", "");
            ServerTimings conceptsFirst = split(conceptsDistinct.port(), forSplit, "concept-aware, each query embedded and linked",
                    "&mentions=false");
            hybridEmbeddings.embedAll(forCachedSplit);
            List<float[]> vectors = conceptEmbeddings.embedAll(forCachedSplit);
            for (int i = 0; i < forCachedSplit.size(); i++) {
                conceptLinks.link(forCachedSplit.get(i), vectors.get(i));
            }
            ServerTimings hybridCachedPass = split(hybridCached.port(), forCachedSplit, "hybrid, embedding cached", "");
            ServerTimings conceptsCachedPass = split(conceptsCached.port(), forCachedSplit,
                    "concept-aware, embedding and concepts cached", "&mentions=false");
            ServerTimings hybridAgain = split(hybridCached.port(), forCachedSplit, "hybrid, the same queries again", "");
            ServerTimings conceptsAgain = split(conceptsCached.port(), forCachedSplit, "concept-aware, the same queries again",
                    "&mentions=false");
            if (mentions) {
                try (Served mentioned = serve(fairrag, search(fairrag, index, embedder, vocab,
                        Optional.of(linker(fairrag, vocab, 0)), true))) {
                    split(mentioned.port(), forSplit, "concept-aware with the mentioned lists, each query embedded and linked",
                            "&mentions=true");
                }
            }
            Memory memory = Memory.now();
            System.out.println("process memory after the measurements: " + memory.describe());
            return new Figures(plain, filtered, hybridHit, hybridMiss, conceptsHit, conceptsMiss,
                    new OneAtATime(hybridFirst, hybridCachedPass, hybridAgain, conceptsFirst, conceptsCachedPass, conceptsAgain),
                    memory);
        }
    }

    private static void row(String label, Wrk w) {
        System.out.printf("  %-58s p50 %6.2f ms  p99 %6.2f ms  %7.1f requests/s  %6.2f CPU ms/request  (%d non-2xx)%n", label,
                w.p50, w.p99, w.rps, w.cpuMs, w.errors);
    }

    /**
     * The search over {@code index}: concept-aware with {@code linker}, else the hybrid alone; with {@code mentions}, the
     * articles whose text mentions a concept are a source too.
     */
    private static ArticleSearch search(Fairrag fairrag, VectorIndex index, Embedder embedder, VocabularyIndex vocab,
                                        Optional<ConceptLinker> linker, boolean mentions) {
        if (linker.isEmpty()) {
            return new ArticleSearch(embedder, index, () -> vocab);
        }
        List<ConceptArticles> sources = mentions
                ? List.of(new IndexedConceptArticles(index), new MentionedConceptArticles(fairrag.anchoredContext().orElseThrow(),
                        MentionedConceptArticles.DEFAULT_WEIGHT))
                : List.of(new IndexedConceptArticles(index));
        return new ArticleSearch(embedder, index, () -> vocab, linker, sources, ArticleSearch.Options.DEFAULT);
    }

    /** Links queries to concepts, keeping those of {@code cacheSize} queries (0: none); concepts by meaning from the demo's term vectors. */
    private static ConceptLinker linker(Fairrag fairrag, VocabularyIndex vocab, int cacheSize) {
        return new ConceptLinker(fairrag::termLexicon, () -> vocab, fairrag.vectorIndex(), ConceptLinker.Options.DEFAULT,
                cacheSize);
    }

    private Recall recall(LuceneVectorIndex index, Embedder embedder, List<String> queries, ArticleFilter filter,
                          String label) {
        List<float[]> vectors = embedder.embedAll(queries);
        for (int i = 0; i < Math.min(20, vectors.size()); i++) {
            index.nearestChunks(vectors.get(i), K, filter);
            index.exactNearestChunks(vectors.get(i), K, filter);
        }
        double recall = 0;
        long hnswCpu = 0;
        double[] hnswMs = new double[vectors.size()];
        double[] exactMs = new double[vectors.size()];
        for (int i = 0; i < vectors.size(); i++) {
            float[] v = vectors.get(i);
            double c0 = processCpuSeconds();
            long t0 = System.nanoTime();
            List<ChunkHit> approximate = index.nearestChunks(v, K, filter);
            long t1 = System.nanoTime();
            hnswCpu += (long) ((processCpuSeconds() - c0) * 1e9);
            List<ChunkHit> truth = index.exactNearestChunks(v, K, filter);
            long t2 = System.nanoTime();
            hnswMs[i] = (t1 - t0) / 1e6;
            exactMs[i] = (t2 - t1) / 1e6;
            Set<String> truePids = new HashSet<>();
            truth.forEach(h -> truePids.add(h.articlePid()));
            long found = approximate.stream().filter(h -> truePids.contains(h.articlePid())).count();
            recall += truePids.isEmpty() ? 1 : found / (double) truePids.size();
        }
        int n = vectors.size();
        LuceneVectorIndex.SearchPlan plan = index.searchPlanNow(filter);
        Recall r = new Recall(recall / n, mean(hnswMs), mean(exactMs), hnswCpu / 1e6 / n, percentile(hnswMs, 50),
                percentile(hnswMs, 99), percentile(exactMs, 50), percentile(exactMs, 99));
        System.out.printf("recall@10 of the search against exact search (%s, %d queries, articles by best chunk; the filter "
                        + "admits %,d of %,d chunk vectors; %s): %.4f; search %.2f ms/query (%.2f CPU ms of the process; p50 %.2f, p99 %.2f), "
                        + "exact %.2f ms/query (p50 %.2f, p99 %.2f; exact takes %.2fx as long)%n", label, n, plan.admitted(),
                plan.vectors(), plan.exact() ? "searched exactly" : String.format(Locale.ROOT, "HNSW, %d candidates",
                        plan.candidates()), r.recall(), r.hnswMs(), r.hnswCpuMs(), r.hnswP50(), r.hnswP99(), r.exactMs(),
                r.exactP50(), r.exactP99(), r.exactMs() / Math.max(1e-9, r.hnswMs()));
        return r;
    }

    /** The nearest-rank percentile. */
    static double percentile(double[] values, int p) {
        if (values.length == 0) {
            return 0;
        }
        double[] sorted = values.clone();
        java.util.Arrays.sort(sorted);
        return sorted[Math.max(0, (int) Math.ceil(p / 100.0 * sorted.length) - 1)];
    }

    /** Sequential requests: where the time goes, from the Server-Timing header. */
    private ServerTimings split(int port, List<String> queries, String label, String parameters) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        List<String> headers = new ArrayList<>(queries.size());
        double[] client = new double[queries.size()];
        double cpu0 = processCpuSeconds();
        for (int i = 0; i < queries.size(); i++) {
            long t0 = System.nanoTime();
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path(queries.get(i)) + parameters))
                    .GET().build(), HttpResponse.BodyHandlers.ofString());
            client[i] = (System.nanoTime() - t0) / 1e6;
            if (r.statusCode() != 200) {
                throw new IllegalStateException("search answered " + r.statusCode() + ": " + r.body());
            }
            headers.add(r.headers().firstValue("Server-Timing").orElse(""));
        }
        ServerTimings t = ServerTimings.of(headers, client, (processCpuSeconds() - cpu0) * 1000);
        System.out.printf("  %s: %s%n", label, t.describe());
        return t;
    }

    /** @param cpuMs the bench process's CPU time (the server's work, with its garbage collection) per request */
    private record Wrk(double p50, double p99, double rps, long errors, double cpuMs) {}

    private Wrk wrk(int port, List<String> queries) throws IOException, InterruptedException {
        Path script = Files.createTempFile("fairrag-wrk", ".lua");
        StringBuilder lua = new StringBuilder("paths = {\n");
        for (String q : queries) {
            lua.append("  \"").append(path(q)).append("\",\n");
        }
        // Each wrk thread walks its own half of the list, so that no query repeats.
        lua.append("}\nlocal threads = 0\nfunction setup(thread)\n  thread:set(\"tid\", threads)\n  threads = threads + 1\nend\n")
                .append("local i = 0\nfunction request()\n  i = i + 1\n")
                .append("  return wrk.format(\"GET\", paths[((tid * math.floor(#paths / 2) + i) % #paths) + 1])\nend\n");
        Files.writeString(script, lua);
        double cpu0 = processCpuSeconds();
        Process p = new ProcessBuilder("wrk", "-t2", "-c" + connections, "-d" + duration + "s", "--latency", "-s",
                script.toString(), "http://127.0.0.1:" + port).redirectErrorStream(true).start();
        String out;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            out = String.join("\n", r.lines().toList());
        }
        p.waitFor();
        double cpu = processCpuSeconds() - cpu0;
        Files.deleteIfExists(script);
        double requests = number(out, "([0-9]+) requests in");
        return new Wrk(latency(out, "50%"), latency(out, "99%"), number(out, "Requests/sec:\\s+([0-9.]+)"),
                (long) number(out, "Non-2xx or 3xx responses:\\s+([0-9]+)"), requests > 0 ? cpu * 1000 / requests : Double.NaN);
    }

    private static double latency(String wrkOutput, String percentile) {
        Matcher m = Pattern.compile(Pattern.quote(percentile) + "\\s+([0-9.]+)(us|ms|s)").matcher(wrkOutput);
        if (!m.find()) {
            throw new IllegalStateException("unexpected wrk output:\n" + wrkOutput);
        }
        double v = Double.parseDouble(m.group(1));
        return switch (m.group(2)) {
            case "us" -> v / 1000;
            case "s" -> v * 1000;
            default -> v;
        };
    }

    private static double number(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        return m.find() ? Double.parseDouble(m.group(1)) : 0;
    }

    private record Served(HttpServer server, WorkerPool pool) implements AutoCloseable {
        int port() {
            return server.actualPort();
        }

        @Override
        public void close() {
            server.close().await();
            pool.close();
        }
    }

    /** The search route alone, with the production handler and worker pool, running {@code search}. */
    private static Served serve(Fairrag fairrag, ArticleSearch search) {
        FairragConfig config = fairrag.config();
        WorkerPool pool = new WorkerPool(fairrag.vertx(), "bench-search-" + System.nanoTime(), config.workerThreads(),
                config.workerQueue());
        SearchHandler handler = new SearchHandler(Optional.of(search), pool, fairrag::vocabulary);
        Router router = Router.router(fairrag.vertx());
        router.get("/api/articles/search").handler(handler::handle);
        router.route().failureHandler(Errors::handleFailure);
        HttpServer server = fairrag.vertx().createHttpServer(new HttpServerOptions().setHost("127.0.0.1").setPort(0))
                .requestHandler(router).listen().await();
        return new Served(server, pool);
    }

    /** What building a derived corpus took; read back from the corpus when it is reused. */
    record Build(long chunks, double seconds, double mergeSeconds, double cpuSeconds, double loadMean, double loadMax,
                 long heapAfterMb, long diskBytes, int segments) {

        String describe() {
            return String.format(Locale.ROOT, "in %.0f s of which %s (%.0f CPU seconds; load average %.1f mean, %.1f "
                            + "max during it), heap in use after it %d MB, %d segment(s) then, %s on disk now", seconds,
                    mergeSeconds < 0 ? "no merge into one segment" : String.format(Locale.ROOT, "%.0f s merging into one "
                            + "segment", mergeSeconds), cpuSeconds, loadMean, loadMax, heapAfterMb, segments,
                    humanBytes(diskBytes));
        }

        Properties toProperties() {
            Properties p = new Properties();
            p.setProperty("chunks", Long.toString(chunks));
            p.setProperty("seconds", Double.toString(seconds));
            p.setProperty("mergeSeconds", Double.toString(mergeSeconds));
            p.setProperty("cpuSeconds", Double.toString(cpuSeconds));
            p.setProperty("loadMean", Double.toString(loadMean));
            p.setProperty("loadMax", Double.toString(loadMax));
            p.setProperty("heapAfterMb", Long.toString(heapAfterMb));
            p.setProperty("segments", Integer.toString(segments));
            return p;
        }

        static Build fromProperties(Properties p, long diskBytes) {
            return new Build(Long.parseLong(p.getProperty("chunks", "0")), Double.parseDouble(p.getProperty("seconds", "NaN")),
                    Double.parseDouble(p.getProperty("mergeSeconds", "NaN")), Double.parseDouble(p.getProperty("cpuSeconds", "NaN")),
                    Double.parseDouble(p.getProperty("loadMean", "NaN")), Double.parseDouble(p.getProperty("loadMax", "NaN")),
                    Long.parseLong(p.getProperty("heapAfterMb", "-1")), diskBytes,
                    Integer.parseInt(p.getProperty("segments", "-1")));
        }
    }

    /** The derived corpus of {@code n} articles in {@code index}: built once in {@code dir}, reused by later runs. */
    private Build derived(Path dir, int n, LuceneVectorIndex index, List<IndexedArticle> sources) throws IOException {
        // The marker names the recipe: a corpus made another way is made again.
        Path done = dir.resolve("complete-recombined-" + NOISE);
        if (Files.exists(done) && index.articleCount() == n) {
            Properties p = new Properties();
            try (var in = Files.newBufferedReader(done)) {
                p.load(in);
            }
            return Build.fromProperties(p, diskBytes(dir));
        }
        // A build stopped between batches goes on where it stopped: each batch is committed with the figures so far.
        Path progress = dir.resolve("build-progress");
        Properties so = new Properties();
        long start = index.articleCount();
        if (start > 0 && Files.exists(progress)) {
            try (var in = Files.newBufferedReader(progress)) {
                so.load(in);
            }
        }
        if (start > 0 && Long.parseLong(so.getProperty("articles", "-1")) != start) {
            index.deleteArticles(index.articlePids());
            so.clear();
            start = 0;
        }
        System.out.printf("%n%s the derived corpus of %d articles in %s (once; later runs reuse it), write buffer %.0f MB%n",
                start == 0 ? "Building" : "Going on with (from article " + start + ")", n, dir, writeBufferMb);
        LoadSampler load = LoadSampler.start();
        double cpu0 = processCpuSeconds();
        long t0 = System.nanoTime();
        double secondsBefore = Double.parseDouble(so.getProperty("seconds", "0"));
        double cpuBefore = Double.parseDouble(so.getProperty("cpuSeconds", "0"));
        // Each batch is committed, and so flushed as a segment of its own: batches as large as the write buffer
        // holds (about 4 KB a chunk) leave fewer segments for HNSW merges to insert again.
        int batchSize = (int) Math.max(2000, writeBufferMb * 1024 / (4.0 * Math.max(1, chunksPerArticle == 0 ? 3 : chunksPerArticle)));
        List<IndexedArticle> batch = new ArrayList<>();
        long chunkCount = Long.parseLong(so.getProperty("chunks", "0"));
        for (int i = (int) start; i < n; i++) {
            // One generator per article, so that a build that goes on makes what one run would have made.
            Random random = new Random(42L * 1_000_003L + i);
            IndexedArticle src = sources.get(i % sources.size());
            int size = chunksPerArticle > 0 ? chunksPerArticle : src.chunks().size();
            List<IndexedChunk> chunks = new ArrayList<>(size);
            for (int j = 0; j < size; j++) {
                IndexedArticle from = j == 0 ? src : sources.get(random.nextInt(sources.size()));
                IndexedChunk c = from.chunks().get(j == 0 ? 0 : random.nextInt(from.chunks().size()));
                float[] v = c.vector().clone();
                for (int d = 0; d < v.length; d++) {
                    v[d] += (float) (random.nextGaussian() * NOISE);
                }
                chunks.add(new IndexedChunk(c.text(), Vectors.normalized(v)));
            }
            chunkCount += size;
            ArticleFields f = src.fields();
            batch.add(new IndexedArticle(new ArticleFields(f.pid() + "-copy-" + i, "d" + i, f.title(), f.journal(), f.year(),
                    f.accessLevel(), f.termIds()), src.checksum(), chunks));
            if (batch.size() == batchSize || i == n - 1) {
                index.upsertArticles(batch);
                index.commit();
                batch.clear();
                double[] l = load.sample();
                Properties p = new Properties();
                p.setProperty("articles", Integer.toString(i + 1));
                p.setProperty("chunks", Long.toString(chunkCount));
                p.setProperty("seconds", Double.toString(secondsBefore + (System.nanoTime() - t0) / 1e9));
                p.setProperty("cpuSeconds", Double.toString(cpuBefore + processCpuSeconds() - cpu0));
                p.setProperty("loadSum", Double.toString(Double.parseDouble(so.getProperty("loadSum", "0")) + l[0]));
                p.setProperty("loadSamples", Double.toString(Double.parseDouble(so.getProperty("loadSamples", "0")) + l[1]));
                p.setProperty("loadMax", Double.toString(Math.max(Double.parseDouble(so.getProperty("loadMax", "0")), l[2])));
                try (var out = Files.newBufferedWriter(progress)) {
                    p.store(out, "derived corpus of " + n + " articles, being built");
                }
                System.out.printf("  %d articles (%.0f s, %.0f CPU seconds so far, load average %s)%n", i + 1,
                        Double.parseDouble(p.getProperty("seconds")), Double.parseDouble(p.getProperty("cpuSeconds")),
                        loadAverage());
                if (i == n - 1) {
                    so = p;
                }
            }
        }
        long t1 = System.nanoTime();
        double merge = -1;
        if (!noForceMerge) {
            index.optimize();
            merge = (System.nanoTime() - t1) / 1e9;
        }
        double seconds = secondsBefore + (System.nanoTime() - t0) / 1e9;
        load.stop();
        System.gc();
        long heap = (Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory()) >> 20;
        double samples = Double.parseDouble(so.getProperty("loadSamples", "0"));
        Build build = new Build(chunkCount, seconds, merge, cpuBefore + processCpuSeconds() - cpu0,
                samples == 0 ? Double.NaN : Double.parseDouble(so.getProperty("loadSum", "0")) / samples,
                Double.parseDouble(so.getProperty("loadMax", "NaN")), heap, diskBytes(dir), segments(dir));
        try (var out = Files.newBufferedWriter(done)) {
            build.toProperties().store(out, "derived corpus of " + n + " articles");
        }
        return build;
    }

    /** /proc/loadavg every few seconds while a build runs. */
    private static final class LoadSampler {
        private final java.util.concurrent.ScheduledExecutorService timer;
        private final List<Double> samples = java.util.Collections.synchronizedList(new ArrayList<>());

        private LoadSampler() {
            timer = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "bench-load-sampler");
                t.setDaemon(true);
                return t;
            });
            timer.scheduleAtFixedRate(() -> {
                try {
                    samples.add(Double.parseDouble(loadAverage()));
                } catch (NumberFormatException e) {
                    // no /proc/loadavg here: no sample
                }
            }, 0, 5, java.util.concurrent.TimeUnit.SECONDS);
        }

        static LoadSampler start() {
            return new LoadSampler();
        }

        /** Sum, count and maximum of the samples so far. */
        double[] sample() {
            synchronized (samples) {
                return new double[] {samples.stream().mapToDouble(Double::doubleValue).sum(), samples.size(),
                        samples.stream().mapToDouble(Double::doubleValue).max().orElse(0)};
            }
        }

        void stop() {
            timer.shutdownNow();
        }
    }

    /**
     * @param hnswCpuMs CPU time of the process per HNSW search: the searching thread's and that of the threads helping it
     *                  walk the segments (less than hnswMs when it waited, more when they worked at the same time)
     */
    private record Recall(double recall, double hnswMs, double exactMs, double hnswCpuMs, double hnswP50, double hnswP99,
                          double exactP50, double exactP99) {}

    /** Wrk runs of the hybrid and concept-aware searches, with one query and distinct ones; one at a time, both passes. */
    private record Figures(Recall plain, Recall filtered, Wrk cached, Wrk distinct, Wrk conceptsCached, Wrk conceptsDistinct,
                           OneAtATime oneAtATime, Memory memory) {}

    /**
     * Requests one at a time over distinct queries: each embedded (and linked); others with their embedding (and links)
     * cached; those again.
     */
    private record OneAtATime(ServerTimings hybridFirst, ServerTimings hybridCached, ServerTimings hybridAgain,
                              ServerTimings conceptsFirst, ServerTimings conceptsCached, ServerTimings conceptsAgain) {}

    /** The process's memory: the heap in use, and from /proc/self/status its resident set, now and at its peak. */
    record Memory(long heapUsedMb, long rssMb, long peakRssMb, long anonMb, long fileMb) {

        static Memory now() {
            System.gc();
            long heap = (Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory()) >> 20;
            Map<String, Long> status = new java.util.HashMap<>();
            try {
                for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                    Matcher m = Pattern.compile("^(\\w+):\\s+(\\d+) kB").matcher(line);
                    if (m.find()) {
                        status.put(m.group(1), Long.parseLong(m.group(2)) >> 10);
                    }
                }
            } catch (IOException e) {
                // not Linux: only the heap is known
            }
            return new Memory(heap, status.getOrDefault("VmRSS", -1L), status.getOrDefault("VmHWM", -1L),
                    status.getOrDefault("RssAnon", -1L), status.getOrDefault("RssFile", -1L));
        }

        String describe() {
            return String.format(Locale.ROOT, "heap in use %d MB; resident (VmRSS) %d MB = %d MB anonymous (heap, "
                    + "model, native) + %d MB of mapped files (index pages read); peak resident (VmHWM) %d MB", heapUsedMb,
                    rssMb, anonMb, fileMb, peakRssMb);
        }
    }

    private void printTable(Map<Integer, Build> builds, Map<Column, Figures> figures, VectorQuantization q) {
        List<Column> columns = new ArrayList<>(figures.keySet());
        StringBuilder t = new StringBuilder(String.format(Locale.ROOT, "%n== summary (quantization %s, %s chunks an article, "
                + "%d connections, %d s per wrk run, %d recall queries)%n| |", q.name().toLowerCase(Locale.ROOT),
                chunksPerArticle == 0 ? "about 3" : Integer.toString(chunksPerArticle), connections, duration, recallQueries));
        columns.forEach(c -> t.append(String.format(Locale.ROOT, " %,d articles, candidates %s |", c.articles(), c.describe())));
        t.append("\n|---|").append("---|".repeat(columns.size())).append('\n');
        row(t, "chunk vectors", columns, c -> String.format(Locale.ROOT, "%,d", builds.get(c.articles()).chunks()));
        row(t, "build time (merge into one segment)", columns, c -> {
            Build b = builds.get(c.articles());
            return String.format(Locale.ROOT, "%.0f s (%s)", b.seconds(), b.mergeSeconds() < 0 ? "not merged"
                    : String.format(Locale.ROOT, "%.0f s", b.mergeSeconds()));
        });
        row(t, "build CPU time; load average during it (mean / max)", columns, c -> {
            Build b = builds.get(c.articles());
            return String.format(Locale.ROOT, "%.0f s; %.1f / %.1f", b.cpuSeconds(), b.loadMean(), b.loadMax());
        });
        row(t, "segments", columns, c -> Integer.toString(builds.get(c.articles()).segments()));
        row(t, "index on disk", columns, c -> humanBytes(builds.get(c.articles()).diskBytes()));
        row(t, "heap in use after the build", columns, c -> builds.get(c.articles()).heapAfterMb() + " MB");
        row(t, "after measuring: heap in use / VmRSS (anonymous + files) / VmHWM", columns, c -> {
            Memory m = figures.get(c).memory();
            return String.format(Locale.ROOT, "%d / %d (%d + %d) / %d MB", m.heapUsedMb(), m.rssMb(), m.anonMb(), m.fileMb(),
                    m.peakRssMb());
        });
        row(t, "recall@10 HNSW vs exact, no filter", columns, c -> String.format(Locale.ROOT, "%.4f",
                figures.get(c).plain().recall()));
        row(t, "recall@10 HNSW vs exact, filter Neoplasms (exploded)", columns, c -> String.format(Locale.ROOT, "%.4f",
                figures.get(c).filtered().recall()));
        row(t, "HNSW / exact ms a search, no filter", columns, c -> String.format(Locale.ROOT, "%.2f / %.1f",
                figures.get(c).plain().hnswMs(), figures.get(c).plain().exactMs()));
        row(t, "HNSW / exact ms a search, filter", columns, c -> String.format(Locale.ROOT, "%.2f / %.1f",
                figures.get(c).filtered().hnswMs(), figures.get(c).filtered().exactMs()));
        row(t, "search p50 / p99 ms, no filter; exact", columns, c -> String.format(Locale.ROOT, "%.2f / %.2f; %.1f / %.1f",
                figures.get(c).plain().hnswP50(), figures.get(c).plain().hnswP99(), figures.get(c).plain().exactP50(),
                figures.get(c).plain().exactP99()));
        row(t, "search p50 / p99 ms, filter; exact", columns, c -> String.format(Locale.ROOT, "%.2f / %.2f; %.1f / %.1f",
                figures.get(c).filtered().hnswP50(), figures.get(c).filtered().hnswP99(), figures.get(c).filtered().exactP50(),
                figures.get(c).filtered().exactP99()));
        row(t, "HNSW CPU ms a search (process), no filter / filter", columns, c -> String.format(Locale.ROOT, "%.2f / %.2f",
                figures.get(c).plain().hnswCpuMs(), figures.get(c).filtered().hnswCpuMs()));
        row(t, "wrk hybrid, one query (embedding cached): p50 / p99 ms, requests/s", columns, c -> wrkCell(figures.get(c).cached()));
        row(t, "wrk hybrid, distinct queries (each embedded): p50 / p99 ms, requests/s", columns,
                c -> wrkCell(figures.get(c).distinct()));
        row(t, "wrk hybrid, CPU ms a request (server process): one query / distinct queries", columns,
                c -> figures.get(c).cached() == null ? "no wrk" : String.format(Locale.ROOT, "%.2f / %.2f",
                        figures.get(c).cached().cpuMs(), figures.get(c).distinct().cpuMs()));
        row(t, "wrk concept-aware, one query (embedding and concepts cached): p50 / p99 ms, requests/s", columns,
                c -> wrkCell(figures.get(c).conceptsCached()));
        row(t, "wrk concept-aware, distinct queries: p50 / p99 ms, requests/s", columns,
                c -> wrkCell(figures.get(c).conceptsDistinct()));
        row(t, "wrk concept-aware, CPU ms a request: one query / distinct queries", columns,
                c -> figures.get(c).conceptsCached() == null ? "no wrk" : String.format(Locale.ROOT, "%.2f / %.2f",
                        figures.get(c).conceptsCached().cpuMs(), figures.get(c).conceptsDistinct().cpuMs()));
        row(t, "one at a time, concept-aware, embedding and concepts cached: server p50 / p99 ms (mean retrieve ms; "
                + "CPU ms a request)", columns, c -> oneAtATimeCell(figures.get(c), OneAtATime::conceptsCached));
        row(t, "the same queries again (all warm)", columns, c -> oneAtATimeCell(figures.get(c), OneAtATime::conceptsAgain));
        row(t, "one at a time, concept-aware, each query embedded and linked", columns,
                c -> oneAtATimeCell(figures.get(c), OneAtATime::conceptsFirst));
        row(t, "one at a time, hybrid, embedding cached: server p50 / p99 ms (mean retrieve ms; CPU ms a request)", columns,
                c -> oneAtATimeCell(figures.get(c), OneAtATime::hybridCached));
        row(t, "the same queries again (all warm)", columns, c -> oneAtATimeCell(figures.get(c), OneAtATime::hybridAgain));
        row(t, "one at a time, hybrid, each query embedded", columns,
                c -> oneAtATimeCell(figures.get(c), OneAtATime::hybridFirst));
        System.out.print(t);
    }

    private static String oneAtATimeCell(Figures f, java.util.function.Function<OneAtATime, ServerTimings> pass) {
        return f.oneAtATime() == null ? "no wrk" : pass.apply(f.oneAtATime()).cell();
    }

    private static String wrkCell(Wrk w) {
        return w == null ? "no wrk" : String.format(Locale.ROOT, "%.1f / %.1f, %.0f", w.p50(), w.p99(), w.rps());
    }

    private static void row(StringBuilder t, String label, List<Column> columns, java.util.function.Function<Column, String> cell) {
        t.append("| ").append(label).append(" |");
        columns.forEach(c -> t.append(' ').append(cell.apply(c)).append(" |"));
        t.append('\n');
    }

    /** Segments of the articles index under {@code dir}, in its latest commit. */
    private static int segments(Path dir) throws IOException {
        try (Directory d = FSDirectory.open(dir.resolve("articles"))) {
            return SegmentInfos.readLatestCommit(d).size();
        }
    }

    private static long diskBytes(Path dir) throws IOException {
        try (var files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
        }
    }

    static String humanBytes(long bytes) {
        return bytes >= 1L << 30 ? String.format(Locale.ROOT, "%.2f GB", bytes / (double) (1L << 30))
                : String.format(Locale.ROOT, "%.0f MB", bytes / (double) (1L << 20));
    }

    private static double processCpuSeconds() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() / 1e9 : Double.NaN;
    }

    /** Every demo article as indexed: fields and chunks with their vectors. */
    private static List<IndexedArticle> demoArticles(LuceneVectorIndex demo, FairragConfig config) throws IOException {
        List<String> pids = new ArrayList<>();
        var json = new com.fasterxml.jackson.databind.ObjectMapper();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Fairrag.class.getResourceAsStream(Fairrag.DEMO_ARTICLES)), StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                pids.add(config.pidUrl(ArticleIngest.articleId(json.readTree(line).get("pmid").asText())));
            }
        }
        Map<String, ArticleFields> fields = demo.articles(pids);
        List<IndexedArticle> out = new ArrayList<>();
        for (String pid : pids) {
            if (fields.containsKey(pid)) {
                List<IndexedChunk> chunks = demo.chunks(pid);
                if (!chunks.isEmpty()) {
                    out.add(new IndexedArticle(fields.get(pid), "derived", chunks));
                }
            }
        }
        return out;
    }

    /** MeSH preferred names, in a fixed order, as plain queries. */
    private static List<String> queries(VocabularyIndex vocab) {
        return vocab.terms().stream().sorted(Comparator.comparing(Term::id)).map(Term::label).distinct().toList();
    }

    private static String path(String query) {
        return "/api/articles/search?k=" + K + "&q=" + URLEncoder.encode(query, StandardCharsets.UTF_8);
    }

    private static boolean wrkInstalled() {
        try {
            return new ProcessBuilder("wrk", "--version").redirectErrorStream(true).start().waitFor() >= 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static double mean(double[] v) {
        return Arrays.stream(v).average().orElse(0);
    }
}
