package org.fairrag.annotate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * Gradient-boosted regression trees for the subject model's candidates: a sum of small trees over the candidate
 * features, added to a margin (the log-odds) the trees start from, so the model can learn what a logistic
 * regression cannot, how one feature's effect depends on another's. Fitted on the logistic loss by second-order
 * steps (as XGBoost and LightGBM fit it) over features cut into at most {@link Settings#bins} ranges, each tree grown
 * level by level to {@link Settings#depth}. Immutable; scoring reads only the split values, so it needs no library.
 *
 * <p>Written here rather than taken from a library: the libraries that boost trees on the JVM (XGBoost4J, LightGBM4j,
 * Tribuo's XGBoost) call native code, which the server would then load to score every candidate; these trees are a
 * few hundred nodes over some twenty dense features, which a page of Java fits in seconds and scores in microseconds.
 *
 * @param trees each tree's nodes
 */
public record BoostedTrees(List<Tree> trees) {

    /** No trees: a margin of 0. */
    public static final BoostedTrees NONE = new BoostedTrees(List.of());

    /**
     * One tree: node {@code i} is a leaf when {@code feature[i] < 0}, with {@code value[i]}; else a split sending a
     * candidate whose feature {@code feature[i]} is at most {@code threshold[i]} to node {@code left[i]}, any other to
     * {@code right[i]}. Node 0 is the root.
     */
    public record Tree(int[] feature, double[] threshold, int[] left, int[] right, double[] value) {
        double margin(double[] x) {
            int i = 0;
            while (feature[i] >= 0) {
                i = x[feature[i]] <= threshold[i] ? left[i] : right[i];
            }
            return value[i];
        }

        int size() {
            return feature.length;
        }
    }

    /**
     * How trees are grown: how many, how deep, the learning rate each tree's leaves are shrunk by, the L2 penalty
     * on a leaf's value, the least hessian (about p(1-p) summed over its candidates) a leaf must hold, and the
     * ranges a feature is cut into.
     */
    public record Settings(int trees, int depth, double learningRate, double lambda, double minHessian, int bins) {
        public static final Settings DEFAULT = new Settings(200, 4, 0.1, 1, 10, 64);

        public Settings {
            if (trees < 0 || depth < 1 || depth > 10 || bins < 2 || bins > 256 || learningRate <= 0 || lambda < 0 || minHessian < 0) {
                throw new IllegalArgumentException("trees >= 0, depth 1-10, bins 2-256, learning rate > 0, lambda and least hessian >= 0");
            }
        }

        public String label() {
            String penalty = lambda == DEFAULT.lambda && minHessian == DEFAULT.minHessian ? ""
                    : String.format(Locale.ROOT, ", lambda %s, least hessian %s", lambda, minHessian);
            return String.format(Locale.ROOT, "%d trees, depth %d, rate %s", trees, depth, learningRate) + penalty;
        }
    }

    public BoostedTrees {
        trees = List.copyOf(trees);
    }

    /** The sum of the trees' values for a candidate's features. */
    public double margin(double[] x) {
        double z = 0;
        for (Tree t : trees) {
            z += t.margin(x);
        }
        return z;
    }

    public boolean isEmpty() {
        return trees.isEmpty();
    }

    /**
     * Fits trees on rows with known answers, each row starting from the margin {@code start} gives it (another
     * model's log-odds, or one constant), reading only the features of {@code columns}.
     */
    public static BoostedTrees fit(List<double[]> rows, List<Boolean> labels, double[] start, int[] columns, Settings s) {
        int n = rows.size();
        int m = columns.length;
        double[][] cuts = new double[m][];
        byte[][] binned = new byte[m][n];
        for (int c = 0; c < m; c++) {
            cuts[c] = cuts(rows, columns[c], s.bins());
            for (int i = 0; i < n; i++) {
                binned[c][i] = (byte) bin(cuts[c], rows.get(i)[columns[c]]);
            }
        }
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            y[i] = labels.get(i) ? 1 : 0;
        }
        double[] margin = start.clone();
        double[] g = new double[n];
        double[] h = new double[n];
        int[] node = new int[n];
        List<Tree> trees = new ArrayList<>();
        for (int t = 0; t < s.trees(); t++) {
            for (int i = 0; i < n; i++) {
                double p = 1 / (1 + Math.exp(-margin[i]));
                g[i] = p - y[i];
                h[i] = Math.max(p * (1 - p), 1e-12);
            }
            Tree tree = grow(binned, cuts, columns, g, h, node, s);
            for (int i = 0; i < n; i++) {
                margin[i] += tree.value()[node[i]];
            }
            trees.add(tree);
        }
        return new BoostedTrees(trees);
    }

    /**
     * Grows one tree level by level; on return {@code node[i]} is the leaf row {@code i} fell in. A node is split where
     * the second-order gain of the loss is highest, if it is positive and each side keeps {@link Settings#minHessian}.
     * Of two siblings only the one with fewer rows is counted into ranges; the other's sums are its parent's less its
     * sibling's. The features are counted in parallel.
     */
    private static Tree grow(byte[][] binned, double[][] cuts, int[] columns, double[] g, double[] h, int[] node,
                             Settings s) {
        int n = g.length;
        int m = columns.length;
        int bins = s.bins();
        List<int[]> split = new ArrayList<>(); // feature column, bin, left, right; column -1 for a leaf
        List<Double> values = new ArrayList<>();
        List<Integer> counts = new ArrayList<>();
        Arrays.fill(node, 0);
        split.add(new int[] {-1, 0, 0, 0});
        values.add(0.0);
        counts.add(n);
        int[] open = {0};
        double[] openG = {Arrays.stream(g).sum()};
        double[] openH = {Arrays.stream(h).sum()};
        double[][] parentG = null;
        double[][] parentH = null;
        int[] rowSlot = new int[n];
        for (int level = 0; level < s.depth() && open.length > 0; level++) {
            int width = open.length;
            int[] slotOf = new int[split.size()];
            Arrays.fill(slotOf, -1);
            for (int k = 0; k < width; k++) {
                slotOf[open[k]] = k;
            }
            // siblings are next to each other from the second level on: count the smaller of each pair
            boolean[] counted = new boolean[width];
            if (level == 0) {
                counted[0] = true;
            } else {
                for (int k = 0; k < width; k += 2) {
                    counted[counts.get(open[k]) <= counts.get(open[k + 1]) ? k : k + 1] = true;
                }
            }
            for (int i = 0; i < n; i++) {
                int k = slotOf[node[i]];
                rowSlot[i] = k >= 0 && counted[k] ? k : -1;
            }
            Ranges ranges = countRanges(binned, rowSlot, g, h, width, bins, counted);
            double[][] histG = ranges.g();
            double[][] histH = ranges.h();
            for (int k = 0; k < width; k++) {
                if (!counted[k]) {
                    int sibling = k % 2 == 0 ? k + 1 : k - 1;
                    for (int b = 0; b < m * bins; b++) {
                        histG[k][b] = parentG[k / 2][b] - histG[sibling][b];
                        histH[k][b] = parentH[k / 2][b] - histH[sibling][b];
                    }
                }
            }
            List<Integer> next = new ArrayList<>();
            List<Double> nextG = new ArrayList<>();
            List<Double> nextH = new ArrayList<>();
            List<double[]> nextParentG = new ArrayList<>();
            List<double[]> nextParentH = new ArrayList<>();
            for (int k = 0; k < width; k++) {
                Split best = bestSplit(histG[k], histH[k], cuts, openG[k], openH[k], s);
                int id = open[k];
                if (best == null) {
                    values.set(id, -openG[k] / (openH[k] + s.lambda()) * s.learningRate());
                    continue;
                }
                int left = split.size();
                split.add(new int[] {-1, 0, 0, 0});
                values.add(-best.leftG() / (best.leftH() + s.lambda()) * s.learningRate());
                counts.add(0);
                int right = split.size();
                split.add(new int[] {-1, 0, 0, 0});
                double rightG = openG[k] - best.leftG();
                double rightH = openH[k] - best.leftH();
                values.add(-rightG / (rightH + s.lambda()) * s.learningRate());
                counts.add(0);
                split.set(id, new int[] {best.column(), best.bin(), left, right});
                next.add(left);
                nextG.add(best.leftG());
                nextH.add(best.leftH());
                next.add(right);
                nextG.add(rightG);
                nextH.add(rightH);
                nextParentG.add(histG[k]);
                nextParentH.add(histH[k]);
            }
            // move each row of a node just split to its child
            int[] moved = new int[split.size()];
            for (int i = 0; i < n; i++) {
                int id = node[i];
                if (id < slotOf.length && slotOf[id] >= 0) {
                    int[] sp = split.get(id);
                    if (sp[0] >= 0) {
                        node[i] = (binned[sp[0]][i] & 0xff) <= sp[1] ? sp[2] : sp[3];
                        moved[node[i]]++;
                    }
                }
            }
            for (int id = 0; id < moved.length; id++) {
                if (moved[id] > 0) {
                    counts.set(id, moved[id]);
                }
            }
            open = next.stream().mapToInt(Integer::intValue).toArray();
            openG = nextG.stream().mapToDouble(Double::doubleValue).toArray();
            openH = nextH.stream().mapToDouble(Double::doubleValue).toArray();
            parentG = nextParentG.toArray(double[][]::new);
            parentH = nextParentH.toArray(double[][]::new);
        }
        int size = split.size();
        int[] feature = new int[size];
        double[] threshold = new double[size];
        int[] left = new int[size];
        int[] right = new int[size];
        double[] value = new double[size];
        for (int i = 0; i < size; i++) {
            int[] sp = split.get(i);
            feature[i] = sp[0] < 0 ? -1 : columns[sp[0]];
            threshold[i] = sp[0] < 0 ? 0 : cuts[sp[0]][sp[1]];
            left[i] = sp[2];
            right[i] = sp[3];
            value[i] = sp[0] < 0 ? values.get(i) : 0;
        }
        return new Tree(feature, threshold, left, right, value);
    }

    /** Gradient and hessian sums of the rows of each open node, by feature and range ({@code width} nodes). */
    private record Ranges(double[][] g, double[][] h) {}

    /**
     * Counts the rows of the nodes marked {@code counted} ({@code rowSlot[i]}: row i's node, or -1) into their ranges.
     * Rows go in blocks small enough that their gradients stay in cache while every feature is counted; two parts of
     * the rows are counted in parallel, each into sums of its own, added in a fixed order.
     */
    private static Ranges countRanges(byte[][] binned, int[] rowSlot, double[] g, double[] h, int width, int bins,
                                      boolean[] counted) {
        int n = g.length;
        int m = binned.length;
        int parts = 2;
        double[][] partial = new double[parts][];
        java.util.stream.IntStream.range(0, parts).parallel().forEach(part -> {
            double[] sums = new double[width * m * bins * 2];
            int from = (int) ((long) n * part / parts);
            int to = (int) ((long) n * (part + 1) / parts);
            for (int block = from; block < to; block += 4096) {
                countBlock(binned, rowSlot, g, h, bins, block, Math.min(to, block + 4096), sums);
            }
            partial[part] = sums;
        });
        double[][] histG = new double[width][m * bins];
        double[][] histH = new double[width][m * bins];
        for (int k = 0; k < width; k++) {
            if (counted[k]) {
                for (int b = 0; b < m * bins; b++) {
                    int at = (k * m * bins + b) * 2;
                    for (double[] sums : partial) {
                        histG[k][b] += sums[at];
                        histH[k][b] += sums[at + 1];
                    }
                }
            }
        }
        return new Ranges(histG, histH);
    }

    private static void countBlock(byte[][] binned, int[] rowSlot, double[] g, double[] h, int bins, int from, int to,
                                   double[] sums) {
        int m = binned.length;
        for (int c = 0; c < m; c++) {
            byte[] column = binned[c];
            int offset = c * bins;
            for (int i = from; i < to; i++) {
                int k = rowSlot[i];
                if (k >= 0) {
                    int at = ((k * m * bins) + offset + (column[i] & 0xff)) * 2;
                    sums[at] += g[i];
                    sums[at + 1] += h[i];
                }
            }
        }
    }

    /** Where a node splits: the feature column, the last range on the left, and the left side's sums. */
    private record Split(int column, int bin, double leftG, double leftH) {}

    /**
     * The split of a node with the highest second-order gain, if it is positive and each side keeps
     * {@link Settings#minHessian}; null when none does.
     */
    private static Split bestSplit(double[] histG, double[] histH, double[][] cuts, double nodeG, double nodeH, Settings s) {
        int bins = s.bins();
        double total = nodeG * nodeG / (nodeH + s.lambda());
        double bestGain = 1e-9;
        Split best = null;
        for (int c = 0; c < cuts.length; c++) {
            double leftG = 0;
            double leftH = 0;
            for (int b = 0; b < cuts[c].length; b++) {
                leftG += histG[c * bins + b];
                leftH += histH[c * bins + b];
                double rightG = nodeG - leftG;
                double rightH = nodeH - leftH;
                if (leftH < s.minHessian() || rightH < s.minHessian()) {
                    continue;
                }
                double gain = leftG * leftG / (leftH + s.lambda()) + rightG * rightG / (rightH + s.lambda()) - total;
                if (gain > bestGain) {
                    bestGain = gain;
                    best = new Split(c, b, leftG, leftH);
                }
            }
        }
        return best;
    }

    /**
     * Where a feature is cut: at most {@code bins - 1} values, each the largest of its range, at quantiles of the
     * distinct values the rows hold (every distinct value when there are few, as for 0/1 features).
     */
    static double[] cuts(List<double[]> rows, int column, int bins) {
        double[] v = new double[rows.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = rows.get(i)[column];
        }
        Arrays.sort(v);
        double[] distinct = new double[bins + 1];
        int count = 0;
        for (int i = 0; i < v.length && count <= bins; i++) {
            if (count == 0 || v[i] != distinct[count - 1]) {
                distinct[count++] = v[i];
            }
        }
        if (count <= bins) {
            return Arrays.copyOf(distinct, Math.max(0, count - 1));
        }
        List<Double> out = new ArrayList<>();
        for (int q = 1; q < bins; q++) {
            double cut = v[(int) ((long) q * (v.length - 1) / bins)];
            if (cut < v[v.length - 1] && (out.isEmpty() || cut > out.get(out.size() - 1))) {
                out.add(cut);
            }
        }
        return out.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** The range a value falls in: the first cut it does not exceed, or past the last. */
    static int bin(double[] cuts, double value) {
        int b = Arrays.binarySearch(cuts, value);
        return b >= 0 ? b : -b - 1;
    }

    /** Writes the trees as properties, one a line: {@code prefix.N=} its nodes, each feature name, threshold, left, right, value. */
    void write(StringBuilder b, String prefix) {
        SubjectModel.Feature[] features = SubjectModel.Feature.values();
        b.append(prefix).append("count=").append(trees.size()).append('\n');
        for (int t = 0; t < trees.size(); t++) {
            Tree tree = trees.get(t);
            b.append(prefix).append(t).append('=');
            for (int i = 0; i < tree.size(); i++) {
                if (i > 0) {
                    b.append(';');
                }
                if (tree.feature()[i] < 0) {
                    b.append("leaf:").append(number(tree.value()[i]));
                } else {
                    b.append(features[tree.feature()[i]].name()).append(':').append(number(tree.threshold()[i])).append(':')
                            .append(tree.left()[i]).append(':').append(tree.right()[i]);
                }
            }
            b.append('\n');
        }
    }

    static BoostedTrees read(Properties p, String prefix) {
        int count = Integer.parseInt(p.getProperty(prefix + "count", "0").trim());
        List<Tree> trees = new ArrayList<>(count);
        for (int t = 0; t < count; t++) {
            String[] nodes = p.getProperty(prefix + t).trim().split(";");
            int[] feature = new int[nodes.length];
            double[] threshold = new double[nodes.length];
            int[] left = new int[nodes.length];
            int[] right = new int[nodes.length];
            double[] value = new double[nodes.length];
            for (int i = 0; i < nodes.length; i++) {
                String[] bits = nodes[i].split(":");
                if (bits[0].equals("leaf")) {
                    feature[i] = -1;
                    value[i] = Double.parseDouble(bits[1]);
                } else {
                    feature[i] = SubjectModel.Feature.valueOf(bits[0]).ordinal();
                    threshold[i] = Double.parseDouble(bits[1]);
                    left[i] = Integer.parseInt(bits[2]);
                    right[i] = Integer.parseInt(bits[3]);
                    if (left[i] <= i || right[i] <= i || left[i] >= nodes.length || right[i] >= nodes.length) {
                        throw new IllegalArgumentException("tree " + t + ": node " + i + " points outside the tree");
                    }
                }
            }
            trees.add(new Tree(feature, threshold, left, right, value));
        }
        return new BoostedTrees(trees);
    }

    /** Full precision: a threshold written shorter than the value it was cut at would send that value the other way. */
    private static String number(double d) {
        return Double.toString(d);
    }
}
