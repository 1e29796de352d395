package org.fairrag.ingest;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import org.fairrag.fdo.Licenses;
import org.fairrag.ingest.ArticleRecord.MeshHeading;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyIndex;

/**
 * Merges every source record of one PMID into one {@link Article}, the same whatever order the sources
 * arrived in: each field comes from the best-ranked source that has it, MeSH headings are the union of
 * all sources, resolved against the vocabulary by UI, else by name, else by entry term, else by tree
 * number.
 */
public final class ArticleMerger {

    /**
     * Source collections by how much their fields are trusted. Curated NLM records first; the Kaggle
     * rows lack dates and journals; PubMedQA rewrites titles as questions and cuts the conclusion.
     */
    private static final Map<String, Integer> RANK = Map.of(
            "pubmed_xml", 4,
            "medline_txt", 3,
            "kaggle_pubmed_multilabel", 2,
            "pubmedqa_pqal", 1);

    private static final Comparator<ArticleRecord> BEST_FIRST = Comparator
            .comparingInt((ArticleRecord r) -> -RANK.getOrDefault(r.source(), 0))
            .thenComparing(ArticleRecord::source);

    private final VocabularyIndex vocabulary;
    private final Function<String, String> articlePid;

    /** @param articlePid the PID URL of the article with a given PMID */
    public ArticleMerger(VocabularyIndex vocabulary, Function<String, String> articlePid) {
        this.vocabulary = vocabulary;
        this.articlePid = articlePid;
    }

    /** @param records the records of one PMID, at least one */
    public Article merge(List<ArticleRecord> records, String accessLevel) {
        if (records.isEmpty()) {
            throw new IllegalArgumentException("nothing to merge");
        }
        List<ArticleRecord> ranked = new ArrayList<>(records);
        ranked.sort(BEST_FIRST);
        String pmid = ranked.get(0).pmid();

        ArticleRecord textSource = first(ranked, r -> r.abstractText()).or(() -> first(ranked, r -> r.title()))
                .orElse(ranked.get(0));
        Map<String, Boolean> majorByTerm = new TreeMap<>();
        List<String> unresolved = new ArrayList<>();
        for (ArticleRecord r : ranked) {
            for (MeshHeading h : r.mesh()) {
                Optional<String> termId = resolve(h);
                if (termId.isPresent()) {
                    majorByTerm.merge(termId.get(), h.major(), Boolean::logicalOr);
                } else {
                    String name = h.name() != null ? h.name() : h.ui() != null ? h.ui() : h.treeNumbers().get(0);
                    if (!unresolved.contains(name)) {
                        unresolved.add(name);
                    }
                }
            }
        }
        List<Article.Subject> subjects = new ArrayList<>();
        majorByTerm.forEach((id, major) ->
                subjects.add(new Article.Subject(id, vocabulary.byId(id).map(Term::pid).orElseThrow(), major)));
        unresolved.sort(null);

        return new Article(
                articlePid.apply(pmid),
                pmid,
                value(ranked, ArticleRecord::title),
                value(ranked, ArticleRecord::abstractText),
                subjects,
                unresolved,
                value(ranked, ArticleRecord::journal),
                value(ranked, ArticleRecord::date),
                ranked.stream().filter(r -> !r.authors().isEmpty()).findFirst().map(ArticleRecord::authors)
                        .orElse(List.of()),
                value(ranked, ArticleRecord::doi),
                ranked.stream().map(ArticleRecord::source).distinct().toList(),
                Licenses.forSource(textSource.source()),
                accessLevel);
    }

    private Optional<String> resolve(MeshHeading h) {
        if (h.ui() != null && vocabulary.byId(h.ui()).isPresent()) {
            return Optional.of(h.ui());
        }
        if (h.name() != null) {
            Optional<String> byName = vocabulary.resolveName(h.name());
            if (byName.isPresent()) {
                return byName;
            }
        }
        for (String tn : h.treeNumbers()) {
            Optional<String> byTree = vocabulary.resolveTreeNumber(tn);
            if (byTree.isPresent()) {
                return byTree;
            }
        }
        return Optional.empty();
    }

    private static <T> T value(List<ArticleRecord> ranked, Function<ArticleRecord, T> field) {
        return first(ranked, field).map(field).orElse(null);
    }

    private static Optional<ArticleRecord> first(List<ArticleRecord> ranked, Function<ArticleRecord, ?> field) {
        return ranked.stream().filter(r -> field.apply(r) != null).findFirst();
    }
}
