package org.fairrag.vectors;

import java.util.List;

/** An article as indexed: its fields, the checksum of what was embedded, and its chunks in order. */
public record IndexedArticle(ArticleFields fields, String checksum, List<IndexedChunk> chunks) {

    public IndexedArticle {
        chunks = List.copyOf(chunks);
    }

    public String pid() {
        return fields.pid();
    }
}
