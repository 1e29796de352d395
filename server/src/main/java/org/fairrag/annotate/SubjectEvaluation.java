package org.fairrag.annotate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.fairrag.vectors.ChunkHit;

/**
 * Measures subject suggestions the way MeSH indexing is measured (BioASQ task A): micro precision, recall
 * and F1 of the suggested descriptors against the indexers' descriptors, over articles whose descriptors are
 * known but hidden from the suggester and which are not among its neighbours, with and without the check
 * tags. Fits the {@link SubjectModel} of each {@link Variant} on one set of articles (dev) and measures it on
 * another (test).
 */
public final class SubjectEvaluation {

    /**
     * An article with its indexers' descriptors, which the suggester does not see; {@code pidInBase} is its PID
     * when the collection holds it (it is then left out of its own neighbours and statistics), else null.
     */
    public record Case(String pmid, String title, String abstractText, Set<String> gold, String pidInBase) {}

    /**
     * A case as the suggester sees it: its mentions, neighbours, the terms with the nearest names (empty without term
     * vectors), and candidate terms with their features, from every source (a model takes those whose features it uses).
     */
    public record Prepared(Case source, Set<String> words, List<Mention> mentions, List<Neighbours.Neighbour> neighbours,
                           List<NearestNames.Match> names, List<SubjectCandidates.Candidate> candidates) {}

    /** Micro-averaged precision, recall and F1 over all (article, descriptor) pairs. */
    public record Scores(long truePositives, long falsePositives, long falseNegatives) {
        public double precision() {
            return truePositives + falsePositives == 0 ? 0 : (double) truePositives / (truePositives + falsePositives);
        }

        public double recall() {
            return truePositives + falseNegatives == 0 ? 0 : (double) truePositives / (truePositives + falseNegatives);
        }

        public double f1() {
            double p = precision();
            double r = recall();
            return p + r == 0 ? 0 : 2 * p * r / (p + r);
        }
    }

    /** A variant's scores on a set of articles, counting every descriptor and leaving the check tags out. */
    public record Result(Variant variant, Scores all, Scores withoutCheckTags, double threshold, double relativeCutOff,
                         double candidateRecall) {}

    /**
     * The fractions of a text's best score compared as its own cut-off (besides the global threshold); 0 is the
     * global threshold alone. None helped on dev ({@code fairrag-bench annotate --compare-cut-offs}), so the
     * suggester keeps the global threshold alone.
     */
    public static final List<Double> RELATIVE_CUT_OFFS = List.of(0.0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5);

    /** What a model may use: the combined model, and the two baselines it is measured against. */
    public enum Variant {
        COMBINED("mentions + neighbours (the API)", EnumSet.allOf(SubjectModel.Feature.class)),
        MENTIONS_ONLY("mentions only", union(SubjectModel.Feature.FROM_MENTIONS, SubjectModel.Feature.PRIOR_LOG,
                SubjectModel.Feature.CHECK_TAG)),
        NEIGHBOURS_ONLY("neighbours only", union(SubjectModel.Feature.FROM_NEIGHBOURS, SubjectModel.Feature.PRIOR_LOG,
                SubjectModel.Feature.CHECK_TAG));

        private final String label;
        private final Set<SubjectModel.Feature> features;

        Variant(String label, Set<SubjectModel.Feature> features) {
            this.label = label;
            this.features = features;
        }

        public String label() {
            return label;
        }

        public Set<SubjectModel.Feature> features() {
            return features;
        }

        private static Set<SubjectModel.Feature> union(Set<SubjectModel.Feature> some, SubjectModel.Feature... more) {
            Set<SubjectModel.Feature> out = EnumSet.copyOf(some);
            out.addAll(List.of(more));
            return out;
        }

        /** Whether this variant would have the candidate at all. */
        boolean considers(SubjectCandidates.Candidate c) {
            return switch (this) {
                case COMBINED -> true;
                case MENTIONS_ONLY -> !c.mentions().isEmpty();
                case NEIGHBOURS_ONLY -> !c.neighbours().isEmpty();
            };
        }
    }

    private final SubjectSuggester suggester;
    private final Set<String> accessLevels;
    private final Set<String> leftOut;
    private final SubjectStatistics statistics;
    private final Map<String, WordClassifiers> classifiers = new java.util.concurrent.ConcurrentHashMap<>();
    private volatile boolean memoise;

    /**
     * @param leftOut    PIDs of articles of the collection that are never neighbours (the test articles)
     * @param statistics the collection's statistics counted without {@code leftOut}
     */
    public SubjectEvaluation(SubjectSuggester suggester, Set<String> accessLevels, Set<String> leftOut,
                             SubjectStatistics statistics) {
        this.suggester = suggester;
        this.accessLevels = Set.copyOf(accessLevels);
        this.leftOut = Set.copyOf(leftOut);
        this.statistics = statistics;
    }

    /** Finds the mentions and neighbours of a case and its candidates from both. Blocking (embeds the text). */
    public Prepared prepare(Case c) {
        List<Mention> mentions = suggester.finder().find(c.title(), c.abstractText()).mentions();
        List<Neighbours.Neighbour> near = suggester.neighbours(c.title(), c.abstractText(), accessLevels, excluded(c));
        return withCandidates(c, mentions, near, suggester.names(c.title(), c.abstractText()));
    }

    /** As {@link #prepare(Case)}, with the {@code k} nearest neighbours found as the suggester finds them. Blocking. */
    public Prepared prepare(Case c, int k) {
        Neighbours n = suggester.neighbourSearch().orElseThrow(() -> new IllegalStateException("no vector index"));
        List<Mention> mentions = suggester.finder().find(c.title(), c.abstractText()).mentions();
        Set<String> excluded = excluded(c);
        Neighbours.Settings s = new Neighbours.Settings(n.settings().embedded(), n.settings().byWords(), k);
        List<Neighbours.Neighbour> near = n.fuse(n.find(c.title(), c.abstractText(), s, accessLevels, excluded.size()),
                excluded, k);
        return withCandidates(c, mentions, near, suggester.names(c.title(), c.abstractText()));
    }

    /**
     * A prepared case again with only its {@code k} nearest neighbours, each weighing its fused score to the power
     * {@code power} (0: every neighbour counts the same; 1: as the suggester weighs them).
     */
    public Prepared withNeighbours(Prepared p, int k, double power) {
        List<Neighbours.Neighbour> near = p.neighbours().stream().limit(k)
                .map(n -> power == 1 ? n : new Neighbours.Neighbour(n.pid(), n.title(), n.similarity(),
                        Math.pow(n.weight(), power), n.termIds()))
                .toList();
        return withCandidates(p.source(), p.mentions(), near, p.names());
    }

    /** A prepared case again with other terms as those with the nearest names (another part of the text embedded, another k). */
    public Prepared withNames(Prepared p, List<NearestNames.Match> names) {
        return withCandidates(p.source(), p.mentions(), p.neighbours(), names);
    }

    private Prepared withCandidates(Case c, List<Mention> mentions, List<Neighbours.Neighbour> near,
                                    List<NearestNames.Match> names) {
        List<SubjectCandidates.Candidate> candidates = SubjectCandidates.of(mentions, near, names, statistics(c, mentions),
                suggester.checkTags(), suggester.broader(), suggester.narrower(), true, true, true, suggester.checkTags());
        SubjectCandidates.describeAges(candidates, StudiedAges.of(c.title(), c.abstractText()), suggester.ageGroups());
        return new Prepared(c, WordClassifiers.words(c.title(), c.abstractText()), mentions, near, names, candidates);
    }

    private Set<String> excluded(Case c) {
        if (c.pidInBase() == null) {
            return leftOut;
        }
        Set<String> out = new HashSet<>(leftOut);
        out.add(c.pidInBase());
        return out;
    }

    private TermUse statistics(Case c, List<Mention> mentions) {
        if (c.pidInBase() == null || leftOut.contains(c.pidInBase())) {
            return statistics;
        }
        return statistics.leavingOut(c.gold(), mentions.stream().filter(m -> !m.negated()).map(Mention::termId)
                .collect(Collectors.toSet()));
    }

    /**
     * What the index returns for a case under every setting compared: the mentions, the neighbours by the
     * embedding of the first chunk and of the title, and by words; found once, fused per setting.
     */
    public record Searched(Case source, List<Mention> mentions, List<ChunkHit> firstChunk,
                           List<ChunkHit> title, List<ChunkHit> words, List<NearestNames.Match> names) {}

    /**
     * Searches the index for a case under the widest settings ({@code k} neighbours at most), and finds the terms with
     * the nearest names as the suggester does. Blocking (embeds up to three times).
     */
    public Searched search(Case c, int k) {
        Neighbours n = suggester.neighbourSearch().orElseThrow(() -> new IllegalStateException("no vector index"));
        List<Mention> mentions = suggester.finder().find(c.title(), c.abstractText()).mentions();
        int excluded = excluded(c).size();
        Neighbours.Found first = n.find(c.title(), c.abstractText(),
                new Neighbours.Settings(Neighbours.Embedded.FIRST_CHUNK, true, k), accessLevels, excluded);
        Neighbours.Found title = n.find(c.title(), c.abstractText(),
                new Neighbours.Settings(Neighbours.Embedded.TITLE, false, k), accessLevels, excluded);
        return new Searched(c, mentions, first.byMeaning(), title.byMeaning(), first.byWords(),
                suggester.names(c.title(), c.abstractText()));
    }

    /** A searched case prepared as the suggester would under {@code s}. */
    public Prepared prepare(Searched searched, Neighbours.Settings s) {
        Neighbours n = suggester.neighbourSearch().orElseThrow();
        List<ChunkHit> meaning = switch (s.embedded()) {
            case NONE -> List.of();
            case TITLE -> searched.title();
            case FIRST_CHUNK -> searched.firstChunk();
        };
        List<Neighbours.Neighbour> near = n.fuse(new Neighbours.Found(meaning, s.byWords() ? searched.words() : List.of()),
                excluded(searched.source()), s.k());
        return withCandidates(searched.source(), searched.mentions(), near, searched.names());
    }

    /**
     * How a model is fitted: with classifiers of their own for the check tags or not, their LIBLINEAR C (the
     * descriptors' word classifiers use it too), whether the {@link SubjectModel.Feature#SECOND_ORDER} features are
     * used, the positive articles a descriptor needs for a word classifier (0: none), and whether the terms with the
     * nearest names ({@link SubjectModel.Feature#NAMES}) and those next to a mentioned term in the tree
     * ({@link SubjectModel.Feature#TREE}) are candidates with their features.
     */
    public record Fitting(boolean checkTagClassifiers, double checkTagC, boolean secondOrder, int wordsMinPositives,
                          boolean names, boolean tree, Scorer scorer, boolean ages) {
        /**
         * C 0.25: on dev, cross-fitted, 0.490 against 0.486 at 0.5, 0.488 at 0.1 and 0.479 without the classifiers;
         * with the second-order features 0.493 against 0.489 (the third test part's dev, demo base).
         */
        public static final Fitting BEFORE_WORDS = new Fitting(true, 0.25, true, 0, false, false);

        /**
         * With word classifiers for the descriptors with 20 positive articles or more: on the fourth test part's dev,
         * demo base, cross-fitted, 0.4978 against 0.4944 without them (mean of three partings into folds, each
         * +0.0034 or +0.0035), 0.4970 with 40 or with 80 or more; also making a descriptor a candidate when its
         * classifier gives it 0.3 or more did not add to that (0.4978).
         */
        public static final Fitting WORDS = BEFORE_WORDS.withWords(20);

        /**
         * With the 20 terms whose names are nearest to the embedding of the title as candidates too: on the sixth test
         * part's dev, demo base, cross-fitted, 0.5055 against 0.4988 (each of three partings +0.0065 to +0.0070, which
         * move by 0.0003); the first chunk's embedding 0.5059, as good, at twice the cost of embedding; the terms next
         * to a mentioned one in the tree 0.4973 alone and 0.5052 with the first chunk's names.
         */
        public static final Fitting NAMES = WORDS.withNames(true);

        /**
         * With boosted trees added to the logistic model's log-odds. First 100 of depth 4 (rate 0.2): on the seventh test
         * part's dev, demo base, cross-fitted, 0.5217 against 0.5044 for the logistic model alone (each of three partings
         * +0.0173, which move by 0.0010); the trees alone 0.5170, the logistic model with hinges and products 0.5134.
         * Now 300 of depth 6 (rate 0.05): on the eighth test part's dev, 0.5210 against 0.5193 for the 100 of depth 4
         * (each of three partings +0.0013 to +0.0021, which move those by 0.0012); 200 of depth 4 (rate 0.1) +0.0000,
         * 200 of depth 5 (rate 0.1) +0.0009, 300 of depth 5 (rate 0.07) +0.0011, a leaf penalty of 10 and least hessian
         * of 50 on 200 of depth 5 +0.0002, on 100 of depth 4 -0.0002.
         */
        public static final String DEFAULT_SCORER = "logistic+trees:300:6:0.05";

        /**
         * With the age groups' classifiers reading the ages the text states ({@link StudiedAges}): on the ninth test
         * part's dev, demo base, cross-fitted, 0.5233 against 0.5206 (each of three partings +0.0023 to +0.0030, which
         * move by 0.0004); Male and Female reading the sexes stated +0.0003, both together +0.0030.
         */
        public static final Fitting DEFAULT = NAMES.withScorer(Scorer.parse(DEFAULT_SCORER)).withAges(true);

        /** Without the ages stated. */
        public Fitting(boolean checkTagClassifiers, double checkTagC, boolean secondOrder, int wordsMinPositives,
                       boolean names, boolean tree, Scorer scorer) {
            this(checkTagClassifiers, checkTagC, secondOrder, wordsMinPositives, names, tree, scorer, false);
        }

        public Fitting(boolean checkTagClassifiers, double checkTagC, boolean secondOrder) {
            this(checkTagClassifiers, checkTagC, secondOrder, 0, false, false);
        }

        /** With the logistic scorer. */
        public Fitting(boolean checkTagClassifiers, double checkTagC, boolean secondOrder, int wordsMinPositives,
                       boolean names, boolean tree) {
            this(checkTagClassifiers, checkTagC, secondOrder, wordsMinPositives, names, tree, Scorer.LOGISTIC);
        }

        /** This fitting with another scorer for the combined model (the baselines stay logistic). */
        public Fitting withScorer(Scorer other) {
            return new Fitting(checkTagClassifiers, checkTagC, secondOrder, wordsMinPositives, names, tree, other, ages);
        }

        /** This fitting with word classifiers for every descriptor (not a check tag) with at least {@code minPositives} positive articles. */
        public Fitting withWords(int minPositives) {
            return new Fitting(checkTagClassifiers, checkTagC, secondOrder, minPositives, names, tree, scorer, ages);
        }

        /** This fitting with the terms with the nearest names as candidates, or without. */
        public Fitting withNames(boolean with) {
            return new Fitting(checkTagClassifiers, checkTagC, secondOrder, wordsMinPositives, with, tree, scorer, ages);
        }

        /** This fitting with the terms directly broader and narrower than a mentioned term as candidates, or without. */
        public Fitting withTree(boolean with) {
            return new Fitting(checkTagClassifiers, checkTagC, secondOrder, wordsMinPositives, names, with, scorer, ages);
        }

        /**
         * This fitting with the age groups' classifiers reading the ages the text states ({@link SubjectModel.Feature#AGES})
         * besides the words, or not.
         */
        public Fitting withAges(boolean with) {
            return new Fitting(checkTagClassifiers, checkTagC, secondOrder, wordsMinPositives, names, tree, scorer, with);
        }

        /** The features the check tags' classifiers read besides the words. */
        List<SubjectModel.Feature> checkTagFeatures() {
            return ages ? WordClassifiers.READ : WordClassifiers.FEATURES;
        }

        public String label() {
            return (checkTagClassifiers ? "check tag classifiers (C " + checkTagC + ")" : "no check tag classifiers")
                    + (secondOrder ? ", second-order features" : "")
                    + (wordsMinPositives > 0 ? ", word classifiers (>= " + wordsMinPositives + " positives)" : "")
                    + (names ? ", nearest names" : "") + (tree ? ", broader and narrower of mentions" : "")
                    + (scorer.equals(Scorer.LOGISTIC) ? "" : ", " + scorer.label())
                    + (ages ? ", age groups read the ages stated" : "");
        }

        Set<SubjectModel.Feature> features(Variant variant) {
            Set<SubjectModel.Feature> out = EnumSet.copyOf(variant.features());
            if (!secondOrder) {
                out.removeAll(SubjectModel.Feature.SECOND_ORDER);
            }
            if (wordsMinPositives <= 0 || variant != Variant.COMBINED) {
                out.removeAll(SubjectModel.Feature.WORDS);
            }
            if (!names || variant != Variant.COMBINED) {
                out.removeAll(SubjectModel.Feature.NAMES);
            }
            if (!tree || variant != Variant.COMBINED) {
                out.removeAll(SubjectModel.Feature.TREE);
            }
            out.removeAll(SubjectModel.Feature.AGES);
            return out;
        }
    }

    /**
     * What scores the combined model's candidates (the check tags' own classifiers aside): the logistic regression over
     * the features, the same with hinges and products ({@link SubjectModel#piecewise}), boosted trees from the base
     * rate, or boosted trees from the logistic model's margin (they learn what it leaves).
     */
    public record Scorer(Kind kind, BoostedTrees.Settings trees) {
        public enum Kind { LOGISTIC, PIECEWISE, TREES, TREES_ON_LOGISTIC }

        public static final Scorer LOGISTIC = new Scorer(Kind.LOGISTIC, null);
        public static final Scorer PIECEWISE = new Scorer(Kind.PIECEWISE, null);

        public String label() {
            return switch (kind) {
                case LOGISTIC -> "logistic";
                case PIECEWISE -> "logistic with hinges and products";
                case TREES -> "boosted trees (" + trees.label() + ")";
                case TREES_ON_LOGISTIC -> "logistic + boosted trees (" + trees.label() + ")";
            };
        }

        /**
         * {@code logistic}, {@code piecewise}, {@code trees:N:DEPTH:RATE} or {@code logistic+trees:N:DEPTH:RATE}, either
         * optionally followed by {@code :LAMBDA} (the L2 penalty on a leaf's value) and {@code :MINHESSIAN} (the least
         * hessian a leaf must hold); the settings not given are those of {@link BoostedTrees.Settings#DEFAULT}.
         */
        public static Scorer parse(String s) {
            String t = s.trim();
            if (t.equals("logistic")) {
                return LOGISTIC;
            }
            if (t.equals("piecewise")) {
                return PIECEWISE;
            }
            boolean on = t.startsWith("logistic+");
            String[] bits = (on ? t.substring("logistic+".length()) : t).split(":");
            if (!bits[0].equals("trees")) {
                throw new IllegalArgumentException("logistic, piecewise, trees:N:DEPTH:RATE[:LAMBDA[:MINHESSIAN]] or "
                        + "logistic+trees:N:DEPTH:RATE[:LAMBDA[:MINHESSIAN]], not " + s);
            }
            BoostedTrees.Settings d = BoostedTrees.Settings.DEFAULT;
            BoostedTrees.Settings settings = new BoostedTrees.Settings(
                    bits.length > 1 ? Integer.parseInt(bits[1]) : d.trees(), bits.length > 2 ? Integer.parseInt(bits[2]) : d.depth(),
                    bits.length > 3 ? Double.parseDouble(bits[3]) : d.learningRate(),
                    bits.length > 4 ? Double.parseDouble(bits[4]) : d.lambda(), bits.length > 5 ? Double.parseDouble(bits[5]) : d.minHessian(),
                    d.bins());
            return new Scorer(on ? Kind.TREES_ON_LOGISTIC : Kind.TREES, settings);
        }
    }

    /** The model of a variant fitted on {@code dev}, with the cut-off where its micro-F1 on {@code dev} is highest. */
    public SubjectModel fit(Variant variant, List<Prepared> dev, Fitting fitting, String description) {
        SubjectModel model = fitWithoutCutOff(variant, dev, fitting, description);
        return model.withThreshold(bestThreshold(scored(variant, dev, p -> model), 0));
    }

    /**
     * The scores of a variant fitted and measured by cross-fitting on {@code dev}: each of {@code folds} parts (by
     * PMID) scored by a model fitted on the others, one cut-off chosen on all the scores so made; an honest
     * figure for models that learn many weights (the check tags' words).
     */
    public Result crossFitted(Variant variant, List<Prepared> dev, Fitting fitting, int folds) {
        return crossFitted(variant, dev, fitting, folds, 0);
    }

    /**
     * As {@link #crossFitted(Variant, List, Fitting, int)} with the articles parted into folds another way:
     * {@code seed} 0 by PMID, any other by a hash of the PMID and the seed; how much a figure moves from one
     * parting to another is the spread a difference between two ways of fitting must exceed.
     */
    public Result crossFitted(Variant variant, List<Prepared> dev, Fitting fitting, int folds, int seed) {
        List<Scored> scored = crossScored(variant, dev, fitting, folds, seed);
        return evaluate(variant, scored, bestThreshold(scored, 0), 0);
    }

    /** A cross-fitted result with the scores of each check tag apart. */
    public record Detailed(Result result, Map<String, Scores> byCheckTag) {}

    /**
     * The combined model cross-fitted as {@link #crossFitted(Variant, List, Fitting, int, int)}, its age groups'
     * classifiers without and with the ages stated ({@code ages}, in that order), with each check tag's scores. The rest of
     * each fold's model is fitted once and shared: it never scores a check tag that has a classifier of its own, nor reads
     * the ages, so it is the same either way.
     */
    public List<Detailed> crossFittedAges(List<Prepared> dev, Fitting fitting, List<Boolean> ages, int folds, int seed) {
        List<SubjectModel> models = new ArrayList<>();
        List<List<Prepared>> fitted = new ArrayList<>();
        for (int f = 0; f < folds; f++) {
            int fold = f;
            List<Prepared> rest = dev.stream().filter(p -> foldOf(p, folds, seed) != fold).toList();
            fitted.add(rest);
            models.add(fitWithoutCutOff(Variant.COMBINED, rest, fitting.withAges(false), "fold " + f));
        }
        List<Detailed> out = new ArrayList<>();
        for (boolean read : ages) {
            List<SubjectModel> these = new ArrayList<>();
            for (int f = 0; f < folds; f++) {
                these.add(!read || !fitting.checkTagClassifiers() ? models.get(f)
                        : models.get(f).withCheckTags(checkTagClassifiers(fitted.get(f), fitting.withAges(true))));
            }
            List<Scored> scored = scored(Variant.COMBINED, dev, p -> these.get(foldOf(p, folds, seed)));
            double threshold = bestThreshold(scored, 0);
            out.add(new Detailed(evaluate(Variant.COMBINED, scored, threshold, 0), byCheckTag(scored, threshold)));
        }
        return out;
    }

    /** Each check tag's true and false positives and false negatives at {@code threshold}. */
    private Map<String, Scores> byCheckTag(List<Scored> cases, double threshold) {
        Set<String> checkTags = suggester.checkTags();
        Map<String, long[]> counts = new TreeMap<>();
        for (Scored s : cases) {
            boolean[] keep = new boolean[s.scores().length];
            for (int i = 0; i < keep.length; i++) {
                keep[i] = s.scores()[i] >= threshold;
            }
            Set<String> suggested = suggested(s, keep);
            Set<String> truth = s.prepared().source().gold();
            for (String tag : checkTags) {
                boolean said = suggested.contains(tag);
                boolean right = truth.contains(tag);
                if (said || right) {
                    counts.computeIfAbsent(tag, k -> new long[3])[said && right ? 0 : said ? 1 : 2]++;
                }
            }
        }
        Map<String, Scores> out = new java.util.LinkedHashMap<>();
        counts.forEach((tag, c) -> out.put(tag, new Scores(c[0], c[1], c[2])));
        return out;
    }

    private List<Scored> crossScored(Variant variant, List<Prepared> dev, Fitting fitting, int folds, int seed) {
        List<SubjectModel> models = new ArrayList<>();
        for (int f = 0; f < folds; f++) {
            int fold = f;
            models.add(fitWithoutCutOff(variant, dev.stream().filter(p -> foldOf(p, folds, seed) != fold).toList(), fitting,
                    "fold " + f));
        }
        return scored(variant, dev, p -> models.get(foldOf(p, folds, seed)));
    }

    /**
     * A cut-off that also looks at how many descriptors the text is predicted to have ({@link SubjectCount}): a
     * candidate is kept when its score reaches the global threshold, or when it is among the text's best
     * {@code share} times the predicted count and its score reaches {@code floor}. Without {@code threshold}
     * only the second rule keeps candidates (top N).
     */
    public record CountCutOff(double share, double floor, boolean threshold) {
        public String label() {
            return String.format(java.util.Locale.ROOT, "%s%.2f x predicted count, floor %.2f",
                    threshold ? "threshold, or top " : "only top ", share, floor);
        }
    }

    /** A count cut-off's scores, and how far the predicted counts are from the indexers' (mean absolute error). */
    public record CountResult(CountCutOff cutOff, Result result, double meanAbsoluteError) {}

    /**
     * Cross-fitted as {@link #crossFitted(Variant, List, Fitting, int, int)}, each fold's count predictor fitted
     * on the other folds too, then each count cut-off measured with the global threshold that suits it best.
     */
    public List<CountResult> crossFittedCounts(Variant variant, List<Prepared> dev, Fitting fitting, int folds, int seed,
                                               List<CountCutOff> cutOffs) {
        List<Scored> scored = crossScored(variant, dev, fitting, folds, seed);
        List<double[]> x = scored.stream().map(s -> SubjectCount.features(s.prepared().words(), s.prepared().mentions(),
                s.prepared().neighbours(), Arrays.stream(s.scores()).sum())).toList();
        double[] predicted = new double[scored.size()];
        for (int f = 0; f < folds; f++) {
            List<double[]> rows = new ArrayList<>();
            List<Integer> counts = new ArrayList<>();
            for (int i = 0; i < scored.size(); i++) {
                if (foldOf(scored.get(i).prepared(), folds, seed) != f) {
                    rows.add(x.get(i));
                    counts.add(scored.get(i).prepared().source().gold().size());
                }
            }
            SubjectCount count = SubjectCount.fit(rows, counts);
            for (int i = 0; i < scored.size(); i++) {
                if (foldOf(scored.get(i).prepared(), folds, seed) == f) {
                    predicted[i] = count.predict(x.get(i));
                }
            }
        }
        double error = 0;
        for (int i = 0; i < scored.size(); i++) {
            error += Math.abs(predicted[i] - scored.get(i).prepared().source().gold().size()) / scored.size();
        }
        List<CountResult> out = new ArrayList<>();
        for (CountCutOff cut : cutOffs) {
            List<boolean[]> forced = new ArrayList<>();
            for (int i = 0; i < scored.size(); i++) {
                forced.add(topWithin(scored.get(i).scores(), (int) Math.round(cut.share() * predicted[i]), cut.floor()));
            }
            double threshold = cut.threshold() ? bestThreshold(scored, forced) : Double.POSITIVE_INFINITY;
            Map<Scored, boolean[]> byCase = new java.util.IdentityHashMap<>();
            for (int i = 0; i < scored.size(); i++) {
                byCase.put(scored.get(i), forced.get(i));
            }
            out.add(new CountResult(cut, evaluate(variant, scored, s -> {
                boolean[] keep = byCase.get(s).clone();
                for (int j = 0; j < keep.length; j++) {
                    keep[j] |= s.scores()[j] >= threshold;
                }
                return keep;
            }, threshold, 0), error));
        }
        return out;
    }

    /** Which of the scores are among the {@code n} best and reach {@code floor}. */
    private static boolean[] topWithin(double[] scores, int n, double floor) {
        Integer[] order = new Integer[scores.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingDouble((Integer i) -> scores[i]).reversed());
        boolean[] out = new boolean[scores.length];
        for (int r = 0; r < Math.min(n, order.length); r++) {
            out[order[r]] = scores[order[r]] >= floor;
        }
        return out;
    }

    /** The global threshold that maximises micro-F1 when the {@code forced} candidates are kept whatever their score. */
    private static double bestThreshold(List<Scored> cases, List<boolean[]> forced) {
        List<double[]> rest = new ArrayList<>();
        long gold = 0;
        long kept = 0;
        long tp = 0;
        for (int c = 0; c < cases.size(); c++) {
            Scored s = cases.get(c);
            Set<String> truth = s.prepared().source().gold();
            gold += truth.size();
            for (int i = 0; i < s.considered().size(); i++) {
                boolean right = truth.contains(s.considered().get(i).termId());
                if (forced.get(c)[i]) {
                    kept++;
                    tp += right ? 1 : 0;
                } else {
                    rest.add(new double[] {s.scores()[i], right ? 1 : 0});
                }
            }
        }
        rest.sort(Comparator.comparingDouble((double[] x) -> x[0]).reversed());
        double best = Double.POSITIVE_INFINITY;
        double bestF1 = f1(tp, kept, gold);
        for (int i = 0; i < rest.size(); i++) {
            tp += (long) rest.get(i)[1];
            kept++;
            if (i + 1 < rest.size() && rest.get(i + 1)[0] == rest.get(i)[0]) {
                continue;
            }
            double f1 = f1(tp, kept, gold);
            if (f1 > bestF1) {
                bestF1 = f1;
                best = rest.get(i)[0];
            }
        }
        return best;
    }

    private static double f1(long tp, long kept, long gold) {
        double precision = kept == 0 ? 0 : (double) tp / kept;
        double recall = gold == 0 ? 0 : (double) tp / gold;
        return precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall);
    }

    /**
     * As {@link #crossFitted}, once for each fraction of a text's best score as its own cut-off, the global
     * threshold chosen for each on all the cross-fitted scores.
     */
    public List<Result> crossFittedCutOffs(Variant variant, List<Prepared> dev, Fitting fitting, int folds,
                                           List<Double> relativeCutOffs) {
        List<SubjectModel> models = new ArrayList<>();
        for (int f = 0; f < folds; f++) {
            int fold = f;
            models.add(fitWithoutCutOff(variant, dev.stream().filter(p -> foldOf(p, folds) != fold).toList(), fitting, "fold " + f));
        }
        List<Scored> scored = scored(variant, dev, p -> models.get(foldOf(p, folds)));
        return relativeCutOffs.stream().map(f -> evaluate(variant, scored, bestThreshold(scored, f), f)).toList();
    }

    private static int foldOf(Prepared p, int folds) {
        return foldOf(p, folds, 0);
    }

    private static int foldOf(Prepared p, int folds, int seed) {
        long pmid = Long.parseLong(p.source().pmid());
        return seed == 0 ? (int) (pmid % folds) : new java.util.SplittableRandom(pmid * 1_000_003L + seed).nextInt(folds);
    }

    private SubjectModel fitWithoutCutOff(Variant variant, List<Prepared> dev, Fitting fitting, String description) {
        Set<String> checkTags = suggester.checkTags();
        WordClassifiers tags = variant == Variant.COMBINED && fitting.checkTagClassifiers()
                ? checkTagClassifiers(dev, fitting) : WordClassifiers.NONE;
        boolean words = variant == Variant.COMBINED && fitting.wordsMinPositives() > 0;
        WordClassifiers descriptors = WordClassifiers.NONE;
        // The combined model learns the word classifiers' weight from probabilities they give articles they were not
        // fitted on (each half of dev scored by classifiers fitted on the other half): on their own articles they
        // are overconfident.
        Map<Prepared, WordClassifiers> stacked = new java.util.IdentityHashMap<>();
        if (words) {
            descriptors = fitWords(dev, checkTags, fitting);
            // Each half's classifiers for the same descriptors as the final ones, so a descriptor that has one when
            // scored had one when the combined model learnt from it.
            Set<String> modelled = descriptors.byTerm().keySet();
            for (int half = 0; half < 2; half++) {
                int h = half;
                List<Prepared> rest = dev.stream().filter(p -> halfOf(p) != h).toList();
                WordClassifiers other = fitClassifiers(examples(rest, modelled::contains), modelled, fitting.checkTagC(), 1);
                dev.stream().filter(p -> halfOf(p) == h).forEach(p -> stacked.put(p, other));
            }
        }
        Set<SubjectModel.Feature> used = fitting.features(variant);
        List<double[]> rows = new ArrayList<>();
        List<Boolean> labels = new ArrayList<>();
        for (Prepared p : dev) {
            WordClassifiers own = stacked.getOrDefault(p, WordClassifiers.NONE);
            for (SubjectCandidates.Candidate c : p.candidates()) {
                if (variant.considers(c) && c.found(used) && !tags.byTerm().containsKey(c.termId())) {
                    rows.add(words ? SubjectModel.withWords(own, c.termId(), c.features(), p.words()) : c.features());
                    labels.add(p.source().gold().contains(c.termId()));
                }
            }
        }
        Scorer scorer = variant == Variant.COMBINED ? fitting.scorer() : Scorer.LOGISTIC;
        return fit(rows, labels, used, scorer, description).withCheckTags(tags).withDescriptors(descriptors);
    }

    private WordClassifiers checkTagClassifiers(List<Prepared> dev, Fitting fitting) {
        Set<String> checkTags = suggester.checkTags();
        return fitClassifiers(examples(dev, checkTags::contains), checkTags, fitting.checkTagC(), WordClassifiers.MIN_POSITIVES,
                fitting.checkTagFeatures());
    }

    /** The scoring part of a model fitted on candidates' feature values and whether each is a subject. */
    static SubjectModel fit(List<double[]> rows, List<Boolean> labels, Set<SubjectModel.Feature> used, Scorer scorer,
                            String description) {
        switch (scorer.kind()) {
            case LOGISTIC:
                return SubjectModel.fit(rows, labels, used, description);
            case PIECEWISE:
                return SubjectModel.fit(rows, labels, used, SubjectModel.piecewise(rows, used), description);
            default:
                break;
        }
        int[] columns = used.stream().mapToInt(Enum::ordinal).sorted().toArray();
        double[] start = new double[rows.size()];
        SubjectModel base;
        if (scorer.kind() == Scorer.Kind.TREES_ON_LOGISTIC) {
            base = SubjectModel.fit(rows, labels, used, description);
            for (int i = 0; i < start.length; i++) {
                start[i] = base.linearMargin(rows.get(i));
            }
        } else {
            double positives = labels.stream().filter(b -> b).count();
            double rate = Math.min(Math.max(positives / Math.max(1, labels.size()), 1e-6), 1 - 1e-6);
            double bias = Math.log(rate / (1 - rate));
            java.util.Arrays.fill(start, bias);
            base = new SubjectModel(bias, new double[SubjectModel.Feature.values().length], 0.5, used, description,
                    WordClassifiers.NONE, WordClassifiers.NONE);
        }
        return base.withTrees(BoostedTrees.fit(rows, labels, start, columns, scorer.trees()));
    }

    private WordClassifiers fitWords(List<Prepared> dev, Set<String> checkTags, Fitting fitting) {
        Set<String> terms = new HashSet<>();
        dev.forEach(p -> terms.addAll(p.source().gold()));
        terms.removeAll(checkTags);
        return fitClassifiers(examples(dev, terms::contains), terms, fitting.checkTagC(), fitting.wordsMinPositives());
    }

    /**
     * From now on, fits word classifiers only once for the same examples ({@link #classifierKey}) and keeps them: what
     * a comparison of candidate sources needs, whose settings share their classifiers (they read no feature of the
     * other sources), fitted three times per fold and parting otherwise. Costs memory for every distinct fit.
     */
    public void memoiseClassifiers() {
        memoise = true;
    }

    private WordClassifiers fitClassifiers(List<WordClassifiers.Example> examples, Set<String> terms, double c,
                                           int minPositives) {
        return fitClassifiers(examples, terms, c, minPositives, WordClassifiers.FEATURES);
    }

    private WordClassifiers fitClassifiers(List<WordClassifiers.Example> examples, Set<String> terms, double c,
                                           int minPositives, List<SubjectModel.Feature> features) {
        if (!memoise) {
            return WordClassifiers.fit(examples, terms, c, minPositives, features);
        }
        return classifiers.computeIfAbsent(classifierKey(examples, terms, c, minPositives, features),
                k -> WordClassifiers.fit(examples, terms, c, minPositives, features));
    }

    /**
     * What word classifiers fitted on {@code examples} depend on, as a digest: the terms, C and positives asked for, and
     * each example's words, descriptors and the non-zero values of the features the classifiers read
     * ({@link WordClassifiers#FEATURES}; a term without them reads as one with zeros).
     */
    static String classifierKey(List<WordClassifiers.Example> examples, Set<String> terms, double c, int minPositives) {
        return classifierKey(examples, terms, c, minPositives, WordClassifiers.FEATURES);
    }

    /** As {@link #classifierKey(List, Set, double, int)} for classifiers that read {@code features} besides the words. */
    static String classifierKey(List<WordClassifiers.Example> examples, Set<String> terms, double c, int minPositives,
                                List<SubjectModel.Feature> features) {
        java.security.MessageDigest sha;
        try {
            sha = java.security.MessageDigest.getInstance("SHA-256");
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        StringBuilder b = new StringBuilder().append(c).append(' ').append(minPositives).append(' ')
                .append(new java.util.TreeSet<>(terms)).append(features);
        for (WordClassifiers.Example e : examples) {
            b.append('|').append(new java.util.TreeSet<>(e.words())).append(new java.util.TreeSet<>(e.gold()));
            for (String t : new java.util.TreeSet<>(e.features().keySet())) {
                double[] x = e.features().get(t);
                StringBuilder values = new StringBuilder();
                for (SubjectModel.Feature f : features) {
                    if (x[f.ordinal()] != 0) {
                        values.append(f.ordinal()).append('=').append(Double.doubleToLongBits(x[f.ordinal()])).append(',');
                    }
                }
                if (!values.isEmpty()) {
                    b.append(t).append('{').append(values).append('}');
                }
            }
            if (b.length() > 1 << 16) {
                sha.update(b.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
                b.setLength(0);
            }
        }
        sha.update(b.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        return java.util.HexFormat.of().formatHex(sha.digest());
    }

    private static int halfOf(Prepared p) {
        return new java.util.SplittableRandom(Long.parseLong(p.source().pmid()) * 7_919L + 17).nextInt(2);
    }

    private static List<WordClassifiers.Example> examples(List<Prepared> dev, java.util.function.Predicate<String> modelled) {
        List<WordClassifiers.Example> out = new ArrayList<>(dev.size());
        for (Prepared p : dev) {
            Map<String, double[]> features = new HashMap<>();
            p.candidates().stream().filter(c -> modelled.test(c.termId())).forEach(c -> features.put(c.termId(), c.features()));
            out.add(new WordClassifiers.Example(p.words(), features, p.source().gold()));
        }
        return out;
    }

    /** A case's candidates that a model considers, with their scores. */
    private record Scored(Prepared prepared, List<SubjectCandidates.Candidate> considered, double[] scores) {
        double best() {
            return Arrays.stream(scores).max().orElse(0);
        }
    }

    private static List<Scored> scored(Variant variant, List<Prepared> cases, Function<Prepared, SubjectModel> modelOf) {
        List<Scored> out = new ArrayList<>(cases.size());
        for (Prepared p : cases) {
            SubjectModel model = modelOf.apply(p);
            List<SubjectCandidates.Candidate> considered = p.candidates().stream()
                    .filter(c -> variant.considers(c) && (c.found(model.features())
                            || model.checkTags().byTerm().containsKey(c.termId())))
                    .toList();
            double[] scores = considered.stream().mapToDouble(c -> model.score(c.termId(), c.features(), p.words())).toArray();
            out.add(new Scored(p, considered, scores));
        }
        return out;
    }

    /**
     * The global threshold that maximises micro-F1 over every descriptor of the cases, among the candidates whose
     * score reaches {@code relative} times the best of their case.
     */
    private static double bestThreshold(List<Scored> cases, double relative) {
        List<double[]> scored = new ArrayList<>();
        long gold = 0;
        for (Scored s : cases) {
            Set<String> truth = s.prepared().source().gold();
            gold += truth.size();
            double floor = relative * s.best();
            for (int i = 0; i < s.considered().size(); i++) {
                if (s.scores()[i] < floor) {
                    continue;
                }
                scored.add(new double[] {s.scores()[i], truth.contains(s.considered().get(i).termId()) ? 1 : 0});
            }
        }
        scored.sort(Comparator.comparingDouble((double[] x) -> x[0]).reversed());
        long tp = 0;
        double bestF1 = -1;
        double best = 0.5;
        for (int i = 0; i < scored.size(); i++) {
            tp += (long) scored.get(i)[1];
            if (i + 1 < scored.size() && scored.get(i + 1)[0] == scored.get(i)[0]) {
                continue;
            }
            double precision = (double) tp / (i + 1);
            double recall = gold == 0 ? 0 : (double) tp / gold;
            double f1 = precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall);
            if (f1 > bestF1) {
                bestF1 = f1;
                best = scored.get(i)[0];
            }
        }
        return best;
    }

    /** How many candidates a variant fitted this way has per case on average, besides the check tags. */
    public static double candidatesPerCase(Variant variant, List<Prepared> cases, Fitting fitting) {
        Set<SubjectModel.Feature> used = fitting.features(variant);
        return cases.stream().mapToLong(p -> p.candidates().stream().filter(c -> variant.considers(c) && c.found(used)).count())
                .average().orElse(0);
    }

    /** The scores of a variant's model on prepared cases: what {@link SubjectSuggester#subjects} would suggest. */
    public Result evaluate(Variant variant, SubjectModel model, List<Prepared> cases) {
        return evaluate(variant, scored(variant, cases, p -> model), model.threshold(), 0);
    }

    private Result evaluate(Variant variant, List<Scored> cases, double threshold, double relative) {
        return evaluate(variant, cases, s -> {
            boolean[] keep = new boolean[s.scores().length];
            double best = s.best();
            for (int i = 0; i < keep.length; i++) {
                keep[i] = s.scores()[i] >= threshold && s.scores()[i] >= relative * best;
            }
            return keep;
        }, threshold, relative);
    }

    private Result evaluate(Variant variant, List<Scored> cases, Function<Scored, boolean[]> kept, double threshold,
                            double relative) {
        Set<String> checkTags = suggester.checkTags();
        long[] all = new long[3];
        long[] without = new long[3];
        long inCandidates = 0;
        long gold = 0;
        for (Scored s : cases) {
            Set<String> suggested = suggested(s, kept.apply(s));
            Set<String> truth = s.prepared().source().gold();
            gold += truth.size();
            inCandidates += s.considered().stream().filter(c -> truth.contains(c.termId())).count();
            count(suggested, truth, all);
            count(without(suggested, checkTags), without(truth, checkTags), without);
        }
        return new Result(variant, new Scores(all[0], all[1], all[2]), new Scores(without[0], without[1], without[2]),
                threshold, relative, gold == 0 ? 0 : (double) inCandidates / gold);
    }

    /** What the suggester would answer: the kept candidates, the best {@link SubjectSuggester#MAX_SUBJECTS} of them. */
    private static Set<String> suggested(Scored s, boolean[] keep) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < keep.length; i++) {
            if (keep[i]) {
                order.add(i);
            }
        }
        order.sort(Comparator.comparingDouble((Integer i) -> s.scores()[i]).reversed()
                .thenComparing(i -> s.considered().get(i).termId()));
        return order.stream().limit(SubjectSuggester.MAX_SUBJECTS).map(i -> s.considered().get(i).termId())
                .collect(Collectors.toSet());
    }

    private static Set<String> without(Set<String> terms, Set<String> checkTags) {
        Set<String> out = new HashSet<>(terms);
        out.removeAll(checkTags);
        return out;
    }

    private static void count(Set<String> suggested, Set<String> truth, long[] tpFpFn) {
        for (String s : suggested) {
            tpFpFn[truth.contains(s) ? 0 : 1]++;
        }
        for (String t : truth) {
            if (!suggested.contains(t)) {
                tpFpFn[2]++;
            }
        }
    }
}
