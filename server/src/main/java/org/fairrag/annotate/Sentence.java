package org.fairrag.annotate;

/**
 * A sentence of an article: the title is sentence 0, the abstract's sentences follow from 1.
 *
 * @param start   offset in the text of {@code part}
 * @param section the label of the structured abstract's section it belongs to ("METHODS"), or null
 */
public record Sentence(int index, TextPart part, int start, int end, String section) {}
