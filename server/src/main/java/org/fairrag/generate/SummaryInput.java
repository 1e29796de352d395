package org.fairrag.generate;

import java.util.List;

/**
 * What a summarizer works from: the user's request, the chosen articles (numbered from 1 in this order)
 * and the vocabulary terms the user selected, which focus the summary and group its statements; with
 * selected terms, where the chosen abstracts mention them ({@code mentions}) and the sentences chosen as
 * evidence about them ({@code evidence}), both from the chosen articles only.
 */
public record SummaryInput(String prompt, List<SourceArticle> sources, List<SelectedTerm> terms, List<TermMention> mentions,
                           List<EvidenceSentence> evidence) {

    public SummaryInput {
        sources = List.copyOf(sources);
        terms = List.copyOf(terms);
        mentions = List.copyOf(mentions);
        evidence = List.copyOf(evidence);
    }

    /** A request without mentions or evidence. */
    public SummaryInput(String prompt, List<SourceArticle> sources, List<SelectedTerm> terms) {
        this(prompt, sources, terms, List.of(), List.of());
    }

    /** The same request with where its terms are mentioned and the evidence about them. */
    public SummaryInput with(List<TermMention> mentions, List<EvidenceSentence> evidence) {
        return new SummaryInput(prompt, sources, terms, mentions, evidence);
    }

    /** The preferred names of the selected terms, in order. */
    public List<String> termLabels() {
        return terms.stream().map(SelectedTerm::label).toList();
    }
}
