package org.fairrag.generate;

import java.util.List;

/** One statement of a summary and the source articles (PIDs) it cites, at least one. */
public record Statement(String text, List<String> cites) {

    public Statement {
        if (cites.isEmpty()) {
            throw new IllegalArgumentException("a statement must cite a source");
        }
        cites = List.copyOf(cites);
    }
}
