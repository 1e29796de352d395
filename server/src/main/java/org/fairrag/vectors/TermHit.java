package org.fairrag.vectors;

/** A term found by the similarity of one of its names. */
public record TermHit(String termId, String name, float score) {}
