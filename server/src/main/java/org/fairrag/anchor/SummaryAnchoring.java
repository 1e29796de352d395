package org.fairrag.anchor;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.fairrag.generate.EvidenceSentence;
import org.fairrag.generate.SelectedTerm;
import org.fairrag.generate.SourceArticle;
import org.fairrag.generate.SummaryInput;
import org.fairrag.generate.TermAnchoring;
import org.fairrag.generate.TermMention;
import org.fairrag.vectors.ArticleFilter;
import org.fairrag.vocab.VocabularyIndex;

/**
 * The concept-anchored context of a summary: every mention of a selected term or a narrower one in the chosen
 * abstracts (for the extractive summarizer to prefer those sentences), and per term the evidence sentences
 * {@link AnchoredContext} chooses among them for the request (for a chat model's prompt). Only the chosen
 * articles are looked at, so a summary's citations stay among them. Blocking.
 */
public final class SummaryAnchoring implements TermAnchoring {

    private final MentionMap mentions;
    private final AnchoredContext context;
    private final Supplier<VocabularyIndex> vocabulary;

    public SummaryAnchoring(MentionMap mentions, AnchoredContext context, Supplier<VocabularyIndex> vocabulary) {
        this.mentions = mentions;
        this.context = context;
        this.vocabulary = vocabulary;
    }

    @Override
    public SummaryInput anchored(SummaryInput input, Set<String> accessLevels) {
        if (input.terms().isEmpty()) {
            return input;
        }
        VocabularyIndex vocab = vocabulary.get();
        List<String> pids = input.sources().stream().map(SourceArticle::pid).toList();
        boolean withRestricted = accessLevels.contains("restricted");
        List<TermMention> found = new ArrayList<>();
        for (SelectedTerm t : input.terms()) {
            for (StoredMention m : mentions.in(pids, vocab.withDescendants(t.id()), withRestricted)) {
                if (!m.title()) {
                    found.add(new TermMention(t.id(), m.articlePid(), m.start(), m.end()));
                }
            }
        }
        ArticleFilter filter = new ArticleFilter(List.of(), Set.of(), null, null, accessLevels);
        String request = input.prompt() + " " + String.join(", ", input.termLabels());
        List<EvidenceSentence> evidence = context.evidence(input.terms().stream().map(SelectedTerm::id).toList(), request,
                filter, Set.copyOf(pids), PerConceptSelection.EVIDENCE).stream()
                .map(e -> new EvidenceSentence(e.conceptId(), e.articlePid(), e.text())).toList();
        return input.with(found, evidence);
    }
}
