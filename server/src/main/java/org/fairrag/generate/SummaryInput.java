package org.fairrag.generate;

import java.util.List;

/**
 * What a summarizer works from: the user's request, the chosen articles (numbered from 1 in this order)
 * and the labels of the vocabulary terms the user selected, which focus the summary.
 */
public record SummaryInput(String prompt, List<SourceArticle> sources, List<String> termLabels) {

    public SummaryInput {
        sources = List.copyOf(sources);
        termLabels = List.copyOf(termLabels);
    }
}
