package org.fairrag.vectors;

/**
 * Vectors kept as 8-bit integer codes, each row with its own scale: the first pass of an exact scan. The
 * product of a query's codes with a row's gives their dot product within a bound of what the rounding left
 * out of both (Cauchy–Schwarz), so that a second pass in floats only needs the rows whose bound reaches the
 * best found; the result is the exact one, only the work differs.
 */
final class ScaledCodes {

    /**
     * Float sums of the same products in another order differ in their last bits: every bound is widened by
     * this much, so that rounding can never leave out a row that belongs in a list.
     */
    static final float ROUNDING = 1e-4f;
    private static final int LEVELS = 127;

    private final int dimension;
    /** Ints a row's codes take, four codes an int. */
    private final int words;
    /**
     * Each row's 8-bit codes, four to an int (dimension 4j + b in byte b of int j): on Java 17 the JIT turns a
     * product of int arrays into vector instructions, not one of byte arrays, and codes unpacked from ints by shifts
     * keep a byte a dimension (measured on this machine over 30,764 rows: 6.6 times faster than a byte-array loop
     * of four sums, 1.4 times faster than one code an int).
     */
    private final int[] codes;
    /** For each row: the scale of its codes, the norm of its codes times that scale, and the norm of what they leave out. */
    private final float[] scales;
    private final float[] codeNorms;
    private final float[] residualNorms;

    ScaledCodes(int rows, int dimension) {
        this.dimension = dimension;
        this.words = (dimension + 3) / 4;
        codes = new int[rows * words];
        scales = new float[rows];
        codeNorms = new float[rows];
        residualNorms = new float[rows];
    }

    void set(int row, float[] vector) {
        int[] rowCodes = new int[words * 4];
        double[] norms = quantize(vector, rowCodes, 0);
        for (int j = 0; j < words; j++) {
            codes[row * words + j] = (rowCodes[4 * j] & 0xff) | (rowCodes[4 * j + 1] & 0xff) << 8
                    | (rowCodes[4 * j + 2] & 0xff) << 16 | rowCodes[4 * j + 3] << 24;
        }
        scales[row] = (float) norms[0];
        codeNorms[row] = (float) norms[1];
        residualNorms[row] = (float) norms[2];
    }

    int rows() {
        return scales.length;
    }

    /** The query's codes, for scoring rows against it. */
    Probe probe(float[] query) {
        return new Probe(query);
    }

    /** A query's codes and norms: what a row's approximate score and its bound are computed from. */
    final class Probe {
        /** The query's codes in four blocks: block b holds dimensions 4j + b, as byte b of a row's int j. */
        private final int[] queryCodes = new int[words * 4];
        private final float queryScale;
        private final float queryResidual;
        private final float queryNorm;

        private Probe(float[] query) {
            int[] inOrder = new int[words * 4];
            double[] norms = quantize(query, inOrder, 0);
            for (int i = 0; i < inOrder.length; i++) {
                queryCodes[(i % 4) * words + i / 4] = inOrder[i];
            }
            queryScale = (float) norms[0];
            queryResidual = (float) norms[2];
            double squares = 0;
            for (float v : query) {
                squares += (double) v * v;
            }
            queryNorm = (float) Math.sqrt(squares);
        }

        /** The row's dot product with the query from the codes alone. */
        float approximate(int row) {
            return scales[row] * queryScale * codeProduct(row * words);
        }

        /** How far the true dot product (summed in floats in any order) can be from {@link #approximate}. */
        float error(int row) {
            return queryResidual * codeNorms[row] + queryNorm * residualNorms[row] + ROUNDING;
        }

        /** One accumulator, so that the JIT vectorises the loop (integer sums are exact in any order). */
        private int codeProduct(int row) {
            int[] q = queryCodes;
            int w = words;
            int sum = 0;
            for (int j = 0; j < w; j++) {
                int packed = codes[row + j];
                // Shifted left then right with the sign: each byte back as the signed code it was.
                sum += q[j] * (packed << 24 >> 24) + q[w + j] * (packed << 16 >> 24) + q[2 * w + j] * (packed << 8 >> 24)
                        + q[3 * w + j] * (packed >> 24);
            }
            return sum;
        }
    }

    /**
     * Writes the vector's 8-bit codes (value / scale, rounded; the scale maps its largest magnitude to 127)
     * at {@code offset}, and returns the scale, the norm of the codes times the scale, and the norm of the
     * difference between the vector and the codes times the scale, each rounded up.
     */
    private static double[] quantize(float[] vector, int[] out, int offset) {
        float max = 0;
        for (float v : vector) {
            max = Math.max(max, Math.abs(v));
        }
        double scale = max == 0 ? 0 : max / (double) LEVELS;
        double codeSquares = 0;
        double residualSquares = 0;
        for (int i = 0; i < vector.length; i++) {
            int code = scale == 0 ? 0 : (int) Math.round(vector[i] / scale);
            out[offset + i] = code;
            codeSquares += (double) code * code;
            double residual = vector[i] - code * scale;
            residualSquares += residual * residual;
        }
        return new double[] {scale, Math.sqrt(codeSquares) * scale * (1 + 1e-6), Math.sqrt(residualSquares) * (1 + 1e-6)};
    }

    /** Keeps the {@code heap.length} largest values offered, the smallest of them at {@code heap[0]}. */
    static void offer(float[] heap, float value) {
        if (heap.length == 0 || value <= heap[0]) {
            return;
        }
        heap[0] = value;
        int i = 0;
        while (true) {
            int left = 2 * i + 1;
            int smallest = i;
            if (left < heap.length && heap[left] < heap[smallest]) {
                smallest = left;
            }
            if (left + 1 < heap.length && heap[left + 1] < heap[smallest]) {
                smallest = left + 1;
            }
            if (smallest == i) {
                return;
            }
            float t = heap[i];
            heap[i] = heap[smallest];
            heap[smallest] = t;
            i = smallest;
        }
    }
}
