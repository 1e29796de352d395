package org.fairrag.embed;

import org.fairrag.failure.ApiException;

/**
 * The embedding model read a text as nothing (only spaces, invisible, private-use characters or lone accents):
 * a 400, since the text says nothing to search with. Request texts are cleaned by {@code TextInput} so that
 * this should not be reached from the API; it is the backstop.
 */
public final class UnreadableTextException extends ApiException {

    public UnreadableTextException() {
        super(400, "unreadable_text", "The text has no characters the embedding model can read;"
                + " write it with letters or digits.");
    }
}
