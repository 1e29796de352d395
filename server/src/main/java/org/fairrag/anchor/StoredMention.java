package org.fairrag.anchor;

/**
 * A mention of a concept in an article's text that is not negated, as the mentions graph keeps it.
 *
 * @param restricted    whether it is in the restricted mentions graph (its article is restricted)
 * @param title         whether it is in the title (else the abstract); offsets count in that text as stored
 * @param sentence      the index of its sentence (the title is sentence 0)
 * @param sentenceStart offset of its sentence in the same text
 * @param chunk         the ordinal of the vector index's chunk its sentence starts in, -1 when unknown
 */
public record StoredMention(String termId, String articlePid, boolean restricted, boolean title, int start, int end,
                            int sentence, int sentenceStart, int sentenceEnd, int chunk) {}
