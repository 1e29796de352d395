package org.fairrag.app;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.fairrag.embed.EmbeddingSettings;
import org.fairrag.vectors.KnnCandidates;
import org.fairrag.vectors.VectorQuantization;
import org.fairrag.vectors.VectorStoreSettings;

/**
 * Every setting of a fairrag instance, immutable. Built from environment variables
 * ({@link #fromEnvironment}) and overridden by command-line flags; tests build it directly.
 *
 * @param pgUrl     a {@code postgresql://user:pass@host:port/db} URL; empty = start the embedded PostgreSQL
 * @param sparqlUrl a remote SPARQL 1.1 query endpoint; empty = open the embedded TDB2 store in-process
 * @param sparqlUpdateUrl the remote update endpoint; defaults to {@code sparqlUrl}
 * @param sparqlPerClient SPARQL queries one client (API key, else address) may have running or waiting at once
 * @param textIndex whether the embedded triple store keeps its jena-text (Lucene) index
 * @param mentions  whether ingestion finds the concepts each article's text mentions (and suggests subjects
 *                  for articles without any)
 * @param vectors   where article chunk and term vectors are kept
 * @param embedding which embedding model makes them
 * @param queryCacheSize how many query embeddings are kept (least recently used go first)
 * @param limits    what one client may ask of the HTTP server, and how long a shutdown waits
 * @param connections how long a connection may sit idle, and a client may leave a streamed response unread
 * @param quotas    what one client may spend: summaries, and lookups of API keys
 */
public record FairragConfig(
        String host,
        int port,
        Path dataDir,
        String baseUrl,
        Optional<String> pgUrl,
        Optional<String> sparqlUrl,
        Optional<String> sparqlUpdateUrl,
        Duration sparqlTimeout,
        int sparqlMaxRows,
        int sparqlPerClient,
        int workerThreads,
        int workerQueue,
        boolean loadDemo,
        boolean textIndex,
        boolean mentions,
        VectorStoreSettings vectors,
        EmbeddingSettings embedding,
        int queryCacheSize,
        Llm llm,
        Limits limits,
        Connections connections,
        Quotas quotas) {

    /**
     * Abuse limits of the HTTP server. Rates are requests a second per client (its API key, else its IP
     * address), with bursts of up to {@code burst} requests; a rate of 0 turns the limit off.
     *
     * @param apiRate       the API, PIDs, the dataset and sitemaps
     * @param sparqlRate    {@code /sparql}
     * @param maxBodyBytes  larger request bodies are refused with 413
     * @param maxUriLength  longer request lines (path and query string) are refused with 414
     * @param shutdownGrace how long a stopping server lets requests in flight finish
     */
    public record Limits(double apiRate, int apiBurst, double sparqlRate, int sparqlBurst, long maxBodyBytes,
                         int maxUriLength, Duration shutdownGrace) {
        public static final Limits DEFAULT = new Limits(20, 40, 2, 10, 1 << 20, 8192, Duration.ofSeconds(10));

        public Limits {
            if (apiRate < 0 || sparqlRate < 0 || apiBurst < 1 || sparqlBurst < 1) {
                throw new IllegalArgumentException("rate limits must not be negative and bursts must be at least 1");
            }
            if (maxBodyBytes < 1024 || maxUriLength < 256) {
                throw new IllegalArgumentException("FAIRRAG_MAX_BODY must be at least 1024 bytes and FAIRRAG_MAX_URI at least 256");
            }
            Objects.requireNonNull(shutdownGrace, "shutdownGrace");
        }
    }

    /**
     * Timeouts of client connections.
     *
     * @param idleTimeout  a connection on which nothing is received or sent for this long is closed; longer
     *                     than the slowest answer the server may be working on (the chat model, a SPARQL query)
     * @param writeTimeout a streamed response (the dump) whose client takes no data for this long is reset
     *                     and its worker thread freed
     */
    public record Connections(Duration idleTimeout, Duration writeTimeout) {
        public static final Connections DEFAULT = new Connections(Duration.ofSeconds(180), Duration.ofSeconds(30));

        public Connections {
            if (idleTimeout.isNegative() || idleTimeout.isZero() || writeTimeout.isNegative() || writeTimeout.isZero()) {
                throw new IllegalArgumentException("FAIRRAG_IDLE_TIMEOUT and FAIRRAG_WRITE_TIMEOUT must be positive");
            }
        }
    }

    /**
     * What one client may spend. A client is its API key, else its IP address; 0 turns a quota off.
     *
     * @param summariesPerHour  summaries a client may have made an hour (a summary already published for the
     *                          same request is answered again and not counted)
     * @param keyLookupRate     lookups a second of API keys not yet verified, per IP address, before the lookup
     * @param keyLookupBurst    how many such lookups an address may make at once
     * @param apiKeyCacheTime   how long a verified key is trusted without asking the database again: a
     *                          revoked key is refused at most this long after its revocation
     */
    public record Quotas(int summariesPerHour, double keyLookupRate, int keyLookupBurst, Duration apiKeyCacheTime) {
        public static final Quotas DEFAULT = new Quotas(30, 1, 10, Duration.ofSeconds(30));

        public Quotas {
            if (summariesPerHour < 0 || keyLookupRate < 0 || keyLookupBurst < 1) {
                throw new IllegalArgumentException("FAIRRAG_SUMMARY_LIMIT and FAIRRAG_KEY_LOOKUP_RATE must not be negative"
                        + " and FAIRRAG_KEY_LOOKUP_BURST must be at least 1");
            }
            if (apiKeyCacheTime.isNegative()) {
                throw new IllegalArgumentException("FAIRRAG_API_KEY_CACHE must not be negative");
            }
        }
    }

    /**
     * The chat model for summaries: {@code provider} none (extractive summaries, no model), openai (any
     * OpenAI-compatible API) or ollama.
     */
    public record Llm(String provider, Optional<String> baseUrl, Optional<String> model, Optional<String> apiKey,
                      Duration timeout) {
        public static final Llm NONE = new Llm("none", Optional.empty(), Optional.empty(), Optional.empty(),
                Duration.ofSeconds(120));

        public Llm {
            if (!List.of("none", "openai", "ollama").contains(provider)) {
                throw new IllegalArgumentException("FAIRRAG_LLM must be none, openai or ollama, got: " + provider);
            }
        }

        public boolean enabled() {
            return !"none".equals(provider);
        }
    }


    public static final int DEFAULT_PORT = 8080;
    public static final String DEFAULT_DATA_DIR = "./fairrag-data";
    public static final Duration DEFAULT_SPARQL_TIMEOUT = Duration.ofSeconds(30);
    public static final int DEFAULT_SPARQL_MAX_ROWS = 10_000;
    public static final int DEFAULT_QUERY_CACHE_SIZE = 10_000;

    public FairragConfig {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(dataDir, "dataDir");
        Objects.requireNonNull(baseUrl, "baseUrl");
        if (baseUrl.endsWith("/")) {
            baseUrl = baseUrl.substring(0, baseUrl.length() - 1);
        }
        if (!baseUrl.startsWith("http://") && !baseUrl.startsWith("https://")) {
            throw new IllegalArgumentException("FAIRRAG_BASE_URL must be an http(s) URL, got: " + baseUrl);
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("FAIRRAG_PORT must be between 0 and 65535, got: " + port);
        }
        if (sparqlMaxRows < 1) {
            throw new IllegalArgumentException("FAIRRAG_SPARQL_MAX_ROWS must be positive, got: " + sparqlMaxRows);
        }
        if (sparqlPerClient < 1) {
            throw new IllegalArgumentException("FAIRRAG_SPARQL_PER_CLIENT must be positive, got: " + sparqlPerClient);
        }
        if (workerThreads < 1 || workerQueue < 0) {
            throw new IllegalArgumentException("worker pool sizes must be positive");
        }
        sparqlUpdateUrl = sparqlUpdateUrl.isPresent() ? sparqlUpdateUrl : sparqlUrl;
        Objects.requireNonNull(vectors, "vectors");
        Objects.requireNonNull(embedding, "embedding");
        if (queryCacheSize < 0) {
            throw new IllegalArgumentException("FAIRRAG_QUERY_CACHE must not be negative, got: " + queryCacheSize);
        }
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(connections, "connections");
        Objects.requireNonNull(quotas, "quotas");
        Duration slowest = llm.timeout().compareTo(sparqlTimeout) > 0 ? llm.timeout() : sparqlTimeout;
        if (connections.idleTimeout().compareTo(slowest) <= 0) {
            throw new IllegalArgumentException("FAIRRAG_IDLE_TIMEOUT (" + connections.idleTimeout().toMillis()
                    + " ms) must be longer than FAIRRAG_LLM_TIMEOUT and FAIRRAG_SPARQL_TIMEOUT (" + slowest.toMillis()
                    + " ms), or a connection waiting for an answer would be closed");
        }
    }

    /** The configuration the environment describes; unset variables take the documented defaults. */
    public static Builder fromEnvironment(Map<String, String> env) {
        Builder b = builder();
        get(env, "FAIRRAG_HOST").ifPresent(b::host);
        get(env, "FAIRRAG_PORT").ifPresent(v -> b.port(parseInt("FAIRRAG_PORT", v)));
        get(env, "FAIRRAG_DATA_DIR").ifPresent(v -> b.dataDir(Path.of(v)));
        get(env, "FAIRRAG_BASE_URL").ifPresent(b::baseUrl);
        get(env, "FAIRRAG_PG_URL").ifPresent(b::pgUrl);
        get(env, "FAIRRAG_SPARQL_URL").ifPresent(b::sparqlUrl);
        get(env, "FAIRRAG_SPARQL_UPDATE_URL").ifPresent(b::sparqlUpdateUrl);
        get(env, "FAIRRAG_SPARQL_TIMEOUT").ifPresent(v -> b.sparqlTimeout(parseDuration("FAIRRAG_SPARQL_TIMEOUT", v)));
        get(env, "FAIRRAG_SPARQL_MAX_ROWS").ifPresent(v -> b.sparqlMaxRows(parseInt("FAIRRAG_SPARQL_MAX_ROWS", v)));
        get(env, "FAIRRAG_SPARQL_PER_CLIENT").ifPresent(v -> b.sparqlPerClient(parseInt("FAIRRAG_SPARQL_PER_CLIENT", v)));
        get(env, "FAIRRAG_WORKERS").ifPresent(v -> b.workerThreads(parseInt("FAIRRAG_WORKERS", v)));
        get(env, "FAIRRAG_WORKER_QUEUE").ifPresent(v -> b.workerQueue(parseInt("FAIRRAG_WORKER_QUEUE", v)));
        get(env, "FAIRRAG_DEMO").ifPresent(v -> b.loadDemo(Boolean.parseBoolean(v)));
        get(env, "FAIRRAG_TEXT_INDEX").ifPresent(v -> b.textIndex(Boolean.parseBoolean(v)));
        get(env, "FAIRRAG_MENTIONS").ifPresent(v -> b.mentions(Boolean.parseBoolean(v)));
        get(env, "FAIRRAG_VECTORS").ifPresent(v -> b.vectors = VectorStoreSettings.parseKind(v));
        get(env, "FAIRRAG_VECTOR_QUANTIZATION").ifPresent(v -> b.vectorQuantization = VectorQuantization.parse(v));
        get(env, "FAIRRAG_VECTOR_CANDIDATES").ifPresent(v -> b.vectorCandidates = KnnCandidates.parse(v));
        get(env, "FAIRRAG_SEARCH_THREADS").ifPresent(v -> b.searchThreads = parseInt("FAIRRAG_SEARCH_THREADS", v));
        get(env, "FAIRRAG_WEAVIATE_URL").ifPresent(v -> b.weaviateUrl = v);
        get(env, "FAIRRAG_WEAVIATE_API_KEY").ifPresent(v -> b.weaviateApiKey = v);
        get(env, "FAIRRAG_EMBEDDING").ifPresent(v -> b.embedding = v);
        get(env, "FAIRRAG_EMBEDDING_BASE_URL").ifPresent(v -> b.embeddingBaseUrl = v);
        get(env, "FAIRRAG_EMBEDDING_MODEL").ifPresent(v -> b.embeddingModel = v);
        get(env, "FAIRRAG_EMBEDDING_API_KEY").ifPresent(v -> b.embeddingApiKey = v);
        get(env, "FAIRRAG_QUERY_CACHE").ifPresent(v -> b.queryCacheSize(parseInt("FAIRRAG_QUERY_CACHE", v)));
        Limits d = Limits.DEFAULT;
        b.limits(new Limits(
                get(env, "FAIRRAG_RATE_LIMIT").map(v -> parseDouble("FAIRRAG_RATE_LIMIT", v)).orElse(d.apiRate()),
                get(env, "FAIRRAG_RATE_BURST").map(v -> parseInt("FAIRRAG_RATE_BURST", v)).orElse(d.apiBurst()),
                get(env, "FAIRRAG_SPARQL_RATE_LIMIT").map(v -> parseDouble("FAIRRAG_SPARQL_RATE_LIMIT", v)).orElse(d.sparqlRate()),
                get(env, "FAIRRAG_SPARQL_RATE_BURST").map(v -> parseInt("FAIRRAG_SPARQL_RATE_BURST", v)).orElse(d.sparqlBurst()),
                get(env, "FAIRRAG_MAX_BODY").map(v -> (long) parseInt("FAIRRAG_MAX_BODY", v)).orElse(d.maxBodyBytes()),
                get(env, "FAIRRAG_MAX_URI").map(v -> parseInt("FAIRRAG_MAX_URI", v)).orElse(d.maxUriLength()),
                get(env, "FAIRRAG_SHUTDOWN_GRACE").map(v -> parseDuration("FAIRRAG_SHUTDOWN_GRACE", v)).orElse(d.shutdownGrace())));
        Connections c = Connections.DEFAULT;
        b.connections(new Connections(
                get(env, "FAIRRAG_IDLE_TIMEOUT").map(v -> parseDuration("FAIRRAG_IDLE_TIMEOUT", v)).orElse(c.idleTimeout()),
                get(env, "FAIRRAG_WRITE_TIMEOUT").map(v -> parseDuration("FAIRRAG_WRITE_TIMEOUT", v)).orElse(c.writeTimeout())));
        Quotas q = Quotas.DEFAULT;
        b.quotas(new Quotas(
                get(env, "FAIRRAG_SUMMARY_LIMIT").map(v -> parseInt("FAIRRAG_SUMMARY_LIMIT", v)).orElse(q.summariesPerHour()),
                get(env, "FAIRRAG_KEY_LOOKUP_RATE").map(v -> parseDouble("FAIRRAG_KEY_LOOKUP_RATE", v)).orElse(q.keyLookupRate()),
                get(env, "FAIRRAG_KEY_LOOKUP_BURST").map(v -> parseInt("FAIRRAG_KEY_LOOKUP_BURST", v)).orElse(q.keyLookupBurst()),
                get(env, "FAIRRAG_API_KEY_CACHE").map(v -> parseDuration("FAIRRAG_API_KEY_CACHE", v)).orElse(q.apiKeyCacheTime())));
        if (get(env, "FAIRRAG_LLM").isPresent()) {
            b.llm(new Llm(get(env, "FAIRRAG_LLM").get().toLowerCase(java.util.Locale.ROOT), get(env, "FAIRRAG_LLM_BASE_URL"),
                    get(env, "FAIRRAG_LLM_MODEL"), get(env, "FAIRRAG_LLM_API_KEY"),
                    get(env, "FAIRRAG_LLM_TIMEOUT").map(v -> parseDuration("FAIRRAG_LLM_TIMEOUT", v))
                            .orElse(Llm.NONE.timeout())));
        }
        return b;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.host = host;
        b.port = port;
        b.dataDir = dataDir;
        b.baseUrl = baseUrl;
        b.pgUrl = pgUrl.orElse(null);
        b.sparqlUrl = sparqlUrl.orElse(null);
        b.sparqlUpdateUrl = sparqlUpdateUrl.orElse(null);
        b.sparqlTimeout = sparqlTimeout;
        b.sparqlMaxRows = sparqlMaxRows;
        b.sparqlPerClient = sparqlPerClient;
        b.workerThreads = workerThreads;
        b.workerQueue = workerQueue;
        b.loadDemo = loadDemo;
        b.textIndex = textIndex;
        b.mentions = mentions;
        b.vectors = vectors.kind();
        b.weaviateUrl = vectors.weaviateUrl().orElse(null);
        b.weaviateApiKey = vectors.weaviateApiKey().orElse(null);
        b.vectorQuantization = vectors.quantization();
        b.vectorCandidates = vectors.candidates();
        b.searchThreads = vectors.searchThreads();
        b.embedding = embedding.provider();
        b.embeddingBaseUrl = embedding.baseUrl().orElse(null);
        b.embeddingModel = embedding.model().orElse(null);
        b.embeddingApiKey = embedding.apiKey().orElse(null);
        b.queryCacheSize = queryCacheSize;
        b.llm = llm;
        b.limits = limits;
        b.connections = connections;
        b.quotas = quotas;
        return b;
    }

    /** The PID URL of an object id. */
    public String pidUrl(String id) {
        return baseUrl + "/pid/" + id;
    }

    public boolean embeddedPostgres() {
        return pgUrl.isEmpty();
    }

    public boolean embeddedTripleStore() {
        return sparqlUrl.isEmpty();
    }

    private static Optional<String> get(Map<String, String> env, String name) {
        String v = env.get(name);
        return v == null || v.isBlank() ? Optional.empty() : Optional.of(v.trim());
    }

    private static double parseDouble(String name, String value) {
        try {
            return Double.parseDouble(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a number, got: " + value);
        }
    }

    private static int parseInt(String name, String value) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be an integer, got: " + value);
        }
    }

    /** Accepts ISO-8601 ({@code PT30S}) or a number with unit: {@code 30s}, {@code 500ms}, {@code 2m}. */
    static Duration parseDuration(String name, String value) {
        String v = value.trim().toLowerCase();
        try {
            if (v.startsWith("pt")) {
                return Duration.parse(v.toUpperCase());
            }
            if (v.endsWith("ms")) {
                return Duration.ofMillis(Long.parseLong(v.substring(0, v.length() - 2)));
            }
            if (v.endsWith("s")) {
                return Duration.ofSeconds(Long.parseLong(v.substring(0, v.length() - 1)));
            }
            if (v.endsWith("m")) {
                return Duration.ofMinutes(Long.parseLong(v.substring(0, v.length() - 1)));
            }
            return Duration.ofSeconds(Long.parseLong(v));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(name + " must be a duration such as 30s or 500ms, got: " + value);
        }
    }

    /** Mutable builder; {@link #build()} validates. */
    public static final class Builder {
        private String host = "0.0.0.0";
        private int port = DEFAULT_PORT;
        private Path dataDir = Path.of(DEFAULT_DATA_DIR);
        private String baseUrl;
        private String pgUrl;
        private String sparqlUrl;
        private String sparqlUpdateUrl;
        private Duration sparqlTimeout = DEFAULT_SPARQL_TIMEOUT;
        private int sparqlMaxRows = DEFAULT_SPARQL_MAX_ROWS;
        /** Unset: half the worker threads, at least one, so that one client leaves threads for the others. */
        private Integer sparqlPerClient;
        private int workerThreads = Math.max(2, Runtime.getRuntime().availableProcessors());
        private int workerQueue = 64;
        private boolean loadDemo = true;
        private boolean textIndex = true;
        private boolean mentions = true;
        private VectorStoreSettings.Kind vectors = VectorStoreSettings.Kind.LUCENE;
        private VectorQuantization vectorQuantization = VectorQuantization.NONE;
        private KnnCandidates vectorCandidates = KnnCandidates.SCALED;
        private int searchThreads = VectorStoreSettings.defaultSearchThreads();
        private String weaviateUrl;
        private String weaviateApiKey;
        private String embedding = EmbeddingSettings.MINILM;
        private String embeddingBaseUrl;
        private String embeddingModel;
        private String embeddingApiKey;
        private int queryCacheSize = DEFAULT_QUERY_CACHE_SIZE;
        private Llm llm = Llm.NONE;
        private Limits limits = Limits.DEFAULT;
        private Connections connections = Connections.DEFAULT;
        private Quotas quotas = Quotas.DEFAULT;

        public Builder host(String v) { host = v; return this; }
        public Builder port(int v) { port = v; return this; }
        public Builder dataDir(Path v) { dataDir = v; return this; }
        public Builder baseUrl(String v) { baseUrl = v; return this; }
        public Builder pgUrl(String v) { pgUrl = v; return this; }
        public Builder sparqlUrl(String v) { sparqlUrl = v; return this; }
        public Builder sparqlUpdateUrl(String v) { sparqlUpdateUrl = v; return this; }
        public Builder sparqlTimeout(Duration v) { sparqlTimeout = v; return this; }
        public Builder sparqlMaxRows(int v) { sparqlMaxRows = v; return this; }
        public Builder sparqlPerClient(int v) { sparqlPerClient = v; return this; }
        public Builder workerThreads(int v) { workerThreads = v; return this; }
        public Builder workerQueue(int v) { workerQueue = v; return this; }
        public Builder loadDemo(boolean v) { loadDemo = v; return this; }
        public Builder textIndex(boolean v) { textIndex = v; return this; }
        public Builder mentions(boolean v) { mentions = v; return this; }
        public Builder vectors(VectorStoreSettings.Kind v) { vectors = v; return this; }
        public Builder vectorQuantization(VectorQuantization v) { vectorQuantization = v; return this; }
        public Builder vectorCandidates(KnnCandidates v) { vectorCandidates = v; return this; }
        public Builder searchThreads(int v) { searchThreads = v; return this; }
        public Builder weaviate(String url, String apiKey) { weaviateUrl = url; weaviateApiKey = apiKey; return this; }
        public Builder embedding(String provider, String baseUrl, String model, String apiKey) {
            embedding = provider;
            embeddingBaseUrl = baseUrl;
            embeddingModel = model;
            embeddingApiKey = apiKey;
            return this;
        }
        public Builder queryCacheSize(int v) { queryCacheSize = v; return this; }
        public Builder llm(Llm v) { llm = v; return this; }
        public Builder limits(Limits v) { limits = v; return this; }
        public Builder connections(Connections v) { connections = v; return this; }
        public Builder quotas(Quotas v) { quotas = v; return this; }

        public FairragConfig build() {
            String base = baseUrl != null ? baseUrl : "http://localhost:" + (port == 0 ? DEFAULT_PORT : port);
            return new FairragConfig(host, port, dataDir.toAbsolutePath().normalize(), base,
                    Optional.ofNullable(pgUrl), Optional.ofNullable(sparqlUrl), Optional.ofNullable(sparqlUpdateUrl),
                    sparqlTimeout, sparqlMaxRows, sparqlPerClient != null ? sparqlPerClient : Math.max(1, workerThreads / 2),
                    workerThreads, workerQueue, loadDemo, textIndex, mentions,
                    new VectorStoreSettings(vectors, Optional.ofNullable(weaviateUrl), Optional.ofNullable(weaviateApiKey),
                            vectorQuantization, vectorCandidates, searchThreads),
                    new EmbeddingSettings(embedding, Optional.ofNullable(embeddingBaseUrl),
                            Optional.ofNullable(embeddingModel), Optional.ofNullable(embeddingApiKey)),
                    queryCacheSize, llm, limits, connections, quotas);
        }
    }
}
