package org.fairrag.search;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.LUDecomposition;
import org.fairrag.terms.QueryConcept;
import org.fairrag.vectors.ChunkHit;

/**
 * How precise the article list of one of a query's concepts is likely to be: a logistic model of the share of the
 * list's first 10 articles that are about what the query means, from how the concept was linked (words that name it,
 * its name's nearness to the query's meaning) and how its articles meet the query (how much more often the nearest
 * articles are about it than any article, how near its best articles are). The search weighs each concept list by
 * this estimate, so that of several concepts a query may mean, the one whose articles are likely right counts most.
 *
 * <p>The bundled coefficients ({@value #RESOURCE}) are fitted by {@code fairrag-bench concept-lists} on the lay
 * development sets; the file's header says on which and how.
 */
public final class ConceptListModel {

    static final String RESOURCE = "/fairrag/search/concept-list-model.tsv";

    /** The features, in the order of {@link Features#vector()} and of the coefficients file. */
    public static final List<String> FEATURES = List.of("named", "nameScore", "near", "similarity", "belowNearest",
            "nearRank", "cover", "wholeQuery", "logLift", "logArticles", "agreement5", "agreement1", "listFill");

    private static final double L2 = 1.0;
    private static final double MIN_LIFT = 0.05;
    private static final double MAX_NAME_SCORE = 1.2;

    private final double bias;
    private final double[] weights;

    ConceptListModel(double bias, double[] weights) {
        if (weights.length != FEATURES.size()) {
            throw new IllegalArgumentException("expected " + FEATURES.size() + " weights, got " + weights.length);
        }
        this.bias = bias;
        this.weights = weights.clone();
    }

    /**
     * What is known of one concept list when it is weighed.
     *
     * @param named        whether words of the query name the concept
     * @param nameScore    the lexicon score of those words (0 when none; capped at 1.2)
     * @param near         whether the concept's name is among those nearest to the query's meaning
     * @param similarity   that name's cosine similarity to the query (0 when not near)
     * @param belowNearest how far that similarity is below the nearest concept's (0 when not near)
     * @param nearRank     1 / (1 + rank) among the near concepts, rank from 0 (0 when not near)
     * @param cover        the share of the query's words that name it
     * @param wholeQuery   whether its name covers every word of the query
     * @param logLift      the log of how much more often the articles nearest to the query are about it than all articles
     * @param logArticles  the log of how many articles are about it
     * @param agreement5   the mean similarity of the list's 5 best articles over that of the 5 nearest of all
     * @param agreement1   the same for the best article
     * @param listFill     how much of a page (10) the list fills
     */
    public record Features(boolean named, double nameScore, boolean near, double similarity, double belowNearest,
                           double nearRank, double cover, boolean wholeQuery, double logLift, double logArticles,
                           double agreement5, double agreement1, double listFill) {

        /**
         * The features of one concept's list.
         *
         * @param near      the concepts linked to the query by meaning, nearest first ({@link #nearestFirst})
         * @param words     how many words the query has (function words aside)
         * @param lift      the share of the nearest articles about the concept over its share of all articles
         * @param articles  how many articles are about the concept (exploded)
         * @param list      the concept's ranked articles
         * @param byMeaning the articles nearest to the query
         */
        public static Features of(QueryConcept c, List<QueryConcept> near, int words, double lift, long articles,
                                  List<ChunkHit> list, List<ChunkHit> byMeaning) {
            int rank = near.indexOf(c);
            double nearest = near.isEmpty() ? 0 : near.get(0).similarity();
            double all5 = meanScore(byMeaning, 5);
            double all1 = meanScore(byMeaning, 1);
            return new Features(c.named(), Math.min(c.score(), MAX_NAME_SCORE), c.near(), c.similarity(),
                    c.near() ? nearest - c.similarity() : 0, rank >= 0 ? 1.0 / (1 + rank) : 0,
                    c.words() / (double) Math.max(1, words), c.named() && c.words() >= words,
                    Math.log(Math.max(lift, MIN_LIFT)), Math.log(Math.max(articles, 1)),
                    all5 > 0 ? meanScore(list, 5) / all5 : 0, all1 > 0 ? meanScore(list, 1) / all1 : 0,
                    Math.min(list.size(), 10) / 10.0);
        }

        /** The concepts linked by meaning, nearest first: once per query, for every list's {@link #of}. */
        public static List<QueryConcept> nearestFirst(List<QueryConcept> linked) {
            return linked.stream().filter(QueryConcept::near).sorted(Comparator.comparingDouble(x -> -x.similarity()))
                    .toList();
        }

        public double[] vector() {
            return new double[] {named ? 1 : 0, nameScore, near ? 1 : 0, similarity, belowNearest, nearRank, cover,
                    wholeQuery ? 1 : 0, logLift, logArticles, agreement5, agreement1, listFill};
        }
    }

    /** The estimated precision of the list, from 0 to 1. */
    public double precision(Features f) {
        double[] x = f.vector();
        double z = bias;
        for (int i = 0; i < x.length; i++) {
            z += weights[i] * x[i];
        }
        return 1 / (1 + Math.exp(-z));
    }

    /** The model shipped with the server. */
    public static ConceptListModel bundled() {
        try (InputStream in = ConceptListModel.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + RESOURCE);
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A model written by {@link #format}, from a file. */
    public static ConceptListModel read(Path file) throws IOException {
        return parse(Files.readString(file));
    }

    /** Reads "name TAB coefficient" lines ({@code bias} and every feature once; # starts a comment). */
    static ConceptListModel parse(String text) {
        Map<String, Double> values = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            String[] parts = l.split("\t");
            if (parts.length != 2 || values.put(parts[0], Double.parseDouble(parts[1])) != null) {
                throw new IllegalArgumentException("concept list model: bad or repeated line: " + l);
            }
        }
        List<String> expected = new ArrayList<>(FEATURES);
        expected.add("bias");
        if (!values.keySet().containsAll(expected) || values.size() != expected.size()) {
            throw new IllegalArgumentException("concept list model: expected the coefficients " + expected + ", got "
                    + values.keySet());
        }
        return new ConceptListModel(values.get("bias"), FEATURES.stream().mapToDouble(values::get).toArray());
    }

    /** The coefficients file: {@code header} lines as comments, then the bias and each feature's weight. */
    public String format(List<String> header) {
        StringBuilder out = new StringBuilder();
        header.forEach(h -> out.append("# ").append(h).append('\n'));
        out.append("bias\t").append(String.format(Locale.ROOT, "%.8g", bias)).append('\n');
        for (int i = 0; i < weights.length; i++) {
            out.append(FEATURES.get(i)).append('\t').append(String.format(Locale.ROOT, "%.8g", weights[i])).append('\n');
        }
        return out.toString();
    }

    /**
     * Fits the model to lists whose precision is known: logistic regression on fractional targets (the cross-entropy
     * of the estimate against the list's precision) with a small L2 penalty, on standardised features, by Newton's
     * method; the weights are brought back to the features' own scale.
     */
    public static ConceptListModel fit(List<Features> rows, double[] precisions) {
        int n = rows.size();
        int d = FEATURES.size();
        if (n != precisions.length || n <= d) {
            throw new IllegalArgumentException("need more lists than features and one precision per list: " + n);
        }
        double[][] x = rows.stream().map(Features::vector).toArray(double[][]::new);
        double[] mean = new double[d];
        double[] sd = new double[d];
        for (double[] r : x) {
            for (int j = 0; j < d; j++) {
                mean[j] += r[j] / n;
            }
        }
        for (double[] r : x) {
            for (int j = 0; j < d; j++) {
                sd[j] += (r[j] - mean[j]) * (r[j] - mean[j]) / n;
            }
        }
        for (int j = 0; j < d; j++) {
            sd[j] = Math.max(Math.sqrt(sd[j]), 1e-9);
        }
        double[] w = new double[d + 1];
        double[] z = new double[d + 1];
        for (int iteration = 0; iteration < 50; iteration++) {
            double[] g = new double[d + 1];
            double[][] h = new double[d + 1][d + 1];
            for (int i = 0; i < n; i++) {
                z[0] = 1;
                for (int j = 0; j < d; j++) {
                    z[j + 1] = (x[i][j] - mean[j]) / sd[j];
                }
                double eta = 0;
                for (int j = 0; j <= d; j++) {
                    eta += w[j] * z[j];
                }
                double p = 1 / (1 + Math.exp(-eta));
                double curvature = Math.max(p * (1 - p), 1e-9);
                for (int a = 0; a <= d; a++) {
                    g[a] += (p - precisions[i]) * z[a];
                    for (int b = 0; b <= d; b++) {
                        h[a][b] += curvature * z[a] * z[b];
                    }
                }
            }
            for (int a = 1; a <= d; a++) {
                g[a] += L2 * w[a];
                h[a][a] += L2;
            }
            double[] step = solve(h, g);
            double change = 0;
            for (int j = 0; j <= d; j++) {
                w[j] -= step[j];
                change = Math.max(change, Math.abs(step[j]));
            }
            if (change < 1e-9) {
                break;
            }
        }
        double bias = w[0];
        double[] weights = new double[d];
        for (int j = 0; j < d; j++) {
            weights[j] = w[j + 1] / sd[j];
            bias -= w[j + 1] * mean[j] / sd[j];
        }
        return new ConceptListModel(bias, weights);
    }

    private static double[] solve(double[][] a, double[] b) {
        return new LUDecomposition(new Array2DRowRealMatrix(a, false)).getSolver().solve(new ArrayRealVector(b, false))
                .toArray();
    }

    static double meanScore(List<ChunkHit> hits, int depth) {
        int n = Math.min(depth, hits.size());
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += hits.get(i).score();
        }
        return n == 0 ? 0 : sum / n;
    }

    @Override
    public String toString() {
        return "ConceptListModel" + Arrays.toString(weights) + " + " + bias;
    }
}
