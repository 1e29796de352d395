package org.fairrag.annotate;

import java.util.List;
import java.util.Set;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.LUDecomposition;

/**
 * How many descriptors indexers give a text, predicted (as MeSHLabeler's "MeSHNumber" does) by a least-squares
 * line over a few things known before choosing: the length of the text, how many terms it mentions, how many
 * descriptors its neighbours have, and how many its candidates are expected to be (the sum of their
 * probabilities). Immutable.
 */
record SubjectCount(double[] weights) {

    static final int FEATURES = 5;

    SubjectCount {
        if (weights.length != FEATURES) {
            throw new IllegalArgumentException("one weight per feature and one for the intercept");
        }
        weights = weights.clone();
    }

    /** The predictors of a text: 1, log(1 + distinct words), log(1 + terms mentioned), neighbours' mean count, expected count. */
    static double[] features(Set<String> words, List<Mention> mentions, List<Neighbours.Neighbour> neighbours,
                             double expected) {
        double weight = 0;
        double count = 0;
        for (Neighbours.Neighbour n : neighbours) {
            weight += n.weight();
            count += n.weight() * n.termIds().size();
        }
        long mentioned = mentions.stream().filter(m -> !m.negated()).map(Mention::termId).distinct().count();
        return new double[] {1, Math.log1p(words.size()), Math.log1p(mentioned), weight == 0 ? 0 : count / weight, expected};
    }

    double predict(double[] x) {
        double y = 0;
        for (int i = 0; i < FEATURES; i++) {
            y += weights[i] * x[i];
        }
        return Math.max(y, 0);
    }

    /** The least-squares fit (with a tiny ridge, so a constant predictor does not make it singular). */
    static SubjectCount fit(List<double[]> rows, List<Integer> counts) {
        double[][] a = new double[FEATURES][FEATURES];
        double[] b = new double[FEATURES];
        for (int r = 0; r < rows.size(); r++) {
            double[] x = rows.get(r);
            for (int i = 0; i < FEATURES; i++) {
                b[i] += x[i] * counts.get(r);
                for (int j = 0; j < FEATURES; j++) {
                    a[i][j] += x[i] * x[j];
                }
            }
        }
        for (int i = 1; i < FEATURES; i++) {
            a[i][i] += 1e-6 * rows.size();
        }
        return new SubjectCount(new LUDecomposition(new Array2DRowRealMatrix(a, false)).getSolver()
                .solve(new ArrayRealVector(b, false)).toArray());
    }
}
