package org.fairrag.testing;

import java.util.List;
import org.fairrag.app.Fairrag;
import org.fairrag.app.VectorsModule;
import org.fairrag.embed.BundledVectors;
import org.fairrag.embed.Chunker;
import org.fairrag.embed.Embedder;
import org.fairrag.embed.EmbeddingSettings;
import org.fairrag.embed.LangChainEmbedder;
import org.fairrag.embed.PrecomputedEmbedder;

/**
 * The real embedding model for tests, shared by the test JVM, and the embedder an instance indexes its bundled
 * data with: the vectors shipped in the jar for the MeSH names and the demo chunks, made by that model and
 * checked against it ({@code BundledVectorsTest}, {@code ShippedVectorsTest}), with the model for every other
 * text. Tests that index demo records or MeSH names take their vectors as a first start of the server does,
 * instead of running the model over texts whose vectors ship with the jar.
 */
public final class TestEmbedders {

    private static LangChainEmbedder model;
    private static Embedder shipped;

    private TestEmbedders() {}

    /** The in-JVM model (all-MiniLM-L6-v2). */
    public static synchronized LangChainEmbedder model() {
        if (model == null) {
            model = LangChainEmbedder.create(EmbeddingSettings.DEFAULT);
        }
        return model;
    }

    /** The shipped vectors of the bundled texts where they match the model, as the server's indexing uses them; the model for the rest. */
    public static synchronized Embedder shipped() {
        if (shipped == null) {
            BundledVectors bundled = new BundledVectors(List.of(
                    new BundledVectors.Source(Fairrag.MESH_NAME_VECTORS, VectorsModule.NAME_VECTOR_INPUTS),
                    new BundledVectors.Source(Fairrag.DEMO_CHUNK_VECTORS, List.of(Fairrag.DEMO_ARTICLES))),
                    model(), new Chunker().version());
            shipped = new PrecomputedEmbedder(model(), bundled);
        }
        return shipped;
    }
}
