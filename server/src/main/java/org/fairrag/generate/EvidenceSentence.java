package org.fairrag.generate;

/**
 * A sentence of a chosen article that mentions a selected term (or a narrower one), chosen for the request
 * among that term's mentions ({@code anchor.AnchoredContext}): a chat model's prompt carries these.
 *
 * @param termId the selected term it is evidence about
 */
public record EvidenceSentence(String termId, String articlePid, String text) {}
