package org.fairrag.bench;

import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.ToDoubleFunction;
import org.fairrag.app.ConfigOptions;
import org.fairrag.app.ConsoleProgress;
import org.fairrag.app.Fairrag;
import org.fairrag.search.ArticleQuery;
import org.fairrag.search.ArticleRankModel;
import org.fairrag.search.ArticleSearch;
import org.fairrag.search.ConceptListModel;
import org.fairrag.search.ConceptUse;
import org.fairrag.terms.QueryConcept;
import org.fairrag.vectors.ArticleFields;
import org.fairrag.vectors.ChunkHit;
import org.fairrag.vectors.VectorIndex;
import org.fairrag.vocab.VocabularyIndex;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code fairrag-bench article-rank}: fits the {@link ArticleRankModel} the search orders its candidates with. Runs the
 * default search on every query of the given sets and keeps, for each query, every candidate article with its features
 * and whether it is tagged with the query's descriptor or a narrower one. Then, for each set, the precision@10 of four
 * orders of the same candidates: the reciprocal-rank fusion the search used before the model, the model in use, the
 * model in use where the search's gate lets it order them, and a model fitted on the other sets; and writes the model
 * fitted on all sets.
 */
@Command(name = "article-rank", description = "Fit the model that orders the search's candidate articles (the "
        + "probability that an article is tagged with the query's descriptor or a narrower one) on query sets (TSV: query, "
        + "descriptor, label, notes). Prints each set's precision@10 under the fusion, the model in use and a model fitted "
        + "on the other sets, and writes the model fitted on all of them. Uses the configured data directory (loads the "
        + "demo into an empty one).")
final class ArticleRankBench implements Callable<Integer> {

    private static final int K = 10;

    @Mixin
    ConfigOptions options;

    @Mixin
    FitOptions fitting;

    /** One candidate of one query: its features, whether it is relevant, and its place in the fusion. */
    private record Candidate(ArticleRankModel.Features features, boolean relevant, int fusionRank) {}

    @Override
    public Integer call() throws Exception {
        fitting.refuseHeldOut();
        List<List<List<Candidate>>> bySet = new ArrayList<>();
        int queries = 0;
        try (Fairrag fairrag = Fairrag.open(options.config().toBuilder().port(0).build())) {
            fairrag.loadDemoIfEmpty(new ConsoleProgress());
            VectorIndex index = fairrag.vectorIndex().orElseThrow(() -> new IllegalStateException("needs a vector index"));
            VocabularyIndex vocab = fairrag.vocabulary();
            ArticleSearch search = fairrag.articleSearch().orElseThrow();
            for (Path set : fitting.sets) {
                List<List<Candidate>> byQuery = new ArrayList<>();
                List<RetrievalQualityBench.Case> cases = RetrievalQualityBench.read(set, vocab);
                queries += cases.size();
                for (RetrievalQualityBench.Case c : cases) {
                    Set<String> branch = vocab.withDescendants(c.descriptor().id());
                    List<Candidate> candidates = new ArrayList<>();
                    search.search(ArticleQuery.of(c.query(), K).with(ConceptUse.ON.withMentions(false)),
                            new ArticleSearch.Observer() {
                                @Override
                                public void weighed(QueryConcept concept, String source, ConceptListModel.Features f,
                                                    List<ChunkHit> list, double weight) {
                                }

                                @Override
                                public void ranked(Map<String, ArticleRankModel.Features> features) {
                                    Map<String, ArticleFields> fields = index.articles(List.copyOf(features.keySet()));
                                    for (Map.Entry<String, ArticleRankModel.Features> e : features.entrySet()) {
                                        ArticleFields a = fields.get(e.getKey());
                                        candidates.add(new Candidate(e.getValue(), a != null
                                                && a.termIds().stream().anyMatch(branch::contains), candidates.size()));
                                    }
                                }
                            });
                    if (!candidates.isEmpty()) {
                        byQuery.add(candidates);
                    }
                }
                System.out.printf("%s: %d queries, %d with a concept list, %d candidates (%d relevant)%n", set,
                        cases.size(), byQuery.size(), byQuery.stream().mapToInt(List::size).sum(),
                        byQuery.stream().flatMap(List::stream).filter(Candidate::relevant).count());
                bySet.add(byQuery);
            }
        }
        ArticleRankModel inUse = ArticleSearch.Options.DEFAULT.rankModel();
        System.out.printf("%nPrecision@10 of each set's queries with a concept list (the same candidates in four orders):%n");
        for (int s = 0; s < fitting.sets.size(); s++) {
            List<List<Candidate>> own = bySet.get(s);
            String others = "-";
            if (fitting.sets.size() > 1) {
                List<List<Candidate>> rest = new ArrayList<>();
                for (int o = 0; o < fitting.sets.size(); o++) {
                    if (o != s) {
                        rest.addAll(bySet.get(o));
                    }
                }
                ArticleRankModel fitted = fit(rest);
                others = String.format("%.3f", precision(own, c -> fitted.probability(c.features)));
            }
            System.out.printf("  %-60s fusion %.3f, model in use %.3f (as the search uses it, %.3f), model fitted on the "
                    + "others %s%n", fitting.sets.get(s), precision(own, c -> -c.fusionRank),
                    precision(own, c -> inUse.probability(c.features)), asSearched(own, inUse), others);
        }
        List<List<Candidate>> all = bySet.stream().flatMap(List::stream).toList();
        ArticleRankModel model = fit(all);
        List<String> header = List.of(
                "The model ArticleSearch orders its candidate articles with (org.fairrag.search.ArticleRankModel): logistic,",
                "estimating the probability that a candidate is tagged with the query's descriptor or a narrower one.",
                String.format("Fitted on %s (UTC) on %d candidates of %d queries (of %d) of %s,", LocalDate.now(ZoneOffset.UTC),
                        all.stream().mapToInt(List::size).sum(), all.size(), queries,
                        fitting.setNames()),
                "with the bundled concept list model, on the articles of the data directory it ran on (the bundled demo for",
                "the shipped file), by " + fitting.command("article-rank"));
        String text = model.format(header);
        fitting.write(text);
        return 0;
    }

    private static ArticleRankModel fit(List<List<Candidate>> queries) {
        List<Candidate> rows = queries.stream().flatMap(List::stream).toList();
        return ArticleRankModel.fit(rows.stream().map(Candidate::features).toList(),
                rows.stream().mapToDouble(c -> c.relevant ? 1 : 0).toArray());
    }

    /** The precision@10 of the search's order: the model where a concept list is expected to be precise enough. */
    private static double asSearched(List<List<Candidate>> queries, ArticleRankModel model) {
        double sum = 0;
        for (List<Candidate> candidates : queries) {
            boolean ranked = candidates.stream().anyMatch(c -> c.features.conceptPrecision() >= ArticleSearch.RANKED_FROM);
            sum += precision(List.of(candidates), ranked ? c -> model.probability(c.features) : c -> -c.fusionRank);
        }
        return queries.isEmpty() ? 0 : sum / queries.size();
    }

    /** The mean share of relevant articles among each query's first 10 candidates by {@code score} (ties: fusion order). */
    private static double precision(List<List<Candidate>> queries, ToDoubleFunction<Candidate> score) {
        double sum = 0;
        for (List<Candidate> candidates : queries) {
            sum += candidates.stream().sorted(Comparator.comparingDouble((Candidate c) -> -score.applyAsDouble(c)))
                    .limit(K).filter(Candidate::relevant).count() / (double) K;
        }
        return queries.isEmpty() ? 0 : sum / queries.size();
    }
}
