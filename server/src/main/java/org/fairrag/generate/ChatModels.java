package org.fairrag.generate;

import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.ollama.OllamaChatModel;
import dev.langchain4j.model.ollama.OllamaStreamingChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.model.openai.OpenAiStreamingChatModel;
import java.time.Duration;
import java.util.Locale;

/** Builds the configured LangChain4j chat model: an OpenAI-compatible API (OpenAI, Azure, vLLM, llama.cpp) or Ollama. */
public final class ChatModels {

    public static final String DEFAULT_OPENAI_URL = "https://api.openai.com/v1";
    public static final String DEFAULT_OPENAI_MODEL = "gpt-4o-mini";
    public static final String DEFAULT_OLLAMA_URL = "http://localhost:11434";
    public static final String DEFAULT_OLLAMA_MODEL = "llama3.1";

    /** A configured chat model and the name recorded in summaries' provenance. */
    public record Configured(StreamingChatModel model, String name) {}

    /** A configured chat model that answers whole, and may be asked for JSON of a given schema. */
    public record ConfiguredBlocking(ChatModel model, String name) {}

    private ChatModels() {}

    /**
     * @param provider {@code openai} or {@code ollama}
     */
    public static Configured create(String provider, String baseUrl, String model, String apiKey, Duration timeout) {
        switch (provider.toLowerCase(Locale.ROOT)) {
            case "openai" -> {
                String name = model != null ? model : DEFAULT_OPENAI_MODEL;
                return new Configured(OpenAiStreamingChatModel.builder()
                        .baseUrl(baseUrl != null ? baseUrl : DEFAULT_OPENAI_URL)
                        .apiKey(apiKey != null ? apiKey : "none")
                        .modelName(name)
                        .temperature(0.0)
                        .timeout(timeout)
                        .build(), "openai:" + name);
            }
            case "ollama" -> {
                String name = model != null ? model : DEFAULT_OLLAMA_MODEL;
                return new Configured(OllamaStreamingChatModel.builder()
                        .baseUrl(baseUrl != null ? baseUrl : DEFAULT_OLLAMA_URL)
                        .modelName(name)
                        .temperature(0.0)
                        .timeout(timeout)
                        .build(), "ollama:" + name);
            }
            default -> throw new IllegalArgumentException("FAIRRAG_LLM must be none, openai or ollama, not " + provider);
        }
    }

    /** Like {@link #create}, answering whole, with structured output (a JSON schema the answer must follow). */
    public static ConfiguredBlocking createBlocking(String provider, String baseUrl, String model, String apiKey, Duration timeout) {
        switch (provider.toLowerCase(Locale.ROOT)) {
            case "openai" -> {
                String name = model != null ? model : DEFAULT_OPENAI_MODEL;
                return new ConfiguredBlocking(OpenAiChatModel.builder()
                        .baseUrl(baseUrl != null ? baseUrl : DEFAULT_OPENAI_URL)
                        .apiKey(apiKey != null ? apiKey : "none")
                        .modelName(name)
                        .temperature(0.0)
                        .timeout(timeout)
                        .supportedCapabilities(Capability.RESPONSE_FORMAT_JSON_SCHEMA)
                        .strictJsonSchema(true)
                        .build(), "openai:" + name);
            }
            case "ollama" -> {
                String name = model != null ? model : DEFAULT_OLLAMA_MODEL;
                return new ConfiguredBlocking(OllamaChatModel.builder()
                        .baseUrl(baseUrl != null ? baseUrl : DEFAULT_OLLAMA_URL)
                        .modelName(name)
                        .temperature(0.0)
                        .timeout(timeout)
                        .supportedCapabilities(Capability.RESPONSE_FORMAT_JSON_SCHEMA)
                        .build(), "ollama:" + name);
            }
            default -> throw new IllegalArgumentException("FAIRRAG_LLM must be none, openai or ollama, not " + provider);
        }
    }
}
