package org.fairrag.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.fairrag.anchor.MentionedConceptArticles;
import org.fairrag.app.ConfigOptions;
import org.fairrag.app.ConsoleProgress;
import org.fairrag.app.Fairrag;
import org.fairrag.embed.Embedder;
import org.fairrag.search.ArticleHit;
import org.fairrag.search.ArticleQuery;
import org.fairrag.search.ArticleSearch;
import org.fairrag.search.ArticleRankModel;
import org.fairrag.search.ConceptListModel;
import org.fairrag.search.ConceptUse;
import org.fairrag.search.IndexedConceptArticles;
import org.fairrag.search.SearchedConcept;
import org.fairrag.terms.ConceptLinker;
import org.fairrag.terms.TermLexicon;
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
 * {@code fairrag-bench quality}: article retrieval quality with MeSH tags as ground truth: an article is
 * relevant to a query when it is tagged with the query's descriptor or a narrower one. The queries are
 * either the preferred names of the descriptors with the most articles, or a file of everyday queries
 * with the descriptor each is about ({@code --queries}). Prints precision@10 and nDCG@10 of keyword
 * (BM25) and vector search alone, the hybrid of both, and the concept-aware hybrid (the default search),
 * all from the same run; for preferred names also the hybrid with {@code terms=<id>&explode=true}.
 */
@Command(name = "quality", description = "Article retrieval: precision@10 and nDCG@10 (relevant = tagged with the query's "
        + "descriptor or a narrower one) of BM25 alone, vectors alone, the hybrid of both and the concept-aware hybrid "
        + "(the default search), same run. Queries: the preferred names of the descriptors of some MeSH categories with "
        + "the most articles, or with --queries a TSV of everyday queries (query, descriptor, label, notes). "
        + "Uses the configured data directory (loads the demo into an empty one).")
final class RetrievalQualityBench implements Callable<Integer> {

    private static final int K = 10;

    @Mixin
    ConfigOptions options;

    @Option(names = "--queries", description = "TSV of queries with the descriptor each is about (columns query, descriptor, "
            + "label, notes; # starts a comment), instead of preferred names.")
    Path queries;

    @Option(names = "--descriptors", defaultValue = "25", description = "How many descriptors (default ${DEFAULT-VALUE}).")
    int count;

    @Option(names = "--categories", defaultValue = "C", split = ",",
            description = "MeSH tree categories to take descriptors from (default ${DEFAULT-VALUE}: diseases; E: techniques).")
    List<String> categories;

    @Option(names = "--min-articles", defaultValue = "15",
            description = "Only descriptors with at least this many articles, exploded (default ${DEFAULT-VALUE}).")
    int minArticles;

    @Option(names = "--explain", description = "Print the concepts the search found for each query.")
    boolean explain;

    @Option(names = "--without-query-lay-names", description = "Link the concept-aware columns' queries with a lexicon "
            + "that has no lay-name row for any run of the queries' words: what a query in words the lexicon does not "
            + "know gets.")
    boolean withoutQueryLayNames;

    @Option(names = "--concept-list-model", description = "Weigh concept lists with this model (a file written by "
            + "fairrag-bench concept-lists) instead of the bundled one.")
    Path conceptListModel;

    @Option(names = "--article-rank-model", description = "Rank the candidates with this model (a file written by "
            + "fairrag-bench article-rank) instead of the bundled one.")
    Path articleRankModel;

    @Option(names = "--summary-only", description = "Print the means and counts only: no query, per-query figure or "
            + "query-naming warning (for a held-out set, whose queries must stay unseen).")
    boolean summaryOnly;

    record Case(String query, Term descriptor) {}

    private record Scores(double precision, double ndcg) {}

    private static final List<String> VARIANTS = List.of("bm25", "vectors", "hybrid", "concepts", "+mention");
    private static final int HYBRID = 2;
    private static final int CONCEPTS = 3;
    private static final int MENTIONS = 4;

    @Override
    public Integer call() throws Exception {
        try (Fairrag fairrag = Fairrag.open(options.config().toBuilder().port(0).build())) {
            fairrag.loadDemoIfEmpty(new ConsoleProgress());
            fairrag.mentionMap().load();
            VectorIndex index = fairrag.vectorIndex().orElseThrow(() -> new IllegalStateException("needs a vector index"));
            Embedder embedder = fairrag.queryEmbedder().orElseThrow();
            VocabularyIndex vocab = fairrag.vocabulary();
            List<Case> cases = queries != null ? read(queries, vocab) : preferredNames(vocab, index);
            ArticleSearch search = !withoutQueryLayNames ? fairrag.articleSearch().orElseThrow()
                    : search(fairrag, index, embedder, cases.stream().map(Case::query).toList());
            if (conceptListModel != null || articleRankModel != null) {
                ArticleSearch.Options o = ArticleSearch.Options.DEFAULT;
                search = search.withOptions(new ArticleSearch.Options(o.listWeight(), o.supportDepth(), o.minWeight(),
                        conceptListModel != null ? ConceptListModel.read(conceptListModel) : o.listModel(),
                        articleRankModel != null ? ArticleRankModel.read(articleRankModel) : o.rankModel()));
                System.out.printf("concept-aware columns: concept lists weighed by the model in %s, candidates ranked by "
                        + "the model in %s%n", conceptListModel != null ? conceptListModel : "the server",
                        articleRankModel != null ? articleRankModel : "the server");
            }
            boolean names = queries == null;
            if (names) {
                System.out.printf("%d descriptors (the ones with most articles in MeSH categories %s, tree depth 3 or more, at "
                        + "least %d public articles with narrower ones), query = preferred name, relevant = tagged with it or "
                        + "a narrower descriptor%n%n", cases.size(), String.join(",", categories), minArticles);
            } else {
                System.out.printf("%d queries from %s, relevant = tagged with the query's descriptor or a narrower one%n%n",
                        cases.size(), queries);
            }
            if (!summaryOnly) {
                System.out.printf("%-45s %-26s %5s  %s%s%n", "query", "descriptor", "arts",
                        VARIANTS.stream().map(v -> String.format("%8s", v)).collect(Collectors.joining()),
                        names ? "  +filter" : "");
            }
            ArticleFilter everything = ArticleFilter.publicArticles();
            double[] precision = new double[VARIANTS.size() + 1];
            double[] ndcg = new double[VARIANTS.size() + 1];
            List<String> warnings = new ArrayList<>();
            int fewArticles = 0;
            int meshNames = 0;
            int better = 0;
            int worse = 0;
            int mentionBetter = 0;
            int mentionWorse = 0;
            Linking linking = new Linking();
            for (Case c : cases) {
                Set<String> branch = vocab.withDescendants(c.descriptor.id());
                long relevantCount = index.countArticles(ArticleFilter.publicTaggedWithAny(branch));
                if (relevantCount < minArticles) {
                    fewArticles++;
                    warnings.add(String.format("%s: %s has %d articles, fewer than %d", c.query, c.descriptor.id(),
                            relevantCount, minArticles));
                }
                if (!names && vocab.resolveName(c.query).isPresent()) {
                    meshNames++;
                    warnings.add(c.query + " is a MeSH name or entry term");
                }
                List<List<String>> conceptLists = new ArrayList<>();
                ArticleSearch.Result withConcepts = search.search(ArticleQuery.of(c.query, K)
                        .with(ConceptUse.ON.withMentions(false)), (concept, source, features, list, weight) -> {
                            if (weight >= ArticleSearch.Options.DEFAULT.minWeight()) {
                                conceptLists.add(distinct(chunkPids(list)));
                            }
                        });
                ArticleSearch.Result withMentions = search.search(ArticleQuery.of(c.query, K)
                        .with(ConceptUse.ON.withMentions(true)));
                List<List<String>> ranked = List.of(
                        chunkPids(index.matchingChunks(c.query, K, everything)),
                        chunkPids(index.nearestChunks(embedder.embed(c.query), K, everything)),
                        pids(search.search(ArticleQuery.of(c.query, K).with(ConceptUse.NONE)).hits()),
                        pids(withConcepts.hits()),
                        pids(withMentions.hits()));
                List<Scores> row = new ArrayList<>();
                for (List<String> pids : ranked) {
                    row.add(scores(pids, branch, relevantCount, index));
                }
                if (names) {
                    ArticleQuery filtered = new ArticleQuery(c.query, K, List.of(c.descriptor.id()), false, true, List.of(),
                            null, null, Set.of(ArticleFilter.PUBLIC), false, ConceptUse.NONE);
                    row.add(scores(pids(search.search(filtered).hits()), branch, relevantCount, index));
                }
                for (int i = 0; i < row.size(); i++) {
                    precision[i] += row.get(i).precision;
                    ndcg[i] += row.get(i).ndcg;
                }
                double bestList = 0;
                for (List<String> list : conceptLists) {
                    bestList = Math.max(bestList, scores(list, branch, relevantCount, index).precision);
                }
                linking.add(withConcepts.concepts(), branch, row.get(CONCEPTS).precision, bestList);
                double gain = row.get(CONCEPTS).precision - row.get(HYBRID).precision;
                better += gain > 1e-9 ? 1 : 0;
                worse += gain < -1e-9 ? 1 : 0;
                double mentionGain = row.get(MENTIONS).precision - row.get(CONCEPTS).precision;
                mentionBetter += mentionGain > 1e-9 ? 1 : 0;
                mentionWorse += mentionGain < -1e-9 ? 1 : 0;
                if (summaryOnly) {
                    continue;
                }
                System.out.printf("%-45s %-26s %5d  %s%n", abbreviate(c.query, 45), abbreviate(c.descriptor.label(), 26),
                        relevantCount, row.stream().map(s -> String.format("%8.2f", s.precision)).collect(Collectors.joining()));
                if (explain) {
                    System.out.printf("    concepts: %s%n", withMentions.concepts().isEmpty() ? "none" : withMentions.concepts()
                            .stream().map(sc -> String.format("%s %s [%s <- \"%s\"] %s", sc.id(), sc.label(), sc.matched(),
                                    sc.text(), sc.lists())).collect(Collectors.joining("; ")));
                }
            }
            int n = cases.size();
            System.out.println();
            System.out.printf("%-42s %12s %12s%n", "mean over " + n + " queries", "P@10", "nDCG@10");
            List<String> labels = new ArrayList<>(List.of("BM25 alone", "vectors alone", "hybrid (BM25 + vectors)",
                    "concept-aware, indexed lists", "concept-aware, indexed + mentioned"));
            if (names) {
                labels.add("hybrid with terms=<id>&explode=true");
            }
            for (int i = 0; i < labels.size(); i++) {
                System.out.printf("%-42s %12.3f %12.3f%n", labels.get(i), precision[i] / n, ndcg[i] / n);
            }
            System.out.printf("concept-aware / hybrid: P@10 %.2fx, nDCG@10 %.2fx; P@10 per query: better on %d, the same on "
                            + "%d, worse on %d%n", precision[CONCEPTS] / precision[HYBRID], ndcg[CONCEPTS] / ndcg[HYBRID],
                    better, n - better - worse, worse);
            System.out.printf("+mentioned / indexed only: P@10 %.3fx, nDCG@10 %.3fx; P@10 per query: better on %d, the same on "
                            + "%d, worse on %d%n", precision[MENTIONS] / precision[CONCEPTS], ndcg[MENTIONS] / ndcg[CONCEPTS],
                    mentionBetter, n - mentionBetter - mentionWorse, mentionWorse);
            linking.print(n, precision[CONCEPTS] / n);
            if (summaryOnly) {
                System.out.printf("%d queries whose descriptor has fewer than %d articles; %d queries that are a MeSH name or "
                        + "entry term%n", fewArticles, minArticles, meshNames);
            } else {
                warnings.forEach(w -> System.out.println("warning: " + w));
            }
        }
        return 0;
    }

    /**
     * Where the concept-aware search gains and loses: its P@10 by where the query's descriptor (or a narrower one) stands
     * among the concepts searched, and the P@10 of the best of the searched concepts' lists taken alone.
     */
    static final class Linking {
        enum Group {
            FIRST("the first concept searched"), LATER("searched, not first"), NOT_SEARCHED("not searched");

            final String label;

            Group(String label) {
                this.label = label;
            }
        }

        private final Map<Group, Integer> count = new EnumMap<>(Group.class);
        private final Map<Group, Double> precision = new EnumMap<>(Group.class);
        private double bestList;

        /** Where a concept of {@code branch} stands among {@code searched}, heaviest first. */
        static Group group(List<SearchedConcept> searched, Set<String> branch) {
            if (!searched.isEmpty() && branch.contains(searched.get(0).id())) {
                return Group.FIRST;
            }
            return searched.stream().anyMatch(s -> branch.contains(s.id())) ? Group.LATER : Group.NOT_SEARCHED;
        }

        void add(List<SearchedConcept> searched, Set<String> branch, double conceptAware, double bestListPrecision) {
            Group g = group(searched, branch);
            count.merge(g, 1, Integer::sum);
            precision.merge(g, conceptAware, Double::sum);
            bestList += bestListPrecision;
        }

        void print(int n, double conceptAware) {
            System.out.println();
            System.out.println("concept-aware P@10 by where the query's descriptor (or a narrower one) stands among the concepts "
                    + "searched (indexed lists, heaviest first):");
            for (Group g : Group.values()) {
                int c = count.getOrDefault(g, 0);
                System.out.printf("  %-40s %4d queries  P@10 %.3f%n", g.label, c, c == 0 ? 0 : precision.get(g) / c);
            }
            System.out.printf("the best single concept list among those searched, taken alone (no fusion): P@10 %.3f "
                    + "(the search: %.3f)%n", bestList / n, conceptAware);
        }
    }

    private static List<String> distinct(List<String> pids) {
        return pids.stream().distinct().toList();
    }

    /** The default search, its queries linked with a lexicon that has none of their lay names. */
    private ArticleSearch search(Fairrag fairrag, VectorIndex index, Embedder embedder, List<String> phrases) {
        TermLexicon lexicon = TermLexicon.withoutLayNamesFor(fairrag.vocabulary(), wordRuns(phrases));
        ConceptLinker linker = new ConceptLinker(() -> lexicon, fairrag::vocabulary, Optional.of(index),
                ConceptLinker.Options.DEFAULT, 0);
        System.out.println("concept-aware columns: a lexicon without the lay names of any run of the queries' words");
        return new ArticleSearch(embedder, index, fairrag::vocabulary, Optional.of(linker),
                List.of(new IndexedConceptArticles(index), new MentionedConceptArticles(fairrag.anchoredContext().orElseThrow(),
                        MentionedConceptArticles.DEFAULT_WEIGHT)), ArticleSearch.Options.DEFAULT);
    }

    /** Every run of consecutive words of each phrase. */
    private static List<String> wordRuns(List<String> phrases) {
        List<String> runs = new ArrayList<>();
        for (String phrase : phrases) {
            String[] words = phrase.strip().split("\\s+");
            for (int from = 0; from < words.length; from++) {
                for (int to = from + 1; to <= words.length; to++) {
                    runs.add(String.join(" ", Arrays.asList(words).subList(from, to)));
                }
            }
        }
        return runs;
    }

    static List<Case> read(Path file, VocabularyIndex vocab) throws IOException {
        List<Case> out = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            if (line.isBlank() || line.startsWith("#") || line.startsWith("query\t")) {
                continue;
            }
            String[] cols = line.split("\t");
            if (cols.length < 2) {
                throw new IllegalArgumentException("Not a query and a descriptor: " + line);
            }
            Term descriptor = vocab.byId(cols[1].strip()).orElseThrow(() ->
                    new IllegalArgumentException("No descriptor " + cols[1] + " in the vocabulary (line: " + line + ")"));
            out.add(new Case(cols[0].strip(), descriptor));
        }
        return out;
    }

    /** Descriptors of the chosen tree categories, below the two top tree levels, with the most articles. */
    private List<Case> preferredNames(VocabularyIndex vocab, VectorIndex index) {
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
        return counted.stream().limit(count).map(c -> new Case(c.term.label(), c.term)).toList();
    }

    /** Precision@10, and nDCG@10 with binary relevance (the ideal ranking puts min(10, relevant) relevant articles first). */
    private static Scores scores(List<String> pids, Set<String> branch, long relevantCount, VectorIndex index) {
        Map<String, ArticleFields> fields = index.articles(pids);
        double dcg = 0;
        int relevant = 0;
        for (int i = 0; i < Math.min(K, pids.size()); i++) {
            ArticleFields f = fields.get(pids.get(i));
            if (f != null && f.termIds().stream().anyMatch(branch::contains)) {
                relevant++;
                dcg += 1 / log2(i + 2);
            }
        }
        double ideal = 0;
        for (int i = 0; i < Math.min(K, relevantCount); i++) {
            ideal += 1 / log2(i + 2);
        }
        return new Scores(relevant / (double) K, ideal == 0 ? 0 : dcg / ideal);
    }

    private static double log2(double x) {
        return Math.log(x) / Math.log(2);
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
