package org.fairrag.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Callable;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.fairrag.annotate.MentionFinder;
import org.fairrag.annotate.NearestNames;
import org.fairrag.annotate.Neighbours;
import org.fairrag.annotate.SubjectEvaluation;
import org.fairrag.annotate.SubjectEvaluation.Case;
import org.fairrag.annotate.SubjectEvaluation.Prepared;
import org.fairrag.annotate.SubjectEvaluation.Result;
import org.fairrag.annotate.SubjectEvaluation.Variant;
import org.fairrag.annotate.SubjectModel;
import org.fairrag.annotate.SubjectStatistics;
import org.fairrag.annotate.SubjectSuggester;
import org.fairrag.app.ConfigOptions;
import org.fairrag.app.ConsoleProgress;
import org.fairrag.app.Fairrag;
import org.fairrag.embed.Chunker;
import org.fairrag.ingest.Article;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.ArticleMerger;
import org.fairrag.ingest.ArticleRecord;
import org.fairrag.ingest.ReadResult;
import org.fairrag.ingest.RecordReader;
import org.fairrag.ingest.SourceFile;
import org.fairrag.ingest.SourceFormat;
import org.fairrag.ingest.read.SourceFormats;
import org.fairrag.vocab.VocabularyIndex;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code fairrag-bench annotate}: concept mentions and subject suggestions on real articles.
 *
 * <p>The articles: every PMID of the given files with an abstract and at least one MeSH heading that resolves
 * to a descriptor; its indexers' descriptors are the answer and are hidden from the suggester. The test part
 * (the ninth, fixed on 2026-11-24 before the tuning it measures; the first, PMID mod 5 = 2, the second, salt
 * "fairrag bench annotate test part 2026-11-23", the third, salt "fairrag bench annotate test part 3 2026-11-23",
 * the fourth, salt "fairrag bench annotate test part 4 2026-11-23", the sixth, salt "fairrag bench annotate
 * test part 6 2026-11-23", the seventh, salt "fairrag bench annotate test part 7 2026-11-23", and the eighth, salt
 * "fairrag bench annotate test part 8 2026-11-23", are spent and now dev; the fifth, salt "fairrag bench annotate
 * test part 5 2026-11-23", was spent by work lost with its machine and must not be used again): the demo articles whose salted hash
 * ({@link #inTest}) leaves 0 divided by 5, about 500; every other article is dev. The test
 * articles are never neighbours and never counted in the statistics the model learns from; a dev article the
 * collection holds is left out of its own neighbours and statistics. Models are fitted and their cut-offs
 * chosen on dev; test is measured only with {@code --test}, once, at the end of the work. The neighbour base
 * is the collection in the data directory (the demo by default, loaded into an empty one).
 */
@Command(name = "annotate", description = "Concept mentions (mentions/s) and subject suggestions (micro precision, "
        + "recall and F1 against the indexers' MeSH descriptors, with and without check tags) against the baselines "
        + "mentions-only and neighbours-only fitted in the same run, and the speed. Uses the configured data directory "
        + "(loads the demo into an empty one) as the neighbour base.")
final class AnnotateBench implements Callable<Integer> {

    @Mixin
    ConfigOptions options;

    @Parameters(arity = "0..*", paramLabel = "FILE", description = "Article files with MeSH headings (default: the "
            + "JSONL files of ../shared/data/pubmed).")
    List<Path> files = new ArrayList<>(List.of(Path.of("../shared/data/pubmed/articles.jsonl.gz"),
            Path.of("../shared/data/pubmed/articles-more.jsonl.gz")));

    @Option(names = "--fit", paramLabel = "FILE", description = "Write the combined model fitted on dev to FILE "
            + "(the bundled one is server/src/main/resources/org/fairrag/annotate/subject-model.properties).")
    Path fit;

    @Option(names = "--test", description = "Measure on the test part too (once, at the end).")
    boolean test;

    @Option(names = "--threads", defaultValue = "2", description = "Threads for the speed runs (default ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--compare-neighbours", description = "On dev only: fit and measure the combined model with each way "
            + "of finding neighbours (what is embedded, BM25 or not, how many), instead of the usual run.")
    boolean compareNeighbours;

    /** Salt of the test part's hash; changing it makes another test part. */
    static final String TEST_SALT = "fairrag bench annotate test part 9 2026-11-24";
    static final int TEST_MODULUS = 5;

    @Option(names = "--base", defaultValue = "all", description = "The neighbour base: all (every tagged article of the "
            + "collection that is not test) or demo (only the demo's; the others left out as the test articles are).")
    String base;

    @Option(names = "--compare-fitting", description = "On dev only, cross-fitted (2 folds): the combined model with and "
            + "without classifiers of their own for the check tags, at several C, instead of the usual run.")
    boolean compareFitting;

    private static final int FOLDS = 2;

    @Option(names = "--add-to-base", description = "Before measuring, ingest into the collection the records of the (JSONL) "
            + "files that have MeSH headings and are not demo articles (so never a test article): a neighbour base larger "
            + "than the demo's, as a user with a bigger collection has. Records the collection holds already are skipped "
            + "by ingestion.")
    boolean addToBase;

    @Option(names = "--compare-cut-offs", description = "On dev only, cross-fitted: the combined model with the global "
            + "threshold alone and with a cut-off relative to each article's best candidate, instead of the usual run.")
    boolean compareCutOffs;

    @Option(names = "--compare-levers", description = "On dev only, cross-fitted: the combined model with each of "
            + "--neighbour-settings (the first is the baseline), each under --fold-seeds partings into folds, then the cut-offs "
            + "by a predicted number of descriptors on the baseline and on the best setting, instead of the usual run.")
    boolean compareLevers;

    @Option(names = "--neighbour-settings", split = ",", paramLabel = "K:POWER", defaultValue = "30:1,20:1,45:1,60:1,30:0,30:2,30:4",
            description = "Neighbours kept and the power of their fused score their vote weighs, for --compare-levers "
                    + "(default ${DEFAULT-VALUE}; 30:1 is the suggester's).")
    List<String> neighbourSettings;

    @Option(names = "--fold-seeds", defaultValue = "3", description = "Partings into folds for --compare-levers (the "
            + "first by PMID as everywhere else, then by salted hashes; default ${DEFAULT-VALUE}).")
    int foldSeeds;

    @Option(names = "--compare-words", description = "On dev only, cross-fitted, under --fold-seeds partings: the combined "
            + "model with word classifiers for the frequent descriptors (at each --words-min-positives; their log-odds one "
            + "more feature) against the model without them, then the model file of each, instead of the usual run (speed: "
            + "--dev-sample).")
    boolean compareWords;

    @Option(names = "--words-min-positives", split = ",", defaultValue = "20,40,80", description = "Positive articles a "
            + "descriptor needs for a word classifier, for --compare-words (default ${DEFAULT-VALUE}).")
    List<Integer> wordsMinPositives;

    @Option(names = "--compare-sources", description = "On dev only, cross-fitted, under --fold-seeds partings: the "
            + "combined model (as shipped) with the candidate sources of --sources besides the mentions and the neighbours, "
            + "each against the first (the baseline), instead of the usual run.")
    boolean compareSources;

    @Option(names = "--sources", split = ",", paramLabel = "SOURCES", defaultValue = "none,names:chunk:20,names:title:20,"
            + "tree,names:chunk:20+tree", description = "Candidate sources for --compare-sources, each none, or names:PART:K "
            + "(the K terms with the nearest names to the embedding of the first chunk or the title), tree (the terms "
            + "directly broader and narrower than a mentioned one), or several joined by + (default ${DEFAULT-VALUE}).")
    List<String> sources;

    @Option(names = "--compare-scorers", description = "On dev only, cross-fitted, under --fold-seeds partings: the "
            + "combined model (as shipped) with each scorer of --scorers, each against the first (the baseline), instead of "
            + "the usual run.")
    boolean compareScorers;

    @Option(names = "--scorers", split = ",", paramLabel = "SCORER", defaultValue = SubjectEvaluation.Fitting.DEFAULT_SCORER
            + ",logistic,logistic+trees:100:4:0.2", description = "Scorers for --compare-scorers, the first the baseline (by "
            + "default the shipped one), each logistic, piecewise (hinges at "
            + "quartiles and a few products), trees:N:DEPTH:RATE (boosted trees) or logistic+trees:N:DEPTH:RATE (boosted "
            + "from the logistic model's margin), either optionally followed by :LAMBDA (L2 penalty on a leaf) and "
            + ":MINHESSIAN (least hessian a leaf holds) (default ${DEFAULT-VALUE}).")
    List<String> scorers;

    @Option(names = "--scorer", paramLabel = "SCORER", defaultValue = SubjectEvaluation.Fitting.DEFAULT_SCORER, description = "The combined model's "
            + "scorer in the usual run and for --fit, as in --scorers (default ${DEFAULT-VALUE}).")
    String scorer;

    @Option(names = "--by-check-tag", description = "On dev only, cross-fitted (one parting into folds): the shipped "
            + "combined model's precision, recall and F1 for each check tag, and its share of all false negatives and "
            + "false positives, instead of the usual run.")
    boolean byCheckTag;

    @Option(names = "--compare-ages", description = "On dev only, cross-fitted, under --fold-seeds partings: the "
            + "combined model (as shipped) with its age groups' classifiers reading the words alone (the baseline), then "
            + "the ages stated too, and each one's figures per check tag (first parting), instead of the usual run.")
    boolean compareAges;

    @Option(names = "--dev-sample", paramLabel = "N", description = "Use only the first N dev articles (a quick look; "
            + "figures to report use all).")
    Integer devSample;

    @Override
    public Integer call() throws Exception {
        try (Fairrag fairrag = Fairrag.open(options.config().toBuilder().port(0).build())) {
            fairrag.loadDemoIfEmpty(new ConsoleProgress());
            Set<String> demo = demoPmids();
            if (addToBase) {
                addToBase(fairrag, demo);
            }
            VocabularyIndex vocabulary = fairrag.vocabulary();
            List<Case> cases = cases(fairrag, vocabulary);
            List<Case> dev = cases.stream().filter(c -> !inTest(c.pmid(), demo)).limit(devSample == null ? Long.MAX_VALUE : devSample)
                    .toList();
            List<Case> testCases = cases.stream().filter(c -> inTest(c.pmid(), demo)).toList();
            Set<String> leftOut = new HashSet<>();
            testCases.forEach(c -> leftOut.add(fairrag.publisher().pidUrl(ArticleIngest.articleId(c.pmid()))));
            if (base.equals("demo")) {
                dev.stream().filter(c -> c.pidInBase() != null && !demo.contains(c.pmid())).forEach(c -> leftOut.add(c.pidInBase()));
            } else if (!base.equals("all")) {
                throw new IllegalArgumentException("--base is all or demo, not " + base);
            }
            long held = fairrag.vectorIndex().map(v -> v.articleCount()).orElse(0L);
            System.out.printf("Articles with MeSH: %d (dev %d, of which %d in the collection; test %d); the collection: %d "
                            + "articles, of which %d left out of neighbours and statistics (the test articles%s)%n", cases.size(),
                    dev.size(), dev.stream().filter(c -> c.pidInBase() != null).count(), testCases.size(), held, leftOut.size(),
                    base.equals("demo") ? " and those not in the demo" : "");
            SubjectStatistics statistics = SubjectStatistics.of(fairrag.graph(), fairrag.graphs(), vocabulary, leftOut);
            System.out.printf("Statistics the model learns from: %d tagged articles, %d terms mentioned%n",
                    statistics.taggedArticles(), statistics.mentioned().size());

            mentionSpeed(fairrag.mentionIndex().finder(), cases);
            if (compareNeighbours) {
                compare(fairrag, dev, leftOut, statistics);
                return 0;
            }

            // Fitting needs the suggester's finder, neighbours and statistics, not its model: before a first fit
            // there is no bundled model yet, and any model serves.
            SubjectSuggester shipped = fairrag.subjectSuggester(fit != null ? unfitted() : SubjectModel.bundled());
            SubjectEvaluation evaluation = new SubjectEvaluation(shipped, Set.of("public"), leftOut, statistics);
            if (compareLevers) {
                compareLevers(evaluation, dev);
                return 0;
            }
            if (compareWords) {
                compareWords(evaluation, dev);
                return 0;
            }
            if (compareSources) {
                compareSources(fairrag, evaluation, dev);
                return 0;
            }
            if (compareScorers) {
                compareScorers(evaluation, dev);
                return 0;
            }
            if (byCheckTag || compareAges) {
                compareAges(evaluation, vocabulary, dev);
                return 0;
            }
            long t0 = System.nanoTime();
            List<Prepared> devPrepared = prepare(evaluation, dev);
            System.out.printf("Prepared dev: mentions, neighbours and candidates of %d articles in %.1f s%n", dev.size(),
                    (System.nanoTime() - t0) / 1e9);
            System.out.printf("Test articles or the article itself among the neighbours of dev articles: %d (must be 0)%n",
                    devPrepared.stream().mapToLong(p -> p.neighbours().stream().filter(n -> leftOut.contains(n.pid())
                            || n.pid().equals(p.source().pidInBase())).count()).sum());

            // The comparisons may be asked together; each is on dev only and replaces the usual run.
            if (compareFitting) {
                compareFitting(evaluation, devPrepared, List.of(new SubjectEvaluation.Fitting(true, 0.25, false),
                        SubjectEvaluation.Fitting.DEFAULT));
            }
            if (compareCutOffs) {
                compareCutOffs(evaluation, devPrepared);
            }
            if (compareFitting || compareCutOffs) {
                return 0;
            }
            Map<Variant, SubjectModel> models = new LinkedHashMap<>();
            for (Variant v : Variant.values()) {
                models.put(v, evaluation.fit(v, devPrepared, fitting(), "fitted on the dev "
                        + "part of fairrag bench annotate (" + devPrepared.size() + " articles, neighbour base " + base + "): "
                        + v.label()));
            }
            Result crossFitted = evaluation.crossFitted(Variant.COMBINED, devPrepared, fitting(), FOLDS);
            System.out.printf(Locale.ROOT, "%nThe combined model cross-fitted on dev (%d folds): P %.3f R %.3f F1 %.3f; without "
                            + "check tags F1 %.3f%n", FOLDS, crossFitted.all().precision(), crossFitted.all().recall(),
                    crossFitted.all().f1(), crossFitted.withoutCheckTags().f1());
            if (fit != null) {
                try (Writer w = Files.newBufferedWriter(fit)) {
                    models.get(Variant.COMBINED).write(w);
                }
                System.out.printf("Wrote the combined model to %s%n", fit);
            } else {
                models.put(Variant.COMBINED, shipped.model());
            }
            print("dev", evaluation, models, devPrepared);
            if (test) {
                List<Prepared> testPrepared = prepare(evaluation, testCases);
                print("test", evaluation, models, testPrepared);
            }
            suggestionSpeed(fairrag.subjectSuggester(models.get(Variant.COMBINED)),
                    fairrag.subjectSuggester(models.get(Variant.MENTIONS_ONLY)), test ? testCases : dev);
        }
        return 0;
    }

    /** The fitting of the usual run: the shipped one with {@code --scorer}. */
    private SubjectEvaluation.Fitting fitting() {
        return SubjectEvaluation.Fitting.DEFAULT.withScorer(SubjectEvaluation.Scorer.parse(scorer));
    }

    private void compareScorers(SubjectEvaluation evaluation, List<Case> dev) throws Exception {
        List<SubjectEvaluation.Scorer> settings = scorers.stream().map(SubjectEvaluation.Scorer::parse).toList();
        // The scorers read the same word classifiers' log-odds: fit those once per fold and parting.
        evaluation.memoiseClassifiers();
        long t0 = System.nanoTime();
        List<Prepared> prepared = prepare(evaluation, dev);
        System.out.printf("Prepared dev: mentions, neighbours, nearest names and candidates of %d articles in %.1f s%n",
                dev.size(), (System.nanoTime() - t0) / 1e9);
        System.out.printf("%nThe combined model on dev, cross-fitted (%d folds), %d partings into folds; F1 of each, then "
                + "the mean's difference from the baseline's%n", FOLDS, foldSeeds);
        System.out.printf("%-60s %6s %6s %6s %6s %6s   %s%n", "scorer", "P", "R", "F1", "F1*", "cand.R", PARTING_COLUMNS);
        List<Result> baseline = null;
        for (SubjectEvaluation.Scorer s : settings) {
            long t1 = System.nanoTime();
            List<Result> results = byParting(evaluation, prepared, SubjectEvaluation.Fitting.NAMES.withScorer(s));
            baseline = baseline == null ? results : baseline;
            Result first = results.get(0);
            System.out.printf(Locale.ROOT, "%-60s %6.3f %6.3f %6.3f %6.3f %6.3f   %s (%.0f s)%n", s.label(),
                    first.all().precision(), first.all().recall(), first.all().f1(), first.withoutCheckTags().f1(),
                    first.candidateRecall(), partingFigures(results, baseline), (System.nanoTime() - t1) / 1e9);
        }
    }

    /** {@code --by-check-tag} (the shipped fitting, one parting) and {@code --compare-ages} (without and with the ages). */
    private void compareAges(SubjectEvaluation evaluation, VocabularyIndex vocabulary, List<Case> dev) throws Exception {
        List<Boolean> reads = compareAges ? List.of(false, true) : List.of(fitting().ages());
        List<String> specs = reads.stream().map(a -> a ? "words and the ages stated" : "words").toList();
        int partings = compareAges ? foldSeeds : 1;
        evaluation.memoiseClassifiers();
        long t0 = System.nanoTime();
        List<Prepared> prepared = prepare(evaluation, dev);
        System.out.printf("Prepared dev: mentions, neighbours, nearest names and candidates of %d articles in %.1f s%n",
                dev.size(), (System.nanoTime() - t0) / 1e9);
        List<List<SubjectEvaluation.Detailed>> bySeed = new ArrayList<>();
        for (int seed = 0; seed < partings; seed++) {
            long t1 = System.nanoTime();
            bySeed.add(evaluation.crossFittedAges(prepared, fitting(), reads, FOLDS, seed));
            System.out.printf("Parting %d cross-fitted in %.0f s%n", seed, (System.nanoTime() - t1) / 1e9);
        }
        System.out.printf("%nThe combined model on dev, cross-fitted (%d folds), %d partings into folds; F1 of each, then "
                + "the mean's difference from the baseline's%n", FOLDS, partings);
        System.out.printf("%-40s %6s %6s %6s %6s %6s   %s%n", "age groups read", "P", "R", "F1", "F1*", "cand.R", PARTING_COLUMNS);
        List<Result> baseline = bySeed.stream().map(d -> d.get(0).result()).toList();
        for (int v = 0; v < specs.size(); v++) {
            int variant = v;
            List<Result> results = bySeed.stream().map(d -> d.get(variant).result()).toList();
            Result first = results.get(0);
            System.out.printf(Locale.ROOT, "%-40s %6.3f %6.3f %6.3f %6.3f %6.3f   %s%n", specs.get(v),
                    first.all().precision(), first.all().recall(), first.all().f1(), first.withoutCheckTags().f1(),
                    first.candidateRecall(), partingFigures(results, baseline));
        }
        for (int v = 0; v < specs.size(); v++) {
            SubjectEvaluation.Detailed d = bySeed.get(0).get(v);
            SubjectEvaluation.Scores all = d.result().all();
            long errors = all.falseNegatives() + all.falsePositives();
            System.out.printf(Locale.ROOT, "%nEach check tag, age groups read: %s (first parting; cut-off %.3f; all "
                    + "descriptors FN %d + FP %d = %d)%n", specs.get(v), d.result().threshold(), all.falseNegatives(),
                    all.falsePositives(), errors);
            System.out.printf("%-22s %6s %6s %6s %6s %6s %6s %8s %9s%n", "check tag", "gold", "P", "R", "F1", "TP", "FP", "FN",
                    "FN+FP %");
            d.byCheckTag().entrySet().stream()
                    .sorted(java.util.Comparator.comparingLong((Map.Entry<String, SubjectEvaluation.Scores> e) ->
                            -(e.getValue().falseNegatives() + e.getValue().falsePositives())))
                    .forEach(e -> {
                        SubjectEvaluation.Scores s = e.getValue();
                        System.out.printf(Locale.ROOT, "%-22s %6d %6.3f %6.3f %6.3f %6d %6d %8d %8.2f%%%n",
                                vocabulary.byId(e.getKey()).map(org.fairrag.vocab.Term::label).orElse(e.getKey()),
                                s.truePositives() + s.falseNegatives(), s.precision(), s.recall(), s.f1(), s.truePositives(),
                                s.falsePositives(), s.falseNegatives(),
                                100.0 * (s.falseNegatives() + s.falsePositives()) / Math.max(1, errors));
                    });
            long tagErrors = d.byCheckTag().values().stream().mapToLong(s -> s.falseNegatives() + s.falsePositives()).sum();
            System.out.printf(Locale.ROOT, "All check tags: FN+FP %d, %.1f%% of all%n", tagErrors, 100.0 * tagErrors / Math.max(1, errors));
        }
    }

    private static void compareFitting(SubjectEvaluation evaluation, List<Prepared> dev, List<SubjectEvaluation.Fitting> fittings) {
        System.out.printf("%nThe combined model on dev, cross-fitted (%d folds)%n", FOLDS);
        System.out.printf("%-40s %6s %6s %6s   %6s%n", "fitting", "P", "R", "F1", "F1*");
        for (SubjectEvaluation.Fitting f : fittings) {
            Result r = evaluation.crossFitted(Variant.COMBINED, dev, f, FOLDS);
            System.out.printf(Locale.ROOT, "%-40s %6.3f %6.3f %6.3f   %6.3f%n", f.label(), r.all().precision(), r.all().recall(),
                    r.all().f1(), r.withoutCheckTags().f1());
        }
    }

    /** A neighbour setting of {@code --compare-levers}: how many neighbours, and the power of their fused score. */
    private record Lever(int k, double power) {
        static Lever parse(String s) {
            String[] parts = s.split(":");
            return new Lever(Integer.parseInt(parts[0].trim()), Double.parseDouble(parts[1].trim()));
        }

        String label() {
            return String.format(Locale.ROOT, "k %d, vote weight = fused score^%s", k, power == (int) power
                    ? Integer.toString((int) power) : Double.toString(power));
        }
    }

    private void compareLevers(SubjectEvaluation evaluation, List<Case> dev) throws Exception {
        List<Lever> levers = neighbourSettings.stream().map(Lever::parse).toList();
        int widest = levers.stream().mapToInt(Lever::k).max().orElseThrow();
        long t0 = System.nanoTime();
        List<Prepared> prepared = prepare(dev, c -> evaluation.prepare(c, widest));
        System.out.printf("Prepared dev: mentions and %d neighbours of %d articles in %.1f s%n", widest, dev.size(),
                (System.nanoTime() - t0) / 1e9);
        SubjectEvaluation.Fitting fitting = SubjectEvaluation.Fitting.DEFAULT;
        System.out.printf("%nThe combined model on dev, cross-fitted (%d folds), %d partings into folds; F1 of each, then "
                + "the mean's difference from the baseline's%n", FOLDS, foldSeeds);
        System.out.printf("%-40s %6s %6s %6s %6s   %s%n", "neighbours", "P", "R", "F1", "F1*", PARTING_COLUMNS);
        List<Result> baseline = null;
        Lever best = levers.get(0);
        double bestMean = -1;
        for (Lever lever : levers) {
            long t1 = System.nanoTime();
            List<Prepared> these = prepared.stream().map(p -> evaluation.withNeighbours(p, lever.k(), lever.power())).toList();
            List<Result> results = byParting(evaluation, these, fitting);
            baseline = baseline == null ? results : baseline;
            double mean = meanF1(results);
            if (mean > bestMean) {
                bestMean = mean;
                best = lever;
            }
            Result r = results.get(0);
            System.out.printf(Locale.ROOT, "%-40s %6.3f %6.3f %6.3f %6.3f   %s (%.0f s)%n", lever.label(),
                    r.all().precision(), r.all().recall(), r.all().f1(), r.withoutCheckTags().f1(),
                    partingFigures(results, baseline), (System.nanoTime() - t1) / 1e9);
        }
        List<SubjectEvaluation.CountCutOff> cutOffs = new ArrayList<>();
        cutOffs.add(new SubjectEvaluation.CountCutOff(0, 0, true));
        for (double share : List.of(0.6, 0.8, 1.0, 1.2)) {
            for (double floor : List.of(0.05, 0.1, 0.15)) {
                cutOffs.add(new SubjectEvaluation.CountCutOff(share, floor, true));
            }
        }
        for (double share : List.of(0.8, 1.0, 1.2)) {
            cutOffs.add(new SubjectEvaluation.CountCutOff(share, 0, false));
        }
        for (Lever lever : best.equals(levers.get(0)) ? List.of(best) : List.of(levers.get(0), best)) {
            List<Prepared> these = prepared.stream().map(p -> evaluation.withNeighbours(p, lever.k(), lever.power())).toList();
            List<List<SubjectEvaluation.CountResult>> bySeed = new ArrayList<>();
            for (int seed = 0; seed < foldSeeds; seed++) {
                bySeed.add(evaluation.crossFittedCounts(Variant.COMBINED, these, fitting, FOLDS, seed, cutOffs));
            }
            System.out.printf(Locale.ROOT, "%nCut-offs by a predicted number of descriptors (%s; mean absolute error of the "
                    + "predicted count %.2f, the indexers' mean %.2f)%n", lever.label(), bySeed.get(0).get(0).meanAbsoluteError(),
                    these.stream().mapToInt(p -> p.source().gold().size()).average().orElse(0));
            System.out.printf("%-50s %9s %6s %6s %6s %6s   %s%n", "cut-off", "threshold", "P", "R", "F1", "F1*",
                    "F1 by parting; mean; - threshold alone");
            double alone = bySeed.stream().mapToDouble(l -> l.get(0).result().all().f1()).average().orElseThrow();
            for (int i = 0; i < cutOffs.size(); i++) {
                int index = i;
                double mean = bySeed.stream().mapToDouble(l -> l.get(index).result().all().f1()).average().orElseThrow();
                Result r = bySeed.get(0).get(i).result();
                System.out.printf(Locale.ROOT, "%-50s %9.3f %6.3f %6.3f %6.3f %6.3f   %s; %.4f; %+.4f%n",
                        i == 0 ? "threshold alone" : cutOffs.get(i).label(), r.threshold(), r.all().precision(),
                        r.all().recall(), r.all().f1(), r.withoutCheckTags().f1(),
                        bySeed.stream().map(l -> String.format(Locale.ROOT, "%.4f", l.get(index).result().all().f1())).toList(),
                        mean, mean - alone);
            }
        }
    }

    private void compareWords(SubjectEvaluation evaluation, List<Case> dev)
            throws Exception {
        long t0 = System.nanoTime();
        List<Prepared> prepared = prepare(evaluation, dev);
        System.out.printf("Prepared dev: mentions, neighbours and candidates of %d articles in %.1f s%n", dev.size(),
                (System.nanoTime() - t0) / 1e9);
        List<SubjectEvaluation.Fitting> fittings = new ArrayList<>();
        fittings.add(SubjectEvaluation.Fitting.BEFORE_WORDS);
        for (int n : wordsMinPositives) {
            fittings.add(SubjectEvaluation.Fitting.BEFORE_WORDS.withWords(n));
        }
        System.out.printf("%nThe combined model on dev, cross-fitted (%d folds), %d partings into folds; F1 of each, then "
                + "the mean's difference from the baseline's%n", FOLDS, foldSeeds);
        System.out.printf("%-90s %6s %6s %6s %6s %6s   %s%n", "fitting", "P", "R", "F1", "F1*", "cand.R", PARTING_COLUMNS);
        List<Result> baseline = null;
        for (SubjectEvaluation.Fitting f : fittings) {
            long t1 = System.nanoTime();
            List<Result> results = byParting(evaluation, prepared, f);
            baseline = baseline == null ? results : baseline;
            Result first = results.get(0);
            System.out.printf(Locale.ROOT, "%-90s %6.3f %6.3f %6.3f %6.3f %6.3f   %s (%.0f s)%n", f.label(),
                    first.all().precision(), first.all().recall(), first.all().f1(), first.withoutCheckTags().f1(),
                    first.candidateRecall(), partingFigures(results, baseline), (System.nanoTime() - t1) / 1e9);
        }
        // No speed here: these runs would repeat the same abstracts on warm caches; --dev-sample measures it.
        System.out.printf("%nFitted on all of dev (%d articles): the model file%n", prepared.size());
        for (SubjectEvaluation.Fitting f : fittings) {
            SubjectModel model = evaluation.fit(Variant.COMBINED, prepared, f, f.label());
            java.io.StringWriter text = new java.io.StringWriter();
            model.write(text);
            int bytes = text.toString().getBytes(StandardCharsets.ISO_8859_1).length;
            System.out.printf(Locale.ROOT, "%-90s word classifiers %d, model file %d bytes%n", f.label(),
                    model.descriptors().byTerm().size(), bytes);
        }
    }

    /** A setting of {@code --sources}: the nearest names (embedded part, k; null: none) and the tree, or not. */
    record Sources(Neighbours.Embedded part, int k, boolean tree) {
        static Sources parse(String s) {
            Neighbours.Embedded part = null;
            int k = 0;
            boolean tree = false;
            for (String one : s.trim().split("\\+")) {
                String[] bits = one.trim().split(":");
                switch (bits[0]) {
                    case "none" -> { }
                    case "tree" -> tree = true;
                    case "names" -> {
                        part = switch (bits[1]) {
                            case "chunk" -> Neighbours.Embedded.FIRST_CHUNK;
                            case "title" -> Neighbours.Embedded.TITLE;
                            default -> throw new IllegalArgumentException("names:chunk:K or names:title:K, not " + one);
                        };
                        k = Integer.parseInt(bits[2]);
                    }
                    default -> throw new IllegalArgumentException("none, names:PART:K or tree, not " + one);
                }
            }
            return new Sources(part, k, tree);
        }

        String label() {
            String names = part == null ? "" : "nearest names (" + (part == Neighbours.Embedded.TITLE ? "title" : "first chunk")
                    + ", k " + k + ")";
            String both = names + (tree ? (names.isEmpty() ? "" : " + ") + "broader and narrower of mentions" : "");
            return both.isEmpty() ? "mentions and neighbours only (as before)" : "+ " + both;
        }

        SubjectEvaluation.Fitting fitting() {
            return SubjectEvaluation.Fitting.DEFAULT.withNames(part != null).withTree(tree);
        }
    }

    private void compareSources(Fairrag fairrag, SubjectEvaluation evaluation, List<Case> dev) throws Exception {
        List<Sources> settings = sources.stream().map(Sources::parse).toList();
        // The settings differ in candidates the word classifiers never read: fit those once per fold and parting.
        evaluation.memoiseClassifiers();
        int widest = Math.max(1, settings.stream().mapToInt(Sources::k).max().orElse(1));
        NearestNames nearest = new NearestNames(fairrag.vectorIndex().orElseThrow(() -> new IllegalStateException(
                "nearest names need the vector index")), fairrag.embedder().orElseThrow(), new Chunker(),
                Neighbours.Embedded.FIRST_CHUNK, widest, NearestNames.preferredNames(fairrag::vocabulary));
        long t0 = System.nanoTime();
        List<Prepared> prepared = prepare(evaluation, dev);
        System.out.printf("Prepared dev: mentions, neighbours and candidates of %d articles in %.1f s%n", dev.size(),
                (System.nanoTime() - t0) / 1e9);
        Map<Neighbours.Embedded, Map<String, List<NearestNames.Match>>> names = new java.util.EnumMap<>(Neighbours.Embedded.class);
        for (Neighbours.Embedded part : settings.stream().map(Sources::part).filter(java.util.Objects::nonNull).distinct().toList()) {
            long t1 = System.nanoTime();
            Map<String, List<NearestNames.Match>> byPmid = new java.util.concurrent.ConcurrentHashMap<>();
            sum(dev, c -> {
                byPmid.put(c.pmid(), nearest.of(c.title(), c.abstractText(), part));
                return 0;
            });
            names.put(part, byPmid);
            System.out.printf(Locale.ROOT, "The %d terms with the nearest names to the embedding of the %s of %d articles in "
                            + "%.1f s (%.1f articles/s on %d threads)%n", widest, part, dev.size(), (System.nanoTime() - t1) / 1e9,
                    dev.size() / ((System.nanoTime() - t1) / 1e9), threads);
        }
        System.out.printf("%nThe combined model on dev, cross-fitted (%d folds), %d partings into folds; F1 of each, then "
                + "the mean's difference from the baseline's%n", FOLDS, foldSeeds);
        System.out.printf("%-75s %6s %6s %6s %6s %6s %7s   %s%n", "candidates", "P", "R", "F1", "F1*", "cand.R", "cand/art",
                PARTING_COLUMNS);
        List<Result> baseline = null;
        for (Sources setting : settings) {
            long t1 = System.nanoTime();
            List<Prepared> these = prepared.stream().map(p -> evaluation.withNames(p, setting.part() == null ? List.of()
                    : names.get(setting.part()).get(p.source().pmid()).stream().limit(setting.k()).toList())).toList();
            SubjectEvaluation.Fitting fitting = setting.fitting();
            List<Result> results = byParting(evaluation, these, fitting);
            baseline = baseline == null ? results : baseline;
            Result first = results.get(0);
            double perArticle = SubjectEvaluation.candidatesPerCase(Variant.COMBINED, these, fitting);
            System.out.printf(Locale.ROOT, "%-75s %6.3f %6.3f %6.3f %6.3f %6.3f %7.1f   %s (%.0f s)%n",
                    setting.label(), first.all().precision(), first.all().recall(), first.all().f1(),
                    first.withoutCheckTags().f1(), first.candidateRecall(), perArticle, partingFigures(results, baseline),
                    (System.nanoTime() - t1) / 1e9);
        }
    }

    private static final String PARTING_COLUMNS = "F1 by parting; mean; - baseline; each parting - baseline's";

    /** The combined model cross-fitted on {@code dev} once for each of the {@link #foldSeeds} partings into folds. */
    private List<Result> byParting(SubjectEvaluation evaluation, List<Prepared> dev, SubjectEvaluation.Fitting fitting) {
        List<Result> results = new ArrayList<>();
        for (int seed = 0; seed < foldSeeds; seed++) {
            results.add(evaluation.crossFitted(Variant.COMBINED, dev, fitting, FOLDS, seed));
        }
        return results;
    }

    private static double meanF1(List<Result> results) {
        return results.stream().mapToDouble(r -> r.all().f1()).average().orElseThrow();
    }

    /** {@link #PARTING_COLUMNS}: each parting's F1, their mean, its difference from the baseline's, and each parting's. */
    private static String partingFigures(List<Result> results, List<Result> baseline) {
        List<String> f1 = new ArrayList<>();
        List<String> deltas = new ArrayList<>();
        for (int seed = 0; seed < results.size(); seed++) {
            double value = results.get(seed).all().f1();
            f1.add(String.format(Locale.ROOT, "%.4f", value));
            deltas.add(String.format(Locale.ROOT, "%+.4f", value - baseline.get(seed).all().f1()));
        }
        return String.format(Locale.ROOT, "%s; %.4f; %+.4f; %s", f1, meanF1(results), meanF1(results) - meanF1(baseline),
                deltas);
    }

    private static void compareCutOffs(SubjectEvaluation evaluation, List<Prepared> dev) {
        System.out.printf("%nThe combined model on dev, cross-fitted (%d folds), by cut-off%n", FOLDS);
        System.out.printf("%-44s %6s %6s %6s   %6s%n", "cut-off", "P", "R", "F1", "F1*");
        for (Result r : evaluation.crossFittedCutOffs(Variant.COMBINED, dev, SubjectEvaluation.Fitting.DEFAULT, FOLDS,
                SubjectEvaluation.RELATIVE_CUT_OFFS)) {
            String label = String.format(Locale.ROOT, "threshold %.3f", r.threshold())
                    + (r.relativeCutOff() == 0 ? " alone" : String.format(Locale.ROOT, ", and %.2f of the best", r.relativeCutOff()));
            System.out.printf(Locale.ROOT, "%-44s %6.3f %6.3f %6.3f   %6.3f%n", label, r.all().precision(), r.all().recall(),
                    r.all().f1(), r.withoutCheckTags().f1());
        }
    }

    /**
     * Ingests the records of the JSONL files that have MeSH headings and whose PMID is not a demo article's (the
     * test articles are all demo articles), written to a scratch file first.
     */
    private void addToBase(Fairrag fairrag, Set<String> demo) throws IOException {
        ObjectMapper json = new ObjectMapper();
        Path scratch = Files.createTempFile("fairrag-bench-base-", ".jsonl");
        try {
            long written = 0;
            try (Writer out = Files.newBufferedWriter(scratch)) {
                for (Path f : files) {
                    if (!f.getFileName().toString().matches(".*\\.jsonl(\\.gz)?")) {
                        throw new IllegalArgumentException("--add-to-base reads JSONL files only, not " + f);
                    }
                    try (BufferedReader in = new BufferedReader(new InputStreamReader(
                            SourceFormats.decompressed(Files.newInputStream(f)), StandardCharsets.UTF_8))) {
                        for (String line = in.readLine(); line != null; line = in.readLine()) {
                            if (line.isBlank()) {
                                continue;
                            }
                            JsonNode record = json.readTree(line);
                            String pmid = record.path("pmid").asText();
                            if (!pmid.isEmpty() && !demo.contains(pmid) && !inTest(pmid, demo)
                                    && record.path("mesh").isArray() && !record.path("mesh").isEmpty()) {
                                out.write(line);
                                out.write('\n');
                                written++;
                            }
                        }
                    }
                }
            }
            ArticleIngest.Report report = fairrag.ingest(SourceFile.of(scratch), ArticleIngest.Options.DEFAULT, new ConsoleProgress());
            System.out.printf("Added to the neighbour base: %d records with MeSH headings, none a demo or test article "
                    + "(%s: %s)%n", written, report.alreadyIngested() ? "ingested before, counts of that run" : "ingestion",
                    report.counts());
        } finally {
            Files.deleteIfExists(scratch);
        }
    }

    private void compare(Fairrag fairrag, List<Case> dev, Set<String> leftOut, SubjectStatistics statistics) throws Exception {
        SubjectEvaluation evaluation = new SubjectEvaluation(fairrag.subjectSuggester(unfitted()), Set.of("public"), leftOut,
                statistics);
        long t0 = System.nanoTime();
        List<SubjectEvaluation.Searched> searched = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<SubjectEvaluation.Searched>> futures = new ArrayList<>();
            for (Case c : dev) {
                futures.add(pool.submit(() -> evaluation.search(c, 50)));
            }
            for (Future<SubjectEvaluation.Searched> f : futures) {
                searched.add(f.get());
            }
        } finally {
            pool.shutdown();
        }
        System.out.printf("Searched dev (%d articles, two embeddings and BM25 each) in %.1f s%n", dev.size(),
                (System.nanoTime() - t0) / 1e9);
        System.out.printf("%-40s %6s %6s %6s   %6s  %s%n", "neighbours", "P", "R", "F1", "F1*", "gold among candidates");
        for (Neighbours.Settings s : List.of(
                new Neighbours.Settings(Neighbours.Embedded.FIRST_CHUNK, false, 20),
                new Neighbours.Settings(Neighbours.Embedded.FIRST_CHUNK, false, 30),
                new Neighbours.Settings(Neighbours.Embedded.TITLE, false, 30),
                new Neighbours.Settings(Neighbours.Embedded.NONE, true, 30),
                new Neighbours.Settings(Neighbours.Embedded.TITLE, true, 30),
                new Neighbours.Settings(Neighbours.Embedded.FIRST_CHUNK, true, 20),
                new Neighbours.Settings(Neighbours.Embedded.FIRST_CHUNK, true, 30),
                new Neighbours.Settings(Neighbours.Embedded.FIRST_CHUNK, true, 50))) {
            List<Prepared> prepared = searched.stream().map(x -> evaluation.prepare(x, s)).toList();
            Result r = evaluation.crossFitted(Variant.COMBINED, prepared, SubjectEvaluation.Fitting.DEFAULT, FOLDS);
            System.out.printf(Locale.ROOT, "%-40s %6.3f %6.3f %6.3f   %6.3f  %.3f%n", s.label(), r.all().precision(),
                    r.all().recall(), r.all().f1(), r.withoutCheckTags().f1(), r.candidateRecall());
        }
    }

    private static SubjectModel unfitted() {
        return new SubjectModel(0, new double[SubjectModel.Feature.values().length], 1,
                java.util.EnumSet.allOf(SubjectModel.Feature.class), "unfitted");
    }

    /**
     * Whether an article is in the test part: a demo article whose SHA-256 of {@link #TEST_SALT} and its PMID,
     * its first four bytes read as a number, leaves 0 divided by {@link #TEST_MODULUS}.
     */
    static boolean inTest(String pmid, Set<String> demoPmids) {
        if (!demoPmids.contains(pmid)) {
            return false;
        }
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest((TEST_SALT + pmid).getBytes(StandardCharsets.UTF_8));
            return Integer.toUnsignedLong(ByteBuffer.wrap(hash).getInt()) % TEST_MODULUS == 0;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The PMIDs of the bundled demo articles. */
    static Set<String> demoPmids() throws IOException {
        Set<String> out = new HashSet<>();
        try (RecordReader.Results results = SourceFormats.forFormat(SourceFormat.JSONL).open(
                SourceFormats.decompressed(SourceFile.ofResource(Fairrag.DEMO_ARTICLES).open()), "demo")) {
            while (results.hasNext()) {
                if (results.next() instanceof ReadResult.Accepted a) {
                    out.add(a.record().pmid());
                }
            }
        }
        return out;
    }

    /** The articles of the files, merged per PMID as ingestion merges them, with their PID when the collection holds them. */
    private List<Case> cases(Fairrag fairrag, VocabularyIndex vocabulary) throws Exception {
        Map<String, List<ArticleRecord>> byPmid = new LinkedHashMap<>();
        for (Path f : files) {
            try (RecordReader.Results results = SourceFormats.read(f)) {
                while (results.hasNext()) {
                    if (results.next() instanceof ReadResult.Accepted a) {
                        byPmid.computeIfAbsent(a.record().pmid(), k -> new ArrayList<>()).add(a.record());
                    }
                }
            }
        }
        // Held with subjects: an article the collection holds without any is no neighbour and not in the statistics.
        Set<String> held = new HashSet<>();
        fairrag.vectorIndex().ifPresent(index -> index.articles(byPmid.keySet().stream()
                        .map(pmid -> fairrag.publisher().pidUrl(ArticleIngest.articleId(pmid))).toList())
                .forEach((pid, fields) -> {
                    if (!fields.termIds().isEmpty()) {
                        held.add(pid);
                    }
                }));
        ArticleMerger merger = new ArticleMerger(vocabulary, pmid -> fairrag.publisher().pidUrl(ArticleIngest.articleId(pmid)));
        List<Case> out = new ArrayList<>();
        for (Map.Entry<String, List<ArticleRecord>> e : byPmid.entrySet()) {
            Article a = merger.merge(e.getValue(), "public");
            if (a.abstractText() == null || a.abstractText().isBlank() || a.subjects().isEmpty()) {
                continue;
            }
            String pid = fairrag.publisher().pidUrl(ArticleIngest.articleId(e.getKey()));
            pid = held.contains(pid) ? pid : null;
            out.add(new Case(a.pmid(), a.title(), a.abstractText(), Set.copyOf(a.termIds()), pid));
        }
        return out;
    }

    private void mentionSpeed(MentionFinder finder, List<Case> cases) throws Exception {
        finder.find(cases.get(0).title(), cases.get(0).abstractText());
        long t0 = System.nanoTime();
        long mentions = 0;
        for (Case c : cases) {
            mentions += finder.find(c.title(), c.abstractText()).mentions().size();
        }
        double one = (System.nanoTime() - t0) / 1e9;
        long t1 = System.nanoTime();
        long parallel = sum(cases, c -> (long) finder.find(c.title(), c.abstractText()).mentions().size());
        double many = (System.nanoTime() - t1) / 1e9;
        System.out.printf("Mentions: %d in %d articles (%.1f per article); 1 thread %.0f mentions/s (%.0f articles/s), "
                        + "%d threads %.0f mentions/s (%.0f articles/s)%n", mentions, cases.size(), (double) mentions / cases.size(),
                mentions / one, cases.size() / one, threads, parallel / many, cases.size() / many);
    }

    private List<Prepared> prepare(SubjectEvaluation evaluation, List<Case> cases) throws Exception {
        return prepare(cases, evaluation::prepare);
    }

    private List<Prepared> prepare(List<Case> cases, java.util.function.Function<Case, Prepared> preparation) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Prepared>> futures = new ArrayList<>();
            for (Case c : cases) {
                futures.add(pool.submit(() -> preparation.apply(c)));
            }
            List<Prepared> out = new ArrayList<>();
            for (Future<Prepared> f : futures) {
                out.add(f.get());
            }
            return out;
        } finally {
            pool.shutdown();
        }
    }

    private static void print(String part, SubjectEvaluation evaluation, Map<Variant, SubjectModel> models, List<Prepared> cases) {
        System.out.printf("%nSubject suggestions on %s (%d articles): micro-averaged, BioASQ task A style%n", part, cases.size());
        System.out.printf("%-36s %9s %6s %6s %6s   %6s %6s %6s  %s%n", "variant", "cut-off", "P", "R", "F1", "P*", "R*", "F1*",
                "gold among candidates");
        for (Map.Entry<Variant, SubjectModel> e : models.entrySet()) {
            Result r = evaluation.evaluate(e.getKey(), e.getValue(), cases);
            System.out.printf(Locale.ROOT, "%-36s %9.3f %6.3f %6.3f %6.3f   %6.3f %6.3f %6.3f  %.3f%n", e.getKey().label(),
                    r.threshold(), r.all().precision(), r.all().recall(), r.all().f1(), r.withoutCheckTags().precision(),
                    r.withoutCheckTags().recall(), r.withoutCheckTags().f1(), r.candidateRecall());
        }
        System.out.println("(* without check tags: species, sex, age groups, pregnancy, historical periods)");
    }

    private void suggestionSpeed(SubjectSuggester combined, SubjectSuggester mentionsOnly, List<Case> cases) throws Exception {
        int n = Math.min(cases.size(), 400);
        List<Case> sample = cases.subList(0, n);
        long t0 = System.nanoTime();
        sum(sample, c -> (long) mentionsOnly.suggest(c.title(), c.abstractText(), Set.of("public")).subjects().size());
        double baseline = (System.nanoTime() - t0) / 1e9;
        long t1 = System.nanoTime();
        sum(sample, c -> (long) combined.suggest(c.title(), c.abstractText(), Set.of("public")).subjects().size());
        double full = (System.nanoTime() - t1) / 1e9;
        System.out.printf(Locale.ROOT, "%nSpeed, %d abstracts on %d threads: the API's suggestions %.1f abstracts/s; "
                + "mentions-only baseline (no neighbour search) %.1f abstracts/s; the API takes %.1f times as long%n", n, threads, n / full, n / baseline,
                full / baseline);
    }

    private long sum(List<Case> cases, java.util.function.ToLongFunction<Case> work) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Long>> futures = new ArrayList<>();
            for (Case c : cases) {
                futures.add(pool.submit(() -> work.applyAsLong(c)));
            }
            long total = 0;
            for (Future<Long> f : futures) {
                total += f.get();
            }
            return total;
        } finally {
            pool.shutdown();
        }
    }
}
