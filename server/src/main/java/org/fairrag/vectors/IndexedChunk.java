package org.fairrag.vectors;

/** A chunk of an article: its text (the first chunk starts with the title) and its unit vector. */
public record IndexedChunk(String text, float[] vector) {}
