package org.fairrag.annotate;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import org.fairrag.learn.LogisticRegression;

/**
 * How likely a candidate term is to be one of an article's subjects, from what its text mentions and what
 * its nearest tagged articles are about: a logistic regression over a few features ({@link Feature}), fitted
 * on articles whose subjects are known (the dev part of {@code fairrag-bench annotate}), so its score is a
 * probability, and a cut-off chosen on those articles where micro-F1 is highest. Immutable.
 *
 * @param checkTags   the check tags' own classifiers, whose probability replaces the logistic model's
 * @param descriptors word classifiers of frequent descriptors (as MTI adds machine-learned classifiers to its
 *                    neighbours), whose log-odds are one more feature of the logistic model ({@link Feature#WORDS})
 * @param extras      terms of the logistic model besides the features: a feature's excess over a knot (a hinge, so
 *                    its effect can bend) or two features' product (so one's effect can depend on the other)
 * @param trees       boosted trees whose margin is added to the logistic model's ({@link BoostedTrees#NONE}: none)
 */
public record SubjectModel(double bias, double[] weights, double threshold, Set<Feature> features, String description,
                           WordClassifiers checkTags, WordClassifiers descriptors, List<Extra> extras, BoostedTrees trees) {

    /** The bundled model, fitted by {@code fairrag-bench annotate --fit}. */
    public static final String BUNDLED = "/org/fairrag/annotate/subject-model.properties";

    /**
     * Version of the model file: 2 added the check tags' own classifiers, 3 the {@link Feature#SECOND_ORDER}
     * features (a reader of 2 would leave their weights out), 4 the frequent descriptors' word classifiers and
     * their {@link Feature#WORDS} features, 5 the {@link Feature#NAMES} features (a reader of 4 would leave their
     * weights out), 6 the boosted trees added to the logistic model's margin ({@link #trees}) and its extra terms
     * ({@link #extras}; a reader of 5 would leave both out), 7 the age groups' classifiers reading the ages stated
     * ({@link Feature#AGES}; a reader of 6 would leave their weights out). A file without a version (1) is read as it was
     * written; a newer one is refused.
     */
    public static final int FORMAT = 7;

    /** What a candidate term's score is made of. */
    public enum Feature {
        /** Share of the neighbours' weight (their fused similarity) held by neighbours that have the term. */
        NEIGHBOUR_VOTE,
        /** The same among the five nearest. */
        NEIGHBOUR_VOTE_TOP5,
        /** 1 / (1 + rank) of the nearest neighbour that has the term; 0 when none has it. */
        NEIGHBOUR_FIRST_RANK,
        /** The text mentions the term (not negated). */
        MENTIONED,
        /** log(1 + mentions not negated). */
        MENTIONS_LOG,
        /** The title mentions the term. */
        IN_TITLE,
        /** How often articles whose text mentions the term have it as a subject ({@link SubjectStatistics}); 0 when not mentioned. */
        SUBJECT_WHEN_MENTIONED,
        /** Every mention of the term is negated. */
        NEGATED_ONLY,
        /** log of the share of articles with the term as a subject. */
        PRIOR_LOG,
        /** The term is a check tag ({@link CheckTags}). */
        CHECK_TAG,
        /** {@link #NEIGHBOUR_VOTE} for check tags only: neighbours say more about them. */
        CHECK_TAG_VOTE,
        /** The text mentions a narrower term: indexers choose the most specific term. */
        NARROWER_MENTIONED,
        /** The highest {@link #NEIGHBOUR_VOTE} of a narrower candidate. */
        NARROWER_VOTE,
        /** log(0.01 + {@link #NEIGHBOUR_VOTE}): a weak vote says less than its share. */
        NEIGHBOUR_VOTE_LOG,
        /** {@link #MENTIONED} times {@link #NEIGHBOUR_VOTE}: the text and its neighbours agree. */
        MENTIONED_TIMES_VOTE,
        /** {@link #SUBJECT_WHEN_MENTIONED} times {@link #NEIGHBOUR_VOTE}. */
        WHEN_MENTIONED_TIMES_VOTE,
        /** log(1 + the number of terms broader than the candidate): how specific it is. */
        BROADER_LOG,
        /**
         * The log-odds of the candidate's own word classifier ({@link SubjectModel#descriptors}, for frequent
         * descriptors), clipped to [-8, 8]; 0 when it has none.
         */
        WORDS_LOGIT,
        /** 1 when the candidate has a word classifier of its own. */
        WORDS_MODELLED,
        /**
         * The similarity of the candidate's nearest name to the embedding of the text ({@link NearestNames}); 0 when
         * it is not among the nearest.
         */
        NAME_SIMILARITY,
        /** 1 / (1 + rank) of the candidate among the terms with the nearest names; 0 when it is not among them. */
        NAME_RANK,
        /** The candidate is directly broader than a term the text mentions (not negated). */
        TREE_PARENT,
        /** The candidate is directly narrower than a term the text mentions (not negated). */
        TREE_CHILD,
        /** For an age group: the text states the ages of the people studied ({@link StudiedAges}). */
        AGES_STATED,
        /** For an age group: a stated age falls within the group's ages (MeSH's definition). */
        AGE_OVERLAP,
        /** For an age group: the largest share of a stated age interval that the group's ages cover. */
        AGE_COVER;

        /**
         * What the text says of the ages studied: only the age groups have them, check tags scored by classifiers of
         * their own, so the logistic model and its trees never read them.
         */
        public static final Set<Feature> AGES = EnumSet.of(AGES_STATED, AGE_OVERLAP, AGE_COVER);

        /** The features of the descriptors' word classifiers. */
        public static final Set<Feature> WORDS = EnumSet.of(WORDS_LOGIT, WORDS_MODELLED);

        /** The features of the terms with the nearest names, which are candidates too when the model uses them. */
        public static final Set<Feature> NAMES = EnumSet.of(NAME_SIMILARITY, NAME_RANK);

        /**
         * The features of the terms directly broader and narrower than a mentioned one, which are candidates too when
         * the model uses them.
         */
        public static final Set<Feature> TREE = EnumSet.of(TREE_PARENT, TREE_CHILD);

        /** Features that combine or reshape the others, or say how specific a term is; fitted or not as a group. */
        public static final Set<Feature> SECOND_ORDER = EnumSet.of(NEIGHBOUR_VOTE_LOG, MENTIONED_TIMES_VOTE,
                WHEN_MENTIONED_TIMES_VOTE, BROADER_LOG);

        /** Features computed from the neighbours; the rest come from the text. */
        static final Set<Feature> FROM_NEIGHBOURS = EnumSet.of(NEIGHBOUR_VOTE, NEIGHBOUR_VOTE_TOP5, NEIGHBOUR_FIRST_RANK,
                CHECK_TAG_VOTE, NARROWER_VOTE);
        static final Set<Feature> FROM_MENTIONS = EnumSet.of(MENTIONED, MENTIONS_LOG, IN_TITLE, SUBJECT_WHEN_MENTIONED,
                NEGATED_ONLY, NARROWER_MENTIONED);
    }

    /**
     * A term of the logistic model besides the features, with its weight: {@code max(0, x[a] - knot)} when {@code b}
     * is null, else {@code x[a] * x[b]}.
     */
    public record Extra(Feature a, Feature b, double knot, double weight) {
        public static Extra hinge(Feature a, double knot) {
            return new Extra(a, null, knot, 0);
        }

        public static Extra product(Feature a, Feature b) {
            return new Extra(a, b, 0, 0);
        }

        double value(double[] x) {
            return b == null ? Math.max(0, x[a.ordinal()] - knot) : x[a.ordinal()] * x[b.ordinal()];
        }

        Extra withWeight(double w) {
            return new Extra(a, b, knot, w);
        }

        String label() {
            return b == null ? "max(0, " + a + " - " + knot + ")" : a + " x " + b;
        }
    }

    public SubjectModel {
        if (weights.length != Feature.values().length) {
            throw new IllegalArgumentException("one weight per feature");
        }
        weights = weights.clone();
        features = Set.copyOf(features);
        extras = List.copyOf(extras);
    }

    /** A model without extra terms or trees. */
    public SubjectModel(double bias, double[] weights, double threshold, Set<Feature> features, String description,
                        WordClassifiers checkTags, WordClassifiers descriptors) {
        this(bias, weights, threshold, features, description, checkTags, descriptors, List.of(), BoostedTrees.NONE);
    }

    /** A model without classifiers of its own for the check tags. */
    public SubjectModel(double bias, double[] weights, double threshold, Set<Feature> features, String description) {
        this(bias, weights, threshold, features, description, WordClassifiers.NONE);
    }

    /** A model without word classifiers for descriptors. */
    public SubjectModel(double bias, double[] weights, double threshold, Set<Feature> features, String description,
                        WordClassifiers checkTags) {
        this(bias, weights, threshold, features, description, checkTags, WordClassifiers.NONE);
    }


    /**
     * The probability that a candidate term is a subject: its check tag classifier's when it has one, from
     * {@code words} ({@link WordClassifiers#words}), else the logistic model's from its features.
     */
    public double score(String termId, double[] x, Set<String> words) {
        double p = checkTags.score(termId, x, words);
        return Double.isNaN(p) ? score(withWords(termId, x, words)) : p;
    }

    /** The feature values with {@link Feature#WORDS} filled in from the candidate's word classifier, if it has one. */
    double[] withWords(String termId, double[] x, Set<String> words) {
        return withWords(descriptors, termId, x, words);
    }

    static double[] withWords(WordClassifiers classifiers, String termId, double[] x, Set<String> words) {
        double p = classifiers.score(termId, x, words);
        if (Double.isNaN(p)) {
            return x;
        }
        double[] out = x.clone();
        out[Feature.WORDS_LOGIT.ordinal()] = Math.max(-8, Math.min(8, Math.log(p / (1 - p))));
        out[Feature.WORDS_MODELLED.ordinal()] = 1;
        return out;
    }

    /** The probability that a candidate with these feature values is a subject, by the logistic model and its trees. */
    public double score(double[] x) {
        return 1 / (1 + Math.exp(-margin(x)));
    }

    /** The log-odds of a candidate with these feature values: the logistic model's, plus the trees' if any. */
    double margin(double[] x) {
        return linearMargin(x) + trees.margin(x);
    }

    /** The logistic model's log-odds alone, before any trees. */
    double linearMargin(double[] x) {
        double z = bias;
        for (int i = 0; i < weights.length; i++) {
            z += weights[i] * x[i];
        }
        for (Extra e : extras) {
            z += e.weight() * e.value(x);
        }
        return z;
    }

    public boolean uses(Feature f) {
        return features.contains(f);
    }

    /** Whether the model takes candidates from the text's mentions, from its neighbours, or both. */
    public boolean usesMentions() {
        return features.stream().anyMatch(Feature.FROM_MENTIONS::contains);
    }

    public boolean usesNeighbours() {
        return features.stream().anyMatch(Feature.FROM_NEIGHBOURS::contains);
    }

    /** Whether the model takes candidates from the terms with the nearest names ({@link Feature#NAMES}). */
    public boolean usesNames() {
        return features.stream().anyMatch(Feature.NAMES::contains);
    }

    /** Whether the model takes candidates from the terms broader and narrower than a mentioned one ({@link Feature#TREE}). */
    public boolean usesTree() {
        return features.stream().anyMatch(Feature.TREE::contains);
    }

    public SubjectModel withThreshold(double t) {
        return new SubjectModel(bias, weights, t, features, description, checkTags, descriptors, extras, trees);
    }

    public SubjectModel withCheckTags(WordClassifiers models) {
        return new SubjectModel(bias, weights, threshold, features, description, models, descriptors, extras, trees);
    }

    /** This model with word classifiers for frequent descriptors. */
    public SubjectModel withDescriptors(WordClassifiers models) {
        return new SubjectModel(bias, weights, threshold, features, description, checkTags, models, extras, trees);
    }

    /** This model with boosted trees added to its margin. */
    public SubjectModel withTrees(BoostedTrees more) {
        return new SubjectModel(bias, weights, threshold, features, description, checkTags, descriptors, extras, more);
    }

    public static SubjectModel bundled() {
        try (InputStream in = SubjectModel.class.getResourceAsStream(BUNDLED)) {
            if (in == null) {
                throw new IllegalStateException("Missing the subject model " + BUNDLED);
            }
            Properties p = new Properties();
            p.load(in);
            return read(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static SubjectModel read(Properties p) {
        int format = Integer.parseInt(p.getProperty("format", "1").trim());
        if (format > FORMAT) {
            throw new IllegalArgumentException("The subject model is of format " + format + ", written by a newer fairrag; "
                    + "this one reads format " + FORMAT + " and before: fit it again with "
                    + "java -jar bench/target/fairrag-bench.jar annotate --fit");
        }
        double[] w = new double[Feature.values().length];
        Set<Feature> used = EnumSet.noneOf(Feature.class);
        for (Feature f : Feature.values()) {
            String v = p.getProperty("weight." + f.name());
            if (v != null) {
                w[f.ordinal()] = Double.parseDouble(v);
                used.add(f);
            }
        }
        List<Extra> extras = new java.util.ArrayList<>();
        for (int i = 0; p.getProperty("extra." + i) != null; i++) {
            String[] bits = p.getProperty("extra." + i).trim().split(":");
            Feature a = Feature.valueOf(bits[1]);
            extras.add(switch (bits[0]) {
                case "HINGE" -> new Extra(a, null, Double.parseDouble(bits[2]), Double.parseDouble(bits[3]));
                case "PRODUCT" -> new Extra(a, Feature.valueOf(bits[2]), 0, Double.parseDouble(bits[3]));
                default -> throw new IllegalArgumentException("extra." + i + " is HINGE or PRODUCT, not " + bits[0]);
            });
        }
        return new SubjectModel(Double.parseDouble(p.getProperty("bias")), w, Double.parseDouble(p.getProperty("threshold")),
                used, p.getProperty("description", ""), WordClassifiers.read(p, "checktag."),
                WordClassifiers.read(p, "descriptor."), extras, BoostedTrees.read(p, "tree."));
    }

    /** Writes the model as the properties {@link #bundled} reads. */
    public void write(Writer out) throws IOException {
        StringBuilder b = new StringBuilder();
        b.append("# Subject suggestion model of fairrag (logistic regression").append(trees.isEmpty() ? "" : " and boosted trees")
                .append("), written by fairrag-bench annotate --fit\n");
        b.append("# ").append(description.replace("\n", "\n# ")).append('\n');
        b.append("format=").append(FORMAT).append('\n');
        b.append("description=").append(description.replace("\n", " ")).append('\n');
        b.append("bias=").append(format(bias)).append('\n');
        b.append("threshold=").append(format(threshold)).append('\n');
        for (Feature f : Feature.values()) {
            if (features.contains(f)) {
                b.append("weight.").append(f.name()).append('=').append(format(weights[f.ordinal()])).append('\n');
            }
        }
        for (int i = 0; i < extras.size(); i++) {
            Extra e = extras.get(i);
            b.append("extra.").append(i).append('=').append(e.b() == null
                    ? "HINGE:" + e.a().name() + ':' + Double.toString(e.knot())
                    : "PRODUCT:" + e.a().name() + ':' + e.b().name()).append(':').append(format(e.weight())).append('\n');
        }
        if (!trees.isEmpty()) {
            trees.write(b, "tree.");
        }
        checkTags.write(b, "checktag.");
        descriptors.write(b, "descriptor.");
        out.write(b.toString());
    }

    private static String format(double d) {
        return String.format(Locale.ROOT, "%.6f", d);
    }

    /** The L2 penalty per candidate fitted on, so that its weight against the likelihood does not change with their number. */
    private static final double L2 = 1e-3;

    /** Fits a model on candidates with known answers: {@link LogisticRegression} with a small L2 penalty ({@link #L2}). */
    public static SubjectModel fit(List<double[]> rows, List<Boolean> labels, Set<Feature> features, String description) {
        return fit(rows, labels, features, List.of(), description);
    }

    /** As {@link #fit(List, List, Set, String)} with extra terms ({@link Extra}, their weights ignored) fitted too. */
    public static SubjectModel fit(List<double[]> rows, List<Boolean> labels, Set<Feature> features, List<Extra> extras,
                                   String description) {
        int all = Feature.values().length;
        int[] columns = java.util.stream.IntStream.range(0, all)
                .filter(j -> features.contains(Feature.values()[j])).toArray();
        int width = columns.length + extras.size();
        LogisticRegression.Fit fit = LogisticRegression.fit(new LogisticRegression.Rows() {
            @Override
            public int size() {
                return rows.size();
            }

            @Override
            public int width() {
                return width;
            }

            @Override
            public void read(int row, double[] into) {
                design(rows.get(row), columns, extras, into);
            }
        }, i -> labels.get(i) ? 1 : 0, L2 * rows.size());
        double[] weights = new double[all];
        for (int c = 0; c < columns.length; c++) {
            weights[columns[c]] = fit.weights()[c];
        }
        List<Extra> fitted = new java.util.ArrayList<>();
        for (int k = 0; k < extras.size(); k++) {
            fitted.add(extras.get(k).withWeight(fit.weights()[columns.length + k]));
        }
        return new SubjectModel(fit.bias(), weights, 0.5, features, description, WordClassifiers.NONE, WordClassifiers.NONE,
                fitted, BoostedTrees.NONE);
    }

    /**
     * Products of features whose effects may well depend on each other, chosen before any fitting: the neighbours'
     * vote with the word classifier, the nearest names, the title, the prior and how specific a term is; a mention
     * with the nearest names and the word classifier; a mention in the title with how often indexers choose a term
     * when it is mentioned.
     */
    static final List<Feature[]> PRODUCTS = List.of(
            new Feature[] {Feature.NEIGHBOUR_VOTE, Feature.WORDS_LOGIT},
            new Feature[] {Feature.NEIGHBOUR_VOTE, Feature.NAME_SIMILARITY},
            new Feature[] {Feature.NEIGHBOUR_VOTE, Feature.IN_TITLE},
            new Feature[] {Feature.NEIGHBOUR_VOTE, Feature.PRIOR_LOG},
            new Feature[] {Feature.NEIGHBOUR_VOTE, Feature.BROADER_LOG},
            new Feature[] {Feature.MENTIONED, Feature.NAME_SIMILARITY},
            new Feature[] {Feature.MENTIONED, Feature.WORDS_LOGIT},
            new Feature[] {Feature.IN_TITLE, Feature.SUBJECT_WHEN_MENTIONED});

    /**
     * Extra terms for a piecewise-linear logistic model: for each feature used that takes more than ten values in
     * {@code rows}, hinges at the quartiles of its values other than 0; and the {@link #PRODUCTS} of features used.
     */
    public static List<Extra> piecewise(List<double[]> rows, Set<Feature> used) {
        List<Extra> out = new java.util.ArrayList<>();
        int step = Math.max(1, rows.size() / 100_000);
        for (Feature f : Feature.values()) {
            if (!used.contains(f)) {
                continue;
            }
            double[] v = java.util.stream.IntStream.range(0, rows.size() / step).mapToDouble(i -> rows.get(i * step)[f.ordinal()])
                    .filter(x -> x != 0).sorted().toArray();
            if (Arrays.stream(v).distinct().limit(11).count() <= 10) {
                continue;
            }
            double last = Double.NaN;
            for (double q : new double[] {0.25, 0.5, 0.75}) {
                double knot = v[(int) (q * (v.length - 1))];
                if (knot != last && knot < v[v.length - 1]) {
                    out.add(Extra.hinge(f, knot));
                    last = knot;
                }
            }
        }
        for (Feature[] pair : PRODUCTS) {
            if (used.contains(pair[0]) && used.contains(pair[1])) {
                out.add(Extra.product(pair[0], pair[1]));
            }
        }
        return out;
    }

    /** The values of the fitted columns of a row: the features used, then the extra terms. */
    private static void design(double[] x, int[] columns, List<Extra> extras, double[] out) {
        for (int c = 0; c < columns.length; c++) {
            out[c] = x[columns[c]];
        }
        for (int k = 0; k < extras.size(); k++) {
            out[columns.length + k] = extras.get(k).value(x);
        }
    }
}
