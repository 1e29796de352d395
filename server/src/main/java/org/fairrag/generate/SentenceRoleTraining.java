package org.fairrag.generate;

import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import de.bwaldvogel.liblinear.Feature;
import de.bwaldvogel.liblinear.FeatureNode;
import de.bwaldvogel.liblinear.Linear;
import de.bwaldvogel.liblinear.Model;
import de.bwaldvogel.liblinear.Parameter;
import de.bwaldvogel.liblinear.Problem;
import de.bwaldvogel.liblinear.SolverType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import org.fairrag.fdo.Checksums;

/**
 * Fits the {@link SentenceRoleClassifier} on the sentences of structured abstracts, each labelled with
 * the role its section label names. Abstracts are split by PMID, before anything is fitted: one in five
 * (by a hash of the PMID) is held back and only scored once, at the end; the features and the
 * regularisation are chosen by 5-fold cross-validation on the rest (folds by PMID too, so sentences of
 * one abstract never sit on both sides). Deterministic for the same abstracts and embedding model.
 */
public final class SentenceRoleTraining {

    public static final String NAME = "sentence-roles-lr";
    static final double[] C_GRID = {0.25, 1, 4, 16};
    static final int FOLDS = 5;
    /** Sentences shorter than this are not summary candidates, so the classifier never sees them. */
    static final int MIN_WORDS = ExtractiveSummarizer.MIN_WORDS;
    /** An abstract counts as structured when at least this many of its sentences lie under a role's label. */
    static final int MIN_LABELLED = 2;

    /** An abstract to learn from; {@code source} names where it came from, for the report. */
    public record LabelledAbstract(String pmid, String abstractText) {}

    /** A sentence with the role of its section. */
    record Example(String pmid, String text, SentenceRole role, int index, int count) {}

    /** Which features a variant uses: the embedding, the position, or both. */
    enum Variant {
        POSITION_ONLY(false, true), EMBEDDING_ONLY(true, false), EMBEDDING_AND_POSITION(true, true);

        final boolean embedding;
        final boolean position;

        Variant(boolean embedding, boolean position) {
            this.embedding = embedding;
            this.position = position;
        }
    }

    /** What a fit produced: the classifier's JSON (the resource to ship) and the report lines. */
    public record Fitted(byte[] json, SentenceRoleClassifier classifier, List<String> report) {}

    private final Function<List<String>, List<float[]>> embed;
    private final String embeddingModel;
    private final int dimension;
    private final Consumer<String> progress;

    public SentenceRoleTraining(Function<List<String>, List<float[]>> embed, String embeddingModel, int dimension,
                                Consumer<String> progress) {
        this.embed = embed;
        this.embeddingModel = embeddingModel;
        this.dimension = dimension;
        this.progress = progress;
    }

    /** The labelled sentences of the structured abstracts among {@code abstracts}, in order. */
    static List<Example> examples(List<LabelledAbstract> abstracts) {
        List<Example> out = new ArrayList<>();
        for (LabelledAbstract a : abstracts) {
            List<AbstractSentences.Sentence> sentences = AbstractSentences.of(a.abstractText());
            if (sentences.stream().filter(s -> s.section().isPresent()).count() < MIN_LABELLED) {
                continue;
            }
            for (AbstractSentences.Sentence s : sentences) {
                if (s.section().isPresent() && ExtractiveSummarizer.words(s.text()) >= MIN_WORDS) {
                    out.add(new Example(a.pmid(), s.text(), s.section().get(), s.index(), s.count()));
                }
            }
        }
        return out;
    }

    /** Whether an abstract is held back for the final score: one PMID in five, by its hash. */
    public static boolean heldBack(String pmid) {
        return bucket(pmid, 0) % 5 == 0;
    }

    /** The cross-validation fold of a training abstract, from another part of the PMID's hash. */
    static int fold(String pmid) {
        return bucket(pmid, 8) % FOLDS;
    }

    private static int bucket(String pmid, int hexOffset) {
        String hex = Checksums.of(pmid).substring("sha256:".length());
        return Integer.parseInt(hex.substring(hexOffset, hexOffset + 6), 16);
    }

    /**
     * Fits the classifier on {@code abstracts} (their labelled sentences) and describes the training data
     * with {@code sources} (file names and checksums), recorded in the JSON.
     */
    public Fitted fit(List<LabelledAbstract> abstracts, Map<String, String> sources) {
        List<Example> all = examples(abstracts);
        List<Example> train = all.stream().filter(e -> !heldBack(e.pmid())).toList();
        List<Example> test = all.stream().filter(e -> heldBack(e.pmid())).toList();
        long structured = all.stream().map(Example::pmid).distinct().count();
        List<String> report = new ArrayList<>();
        report.add(String.format("%d structured abstracts, %d labelled sentences of %d words or more: %d sentences "
                        + "(%d abstracts) to fit on, %d (%d abstracts) held back", structured, all.size(), MIN_WORDS,
                train.size(), train.stream().map(Example::pmid).distinct().count(), test.size(),
                test.stream().map(Example::pmid).distinct().count()));
        report.add("roles (fit / held back): " + countByRole(train) + " / " + countByRole(test));
        progress.accept(report.get(0));

        progress.accept("embedding " + all.size() + " sentences with " + embeddingModel + " ...");
        List<float[]> vectors = new ArrayList<>(all.size());
        int batch = 256;
        for (int from = 0; from < all.size(); from += batch) {
            List<String> texts = all.subList(from, Math.min(all.size(), from + batch)).stream().map(Example::text).toList();
            vectors.addAll(embed.apply(texts));
            progress.accept("  " + Math.min(all.size(), from + batch) + " / " + all.size());
        }
        Map<Example, float[]> vectorOf = new LinkedHashMap<>();
        for (int i = 0; i < all.size(); i++) {
            vectorOf.put(all.get(i), vectors.get(i));
        }

        report.add(String.format("%-24s %8s %12s", "features", "best C", "CV accuracy"));
        Variant bestVariant = null;
        double bestC = 0;
        double bestAccuracy = -1;
        Map<Variant, Double> cOf = new EnumMap<>(Variant.class);
        for (Variant v : Variant.values()) {
            double variantC = 0;
            double variantAccuracy = -1;
            for (double c : C_GRID) {
                double accuracy = crossValidated(train, vectorOf, v, c);
                progress.accept(String.format("  %s C=%s: cross-validated accuracy %.4f", v, c, accuracy));
                if (accuracy > variantAccuracy) {
                    variantAccuracy = accuracy;
                    variantC = c;
                }
            }
            cOf.put(v, variantC);
            report.add(String.format("%-24s %8s %12.4f", v.name().toLowerCase().replace('_', ' '), variantC, variantAccuracy));
            if (variantAccuracy > bestAccuracy) {
                bestAccuracy = variantAccuracy;
                bestVariant = v;
                bestC = variantC;
            }
        }
        report.add("chosen by cross-validation: " + bestVariant.name().toLowerCase().replace('_', ' ') + ", C=" + bestC);

        // The held-back sentences are scored once, for every variant at its chosen C, and the majority role.
        report.add(String.format("held back, %d sentences: accuracy", test.size()));
        SentenceRole majority = majority(train);
        report.add(String.format("  %-40s %.4f", "majority role (" + majority + ")",
                test.stream().filter(e -> e.role() == majority).count() / (double) test.size()));
        ObjectNode json = null;
        SentenceRoleClassifier shipped = null;
        Map<String, Object> heldBack = new LinkedHashMap<>();
        for (Variant v : Variant.values()) {
            Model model = train(train, vectorOf, v, cOf.get(v));
            ObjectNode candidate = describe(model, v, cOf.get(v), train, test, structured, sources, majority);
            SentenceRoleClassifier classifier = classifier(candidate);
            int[][] confusion = confusion(classifier, test, vectorOf);
            double accuracy = accuracy(confusion);
            heldBack.put(v.name().toLowerCase().replace('_', ' '), round(accuracy));
            report.add(String.format("  %-40s %.4f", v.name().toLowerCase().replace('_', ' '), accuracy));
            if (v == bestVariant) {
                json = candidate;
                shipped = classifier;
                ObjectNode held = json.putObject("heldBack");
                held.put("sentences", test.size());
                held.put("accuracy", round(accuracy));
                held.put("majorityRoleAccuracy", round(test.stream().filter(e -> e.role() == majority).count()
                        / (double) test.size()));
                ArrayNode matrix = held.putArray("confusion (rows: true role, columns: predicted, in role order)");
                for (int[] row : confusion) {
                    ArrayNode r = matrix.addArray();
                    for (int n : row) {
                        r.add(n);
                    }
                }
                report.add(confusionLines(confusion));
            }
        }
        ObjectNode all3 = json.with("heldBack").putObject("accuracyByFeatures");
        heldBack.forEach((k, a) -> all3.put(k, (Double) a));
        byte[] bytes = write(json);
        try {
            shipped = SentenceRoleClassifier.read(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        report.add("identity: " + shipped.identity());
        return new Fitted(bytes, shipped, report);
    }

    private double crossValidated(List<Example> train, Map<Example, float[]> vectorOf, Variant v, double c) {
        long right = 0;
        for (int k = 0; k < FOLDS; k++) {
            int fold = k;
            List<Example> fitOn = train.stream().filter(e -> fold(e.pmid()) != fold).toList();
            List<Example> scoreOn = train.stream().filter(e -> fold(e.pmid()) == fold).toList();
            Model model = train(fitOn, vectorOf, v, c);
            for (Example e : scoreOn) {
                if ((int) Linear.predict(model, features(e, vectorOf.get(e), v)) == e.role().ordinal()) {
                    right++;
                }
            }
        }
        return right / (double) train.size();
    }

    private Model train(List<Example> examples, Map<Example, float[]> vectorOf, Variant v, double c) {
        Problem problem = new Problem();
        problem.l = examples.size();
        problem.n = dimension + SentenceRoleClassifier.POSITION_FEATURES + 1;
        problem.bias = 1;
        problem.x = new Feature[examples.size()][];
        problem.y = new double[examples.size()];
        for (int i = 0; i < examples.size(); i++) {
            Example e = examples.get(i);
            problem.x[i] = features(e, vectorOf.get(e), v);
            problem.y[i] = e.role().ordinal();
        }
        Linear.disableDebugOutput();
        Parameter parameter = new Parameter(SolverType.L2R_LR, c, 0.001);
        parameter.setRandom(new java.util.Random(0));
        return Linear.train(problem, parameter);
    }

    /** LIBLINEAR's sparse row: features from 1, the bias feature last; a variant leaves its unused features out. */
    private Feature[] features(Example e, float[] vector, Variant v) {
        double[] x = SentenceRoleClassifier.features(vector, e.index(), e.count());
        List<Feature> out = new ArrayList<>(x.length + 1);
        for (int i = 0; i < x.length; i++) {
            boolean used = i < dimension ? v.embedding : v.position;
            if (used && x[i] != 0) {
                out.add(new FeatureNode(i + 1, x[i]));
            }
        }
        out.add(new FeatureNode(x.length + 1, 1));
        return out.toArray(Feature[]::new);
    }

    private ObjectNode describe(Model model, Variant v, double c, List<Example> train, List<Example> test,
                                long structured, Map<String, String> sources, SentenceRole majority) {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = mapper.createObjectNode();
        root.put("name", NAME);
        root.put("about", "Role of a sentence of an abstract (background, methods, results, conclusions) from its "
                + "embedding and its position; fitted by `fairrag train sentence-roles`.");
        root.put("embedding", embeddingModel);
        root.put("dimension", dimension);
        root.put("features", "the sentence embedding (" + dimension + "), then its relative position in the abstract "
                + "one-hot in " + SentenceRoleClassifier.POSITION_BINS + " bins, then first sentence, last sentence"
                + (v.embedding && v.position ? "" : v.embedding ? " (position weights 0: embedding only)"
                : " (embedding weights 0: position only)"));
        root.put("method", "L2-regularised logistic regression, one vs rest, LIBLINEAR " + Linear.getVersion() / 100 + "."
                + Linear.getVersion() % 100
                + " (solver L2R_LR, C=" + c + ", bias feature 1), probabilities normalised over the roles");
        ObjectNode training = root.putObject("training");
        ObjectNode files = training.putObject("files");
        sources.forEach(files::put);
        training.put("sources", "structured abstracts of these files (at least " + MIN_LABELLED + " sentences under a "
                + "label naming one role), one record per PMID, PubMedQA records excluded (they are the summary benchmark)");
        training.put("split", "abstracts whose PMID's SHA-256 (first 6 hex digits) is divisible by 5 are held back; "
                + "C and features chosen by " + FOLDS + "-fold cross-validation (folds by PMID) on the others");
        training.put("structuredAbstracts", structured);
        training.put("sentences", train.size());
        training.put("heldBackSentences", test.size());
        training.put("majorityRole", majority.name());
        ObjectNode perRole = training.putObject("sentencesByRole");
        countByRole(train).forEach((r, n) -> perRole.put(r.name(), n));
        training.put("sha256", checksum(train));
        ObjectNode roles = root.putObject("roles");
        int[] labels = model.getLabels();
        int features = dimension + SentenceRoleClassifier.POSITION_FEATURES;
        for (SentenceRole role : SentenceRole.values()) {
            int labelIndex = -1;
            for (int i = 0; i < labels.length; i++) {
                if (labels[i] == role.ordinal()) {
                    labelIndex = i;
                }
            }
            if (labelIndex < 0) {
                throw new IllegalArgumentException("no training sentence of role " + role);
            }
            ObjectNode r = roles.putObject(role.name());
            ArrayNode weights = r.putArray("weights");
            for (int f = 1; f <= features; f++) {
                weights.add(round(model.getDecfunCoef(f, labelIndex)));
            }
            r.put("bias", round(model.getDecfunBias(labelIndex)));
        }
        return root;
    }

    /** The training sentences as fitted, checksummed: role, PMID, position and text, a line each. */
    private static String checksum(List<Example> examples) {
        StringBuilder sb = new StringBuilder();
        for (Example e : examples) {
            sb.append(e.role()).append('\t').append(e.pmid()).append('\t').append(e.index()).append('/')
                    .append(e.count()).append('\t').append(e.text()).append('\n');
        }
        return Checksums.of(sb.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static SentenceRoleClassifier classifier(ObjectNode json) {
        try {
            return SentenceRoleClassifier.read(write(json));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] write(ObjectNode json) {
        try {
            DefaultPrettyPrinter printer = new DefaultPrettyPrinter().withArrayIndenter(DefaultPrettyPrinter.NopIndenter.instance);
            return (new ObjectMapper().writer(printer).writeValueAsString(json) + "\n").getBytes(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int[][] confusion(SentenceRoleClassifier classifier, List<Example> examples, Map<Example, float[]> vectorOf) {
        int n = SentenceRole.values().length;
        int[][] confusion = new int[n][n];
        for (Example e : examples) {
            double[] p = classifier.probabilities(vectorOf.get(e), e.index(), e.count());
            int best = 0;
            for (int k = 1; k < n; k++) {
                if (p[k] > p[best]) {
                    best = k;
                }
            }
            confusion[e.role().ordinal()][best]++;
        }
        return confusion;
    }

    private static double accuracy(int[][] confusion) {
        long right = 0;
        long total = 0;
        for (int i = 0; i < confusion.length; i++) {
            for (int j = 0; j < confusion.length; j++) {
                total += confusion[i][j];
                right += i == j ? confusion[i][j] : 0;
            }
        }
        return right / (double) total;
    }

    private static String confusionLines(int[][] confusion) {
        StringBuilder sb = new StringBuilder(String.format("  %-12s", "true \\ pred"));
        for (SentenceRole r : SentenceRole.values()) {
            sb.append(String.format(" %12s", r));
        }
        for (SentenceRole r : SentenceRole.values()) {
            sb.append(String.format("%n  %-12s", r));
            for (int n : confusion[r.ordinal()]) {
                sb.append(String.format(" %12d", n));
            }
        }
        return sb.toString();
    }

    private static Map<SentenceRole, Long> countByRole(List<Example> examples) {
        Map<SentenceRole, Long> out = new EnumMap<>(SentenceRole.class);
        for (SentenceRole r : SentenceRole.values()) {
            out.put(r, examples.stream().filter(e -> e.role() == r).count());
        }
        return out;
    }

    private static SentenceRole majority(List<Example> examples) {
        return countByRole(examples).entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
    }

    private static double round(double x) {
        return new BigDecimal(x).round(new MathContext(6)).doubleValue();
    }
}
