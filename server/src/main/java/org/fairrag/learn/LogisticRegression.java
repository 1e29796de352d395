package org.fairrag.learn;

import java.util.function.IntToDoubleFunction;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.LUDecomposition;

/**
 * Logistic regression as fairrag's fitted models use it: the cross-entropy of the estimates against targets from 0 to 1
 * (a label, or a share) plus an L2 penalty on the weights of the standardised columns (not the bias), minimised by
 * Newton's method; the weights are brought back to the columns' own scale.
 */
public final class LogisticRegression {

    private static final int MAX_ITERATIONS = 50;
    private static final double CONVERGED = 1e-9;

    private LogisticRegression() {
    }

    /** The rows of a design, read one at a time so that a large one need not be held in memory at once. */
    public interface Rows {
        int size();

        int width();

        /** Writes row {@code row}'s {@link #width()} values into {@code into}. */
        void read(int row, double[] into);

        /** Rows held in an array. */
        static Rows of(double[][] x) {
            int width = x.length == 0 ? 0 : x[0].length;
            return new Rows() {
                @Override
                public int size() {
                    return x.length;
                }

                @Override
                public int width() {
                    return width;
                }

                @Override
                public void read(int row, double[] into) {
                    System.arraycopy(x[row], 0, into, 0, width);
                }
            };
        }
    }

    /** The fitted model: its estimate for a row x is 1 / (1 + exp(-(bias + weights . x))). */
    public record Fit(double bias, double[] weights) {}

    /**
     * Fits {@code rows} to {@code target}.
     *
     * @param target the target of each row, from 0 to 1
     * @param l2     the penalty on half the squared weights of the standardised columns
     */
    public static Fit fit(Rows rows, IntToDoubleFunction target, double l2) {
        int n = rows.size();
        int d = rows.width();
        double[] x = new double[d];
        double[] mean = new double[d];
        double[] sd = new double[d];
        for (int i = 0; i < n; i++) {
            rows.read(i, x);
            for (int j = 0; j < d; j++) {
                mean[j] += x[j] / n;
            }
        }
        for (int i = 0; i < n; i++) {
            rows.read(i, x);
            for (int j = 0; j < d; j++) {
                sd[j] += (x[j] - mean[j]) * (x[j] - mean[j]) / n;
            }
        }
        for (int j = 0; j < d; j++) {
            sd[j] = Math.max(Math.sqrt(sd[j]), 1e-9);
        }
        double[] w = new double[d + 1];
        double[] z = new double[d + 1];
        for (int iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
            double[] g = new double[d + 1];
            double[][] h = new double[d + 1][d + 1];
            for (int i = 0; i < n; i++) {
                rows.read(i, x);
                z[0] = 1;
                for (int j = 0; j < d; j++) {
                    z[j + 1] = (x[j] - mean[j]) / sd[j];
                }
                double eta = 0;
                for (int j = 0; j <= d; j++) {
                    eta += w[j] * z[j];
                }
                double p = 1 / (1 + Math.exp(-eta));
                double curvature = Math.max(p * (1 - p), 1e-9);
                double error = p - target.applyAsDouble(i);
                for (int a = 0; a <= d; a++) {
                    g[a] += error * z[a];
                    double za = curvature * z[a];
                    for (int b = a; b <= d; b++) {
                        h[a][b] += za * z[b];
                    }
                }
            }
            for (int a = 0; a <= d; a++) {
                for (int b = 0; b < a; b++) {
                    h[a][b] = h[b][a];
                }
                if (a > 0) {
                    g[a] += l2 * w[a];
                    h[a][a] += l2;
                }
            }
            double[] step = new LUDecomposition(new Array2DRowRealMatrix(h, false)).getSolver()
                    .solve(new ArrayRealVector(g, false)).toArray();
            double change = 0;
            for (int j = 0; j <= d; j++) {
                w[j] -= step[j];
                change = Math.max(change, Math.abs(step[j]));
            }
            if (change < CONVERGED) {
                break;
            }
        }
        double bias = w[0];
        double[] weights = new double[d];
        for (int j = 0; j < d; j++) {
            weights[j] = w[j + 1] / sd[j];
            bias -= w[j + 1] * mean[j] / sd[j];
        }
        return new Fit(bias, weights);
    }
}
