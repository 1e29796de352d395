package org.fairrag.vectors;

/**
 * An article found through one of its chunks.
 *
 * @param ordinal position of the chunk in the article, 0 for the one with the title
 * @param score   similarity (dot product) or BM25 score; comparable only within one search
 */
public record ChunkHit(String articlePid, int ordinal, String text, float score) {}
