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
import org.fairrag.learn.LogisticRegression;

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

    /** Fits by {@link LogisticRegression}: the cross-entropy of the estimates against {@code targets}, L2 {@code l2}. */
    static LogisticModel fit(String what, List<String> features, double[][] x, double[] targets, double l2) {
        if (x.length != targets.length || x.length <= features.size()) {
            throw new IllegalArgumentException(what + ": need more rows than features and one target per row: " + x.length);
        }
        LogisticRegression.Fit fit = LogisticRegression.fit(LogisticRegression.Rows.of(x), i -> targets[i], l2);
        return new LogisticModel(what, features, fit.bias(), fit.weights());
    }

    @Override
    public String toString() {
        return what + Arrays.toString(weights) + " + " + bias;
    }
}
