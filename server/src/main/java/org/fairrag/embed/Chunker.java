package org.fairrag.embed;

import dev.langchain4j.data.document.Document;
import dev.langchain4j.data.document.splitter.DocumentBySentenceSplitter;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.TokenCountEstimator;
import dev.langchain4j.model.embedding.onnx.HuggingFaceTokenCountEstimator;
import java.util.List;

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

    private final int maxTokens;
    private final TokenCountEstimator tokens;
    private final DocumentBySentenceSplitter splitter;

    public Chunker(int maxTokens) {
        this.maxTokens = maxTokens;
        this.tokens = new HuggingFaceTokenCountEstimator();
        this.splitter = new DocumentBySentenceSplitter(maxTokens, 0, tokens);
    }

    public Chunker() {
        this(DEFAULT_MAX_TOKENS);
    }

    /** The chunks of an article; either part may be null or blank, and no text gives no chunks. */
    public List<String> chunks(String title, String abstractText) {
        String head = title == null ? "" : title.strip();
        String body = abstractText == null ? "" : abstractText.strip();
        String text = head.isEmpty() ? body : body.isEmpty() ? head : head + "\n" + body;
        if (text.isEmpty()) {
            return List.of();
        }
        return splitter.split(Document.from(text)).stream().map(TextSegment::text).toList();
    }

    public int maxTokens() {
        return maxTokens;
    }

    /** Word pieces of {@code text}, without [CLS] and [SEP]. */
    public int tokenCount(String text) {
        return tokens.estimateTokenCountInText(text);
    }
}
