package org.fairrag.ask;

/**
 * Words of the question that were linked to a vocabulary term.
 *
 * @param text    the words as the question has them
 * @param id      the term's identifier ({@code D009203})
 * @param label   its preferred name
 * @param pid     its PID (its IRI in the graph)
 * @param matched the name of the term the words matched (preferred name, entry term or everyday name)
 */
public record LinkedTerm(String text, String id, String label, String pid, String matched) {}
