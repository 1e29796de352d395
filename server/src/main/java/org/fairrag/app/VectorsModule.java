package org.fairrag.app;

import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Optional;
import org.fairrag.embed.BundledVectors;
import org.fairrag.embed.CachingEmbedder;
import org.fairrag.embed.Chunker;
import org.fairrag.embed.Embedder;
import org.fairrag.embed.LangChainEmbedder;
import org.fairrag.embed.PrecomputedEmbedder;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.search.ArticleIndexer;
import org.fairrag.terms.TermIndexer;
import org.fairrag.vectors.LuceneVectorIndex;
import org.fairrag.vectors.VectorIndex;
import org.fairrag.vectors.VectorStoreSettings;
import org.fairrag.vectors.WeaviateVectorIndex;

/**
 * The embedding model and the vector index, with the indexers that fill it (the shipped vectors standing in
 * for the model where they hold); nothing of it exists when {@code FAIRRAG_VECTORS=none}.
 */
public final class VectorsModule implements FairragModule {

    private final Lifecycle lifecycle;
    private Embedder embedder;
    private Embedder queryEmbedder;
    private VectorIndex vectorIndex;
    private BundledVectors bundledVectors;
    private ArticleIndexer articleIndexer;
    /** The bundled files the shipped name vectors are made from: a change to either makes them stale. */
    public static final List<String> NAME_VECTOR_INPUTS = List.of(Fairrag.BUNDLED_MESH, TermIndexer.LAY_NAMES);

    private TermIndexer termIndexer;

    public VectorsModule(Lifecycle lifecycle) {
        this.lifecycle = lifecycle;
    }

    @Override
    public String name() {
        return "vectors";
    }

    @Override
    public void open(IngestProgress progress) {
        FairragConfig config = lifecycle.config();
        if (config.vectors().kind() == VectorStoreSettings.Kind.NONE) {
            return;
        }
        this.embedder = LangChainEmbedder.create(config.embedding());
        CachingEmbedder cached = new CachingEmbedder(embedder, config.queryCacheSize());
        cached.bindTo(lifecycle.metrics());
        this.queryEmbedder = cached;
        this.vectorIndex = openVectorIndex(config, embedder);
        lifecycle.closeWith(vectorIndex);
        Chunker chunker = new Chunker();
        this.bundledVectors = new BundledVectors(List.of(
                new BundledVectors.Source(Fairrag.MESH_NAME_VECTORS, NAME_VECTOR_INPUTS),
                new BundledVectors.Source(Fairrag.DEMO_CHUNK_VECTORS, List.of(Fairrag.DEMO_ARTICLES))), embedder,
                chunker.version());
        PrecomputedEmbedder indexing = new PrecomputedEmbedder(embedder, bundledVectors);
        indexing.bindTo(lifecycle.metrics());
        this.articleIndexer = new ArticleIndexer(vectorIndex, indexing, chunker.using(bundledVectors));
        this.termIndexer = new TermIndexer(vectorIndex, indexing);
    }

    private static VectorIndex openVectorIndex(FairragConfig config, Embedder embedder) {
        VectorStoreSettings v = config.vectors();
        return switch (v.kind()) {
            case LUCENE -> LuceneVectorIndex.open(config.dataDir().resolve("vectors"), embedder.modelName(), embedder.dimension(),
                    LuceneVectorIndex.Options.DEFAULT.withQuantization(v.quantization()).withKnnCandidates(v.candidates())
                            .withSearchThreads(v.searchThreads()));
            case WEAVIATE -> WeaviateVectorIndex.connect(v.weaviateUrl().orElseThrow(), v.weaviateApiKey(),
                    WeaviateVectorIndex.DEFAULT_PREFIX, embedder.modelName(), embedder.dimension());
            case NONE -> throw new IllegalArgumentException("no vector index is configured");
        };
    }

    @Override
    public void addRoutes(ApiContext api) {
        vectorIndex().ifPresent(index -> api.health().component("vectors", () -> api.pools().health().submit(() ->
                new JsonObject().put("store", index.describe()).put("articles", index.articleCount()))));
    }

    /** The shipped vectors stop standing in for the model: after the demo is loaded, they are not needed again. */
    public void releaseBundledVectors() {
        if (bundledVectors != null) {
            bundledVectors.release();
        }
    }

    /** The vector index; empty when FAIRRAG_VECTORS=none. */
    public Optional<VectorIndex> vectorIndex() { return Optional.ofNullable(vectorIndex); }
    /** The embedder for bulk text (no cache); empty when FAIRRAG_VECTORS=none. */
    public Optional<Embedder> embedder() { return Optional.ofNullable(embedder); }
    /** The embedder for queries, with its cache; empty when FAIRRAG_VECTORS=none. */
    public Optional<Embedder> queryEmbedder() { return Optional.ofNullable(queryEmbedder); }
    public Optional<ArticleIndexer> articleIndexer() { return Optional.ofNullable(articleIndexer); }
    public Optional<TermIndexer> termIndexer() { return Optional.ofNullable(termIndexer); }
}
