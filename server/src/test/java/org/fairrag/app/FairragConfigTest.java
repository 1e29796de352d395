package org.fairrag.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FairragConfigTest {

    @Test
    void should_use_the_documented_defaults_when_nothing_is_set() {
        FairragConfig c = FairragConfig.fromEnvironment(Map.of()).build();

        assertThat(c.port()).isEqualTo(8080);
        assertThat(c.dataDir()).isEqualTo(Path.of("./fairrag-data").toAbsolutePath().normalize());
        assertThat(c.baseUrl()).isEqualTo("http://localhost:8080");
        assertThat(c.embeddedPostgres()).isTrue();
        assertThat(c.embeddedTripleStore()).isTrue();
        assertThat(c.sparqlTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(c.sparqlMaxRows()).isEqualTo(10_000);
        assertThat(c.limits()).isEqualTo(FairragConfig.Limits.DEFAULT);
        assertThat(c.mentions()).isTrue();
    }

    @Test
    void should_switch_concept_mentions_off() {
        assertThat(FairragConfig.fromEnvironment(Map.of("FAIRRAG_MENTIONS", "false")).build().mentions()).isFalse();
    }

    @Test
    void should_read_the_limits() {
        FairragConfig c = FairragConfig.fromEnvironment(Map.of(
                "FAIRRAG_RATE_LIMIT", "5.5",
                "FAIRRAG_RATE_BURST", "11",
                "FAIRRAG_SPARQL_RATE_LIMIT", "0",
                "FAIRRAG_SPARQL_RATE_BURST", "3",
                "FAIRRAG_MAX_BODY", "65536",
                "FAIRRAG_MAX_URI", "4096",
                "FAIRRAG_SHUTDOWN_GRACE", "3s")).build();

        assertThat(c.limits()).isEqualTo(new FairragConfig.Limits(5.5, 11, 0, 3, 65536, 4096, Duration.ofSeconds(3)));
        assertThatThrownBy(() -> FairragConfig.fromEnvironment(Map.of("FAIRRAG_RATE_LIMIT", "fast")).build())
                .hasMessageContaining("FAIRRAG_RATE_LIMIT");
        assertThatThrownBy(() -> FairragConfig.fromEnvironment(Map.of("FAIRRAG_MAX_BODY", "10")).build())
                .hasMessageContaining("FAIRRAG_MAX_BODY");
    }

    @Test
    void should_read_every_documented_variable() {
        FairragConfig c = FairragConfig.fromEnvironment(Map.of(
                "FAIRRAG_PORT", "9090",
                "FAIRRAG_DATA_DIR", "/tmp/x",
                "FAIRRAG_BASE_URL", "https://fairrag.example.org/",
                "FAIRRAG_PG_URL", "postgresql://u:p@db:5432/fr",
                "FAIRRAG_SPARQL_URL", "http://fuseki:3030/ds/query",
                "FAIRRAG_SPARQL_TIMEOUT", "500ms",
                "FAIRRAG_SPARQL_MAX_ROWS", "50")).build();

        assertThat(c.port()).isEqualTo(9090);
        assertThat(c.dataDir()).isEqualTo(Path.of("/tmp/x"));
        assertThat(c.baseUrl()).isEqualTo("https://fairrag.example.org");
        assertThat(c.pgUrl()).contains("postgresql://u:p@db:5432/fr");
        assertThat(c.sparqlUrl()).contains("http://fuseki:3030/ds/query");
        assertThat(c.sparqlUpdateUrl()).contains("http://fuseki:3030/ds/query");
        assertThat(c.sparqlTimeout()).isEqualTo(Duration.ofMillis(500));
        assertThat(c.sparqlMaxRows()).isEqualTo(50);
        assertThat(c.pidUrl("abc")).isEqualTo("https://fairrag.example.org/pid/abc");
    }

    @Test
    void should_derive_the_base_url_from_the_port() {
        assertThat(FairragConfig.fromEnvironment(Map.of("FAIRRAG_PORT", "9999")).build().baseUrl())
                .isEqualTo("http://localhost:9999");
    }

    @Test
    void should_explain_bad_values() {
        assertThatThrownBy(() -> FairragConfig.fromEnvironment(Map.of("FAIRRAG_PORT", "eighty")).build())
                .hasMessageContaining("FAIRRAG_PORT");
        assertThatThrownBy(() -> FairragConfig.fromEnvironment(Map.of("FAIRRAG_BASE_URL", "ftp://x")).build())
                .hasMessageContaining("FAIRRAG_BASE_URL");
        assertThatThrownBy(() -> FairragConfig.fromEnvironment(Map.of("FAIRRAG_SPARQL_TIMEOUT", "soon")).build())
                .hasMessageContaining("FAIRRAG_SPARQL_TIMEOUT");
    }

    @Test
    void should_read_the_search_settings() {
        FairragConfig defaults = FairragConfig.fromEnvironment(Map.of()).build();
        FairragConfig c = FairragConfig.fromEnvironment(Map.of(
                "FAIRRAG_VECTORS", "weaviate",
                "FAIRRAG_WEAVIATE_URL", "http://weaviate:8080",
                "FAIRRAG_WEAVIATE_API_KEY", "secret",
                "FAIRRAG_EMBEDDING", "ollama",
                "FAIRRAG_EMBEDDING_BASE_URL", "http://ollama:11434",
                "FAIRRAG_EMBEDDING_MODEL", "nomic-embed-text",
                "FAIRRAG_QUERY_CACHE", "50")).build();

        assertThat(defaults.vectors().kind()).isEqualTo(org.fairrag.vectors.VectorStoreSettings.Kind.LUCENE);
        assertThat(defaults.embedding().provider()).isEqualTo("all-minilm-l6-v2");
        assertThat(defaults.queryCacheSize()).isEqualTo(10_000);
        assertThat(c.vectors().kind()).isEqualTo(org.fairrag.vectors.VectorStoreSettings.Kind.WEAVIATE);
        assertThat(c.vectors().weaviateUrl()).contains("http://weaviate:8080");
        assertThat(c.vectors().weaviateApiKey()).contains("secret");
        assertThat(c.embedding().provider()).isEqualTo("ollama");
        assertThat(c.embedding().baseUrl()).contains("http://ollama:11434");
        assertThat(c.embedding().model()).contains("nomic-embed-text");
        assertThat(c.queryCacheSize()).isEqualTo(50);
        assertThat(c.toBuilder().build()).isEqualTo(c);
    }

    @Test
    void should_read_the_vector_quantization_and_keep_it_unquantized_by_default() {
        FairragConfig int8 = FairragConfig.fromEnvironment(Map.of("FAIRRAG_VECTOR_QUANTIZATION", "INT8")).build();

        assertThat(FairragConfig.fromEnvironment(Map.of()).build().vectors().quantization())
                .isEqualTo(org.fairrag.vectors.VectorQuantization.NONE);
        assertThat(int8.vectors().quantization()).isEqualTo(org.fairrag.vectors.VectorQuantization.INT8);
        assertThat(int8.toBuilder().build()).isEqualTo(int8);
        assertThatThrownBy(() -> FairragConfig.fromEnvironment(Map.of("FAIRRAG_VECTOR_QUANTIZATION", "int4")).build())
                .hasMessageContaining("FAIRRAG_VECTOR_QUANTIZATION must be none or int8");
    }

    @Test
    void should_read_the_search_threads_with_one_a_processor_by_default() {
        FairragConfig one = FairragConfig.fromEnvironment(Map.of("FAIRRAG_SEARCH_THREADS", "1")).build();

        assertThat(FairragConfig.fromEnvironment(Map.of()).build().vectors().searchThreads())
                .isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(one.vectors().searchThreads()).isEqualTo(1);
        assertThat(one.toBuilder().build()).isEqualTo(one);
        assertThatThrownBy(() -> FairragConfig.fromEnvironment(Map.of("FAIRRAG_SEARCH_THREADS", "0")).build())
                .hasMessageContaining("FAIRRAG_SEARCH_THREADS must be at least 1");
        assertThatThrownBy(() -> FairragConfig.fromEnvironment(Map.of("FAIRRAG_SEARCH_THREADS", "two")).build())
                .hasMessageContaining("FAIRRAG_SEARCH_THREADS must be an integer");
    }

    @Test
    void should_read_the_vector_candidates_and_scale_them_with_the_index_by_default() {
        FairragConfig fixed = FairragConfig.fromEnvironment(Map.of("FAIRRAG_VECTOR_CANDIDATES", "1200")).build();

        assertThat(FairragConfig.fromEnvironment(Map.of()).build().vectors().candidates())
                .isEqualTo(org.fairrag.vectors.KnnCandidates.SCALED);
        assertThat(FairragConfig.fromEnvironment(Map.of("FAIRRAG_VECTOR_CANDIDATES", "Auto")).build().vectors().candidates())
                .isEqualTo(org.fairrag.vectors.KnnCandidates.SCALED);
        assertThat(fixed.vectors().candidates()).isEqualTo(org.fairrag.vectors.KnnCandidates.fixed(1200));
        assertThat(fixed.toBuilder().build()).isEqualTo(fixed);
        assertThatThrownBy(() -> FairragConfig.fromEnvironment(Map.of("FAIRRAG_VECTOR_CANDIDATES", "0")).build())
                .hasMessageContaining("FAIRRAG_VECTOR_CANDIDATES must be auto or a number");
    }

    @Test
    void should_explain_bad_search_settings() {
        assertThatThrownBy(() -> FairragConfig.fromEnvironment(Map.of("FAIRRAG_VECTORS", "faiss")).build())
                .hasMessageContaining("FAIRRAG_VECTORS");
        assertThatThrownBy(() -> FairragConfig.fromEnvironment(Map.of("FAIRRAG_VECTORS", "weaviate")).build())
                .hasMessageContaining("FAIRRAG_WEAVIATE_URL");
        assertThatThrownBy(() -> FairragConfig.fromEnvironment(Map.of("FAIRRAG_EMBEDDING", "word2vec")).build())
                .hasMessageContaining("FAIRRAG_EMBEDDING");
        assertThatThrownBy(() -> FairragConfig.fromEnvironment(Map.of("FAIRRAG_EMBEDDING", "openai")).build())
                .hasMessageContaining("FAIRRAG_EMBEDDING_API_KEY");
    }

    @Test
    void should_read_the_connection_timeouts_and_quotas() {
        FairragConfig defaults = FairragConfig.fromEnvironment(Map.of()).build();
        FairragConfig c = FairragConfig.fromEnvironment(Map.of(
                "FAIRRAG_IDLE_TIMEOUT", "5m",
                "FAIRRAG_WRITE_TIMEOUT", "10s",
                "FAIRRAG_SUMMARY_LIMIT", "5",
                "FAIRRAG_KEY_LOOKUP_RATE", "0.5",
                "FAIRRAG_KEY_LOOKUP_BURST", "4",
                "FAIRRAG_API_KEY_CACHE", "15s")).build();

        assertThat(defaults.connections()).isEqualTo(new FairragConfig.Connections(Duration.ofSeconds(180), Duration.ofSeconds(30)));
        assertThat(defaults.quotas()).isEqualTo(new FairragConfig.Quotas(30, 1, 10, Duration.ofSeconds(30)));
        assertThat(c.connections()).isEqualTo(new FairragConfig.Connections(Duration.ofMinutes(5), Duration.ofSeconds(10)));
        assertThat(c.quotas()).isEqualTo(new FairragConfig.Quotas(5, 0.5, 4, Duration.ofSeconds(15)));
        assertThat(c.toBuilder().build()).isEqualTo(c);
    }

    @Test
    void should_explain_bad_timeouts_and_quotas() {
        assertThatThrownBy(() -> FairragConfig.fromEnvironment(Map.of("FAIRRAG_WRITE_TIMEOUT", "0s")).build())
                .hasMessageContaining("FAIRRAG_WRITE_TIMEOUT");
        assertThatThrownBy(() -> FairragConfig.fromEnvironment(Map.of("FAIRRAG_IDLE_TIMEOUT", "soon")).build())
                .hasMessageContaining("FAIRRAG_IDLE_TIMEOUT");
        // A connection waiting for the chat model must not be closed as idle.
        assertThatThrownBy(() -> FairragConfig.fromEnvironment(Map.of("FAIRRAG_IDLE_TIMEOUT", "60s", "FAIRRAG_LLM", "openai",
                "FAIRRAG_LLM_TIMEOUT", "120s")).build())
                .hasMessageContaining("FAIRRAG_IDLE_TIMEOUT").hasMessageContaining("FAIRRAG_LLM_TIMEOUT");
        assertThatThrownBy(() -> FairragConfig.fromEnvironment(Map.of("FAIRRAG_SUMMARY_LIMIT", "-1")).build())
                .hasMessageContaining("FAIRRAG_SUMMARY_LIMIT");
        assertThatThrownBy(() -> FairragConfig.fromEnvironment(Map.of("FAIRRAG_KEY_LOOKUP_BURST", "0")).build())
                .hasMessageContaining("FAIRRAG_KEY_LOOKUP_BURST");
        assertThatThrownBy(() -> FairragConfig.fromEnvironment(Map.of("FAIRRAG_API_KEY_CACHE", "-5s")).build())
                .hasMessageContaining("FAIRRAG_API_KEY_CACHE");
    }
}
