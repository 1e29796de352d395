package org.fairrag.vectors;

import io.weaviate.client6.v1.api.Authentication;
import io.weaviate.client6.v1.api.WeaviateClient;
import io.weaviate.client6.v1.api.collections.CollectionHandle;
import io.weaviate.client6.v1.api.collections.Property;
import io.weaviate.client6.v1.api.collections.Tokenization;
import io.weaviate.client6.v1.api.collections.VectorConfig;
import io.weaviate.client6.v1.api.collections.Vectors;
import io.weaviate.client6.v1.api.collections.WeaviateObject;
import io.weaviate.client6.v1.api.collections.data.InsertManyResponse;
import io.weaviate.client6.v1.api.collections.query.Filter;
import io.weaviate.client6.v1.api.collections.query.Metadata;
import io.weaviate.client6.v1.api.collections.query.QueryResponse;
import io.weaviate.client6.v1.api.collections.vectorindex.Distance;
import io.weaviate.client6.v1.api.collections.vectorindex.Flat;
import io.weaviate.client6.v1.api.collections.vectorindex.Hnsw;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The scale-out {@link VectorIndex}: three Weaviate collections with explicit schemas, vectors supplied
 * by fairrag (no Weaviate vectorizer). {@code <prefix>Article} holds each article's fields (and no vectors),
 * {@code <prefix>Chunk} its chunks (text for BM25, vector, and the article's MeSH ids, year and access
 * level, which the {@code where} filter of a near-vector search tests), {@code <prefix>Term} one object
 * per embedded term name. The prefix ({@value #DEFAULT_PREFIX} by default) lets several instances share
 * a server. Objects get deterministic UUIDs from their PID, so a re-import overwrites.
 * Each collection's description names the model that made its vectors; collections made with another
 * model are dropped and made again.
 */
public final class WeaviateVectorIndex implements VectorIndex {

    private static final Logger LOG = LoggerFactory.getLogger(WeaviateVectorIndex.class);

    public static final String DEFAULT_PREFIX = "Fairrag";
    private static final int DEFAULT_GRPC_PORT = 50051;
    private static final int FETCH_FACTOR = 4;
    /** Objects per batch request: keeps each gRPC message well under Weaviate's size limit. */
    private static final int IMPORT_BATCH = 200;
    /** The oldest Weaviate whose protocol has every filter operator this index sends (ContainsNone came in 1.33). */
    private static final int MINIMUM_MAJOR = 1;
    private static final int MINIMUM_MINOR = 33;
    private static final Pattern VERSION = Pattern.compile("^v?(\\d+)\\.(\\d+)");
    /**
     * Articles read by PID per search: well under the most one search returns (QUERY_MAXIMUM_RESULTS,
     * 10,000 unless configured, beyond which the server leaves objects out without saying so).
     */
    private static final int READ_BATCH = 1000;
    /** Most objects one search fetches (Weaviate's default query limit). */
    private static final int MAX_FETCH = 10_000;

    private final String url;
    private final WeaviateClient client;
    private final CollectionHandle<Map<String, Object>> articles;
    private final CollectionHandle<Map<String, Object>> chunks;
    private final CollectionHandle<Map<String, Object>> terms;

    private WeaviateVectorIndex(String url, WeaviateClient client, String prefix, String model, int dimension)
            throws IOException {
        this.url = url;
        this.client = client;
        requireSupportedVersion(url, client.meta().version());
        String made = "embedding model " + model + ", " + dimension + " dimensions";
        this.articles = ensure(prefix + "Article", "fairrag articles (" + made + ")", false, List.of(
                keyword("pid"), keyword("pmid"), Property.text("title"), Property.text("journal"),
                Property.integer("year"), keyword("access"), Property.textArray("terms", p -> p.tokenization(Tokenization.FIELD)),
                Property.text("checksum", p -> p.indexFilterable(false).indexSearchable(false))));
        this.chunks = ensure(prefix + "Chunk", "fairrag article chunks (" + made + ")", true, List.of(
                keyword("owner"), Property.integer("ordinal"), Property.text("text"), Property.integer("year"),
                keyword("access"), Property.textArray("terms", p -> p.tokenization(Tokenization.FIELD))));
        this.terms = ensure(prefix + "Term", "fairrag term names (" + made + ")", true, List.of(
                keyword("termId"), Property.text("name", p -> p.indexSearchable(false)),
                Property.text("checksum", p -> p.indexFilterable(false).indexSearchable(false))));
    }

    /**
     * Connects to the Weaviate server (1.33 or later) at {@code url} (REST; gRPC on the same host, port
     * 50051, or 443 for https) and makes the collections {@code <prefix>Article}, {@code <prefix>Chunk} and
     * {@code <prefix>Term} when they are missing.
     */
    public static WeaviateVectorIndex connect(String url, Optional<String> apiKey, String prefix, String model,
                                              int dimension) {
        return connect(url, "https".equals(URI.create(url).getScheme()) ? 443 : DEFAULT_GRPC_PORT, apiKey, prefix,
                model, dimension);
    }

    /** Like {@link #connect(String, Optional, String, String, int)} with gRPC on {@code grpcPort} of the same host. */
    static WeaviateVectorIndex connect(String url, int grpcPort, Optional<String> apiKey, String prefix, String model,
                                       int dimension) {
        URI uri = URI.create(url);
        int port = uri.getPort() > 0 ? uri.getPort() : "https".equals(uri.getScheme()) ? 443 : 80;
        WeaviateClient client = WeaviateClient.connectToCustom(c -> {
            c.scheme(uri.getScheme()).httpHost(uri.getHost()).httpPort(port)
                    .grpcHost(uri.getHost()).grpcPort(grpcPort);
            apiKey.ifPresent(k -> c.authentication(Authentication.apiKey(k)));
            return c;
        });
        try {
            return new WeaviateVectorIndex(url, client, prefix, model, dimension);
        } catch (IOException | RuntimeException e) {
            closeQuietly(client);
            throw e instanceof IOException io ? new UncheckedIOException("cannot set up Weaviate at " + url, io)
                    : (RuntimeException) e;
        }
    }

    private static void requireSupportedVersion(String url, String version) {
        Matcher m = VERSION.matcher(version);
        boolean supported = m.find() && Integer.parseInt(m.group(1)) * 1000 + Integer.parseInt(m.group(2))
                >= MINIMUM_MAJOR * 1000 + MINIMUM_MINOR;
        if (!supported) {
            throw new IllegalStateException("Weaviate at " + url + " is version " + version + "; fairrag needs "
                    + MINIMUM_MAJOR + "." + MINIMUM_MINOR + " or later (its ContainsNone filter leaves out excluded terms)");
        }
    }

    private CollectionHandle<Map<String, Object>> ensure(String name, String description, boolean vectors,
                                                         List<Property> properties) throws IOException {
        var existing = client.collections.getConfig(name);
        if (existing.isPresent() && !description.equals(existing.get().description())) {
            LOG.warn("Weaviate collection {} was made for \"{}\"; dropping it for \"{}\"", name,
                    existing.get().description(), description);
            client.collections.delete(name);
            existing = Optional.empty();
        }
        if (existing.isEmpty()) {
            client.collections.create(name, c -> {
                c.description(description).properties(properties);
                if (vectors) {
                    c.vectorConfig(VectorConfig.selfProvided(v -> v.vectorIndex(Hnsw.of(h -> h.distance(Distance.DOT)))));
                } else {
                    // A collection without a vector of its own would get the server's default vectorizer
                    // (DEFAULT_VECTORIZER_MODULE), which may embed every object; this index stays empty.
                    c.vectorConfig(VectorConfig.selfProvided(v -> v.vectorIndex(Flat.of())));
                }
                return c;
            });
        }
        return client.collections.use(name);
    }

    private static Property keyword(String name) {
        return Property.text(name, p -> p.tokenization(Tokenization.FIELD));
    }

    @Override
    public Map<String, String> articleChecksums(Collection<String> pids) {
        Map<String, String> out = new HashMap<>();
        for (List<String> part : partition(List.copyOf(pids), READ_BATCH)) {
            var r = articles.query.fetchObjects(q -> q.filters(Filter.property("pid").containsAny(part))
                    .limit(part.size()).returnProperties("pid", "checksum"));
            r.objects().forEach(o -> out.put((String) o.properties().get("pid"), (String) o.properties().get("checksum")));
        }
        return out;
    }

    @Override
    public void upsertArticles(List<IndexedArticle> batch) {
        deleteArticles(batch.stream().map(IndexedArticle::pid).toList());
        List<WeaviateObject<Map<String, Object>>> articleObjects = new ArrayList<>();
        List<WeaviateObject<Map<String, Object>>> chunkObjects = new ArrayList<>();
        for (IndexedArticle a : batch) {
            ArticleFields f = a.fields();
            Map<String, Object> props = new HashMap<>();
            props.put("pid", f.pid());
            props.put("pmid", f.pmid());
            putIfPresent(props, "title", f.title());
            putIfPresent(props, "journal", f.journal());
            putIfPresent(props, "year", f.year());
            props.put("access", f.accessLevel());
            props.put("terms", termValues(f));
            props.put("checksum", a.checksum());
            articleObjects.add(object(uuid("article", f.pid()), props, null));
            for (int i = 0; i < a.chunks().size(); i++) {
                Map<String, Object> c = new HashMap<>();
                c.put("owner", f.pid());
                c.put("ordinal", i);
                c.put("text", a.chunks().get(i).text());
                putIfPresent(c, "year", f.year());
                c.put("access", f.accessLevel());
                c.put("terms", termValues(f));
                chunkObjects.add(object(uuid("chunk", f.pid() + "#" + i), c, a.chunks().get(i).vector()));
            }
        }
        insert(articles, articleObjects);
        insert(chunks, chunkObjects);
    }

    @Override
    public void deleteArticles(Collection<String> pids) {
        for (List<String> part : partition(List.copyOf(pids), IMPORT_BATCH)) {
            chunks.data.deleteMany(Filter.property("owner").containsAny(part));
            articles.data.deleteMany(Filter.property("pid").containsAny(part));
        }
    }

    @Override
    public Set<String> articlePids() {
        Set<String> out = new HashSet<>();
        articles.paginate(p -> p.pageSize(1000).returnProperties("pid"))
                .forEach(o -> out.add((String) o.properties().get("pid")));
        return out;
    }

    @Override
    public long articleCount() {
        return articles.size();
    }

    @Override
    public List<ChunkHit> nearestChunks(float[] vector, int k, ArticleFilter filter) {
        Filter where = where(filter);
        return bestChunkPerArticle(k, fetch -> chunks.query.nearVector(vector, q -> q.limit(fetch).filters(where)
                .returnProperties("owner", "ordinal", "text").returnMetadata(Metadata.DISTANCE)), true);
    }

    @Override
    public List<ChunkHit> matchingChunks(String query, int k, ArticleFilter filter) {
        if (query.isBlank()) {
            return List.of();
        }
        Filter where = where(filter);
        return bestChunkPerArticle(k, fetch -> chunks.query.bm25(query, q -> q.queryProperties("text").limit(fetch)
                .filters(where).returnProperties("owner", "ordinal", "text").returnMetadata(Metadata.SCORE)), false);
    }

    private static List<ChunkHit> bestChunkPerArticle(int k, IntFunction<QueryResponse<Map<String, Object>>> search,
                                                      boolean byDistance) {
        int fetch = Math.max(1, k * FETCH_FACTOR);
        while (true) {
            List<WeaviateObject<Map<String, Object>>> found = search.apply(fetch).objects();
            Map<String, ChunkHit> best = new LinkedHashMap<>();
            for (var o : found) {
                String owner = (String) o.properties().get("owner");
                // Weaviate's dot-product distance is the negated dot product.
                float score = byDistance ? -o.queryMetadata().distance() : o.queryMetadata().score();
                best.putIfAbsent(owner, new ChunkHit(owner, ((Number) o.properties().get("ordinal")).intValue(),
                        (String) o.properties().get("text"), score));
                if (best.size() == k) {
                    break;
                }
            }
            if (best.size() == k || found.size() < fetch || fetch >= MAX_FETCH) {
                return new ArrayList<>(best.values());
            }
            fetch = Math.min(fetch * FETCH_FACTOR, MAX_FETCH);
        }
    }

    @Override
    public Map<String, ArticleFields> articles(Collection<String> pids) {
        Map<String, ArticleFields> out = new HashMap<>();
        for (List<String> part : partition(List.copyOf(pids), READ_BATCH)) {
            var r = articles.query.fetchObjects(q -> q.filters(Filter.property("pid").containsAny(part)).limit(part.size()));
            r.objects().forEach(o -> {
                ArticleFields fields = fields(o.properties());
                out.put(fields.pid(), fields);
            });
        }
        return out;
    }

    private static ArticleFields fields(Map<String, Object> p) {
        Object year = p.get("year");
        @SuppressWarnings("unchecked")
        List<String> values = p.get("terms") == null ? List.of() : (List<String>) p.get("terms");
        List<String> termIds = values.stream().filter(t -> !t.startsWith(ArticleFilter.SUGGESTED_PREFIX)).toList();
        List<String> suggested = values.stream().filter(t -> t.startsWith(ArticleFilter.SUGGESTED_PREFIX))
                .map(t -> t.substring(ArticleFilter.SUGGESTED_PREFIX.length())).toList();
        return new ArticleFields((String) p.get("pid"), (String) p.get("pmid"), (String) p.get("title"),
                (String) p.get("journal"), year == null ? null : ((Number) year).intValue(), (String) p.get("access"),
                termIds, suggested);
    }

    @Override
    public List<IndexedChunk> chunks(String pid) {
        var r = chunks.query.fetchObjects(q -> q.filters(Filter.property("owner").eq(pid)).limit(MAX_FETCH)
                .returnProperties("ordinal", "text").includeVector());
        List<WeaviateObject<Map<String, Object>>> found = new ArrayList<>(r.objects());
        found.sort(Comparator.comparingInt(o -> ((Number) o.properties().get("ordinal")).intValue()));
        return found.stream().map(o -> new IndexedChunk((String) o.properties().get("text"), o.vectors().getDefaultSingle()))
                .toList();
    }

    @Override
    public long countArticles(ArticleFilter filter) {
        Filter where = where(filter);
        Long total = articles.aggregate.overAll(a -> a.filters(where).includeTotalCount(true)).totalCount();
        return total == null ? 0 : total;
    }

    @Override
    public Map<String, String> termChecksums() {
        Map<String, String> out = new HashMap<>();
        terms.paginate(p -> p.pageSize(1000).returnProperties("termId", "checksum"))
                .forEach(o -> out.put((String) o.properties().get("termId"), (String) o.properties().get("checksum")));
        return out;
    }

    @Override
    public void upsertTerms(List<IndexedTerm> batch) {
        deleteTerms(batch.stream().map(IndexedTerm::id).toList());
        List<WeaviateObject<Map<String, Object>>> objects = new ArrayList<>();
        for (IndexedTerm t : batch) {
            for (int i = 0; i < t.names().size(); i++) {
                IndexedTerm.Name n = t.names().get(i);
                objects.add(object(uuid("term", t.id() + "#" + i),
                        Map.of("termId", t.id(), "name", n.text(), "checksum", t.checksum()), n.vector()));
            }
        }
        insert(terms, objects);
    }

    @Override
    public void deleteTerms(Collection<String> ids) {
        for (List<String> part : partition(List.copyOf(ids), IMPORT_BATCH)) {
            terms.data.deleteMany(Filter.property("termId").containsAny(part));
        }
    }

    @Override
    public List<TermHit> nearestTerms(float[] vector, int k) {
        var r = terms.query.nearVector(vector, q -> q.limit(k).returnProperties("termId", "name")
                .returnMetadata(Metadata.DISTANCE));
        return r.objects().stream().map(o -> new TermHit((String) o.properties().get("termId"),
                (String) o.properties().get("name"), -o.queryMetadata().distance())).toList();
    }

    @Override
    public String describe() {
        return "Weaviate at " + url;
    }

    @Override
    public void close() {
        closeQuietly(client);
    }

    /** The indexers' term ids and the suggested ones, marked, in the one "terms" property filters read. */
    private static List<String> termValues(ArticleFields f) {
        List<String> out = new ArrayList<>(f.termIds());
        f.suggestedTermIds().forEach(t -> out.add(ArticleFilter.SUGGESTED_PREFIX + t));
        return out;
    }

    private static Filter where(ArticleFilter f) {
        List<Filter> parts = new ArrayList<>();
        parts.add(Filter.property("access").containsAny(List.copyOf(f.accessLevels())));
        for (var group : f.requiredTerms()) {
            parts.add(Filter.property("terms").containsAny(List.copyOf(f.matching(group))));
        }
        if (!f.excludedTerms().isEmpty()) {
            parts.add(Filter.property("terms").containsNone(List.copyOf(f.matching(f.excludedTerms()))));
        }
        if (f.yearFrom() != null) {
            parts.add(Filter.property("year").gte(f.yearFrom()));
        }
        if (f.yearTo() != null) {
            parts.add(Filter.property("year").lte(f.yearTo()));
        }
        return Filter.and(new ArrayList<>(parts));
    }

    private static void insert(CollectionHandle<Map<String, Object>> collection, List<WeaviateObject<Map<String, Object>>> objects) {
        for (int from = 0; from < objects.size(); from += IMPORT_BATCH) {
            InsertManyResponse r = collection.data.insertMany(objects.subList(from, Math.min(objects.size(), from + IMPORT_BATCH)));
            if (!r.errors().isEmpty()) {
                throw new IllegalStateException("Weaviate refused " + r.errors().size() + " objects; first: " + r.errors().get(0));
            }
        }
    }

    private static WeaviateObject<Map<String, Object>> object(String uuid, Map<String, Object> properties, float[] vector) {
        return WeaviateObject.<Map<String, Object>>of(o -> {
            o.uuid(uuid).properties(properties);
            if (vector != null) {
                o.vectors(Vectors.of(vector));
            }
            return o;
        });
    }

    private static void putIfPresent(Map<String, Object> map, String key, Object value) {
        if (value != null) {
            map.put(key, value);
        }
    }

    private static String uuid(String kind, String key) {
        return UUID.nameUUIDFromBytes((kind + ":" + key).getBytes(StandardCharsets.UTF_8)).toString();
    }

    private static List<List<String>> partition(List<String> values, int size) {
        List<List<String>> out = new ArrayList<>();
        for (int from = 0; from < values.size(); from += size) {
            out.add(values.subList(from, Math.min(values.size(), from + size)));
        }
        return out;
    }

    private static void closeQuietly(WeaviateClient client) {
        try {
            client.close();
        } catch (Exception e) {
            LOG.warn("Closing the Weaviate client failed: {}", e.toString());
        }
    }
}
