package org.fairrag.embed;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Which embedding model to use: the in-JVM all-MiniLM-L6-v2 (default, no network), or any model of an
 * OpenAI-compatible or Ollama server.
 *
 * @param provider {@code all-minilm-l6-v2}, {@code openai} or {@code ollama}
 * @param baseUrl  the server's base URL (OpenAI-compatible or Ollama); empty = the provider's default
 * @param model    the model name on that server; empty = the provider's default
 * @param apiKey   the API key, if the server needs one
 */
public record EmbeddingSettings(String provider, Optional<String> baseUrl, Optional<String> model,
                                Optional<String> apiKey) {

    public static final String MINILM = "all-minilm-l6-v2";
    public static final String OPENAI = "openai";
    public static final String OLLAMA = "ollama";
    public static final EmbeddingSettings DEFAULT = new EmbeddingSettings(MINILM, Optional.empty(), Optional.empty(),
            Optional.empty());

    public EmbeddingSettings {
        Objects.requireNonNull(provider, "provider");
        provider = provider.trim().toLowerCase(Locale.ROOT);
        if (!provider.equals(MINILM) && !provider.equals(OPENAI) && !provider.equals(OLLAMA)) {
            throw new IllegalArgumentException("FAIRRAG_EMBEDDING must be all-minilm-l6-v2, openai or ollama, got: " + provider);
        }
        if (provider.equals(OPENAI) && apiKey.isEmpty() && baseUrl.isEmpty()) {
            throw new IllegalArgumentException("FAIRRAG_EMBEDDING=openai needs FAIRRAG_EMBEDDING_API_KEY "
                    + "(or FAIRRAG_EMBEDDING_BASE_URL of an OpenAI-compatible server)");
        }
    }
}
