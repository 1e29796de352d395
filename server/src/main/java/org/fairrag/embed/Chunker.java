package org.fairrag.embed;

import dev.langchain4j.data.document.Document;
import dev.langchain4j.data.document.splitter.DocumentBySentenceSplitter;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.TokenCountEstimator;
import dev.langchain4j.model.embedding.onnx.HuggingFaceTokenCountEstimator;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Properties;

/**
 * Splits an article into sentence-aligned chunks that fit the embedding model's input, the title at the
 * head of the first chunk. all-MiniLM-L6-v2 reads at most 128 word pieces, [CLS] and [SEP] included,
 * so a chunk holds whole sentences up to 126 word pieces; a longer sentence is cut between words.
 * Word pieces are counted with the BERT tokenizer the model uses, which for other models is a
 * conservative estimate. Thread-safe.
 */
public final class Chunker {

    /** 128 word pieces less [CLS] and [SEP]. */
    public static final int DEFAULT_MAX_TOKENS = 126;
    private static final String SPLITTER_VERSION = version("langchain4j");
    private static final String TOKENIZER_VERSION = version("langchain4j-embeddings");

    private final int maxTokens;
    private final TokenCountEstimator tokens;
    private final DocumentBySentenceSplitter splitter;
    private final KnownVectors known;

    public Chunker(int maxTokens) {
        this(maxTokens, new HuggingFaceTokenCountEstimator(), KnownVectors.NONE);
    }

    public Chunker() {
        this(DEFAULT_MAX_TOKENS);
    }

    private Chunker(int maxTokens, TokenCountEstimator tokens, KnownVectors known) {
        this.maxTokens = maxTokens;
        this.tokens = tokens;
        this.splitter = new DocumentBySentenceSplitter(maxTokens, 0, tokens);
        this.known = known;
    }

    /** This chunker, answering from {@code known} for the articles whose chunks it knows (cut by this chunker's version). */
    public Chunker using(KnownVectors known) {
        return new Chunker(maxTokens, tokens, known);
    }

    /** The chunks of an article; either part may be null or blank, and no text gives no chunks. */
    public List<String> chunks(String title, String abstractText) {
        return known.chunks(title, abstractText).orElseGet(() -> split(title, abstractText));
    }

    private List<String> split(String title, String abstractText) {
        String head = title == null ? "" : title.strip();
        String body = abstractText == null ? "" : abstractText.strip();
        String text = head.isEmpty() ? body : body.isEmpty() ? head : head + "\n" + body;
        if (text.isEmpty()) {
            return List.of();
        }
        return splitter.split(Document.from(text)).stream().map(TextSegment::text).toList();
    }

    /**
     * What decides how articles are cut: the word pieces per chunk and the versions of the libraries that
     * split sentences and count word pieces. Chunks made by another version may differ.
     */
    public String version() {
        return "sentences-" + maxTokens + " langchain4j-" + SPLITTER_VERSION + " langchain4j-embeddings-" + TOKENIZER_VERSION;
    }

    public int maxTokens() {
        return maxTokens;
    }

    /** The version of a LangChain4j artifact, from the Maven metadata its jar carries. */
    private static String version(String artifact) {
        try (InputStream in = Chunker.class.getResourceAsStream("/META-INF/maven/dev.langchain4j/" + artifact + "/pom.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Word pieces of {@code text}, without [CLS] and [SEP]. */
    public int tokenCount(String text) {
        return tokens.estimateTokenCountInText(text);
    }
}
