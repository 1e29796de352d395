package org.fairrag.generate;

import java.time.Instant;
import java.util.List;

/**
 * A stored summary: its PID, the request, the statements with their citations, the sources, the selected
 * terms its statements are grouped by, and the model.
 */
public record Summary(String pid, String prompt, List<Statement> statements, List<SourceArticle> sources,
                      List<SelectedTerm> terms, String model, Instant created, List<String> repairs) {

    /** The selected term with this id, if the summary has one. */
    public java.util.Optional<SelectedTerm> term(String id) {
        return terms.stream().filter(t -> t.id().equals(id)).findFirst();
    }

    /** The statements as one text, each followed by the numbers of the sources it cites, e.g. {@code [2]}. */
    public String text() {
        StringBuilder sb = new StringBuilder();
        for (Statement s : statements) {
            if (!sb.isEmpty()) {
                sb.append(' ');
            }
            sb.append(s.text());
            for (String pid : s.cites()) {
                sources.stream().filter(a -> a.pid().equals(pid)).findFirst()
                        .ifPresent(a -> sb.append(" [").append(a.number()).append(']'));
            }
        }
        return sb.toString();
    }
}
