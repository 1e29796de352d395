package org.fairrag.vectors;

import java.util.Random;
import org.fairrag.embed.Vectors;

/**
 * Seeded random vectors for the index tests:
 * unit vectors spread over the sphere, and unit vectors near a given one.
 */
final class RandomVectors {

    private RandomVectors() {}

    static float[] unit(Random random, int dimension) {
        float[] v = new float[dimension];
        for (int i = 0; i < dimension; i++) {
            v[i] = (float) random.nextGaussian();
        }
        return Vectors.normalized(v);
    }

    /** {@code around} plus Gaussian noise of about {@code noise} in length, normalised. */
    static float[] near(Random random, float[] around, float noise) {
        float[] v = new float[around.length];
        for (int i = 0; i < v.length; i++) {
            v[i] = around[i] + noise * (float) random.nextGaussian() / (float) Math.sqrt(around.length);
        }
        return Vectors.normalized(v);
    }
}
