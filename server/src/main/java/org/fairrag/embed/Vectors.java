package org.fairrag.embed;

/** Small vector arithmetic on {@code float[]}. */
public final class Vectors {

    private Vectors() {}

    /** {@code v} scaled to unit length (a copy); a zero vector stays zero. */
    public static float[] normalized(float[] v) {
        double sum = 0;
        for (float x : v) {
            sum += x * x;
        }
        float[] out = v.clone();
        if (sum == 0) {
            return out;
        }
        float inverse = (float) (1 / Math.sqrt(sum));
        for (int i = 0; i < out.length; i++) {
            out[i] *= inverse;
        }
        return out;
    }

    public static float dot(float[] a, float[] b) {
        float sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += a[i] * b[i];
        }
        return sum;
    }
}
