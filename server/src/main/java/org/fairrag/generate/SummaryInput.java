package org.fairrag.generate;

import java.util.List;

/**
 * What a summarizer works from: the user's request, the chosen articles (numbered from 1 in this order)
 * and the vocabulary terms the user selected, which focus the summary and group its statements.
 */
public record SummaryInput(String prompt, List<SourceArticle> sources, List<SelectedTerm> terms) {

    public SummaryInput {
        sources = List.copyOf(sources);
        terms = List.copyOf(terms);
    }

    /** The preferred names of the selected terms, in order. */
    public List<String> termLabels() {
        return terms.stream().map(SelectedTerm::label).toList();
    }
}
