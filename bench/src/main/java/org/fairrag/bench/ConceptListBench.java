package org.fairrag.bench;

import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.apache.commons.math3.stat.correlation.PearsonsCorrelation;
import org.fairrag.app.ConfigOptions;
import org.fairrag.app.ConsoleProgress;
import org.fairrag.app.Fairrag;
import org.fairrag.search.ArticleQuery;
import org.fairrag.search.ArticleSearch;
import org.fairrag.search.ConceptArticles;
import org.fairrag.search.ConceptListModel;
import org.fairrag.search.ConceptUse;
import org.fairrag.vectors.ArticleFields;
import org.fairrag.vectors.ChunkHit;
import org.fairrag.vectors.VectorIndex;
import org.fairrag.vocab.VocabularyIndex;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code fairrag-bench concept-lists}: fits the {@link ConceptListModel} the search weighs concept lists with. Runs the
 * default search on every query of the given sets, and for each list of articles indexed with a concept the search
 * weighs, pairs its features with its precision: the share of its first 10 articles tagged with the query's descriptor
 * or a narrower one. Prints, for each set, how well a model fitted on the other sets foresees that precision (Pearson
 * correlation) beside the weights of the model in use, and writes the model fitted on all sets.
 */
@Command(name = "concept-lists", description = "Fit the model that weighs a query's concept lists in the search (the "
        + "expected share of a list's first 10 articles tagged with the query's descriptor or a narrower one) on query sets "
        + "(TSV: query, descriptor, label, notes). Prints each set's correlation under a model fitted on the others, and "
        + "writes the model fitted on all of them. Uses the configured data directory (loads the demo into an empty one).")
final class ConceptListBench implements Callable<Integer> {

    private static final int K = 10;

    @Mixin
    ConfigOptions options;

    @Mixin
    FitOptions fitting;

    private record Observed(ConceptListModel.Features features, double weight, double precision) {}

    @Override
    public Integer call() throws Exception {
        fitting.refuseHeldOut();
        List<List<Observed>> bySet = new ArrayList<>();
        int queries = 0;
        try (Fairrag fairrag = Fairrag.open(options.config().toBuilder().port(0).build())) {
            fairrag.loadDemoIfEmpty(new ConsoleProgress());
            VectorIndex index = fairrag.vectorIndex().orElseThrow(() -> new IllegalStateException("needs a vector index"));
            VocabularyIndex vocab = fairrag.vocabulary();
            ArticleSearch search = fairrag.articleSearch().orElseThrow();
            for (Path set : fitting.sets) {
                List<Observed> observed = new ArrayList<>();
                List<RetrievalQualityBench.Case> cases = RetrievalQualityBench.read(set, vocab);
                queries += cases.size();
                for (RetrievalQualityBench.Case c : cases) {
                    Set<String> branch = vocab.withDescendants(c.descriptor().id());
                    search.search(ArticleQuery.of(c.query(), K).with(ConceptUse.ON.withMentions(false)),
                            (concept, source, features, list, weight) -> {
                                if (ConceptArticles.INDEXED.equals(source)) {
                                    observed.add(new Observed(features, weight, precision(list, branch, index)));
                                }
                            });
                }
                System.out.printf("%s: %d queries, %d concept lists, mean precision %.3f%n", set, cases.size(),
                        observed.size(), observed.stream().mapToDouble(Observed::precision).average().orElse(0));
                bySet.add(observed);
            }
        }
        if (fitting.sets.size() > 1) {
            System.out.printf("%nPearson correlation with a list's precision, each set under a model fitted on the others:%n");
            for (int s = 0; s < fitting.sets.size(); s++) {
                List<Observed> others = new ArrayList<>();
                for (int o = 0; o < fitting.sets.size(); o++) {
                    if (o != s) {
                        others.addAll(bySet.get(o));
                    }
                }
                ConceptListModel model = fit(others);
                List<Observed> own = bySet.get(s);
                System.out.printf("  %-60s fitted on the others %.3f, weights in use %.3f%n", fitting.sets.get(s),
                        correlation(own.stream().mapToDouble(o -> model.precision(o.features)).toArray(), own),
                        correlation(own.stream().mapToDouble(Observed::weight).toArray(), own));
            }
        }
        List<Observed> all = bySet.stream().flatMap(List::stream).toList();
        ConceptListModel model = fit(all);
        List<String> header = List.of(
                "The model ArticleSearch weighs a query's concept lists with (org.fairrag.search.ConceptListModel): logistic,",
                "estimating the share of a concept list's first 10 articles tagged with the query's descriptor or a narrower one.",
                String.format("Fitted on %s (UTC) on %d concept lists of %d queries of %s,", LocalDate.now(ZoneOffset.UTC),
                        all.size(), queries, fitting.setNames()),
                "on the articles of the data directory it ran on (the bundled demo for the shipped file), by",
                fitting.command("concept-lists"));
        String text = model.format(header);
        fitting.write(text);
        return 0;
    }

    private static ConceptListModel fit(List<Observed> rows) {
        return ConceptListModel.fit(rows.stream().map(Observed::features).toList(),
                rows.stream().mapToDouble(Observed::precision).toArray());
    }

    private static double precision(List<ChunkHit> list, Set<String> branch, VectorIndex index) {
        List<String> pids = list.stream().limit(K).map(ChunkHit::articlePid).toList();
        Map<String, ArticleFields> fields = index.articles(pids);
        return pids.stream().map(fields::get)
                .filter(f -> f != null && f.termIds().stream().anyMatch(branch::contains)).count() / (double) K;
    }

    private static double correlation(double[] x, List<Observed> rows) {
        return new PearsonsCorrelation().correlation(x, rows.stream().mapToDouble(Observed::precision).toArray());
    }
}
