package org.fairrag.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import org.fairrag.anchor.AnchoredContext;
import org.fairrag.anchor.PerConceptSelection;
import org.fairrag.app.ConfigOptions;
import org.fairrag.app.ConsoleProgress;
import org.fairrag.app.Fairrag;
import org.fairrag.embed.Embedder;
import org.fairrag.vectors.ArticleFilter;
import org.fairrag.vectors.VectorIndex;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyIndex;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code fairrag-bench anchor}: the time of concept-anchored context per request, one concept at a time (each
 * term that the collection mentions, its preferred name as the request), against the vector search a request
 * makes anyway (the 50 chunks nearest to the same request), in the same run: scoring the concept's mentioning
 * chunks and choosing per concept, and the same with the evidence sentences' texts read from the graph.
 */
@Command(name = "anchor", description = "Concept-anchored context: time per request (scoring a concept's mentioning chunks "
        + "and choosing them; with the evidence texts) against a vector search of the same request, for terms the "
        + "collection mentions. Uses the configured data directory (loads the demo into an empty one).")
final class AnchorBench implements Callable<Integer> {

    @Mixin
    ConfigOptions options;

    @Option(names = "--terms", defaultValue = "200", description = "How many mentioned terms, by id (default ${DEFAULT-VALUE}).")
    int count;

    @Option(names = "--most-mentioned", description = "The terms mentioned most (with narrower terms) instead of the first by id.")
    boolean mostMentioned;

    @Override
    public Integer call() throws Exception {
        try (Fairrag fairrag = Fairrag.open(options.config().toBuilder().port(0).build())) {
            fairrag.loadDemoIfEmpty(new ConsoleProgress());
            fairrag.mentionMap().load();
            AnchoredContext context = fairrag.anchoredContext().orElseThrow(() -> new IllegalStateException("needs vectors"));
            VectorIndex index = fairrag.vectorIndex().orElseThrow();
            Embedder embedder = fairrag.queryEmbedder().orElseThrow();
            VocabularyIndex vocab = fairrag.vocabulary();
            ArticleFilter filter = ArticleFilter.publicArticles();
            List<Term> terms = mostMentioned
                    ? vocab.terms().stream().sorted(Comparator.comparingInt((Term t) ->
                            -fairrag.mentionMap().of(vocab.withDescendants(t.id()), false).size()).thenComparing(Term::id))
                            .limit(count).toList()
                    : vocab.terms().stream().sorted(Comparator.comparing(Term::id))
                            .filter(t -> !fairrag.mentionMap().of(vocab.withDescendants(t.id()), false).isEmpty())
                            .limit(count).toList();
            List<float[]> vectors = new ArrayList<>();
            terms.forEach(t -> vectors.add(embedder.embed(t.label())));
            double[] search = new double[terms.size()];
            double[] select = new double[terms.size()];
            double[] evidence = new double[terms.size()];
            long chunks = 0;
            for (int round = 0; round < 2; round++) {
                for (int i = 0; i < terms.size(); i++) {
                    Term t = terms.get(i);
                    long t0 = System.nanoTime();
                    index.nearestChunks(vectors.get(i), 50, filter);
                    long t1 = System.nanoTime();
                    List<AnchoredContext.ConceptContext> chosen = context.select(new AnchoredContext.Request(List.of(t.id()), true,
                            vectors.get(i), filter, Set.of(), PerConceptSelection.EVIDENCE));
                    long t2 = System.nanoTime();
                    context.evidence(List.of(t.id()), t.label(), filter, Set.of(), PerConceptSelection.EVIDENCE);
                    long t3 = System.nanoTime();
                    // The first round warms up; the second is measured.
                    search[i] = (t1 - t0) / 1e6;
                    select[i] = (t2 - t1) / 1e6;
                    evidence[i] = (t3 - t2) / 1e6;
                    if (round == 1) {
                        chunks += chosen.get(0).selected().candidates();
                    }
                }
            }
            System.out.printf("%d terms the public articles mention (with narrower terms; %s), preferred name as the "
                    + "request; load average %s%n", terms.size(), mostMentioned ? "the most mentioned" : "the first by id",
                    loadAverage());
            System.out.printf("mentioning chunks scored per term: mean %.0f%n", chunks / (double) Math.max(1, terms.size()));
            System.out.printf("%-62s p50 %7.2f ms  p90 %7.2f ms%n", "baseline: vector search, 50 nearest chunks",
                    percentile(search, 50), percentile(search, 90));
            System.out.printf("%-62s p50 %7.2f ms  p90 %7.2f ms%n", "anchored: score the mentioning chunks, choose per concept",
                    percentile(select, 50), percentile(select, 90));
            System.out.printf("%-62s p50 %7.2f ms  p90 %7.2f ms%n", "anchored evidence: the above + embed + sentence texts",
                    percentile(evidence, 50), percentile(evidence, 90));
            System.out.printf("anchored / baseline at p50: %.2fx; evidence / baseline: %.2fx%n",
                    percentile(select, 50) / percentile(search, 50), percentile(evidence, 50) / percentile(search, 50));
        }
        return 0;
    }

    private static double percentile(double[] values, int p) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted.length == 0 ? Double.NaN : sorted[Math.min(sorted.length - 1, (int) Math.ceil(p / 100.0 * sorted.length) - 1)];
    }

    private static String loadAverage() {
        return String.format("%.1f", java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }
}
