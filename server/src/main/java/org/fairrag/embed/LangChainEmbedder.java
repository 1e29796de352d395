package org.fairrag.embed;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2.AllMiniLmL6V2EmbeddingModel;
import dev.langchain4j.model.ollama.OllamaEmbeddingModel;
import dev.langchain4j.model.openai.OpenAiEmbeddingModel;
import java.util.ArrayList;
import java.util.List;

/** An {@link Embedder} backed by any LangChain4j embedding model; texts go to the model in batches. */
public final class LangChainEmbedder implements Embedder {

    /** Texts per call to the model: bounds the request size of remote models. */
    public static final int BATCH_SIZE = 64;
    static final String DEFAULT_OPENAI_MODEL = "text-embedding-3-small";
    static final String DEFAULT_OLLAMA_MODEL = "nomic-embed-text";
    static final String DEFAULT_OLLAMA_URL = "http://localhost:11434";

    private final EmbeddingModel model;
    private final String name;
    private final int dimension;

    public LangChainEmbedder(EmbeddingModel model, String name) {
        this.model = model;
        this.name = name;
        this.dimension = model.dimension();
    }

    /** The model the settings name; the default all-MiniLM-L6-v2 runs in the JVM from the jar. */
    public static LangChainEmbedder create(EmbeddingSettings settings) {
        return switch (settings.provider()) {
            case EmbeddingSettings.MINILM -> new LangChainEmbedder(new AllMiniLmL6V2EmbeddingModel(), EmbeddingSettings.MINILM);
            case EmbeddingSettings.OPENAI -> {
                String modelName = settings.model().orElse(DEFAULT_OPENAI_MODEL);
                var builder = OpenAiEmbeddingModel.builder().modelName(modelName)
                        .apiKey(settings.apiKey().orElse("none"));
                settings.baseUrl().ifPresent(builder::baseUrl);
                yield new LangChainEmbedder(builder.build(), "openai:" + modelName);
            }
            case EmbeddingSettings.OLLAMA -> {
                String modelName = settings.model().orElse(DEFAULT_OLLAMA_MODEL);
                yield new LangChainEmbedder(OllamaEmbeddingModel.builder().modelName(modelName)
                        .baseUrl(settings.baseUrl().orElse(DEFAULT_OLLAMA_URL)).build(), "ollama:" + modelName);
            }
            default -> throw new IllegalArgumentException("unknown embedding provider " + settings.provider());
        };
    }

    @Override
    public List<float[]> embedAll(List<String> texts) {
        List<float[]> out = new ArrayList<>(texts.size());
        for (int from = 0; from < texts.size(); from += BATCH_SIZE) {
            List<TextSegment> batch = texts.subList(from, Math.min(texts.size(), from + BATCH_SIZE)).stream()
                    .map(TextSegment::from).toList();
            List<Embedding> embeddings;
            try {
                embeddings = model.embedAll(batch).content();
            } catch (IllegalArgumentException e) {
                // The in-JVM model refuses a text its tokenizer reads as nothing (such as only a combining
                // accent or private-use characters): the text's fault, not the server's.
                if (e.getMessage() != null && e.getMessage().contains("empty or whitespace-only")) {
                    throw new UnreadableTextException();
                }
                throw e;
            }
            for (Embedding e : embeddings) {
                out.add(Vectors.normalized(e.vector()));
            }
        }
        return out;
    }

    @Override
    public int dimension() {
        return dimension;
    }

    @Override
    public String modelName() {
        return name;
    }
}
