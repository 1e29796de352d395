package org.fairrag.generate;

/**
 * A selected term, or a narrower one, mentioned in the abstract of a chosen article (a concept mention, not
 * negated): the extractive summarizer prefers the sentences that hold one.
 *
 * @param termId the selected term it stands for
 * @param start  offset of the mention in the abstract as stored
 */
public record TermMention(String termId, String articlePid, int start, int end) {}
