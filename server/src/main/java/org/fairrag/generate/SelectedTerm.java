package org.fairrag.generate;

import java.util.List;

/**
 * A vocabulary term the user selected for a summary: its id, PID, preferred name and other names (MeSH
 * entry terms). Statements are grouped by the term they are about, and a chat model is told every name.
 */
public record SelectedTerm(String id, String pid, String label, List<String> altLabels) {

    public SelectedTerm {
        altLabels = List.copyOf(altLabels);
    }
}
