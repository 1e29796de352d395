package org.fairrag.generate;

import java.util.List;

/**
 * One statement of a summary and the source articles (PIDs) it cites, at least one; {@code term} is the
 * id of the selected term it is about, or null (no term selected, or a chat model's statement).
 */
public record Statement(String text, List<String> cites, String term) {

    public Statement {
        if (cites.isEmpty()) {
            throw new IllegalArgumentException("a statement must cite a source");
        }
        cites = List.copyOf(cites);
    }

    public Statement(String text, List<String> cites) {
        this(text, cites, null);
    }
}
