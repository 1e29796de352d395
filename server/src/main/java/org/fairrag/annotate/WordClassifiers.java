package org.fairrag.annotate;

import de.bwaldvogel.liblinear.Feature;
import de.bwaldvogel.liblinear.FeatureNode;
import de.bwaldvogel.liblinear.Linear;
import de.bwaldvogel.liblinear.Model;
import de.bwaldvogel.liblinear.Parameter;
import de.bwaldvogel.liblinear.Problem;
import de.bwaldvogel.liblinear.SolverType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Word classifiers for terms whose use shows in the words of a text, one per term. First for the check tags (species,
 * sex, age groups...): an indexer considers these for every article, and whether "Male", "Aged" or "Mice" applies
 * shows in the words of the text ("men", "years", "mice") more than in any mention of the term; then for the frequent
 * descriptors ({@link SubjectModel#descriptors}), as MTI adds machine-learned classifiers to its neighbours. Each is
 * an L1-regularised logistic regression (LIBLINEAR) over the words of the title and abstract and the neighbours' vote
 * for the term, so only the few words that matter keep a weight. Immutable.
 *
 * @param byTerm a term's id to its classifier
 */
public record WordClassifiers(Map<String, TagModel> byTerm) {

    public static final WordClassifiers NONE = new WordClassifiers(Map.of());

    /** Features of the candidate the classifiers read besides the words. */
    static final List<SubjectModel.Feature> FEATURES = List.of(SubjectModel.Feature.NEIGHBOUR_VOTE,
            SubjectModel.Feature.NEIGHBOUR_VOTE_TOP5, SubjectModel.Feature.NEIGHBOUR_FIRST_RANK,
            SubjectModel.Feature.MENTIONED, SubjectModel.Feature.MENTIONS_LOG, SubjectModel.Feature.IN_TITLE);

    /**
     * Every feature a classifier may read: {@link #FEATURES}, and for the check tags, the ages the text states
     * ({@link SubjectModel.Feature#AGES}, zero for any term but an age group).
     */
    static final List<SubjectModel.Feature> READ = Stream.concat(FEATURES.stream(),
            SubjectModel.Feature.AGES.stream()).toList();

    /** Articles a word must occur in, among those fitted on, to be read at all. */
    static final int MIN_ARTICLES = 5;
    /** Positive articles a term needs for a classifier of its own, unless told otherwise; the others are left to the general model. */
    static final int MIN_POSITIVES = 20;

    private static final Pattern NON_WORD = Pattern.compile("[^a-z0-9]+");

    /** A term's classifier: its bias and the weights of the words ({@code word.} prefix) and features it reads. */
    public record TagModel(double bias, Map<String, Double> weights, Map<String, Double> wordWeights) {
        public TagModel(double bias, Map<String, Double> weights) {
            this(bias, weights, byWord(weights));
        }

        public TagModel {
            weights = Map.copyOf(weights);
            wordWeights = Map.copyOf(wordWeights);
        }

        private static Map<String, Double> byWord(Map<String, Double> weights) {
            Map<String, Double> out = new HashMap<>();
            weights.forEach((k, w) -> {
                if (k.startsWith("word.")) {
                    out.put(k.substring("word.".length()), w);
                }
            });
            return out;
        }

        double score(double[] x, Set<String> words) {
            double z = bias;
            for (SubjectModel.Feature f : READ) {
                Double w = weights.get(f.name());
                if (w != null) {
                    z += w * x[f.ordinal()];
                }
            }
            // The L1 penalty leaves few words a weight: walk the shorter of the two.
            if (wordWeights.size() < words.size()) {
                for (Map.Entry<String, Double> e : wordWeights.entrySet()) {
                    if (words.contains(e.getKey())) {
                        z += e.getValue();
                    }
                }
            } else {
                for (String word : words) {
                    Double w = wordWeights.get(word);
                    if (w != null) {
                        z += w;
                    }
                }
            }
            return 1 / (1 + Math.exp(-z));
        }
    }

    /** An article as the classifiers are fitted on it: its words, the features of each term modelled, its descriptors. */
    public record Example(Set<String> words, Map<String, double[]> features, Set<String> gold) {}

    public WordClassifiers {
        byTerm = Map.copyOf(byTerm);
    }

    /**
     * The words of a text as the classifiers read them: lower case ASCII letters and digits, two characters or more
     * (the model file is ISO-8859-1 properties).
     */
    public static Set<String> words(String title, String abstractText) {
        Set<String> out = new HashSet<>();
        for (String part : new String[] {title, abstractText}) {
            if (part == null) {
                continue;
            }
            for (String w : NON_WORD.split(part.toLowerCase(Locale.ROOT))) {
                if (w.length() >= 2) {
                    out.add(w);
                }
            }
        }
        return out;
    }

    /** The probability that the term applies, or NaN when it has no classifier of its own. */
    public double score(String termId, double[] x, Set<String> words) {
        TagModel m = byTerm.get(termId);
        return m == null ? Double.NaN : m.score(x, words);
    }

    /**
     * Fits a classifier for each check tag with at least {@link #MIN_POSITIVES} articles among {@code examples};
     * {@code c} is LIBLINEAR's inverse regularisation strength.
     */
    public static WordClassifiers fit(List<Example> examples, Set<String> checkTags, double c) {
        return fit(examples, checkTags, c, MIN_POSITIVES);
    }

    /**
     * Fits a classifier for each of {@code terms} with at least {@code minPositives} articles among {@code examples}
     * (the same kind of classifier serves frequent descriptors, {@link SubjectModel.Feature#WORDS_LOGIT}).
     */
    public static WordClassifiers fit(List<Example> examples, Set<String> terms, double c, int minPositives) {
        return fit(examples, terms, c, minPositives, FEATURES);
    }

    /** As {@link #fit(List, Set, double, int)}, the classifiers reading {@code features} besides the words. */
    public static WordClassifiers fit(List<Example> examples, Set<String> terms, double c, int minPositives,
                                      List<SubjectModel.Feature> features) {
        Map<String, Integer> articles = new HashMap<>();
        for (Example e : examples) {
            e.words().forEach(w -> articles.merge(w, 1, Integer::sum));
        }
        List<String> columns = new ArrayList<>();
        features.forEach(f -> columns.add(f.name()));
        new TreeMap<>(articles).forEach((w, n) -> {
            if (n >= MIN_ARTICLES) {
                columns.add("word." + w);
            }
        });
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < columns.size(); i++) {
            index.put(columns.get(i), i + 1);
        }
        Linear.disableDebugOutput();
        Map<String, TagModel> out = new HashMap<>();
        Map<String, Integer> positivesByTerm = new HashMap<>();
        for (Example e : examples) {
            e.gold().forEach(t -> positivesByTerm.merge(t, 1, Integer::sum));
        }
        for (String term : new java.util.TreeSet<>(terms)) {
            long positives = positivesByTerm.getOrDefault(term, 0);
            if (positives < minPositives || positives == examples.size()) {
                continue;
            }
            Problem problem = new Problem();
            problem.l = examples.size();
            problem.n = columns.size() + 1;
            problem.bias = 1;
            problem.x = new Feature[examples.size()][];
            problem.y = new double[examples.size()];
            for (int i = 0; i < examples.size(); i++) {
                Example e = examples.get(i);
                problem.x[i] = row(e.features().get(term), e.words(), index, columns.size() + 1, features);
                problem.y[i] = e.gold().contains(term) ? 1 : 0;
            }
            Parameter parameter = new Parameter(SolverType.L1R_LR, c, 0.001);
            parameter.setRandom(new java.util.Random(0));
            Model model = Linear.train(problem, parameter);
            int positive = model.getLabels()[0] == 1 ? 0 : 1;
            Map<String, Double> weights = new HashMap<>();
            for (int i = 0; i < columns.size(); i++) {
                double w = model.getDecfunCoef(i + 1, positive);
                if (w != 0) {
                    weights.put(columns.get(i), w);
                }
            }
            out.put(term, new TagModel(model.getDecfunBias(positive), weights));
        }
        return new WordClassifiers(out);
    }

    private static Feature[] row(double[] x, Set<String> words, Map<String, Integer> index, int biasColumn,
                                 List<SubjectModel.Feature> features) {
        TreeMap<Integer, Double> values = new TreeMap<>();
        for (SubjectModel.Feature f : features) {
            double v = x == null ? 0 : x[f.ordinal()];
            if (v != 0) {
                values.put(index.get(f.name()), v);
            }
        }
        for (String w : words) {
            Integer i = index.get("word." + w);
            if (i != null) {
                values.put(i, 1.0);
            }
        }
        List<Feature> out = new ArrayList<>(values.size() + 1);
        values.forEach((i, v) -> out.add(new FeatureNode(i, v)));
        out.add(new FeatureNode(biasColumn, 1));
        return out.toArray(Feature[]::new);
    }

    /**
     * Writes the classifiers as properties ({@code <prefix><id>.bias}, {@code <prefix><id>.<feature or word.<word>>});
     * the prefix is {@code checktag.} for the check tags, {@code descriptor.} for the frequent descriptors.
     */
    void write(StringBuilder b, String prefix) {
        new TreeMap<>(byTerm).forEach((id, m) -> {
            b.append(prefix).append(id).append(".bias=").append(format(m.bias())).append('\n');
            new TreeMap<>(m.weights()).forEach((k, w) ->
                    b.append(prefix).append(id).append('.').append(k).append('=').append(format(w)).append('\n'));
        });
    }

    static WordClassifiers read(Properties p, String prefix) {
        Map<String, Double> biases = new HashMap<>();
        Map<String, Map<String, Double>> weights = new HashMap<>();
        for (String key : p.stringPropertyNames()) {
            if (!key.startsWith(prefix)) {
                continue;
            }
            String rest = key.substring(prefix.length());
            int dot = rest.indexOf('.');
            String id = rest.substring(0, dot);
            String name = rest.substring(dot + 1);
            double v = Double.parseDouble(p.getProperty(key));
            if (name.equals("bias")) {
                biases.put(id, v);
            } else {
                weights.computeIfAbsent(id, k -> new HashMap<>()).put(name, v);
            }
        }
        Map<String, TagModel> out = new HashMap<>();
        biases.forEach((id, bias) -> out.put(id, new TagModel(bias, weights.getOrDefault(id, Map.of()))));
        return new WordClassifiers(out);
    }

    private static String format(double d) {
        return String.format(Locale.ROOT, "%.6f", d);
    }
}
