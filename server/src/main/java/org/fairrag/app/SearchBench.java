package org.fairrag.app;

import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.ext.web.Router;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.fairrag.anchor.MentionedConceptArticles;
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
import org.fairrag.vectors.LuceneVectorIndex;
import org.fairrag.vectors.VectorIndex;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyIndex;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code fairrag bench search}: speed of article search on the demo corpus and on a corpus of at least
 * 100,000 articles derived from it. For each: HNSW recall@10 against exact (brute-force) search and the
 * time of both; {@code GET /api/articles/search} under {@code wrk} with 8 connections (p50, p99,
 * requests/s), with distinct queries (every query embedded) and with one repeated query (embedding
 * cached); and sequential requests whose {@code Server-Timing} splits the time into embedding,
 * retrieval and the rest.
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

    @Option(names = "--articles", defaultValue = "100000", description = "Size of the derived corpus (default ${DEFAULT-VALUE}).")
    int articles;

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
        FairragConfig config = options.config().toBuilder().port(0).build();
        try (Fairrag fairrag = Fairrag.open(config)) {
            fairrag.loadDemoIfEmpty(new ConsoleProgress());
            fairrag.mentionMap().load();
            if (!(fairrag.vectorIndex().orElse(null) instanceof LuceneVectorIndex demo)) {
                throw new IllegalStateException("bench search measures the embedded Lucene index (FAIRRAG_VECTORS=lucene)");
            }
            Embedder embedder = LangChainEmbedder.create(config.embedding());
            VocabularyIndex vocab = fairrag.vocabulary();
            List<String> queries = queries(vocab);
            System.out.printf("machine: %d cores, load average %s; model %s; queries are MeSH preferred names%n",
                    Runtime.getRuntime().availableProcessors(), loadAverage(), embedder.modelName());

            System.out.printf("%n== demo corpus: %d articles%n", demo.articleCount());
            measure(fairrag, demo, embedder, vocab, queries, true);

            if (demoOnly) {
                return 0;
            }
            Path dir = workDir != null ? workDir : config.dataDir().resolve("bench");
            try (LuceneVectorIndex derived = derived(dir.resolve("derived-" + articles), demo, embedder, config)) {
                System.out.printf("%n== derived corpus: %d articles recombined from the demo articles: each takes the "
                        + "first chunk, MeSH tags and year of one demo article and each further chunk from another demo "
                        + "article chosen at random; every chunk vector is the real one plus Gaussian noise (sigma %.2f "
                        + "per dimension, renormalised: cosine to the real one about %.2f)%n", derived.articleCount(),
                        NOISE, 1 / Math.sqrt(1 + NOISE * NOISE * embedder.dimension()));
                measure(fairrag, derived, embedder, vocab, queries, false);
            }
        }
        return 0;
    }

    /** @param mentions whether to measure the search with the articles that mention a concept too (the demo has mentions) */
    private void measure(Fairrag fairrag, LuceneVectorIndex index, Embedder embedder, VocabularyIndex vocab,
                         List<String> queries, boolean mentions) throws Exception {
        recall(index, embedder, queries.subList(0, recallQueries), ArticleFilter.publicArticles(), "no filter");
        recall(index, embedder, queries.subList(0, recallQueries),
                ArticleFilter.publicTaggedWithAny(vocab.withDescendants("D009369")), "filter: Neoplasms, exploded");
        if (!wrkInstalled()) {
            System.out.println("wrk is not installed (apt-get install -y wrk): skipping the HTTP measurements");
            return;
        }
        List<String> forWrk = queries.subList(recallQueries, queries.size() - SPLIT_REQUESTS);
        List<String> forSplit = queries.subList(queries.size() - SPLIT_REQUESTS, queries.size());
        CachingEmbedder caching = new CachingEmbedder(embedder, 1000);
        try (Served hybridDistinct = serve(fairrag, search(fairrag, index, embedder, vocab, -1));
             Served hybridCached = serve(fairrag, search(fairrag, index, caching, vocab, -1));
             Served conceptsDistinct = serve(fairrag, search(fairrag, index, embedder, vocab, 0));
             Served conceptsCached = serve(fairrag, search(fairrag, index, caching, vocab, 1000))) {
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
            split(hybridDistinct.port(), forSplit, "hybrid", "");
            split(conceptsDistinct.port(), forSplit, "concept-aware", "&mentions=false");
            if (mentions) {
                try (Served mentioned = serve(fairrag, search(fairrag, index, embedder, vocab, 0, true))) {
                    split(mentioned.port(), forSplit, "concept-aware with the mentioned lists", "&mentions=true");
                }
            }
        }
    }

    private static void row(String label, Wrk w) {
        System.out.printf("  %-58s p50 %6.2f ms  p99 %6.2f ms  %7.1f requests/s  (%d non-2xx)%n", label, w.p50, w.p99, w.rps,
                w.errors);
    }

    /**
     * The search over {@code index}: the hybrid alone when {@code conceptCache} is negative, else concept-aware with
     * concepts cached for that many queries (0: none). Concepts found by meaning come from the demo's term vectors.
     */
    private static ArticleSearch search(Fairrag fairrag, VectorIndex index, Embedder embedder, VocabularyIndex vocab,
                                        int conceptCache) {
        return search(fairrag, index, embedder, vocab, conceptCache, false);
    }

    /** Like the above; with {@code mentions}, the articles whose text mentions a concept are a source too. */
    private static ArticleSearch search(Fairrag fairrag, VectorIndex index, Embedder embedder, VocabularyIndex vocab,
                                        int conceptCache, boolean mentions) {
        if (conceptCache < 0) {
            return new ArticleSearch(embedder, index, () -> vocab);
        }
        ConceptLinker linker = new ConceptLinker(fairrag::termLexicon, () -> vocab, fairrag.vectorIndex(),
                ConceptLinker.Options.DEFAULT, conceptCache);
        List<ConceptArticles> sources = mentions
                ? List.of(new IndexedConceptArticles(index), new MentionedConceptArticles(fairrag.anchoredContext().orElseThrow(),
                        MentionedConceptArticles.DEFAULT_WEIGHT))
                : List.of(new IndexedConceptArticles(index));
        return new ArticleSearch(embedder, index, () -> vocab, Optional.of(linker), sources, ArticleSearch.Options.DEFAULT);
    }

    private void recall(LuceneVectorIndex index, Embedder embedder, List<String> queries, ArticleFilter filter, String label) {
        List<float[]> vectors = embedder.embedAll(queries);
        for (int i = 0; i < Math.min(20, vectors.size()); i++) {
            index.nearestChunks(vectors.get(i), K, filter);
            index.exactNearestChunks(vectors.get(i), K, filter);
        }
        double recall = 0;
        long hnsw = 0;
        long exact = 0;
        for (float[] v : vectors) {
            long t0 = System.nanoTime();
            List<ChunkHit> approximate = index.nearestChunks(v, K, filter);
            long t1 = System.nanoTime();
            List<ChunkHit> truth = index.exactNearestChunks(v, K, filter);
            long t2 = System.nanoTime();
            hnsw += t1 - t0;
            exact += t2 - t1;
            Set<String> truePids = new HashSet<>();
            truth.forEach(h -> truePids.add(h.articlePid()));
            long found = approximate.stream().filter(h -> truePids.contains(h.articlePid())).count();
            recall += truePids.isEmpty() ? 1 : found / (double) truePids.size();
        }
        int n = vectors.size();
        System.out.printf("recall@10 of HNSW against exact search (%s, %d queries, articles by best chunk): %.4f; "
                        + "HNSW %.2f ms/query, exact %.2f ms/query (exact takes %.1fx as long)%n", label, n, recall / n,
                hnsw / 1e6 / n, exact / 1e6 / n, exact / (double) Math.max(1, hnsw));
    }

    /** Sequential requests with distinct queries: where the time goes, from the Server-Timing header. */
    private void split(int port, List<String> queries, String label, String parameters) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        Pattern metric = Pattern.compile("(embed|concepts|retrieve|total);dur=([0-9.]+)");
        double[] embed = new double[queries.size()];
        double[] concepts = new double[queries.size()];
        double[] retrieve = new double[queries.size()];
        double[] total = new double[queries.size()];
        double[] client = new double[queries.size()];
        for (int i = 0; i < queries.size(); i++) {
            long t0 = System.nanoTime();
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path(queries.get(i)) + parameters))
                    .GET().build(), HttpResponse.BodyHandlers.ofString());
            client[i] = (System.nanoTime() - t0) / 1e6;
            Matcher m = metric.matcher(r.headers().firstValue("Server-Timing").orElse(""));
            while (m.find()) {
                double ms = Double.parseDouble(m.group(2));
                switch (m.group(1)) {
                    case "embed" -> embed[i] = ms;
                    case "concepts" -> concepts[i] = ms;
                    case "retrieve" -> retrieve[i] = ms;
                    default -> total[i] = ms;
                }
            }
        }
        double e = mean(embed);
        double c = mean(concepts);
        double rt = mean(retrieve);
        double t = mean(total);
        double other = t - e - c - rt;
        System.out.printf("%s, one request at a time, %d distinct queries (mean, from Server-Timing): embed %.2f ms, "
                + "concepts %.2f ms, retrieve %.2f ms, other %.2f ms, server total %.2f ms (p50 %.2f ms); client-observed p50 "
                + "%.2f ms%n", label, queries.size(), e, c, rt, other, t, median(total), median(client));
        System.out.printf("  server overhead (total - embed - concepts - retrieve) = %.1f%% of embed + concepts + retrieve%n",
                100 * other / (e + c + rt));
    }

    private record Wrk(double p50, double p99, double rps, long errors) {}

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
        Process p = new ProcessBuilder("wrk", "-t2", "-c" + connections, "-d" + duration + "s", "--latency", "-s",
                script.toString(), "http://127.0.0.1:" + port).redirectErrorStream(true).start();
        String out;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            out = String.join("\n", r.lines().toList());
        }
        p.waitFor();
        Files.deleteIfExists(script);
        return new Wrk(latency(out, "50%"), latency(out, "99%"), number(out, "Requests/sec:\\s+([0-9.]+)"),
                (long) number(out, "Non-2xx or 3xx responses:\\s+([0-9]+)"));
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

    /** The derived corpus: built once in {@code dir}, reused by later runs. */
    private LuceneVectorIndex derived(Path dir, LuceneVectorIndex demo, Embedder embedder, FairragConfig config)
            throws IOException {
        // The marker names the recipe: a corpus made another way is made again.
        Path done = dir.resolve("complete-recombined-" + NOISE);
        LuceneVectorIndex index = LuceneVectorIndex.open(dir, embedder.modelName(), embedder.dimension());
        if (Files.exists(done) && index.articleCount() == articles) {
            return index;
        }
        List<IndexedArticle> sources = demoArticles(demo, config);
        System.out.printf("%nBuilding the derived corpus of %d articles in %s (once; later runs reuse it)%n", articles, dir);
        long t0 = System.nanoTime();
        Random random = new Random(42);
        List<IndexedArticle> batch = new ArrayList<>();
        for (int i = 0; i < articles; i++) {
            IndexedArticle src = sources.get(i % sources.size());
            List<IndexedChunk> chunks = new ArrayList<>(src.chunks().size());
            for (int j = 0; j < src.chunks().size(); j++) {
                IndexedArticle from = j == 0 ? src : sources.get(random.nextInt(sources.size()));
                IndexedChunk c = from.chunks().get(j == 0 ? 0 : random.nextInt(from.chunks().size()));
                float[] v = c.vector().clone();
                for (int d = 0; d < v.length; d++) {
                    v[d] += (float) (random.nextGaussian() * NOISE);
                }
                chunks.add(new IndexedChunk(c.text(), Vectors.normalized(v)));
            }
            ArticleFields f = src.fields();
            batch.add(new IndexedArticle(new ArticleFields(f.pid() + "-copy-" + i, "d" + i, f.title(), f.journal(), f.year(),
                    f.accessLevel(), f.termIds()), src.checksum(), chunks));
            if (batch.size() == 2000) {
                index.upsertArticles(batch);
                batch.clear();
                if ((i + 1) % 20_000 == 0) {
                    System.out.printf("  %d articles (%.0f s)%n", i + 1, (System.nanoTime() - t0) / 1e9);
                }
            }
        }
        index.upsertArticles(batch);
        long t1 = System.nanoTime();
        index.optimize();
        Files.writeString(done, "derived corpus of " + articles + " articles\n");
        System.out.printf("  built in %.0f s, merged into one segment in %.0f s%n", (t1 - t0) / 1e9,
                (System.nanoTime() - t1) / 1e9);
        return index;
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

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}
