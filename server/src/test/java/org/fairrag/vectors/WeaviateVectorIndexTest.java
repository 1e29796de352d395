package org.fairrag.vectors;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.weaviate.client6.v1.api.WeaviateClient;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

/**
 * The {@link VectorIndexContract} against the Weaviate server named by {@code FAIRRAG_WEAVIATE_URL}
 * (and {@code FAIRRAG_WEAVIATE_API_KEY}), in collections of its own that it drops at the end. Skipped,
 * with a message, when the variable is unset.
 */
class WeaviateVectorIndexTest extends VectorIndexContract {

    private static final String PREFIX = "FairragTest" + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
    private static WeaviateVectorIndex index;

    private static final String URL = System.getenv("FAIRRAG_WEAVIATE_URL");

    @BeforeAll
    static void connect() {
        if (URL == null || URL.isBlank()) {
            return;
        }
        index = WeaviateVectorIndex.connect(URL, Optional.ofNullable(System.getenv("FAIRRAG_WEAVIATE_API_KEY")), PREFIX,
                EMBEDDER.modelName(), EMBEDDER.dimension());
        index.upsertArticles(ARTICLES);
    }

    @BeforeEach
    void needsServer() {
        assumeTrue(index != null, "Skipped: FAIRRAG_WEAVIATE_URL is not set. These tests run the vector index contract "
                + "against a Weaviate >= 1.33 server, e.g. FAIRRAG_WEAVIATE_URL=http://localhost:8080 (gRPC on 50051).");
    }

    @AfterAll
    static void dropCollections() throws Exception {
        if (index == null) {
            return;
        }
        index.close();
        java.net.URI uri = java.net.URI.create(URL);
        try (WeaviateClient client = WeaviateClient.connectToCustom(c -> c.scheme(uri.getScheme()).httpHost(uri.getHost())
                .httpPort(uri.getPort() > 0 ? uri.getPort() : 80).grpcHost(uri.getHost()).grpcPort(50051))) {
            for (String kind : new String[] {"Article", "Chunk", "Term"}) {
                client.collections.delete(PREFIX + kind);
            }
        }
    }

    @Override
    VectorIndex index() {
        return index;
    }
}
