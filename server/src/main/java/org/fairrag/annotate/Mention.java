package org.fairrag.annotate;

/**
 * A vocabulary term mentioned in an article's title or abstract.
 *
 * @param start        offset of the first character in the text of {@code part}, as stored
 * @param end          offset after the last character
 * @param exact        the text mentioned, {@code text.substring(start, end)}
 * @param sentence     index of the sentence holding it (see {@link Sentence#index})
 * @param negated      whether the text says the concept is absent ("no evidence of metastasis")
 * @param abbreviation the short form defined in the abstract that this mention is (or that defines it), or null
 */
public record Mention(String termId, String termPid, String label, TextPart part, int start, int end, String exact,
                      int sentence, boolean negated, String abbreviation) {}
