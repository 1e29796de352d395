package org.fairrag.search;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.LUDecomposition;

/**
 * A logistic model over named features, as the search's fitted models keep it: fitted by Newton's method on standardised
 * features with an L2 penalty, targets from 0 to 1 (a share, or a label), and kept as "name TAB coefficient" lines.
 */
final class LogisticModel {

    private final String what;
    private final List<String> features;
    private final double bias;
    private final double[] weights;

    LogisticModel(String what, List<String> features, double bias, double[] weights) {
        if (weights.length != features.size()) {
            throw new IllegalArgumentException(what + ": expected " + features.size() + " weights, got " + weights.length);
        }
        this.what = what;
        this.features = List.copyOf(features);
        this.bias = bias;
        this.weights = weights.clone();
    }

    /** The estimate for features {@code x}, in the order of the feature names: from 0 to 1. */
    double probability(double[] x) {
        double z = bias;
        for (int i = 0; i < x.length; i++) {
            z += weights[i] * x[i];
        }
        return 1 / (1 + Math.exp(-z));
    }

    /** A bundled model, from the class path. */
    static LogisticModel resource(String what, List<String> features, String resource) {
        try (InputStream in = LogisticModel.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource);
            }
            return parse(what, features, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads "name TAB coefficient" lines ({@code bias} and every feature once; # starts a comment). */
    static LogisticModel parse(String what, List<String> features, String text) {
        Map<String, Double> values = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            String[] parts = l.split("\t");
            if (parts.length != 2 || values.put(parts[0], Double.parseDouble(parts[1])) != null) {
                throw new IllegalArgumentException(what + ": bad or repeated line: " + l);
            }
        }
        List<String> expected = new ArrayList<>(features);
        expected.add("bias");
        if (!values.keySet().containsAll(expected) || values.size() != expected.size()) {
            throw new IllegalArgumentException(what + ": expected the coefficients " + expected + ", got " + values.keySet());
        }
        return new LogisticModel(what, features, values.get("bias"), features.stream().mapToDouble(values::get).toArray());
    }

    /** The coefficients file: {@code header} lines as comments, then the bias and each feature's weight. */
    String format(List<String> header) {
        StringBuilder out = new StringBuilder();
        header.forEach(h -> out.append("# ").append(h).append('\n'));
        out.append("bias\t").append(String.format(Locale.ROOT, "%.8g", bias)).append('\n');
        for (int i = 0; i < weights.length; i++) {
            out.append(features.get(i)).append('\t').append(String.format(Locale.ROOT, "%.8g", weights[i])).append('\n');
        }
        return out.toString();
    }

    /**
     * Fits by minimising the cross-entropy of the estimates against {@code targets} plus {@code l2} times half the squared
     * weights of the standardised features (not the bias), by Newton's method; the weights are brought back to the
     * features' own scale.
     */
    static LogisticModel fit(String what, List<String> features, double[][] x, double[] targets, double l2) {
        int n = x.length;
        int d = features.size();
        if (n != targets.length || n <= d) {
            throw new IllegalArgumentException(what + ": need more rows than features and one target per row: " + n);
        }
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
                    g[a] += (p - targets[i]) * z[a];
                    for (int b = 0; b <= d; b++) {
                        h[a][b] += curvature * z[a] * z[b];
                    }
                }
            }
            for (int a = 1; a <= d; a++) {
                g[a] += l2 * w[a];
                h[a][a] += l2;
            }
            double[] step = new LUDecomposition(new Array2DRowRealMatrix(h, false)).getSolver()
                    .solve(new ArrayRealVector(g, false)).toArray();
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
        return new LogisticModel(what, features, bias, weights);
    }

    @Override
    public String toString() {
        return what + Arrays.toString(weights) + " + " + bias;
    }
}
