package org.fairrag.app;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.fairrag.embed.Embedder;
import org.fairrag.search.ArticleHit;
import org.fairrag.search.ArticleQuery;
import org.fairrag.search.ArticleSearch;
import org.fairrag.vectors.ArticleFields;
import org.fairrag.vectors.ArticleFilter;
import org.fairrag.vectors.ChunkHit;
import org.fairrag.vectors.VectorIndex;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyIndex;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code fairrag bench quality}: article retrieval quality with MeSH tags as ground truth. For each of
 * the descriptors with the most articles, the query is the descriptor's preferred name and an article
 * is relevant when it is tagged with the descriptor or a narrower one; prints mean precision@10 of the
 * hybrid search without and with {@code terms=<id>&explode=true}, and of keyword (BM25) and vector
 * search alone as the baselines of the same run.
 */
@Command(name = "quality", description = "Article retrieval: mean precision@10 over the descriptors of some MeSH "
        + "categories with the most articles (query = preferred name, "
        + "relevant = tagged with it or a narrower descriptor), hybrid without and with the exploded term filter, "
        + "BM25 alone and vectors alone. Uses the configured data directory (loads the demo into an empty one).")
final class RetrievalQualityBench implements Callable<Integer> {

    private static final int K = 10;

    @Mixin
    ConfigOptions options;

    @Option(names = "--descriptors", defaultValue = "25", description = "How many descriptors (default ${DEFAULT-VALUE}).")
    int count;

    @Option(names = "--categories", defaultValue = "C", split = ",",
            description = "MeSH tree categories to take descriptors from (default ${DEFAULT-VALUE}: diseases; E: techniques).")
    List<String> categories;

    @Option(names = "--min-articles", defaultValue = "15",
            description = "Only descriptors with at least this many articles, exploded (default ${DEFAULT-VALUE}).")
    int minArticles;

    @Override
    public Integer call() throws Exception {
        try (Fairrag fairrag = Fairrag.open(options.config().toBuilder().port(0).build())) {
            fairrag.loadDemoIfEmpty(new ConsoleProgress());
            VectorIndex index = fairrag.vectorIndex().orElseThrow(() -> new IllegalStateException("needs a vector index"));
            Embedder embedder = fairrag.queryEmbedder().orElseThrow();
            VocabularyIndex vocab = fairrag.vocabulary();
            ArticleSearch search = new ArticleSearch(embedder, index, fairrag::vocabulary);
            List<Term> descriptors = descriptors(vocab, index);
            ArticleFilter everything = ArticleFilter.publicArticles();
            System.out.printf("%d descriptors (the ones with most articles in MeSH categories %s, tree depth 3 or more, at "
                    + "least %d public articles with narrower ones), query = preferred name, relevant = tagged with it or "
                    + "a narrower descriptor%n%n", descriptors.size(), String.join(",", categories), minArticles);
            System.out.printf("%-12s %-45s %8s %8s %8s %8s %8s%n", "descriptor", "name", "articles", "hybrid", "+filter",
                    "bm25", "vectors");
            double[] sums = new double[4];
            for (Term d : descriptors) {
                Set<String> branch = vocab.withDescendants(d.id());
                long articles = index.countArticles(ArticleFilter.publicTaggedWithAny(branch));
                double hybrid = precision(pids(search.search(ArticleQuery.of(d.label(), K)).hits()), branch, index);
                ArticleQuery filtered = new ArticleQuery(d.label(), K, List.of(d.id()), false, true, List.of(), null, null,
                        Set.of(ArticleFilter.PUBLIC));
                double withFilter = precision(pids(search.search(filtered).hits()), branch, index);
                double bm25 = precision(chunkPids(index.matchingChunks(d.label(), K, everything)), branch, index);
                double vectors = precision(chunkPids(index.nearestChunks(embedder.embed(d.label()), K, everything)), branch, index);
                double[] row = {hybrid, withFilter, bm25, vectors};
                for (int i = 0; i < 4; i++) {
                    sums[i] += row[i];
                }
                System.out.printf("%-12s %-45s %8d %8.2f %8.2f %8.2f %8.2f%n", d.id(), abbreviate(d.label(), 45), articles,
                        hybrid, withFilter, bm25, vectors);
            }
            int n = descriptors.size();
            System.out.printf("%nmean precision@10: hybrid %.3f, hybrid with terms=<id>&explode=true %.3f, "
                    + "BM25 alone %.3f, vectors alone %.3f%n", sums[0] / n, sums[1] / n, sums[2] / n, sums[3] / n);
        }
        return 0;
    }

    /** Descriptors of the chosen tree categories, below the two top tree levels, with the most articles. */
    private List<Term> descriptors(VocabularyIndex vocab, VectorIndex index) {
        record Counted(Term term, long articles) {}
        List<Counted> counted = new ArrayList<>();
        for (Term t : vocab.terms()) {
            boolean specific = t.treeNumbers().stream()
                    .anyMatch(n -> categories.stream().anyMatch(n::startsWith) && n.split("\\.").length >= 3);
            if (specific) {
                long n = index.countArticles(ArticleFilter.publicTaggedWithAny(vocab.withDescendants(t.id())));
                if (n >= minArticles) {
                    counted.add(new Counted(t, n));
                }
            }
        }
        counted.sort(Comparator.comparingLong((Counted c) -> -c.articles).thenComparing(c -> c.term.id()));
        return counted.stream().limit(count).map(Counted::term).toList();
    }

    private static double precision(List<String> pids, Set<String> branch, VectorIndex index) {
        Map<String, ArticleFields> fields = index.articles(pids);
        long relevant = pids.stream().filter(p -> fields.containsKey(p)
                && fields.get(p).termIds().stream().anyMatch(branch::contains)).count();
        return relevant / (double) K;
    }

    private static List<String> pids(List<ArticleHit> hits) {
        return hits.stream().map(ArticleHit::pid).toList();
    }

    private static List<String> chunkPids(List<ChunkHit> hits) {
        return hits.stream().map(ChunkHit::articlePid).toList();
    }

    private static String abbreviate(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 1) + "…";
    }
}
