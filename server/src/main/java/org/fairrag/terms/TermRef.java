package org.fairrag.terms;

/** A vocabulary term by id and preferred name. */
public record TermRef(String id, String label) {}
