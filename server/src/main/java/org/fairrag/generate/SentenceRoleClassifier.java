package org.fairrag.generate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Optional;
import org.fairrag.fdo.Checksums;

/**
 * Tells the role of a sentence of an unstructured abstract (background, methods, results, conclusions)
 * from its embedding and its place in the abstract: a logistic regression fitted offline on the labelled
 * sentences of the collection's structured abstracts ({@code fairrag train sentence-roles}) and shipped
 * as a resource. Nothing is downloaded or fitted at run time. Immutable and thread-safe.
 */
public final class SentenceRoleClassifier {

    /** The bundled model, fitted for all-MiniLM-L6-v2 sentence embeddings. */
    public static final String BUNDLED = "/fairrag/generate/sentence-roles.json";
    /** Bins of the relative position of a sentence, one-hot, then two flags: first sentence, last sentence. */
    static final int POSITION_BINS = 5;
    static final int POSITION_FEATURES = POSITION_BINS + 2;

    private final String embedding;
    private final int dimension;
    private final double[][] weights;
    private final double[] bias;
    private final String identity;

    SentenceRoleClassifier(String embedding, int dimension, double[][] weights, double[] bias, String identity) {
        if (weights.length != SentenceRole.values().length || bias.length != weights.length) {
            throw new IllegalArgumentException("one weight vector and one bias per role");
        }
        for (double[] w : weights) {
            if (w.length != dimension + POSITION_FEATURES) {
                throw new IllegalArgumentException("weights of " + w.length + " features, not " + (dimension + POSITION_FEATURES));
            }
        }
        this.embedding = embedding;
        this.dimension = dimension;
        this.weights = weights;
        this.bias = bias;
        this.identity = identity;
    }

    /** The bundled classifier if it was fitted for this embedding model, else empty (roles come from labels only). */
    public static Optional<SentenceRoleClassifier> bundledFor(String embeddingModel, int dimension) {
        SentenceRoleClassifier c = bundled();
        return c.embedding.equals(embeddingModel) && c.dimension == dimension ? Optional.of(c) : Optional.empty();
    }

    public static SentenceRoleClassifier bundled() {
        try (InputStream in = SentenceRoleClassifier.class.getResourceAsStream(BUNDLED)) {
            if (in == null) {
                throw new IllegalStateException("Missing " + BUNDLED + " (is the jar complete?)");
            }
            return read(in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + BUNDLED, e);
        }
    }

    /** A classifier from the JSON that {@code fairrag train sentence-roles} writes. */
    static SentenceRoleClassifier read(byte[] json) throws IOException {
        JsonNode root = new ObjectMapper().readTree(json);
        int dimension = root.path("dimension").asInt();
        SentenceRole[] roles = SentenceRole.values();
        double[][] weights = new double[roles.length][];
        double[] bias = new double[roles.length];
        JsonNode byRole = root.path("roles");
        for (SentenceRole role : roles) {
            JsonNode r = byRole.path(role.name());
            if (!r.path("weights").isArray()) {
                throw new IOException("no weights for " + role);
            }
            double[] w = new double[r.path("weights").size()];
            for (int i = 0; i < w.length; i++) {
                w[i] = r.path("weights").get(i).asDouble();
            }
            weights[role.ordinal()] = w;
            bias[role.ordinal()] = r.path("bias").asDouble();
        }
        String checksum = Checksums.of(json).substring("sha256:".length(), "sha256:".length() + 12);
        return new SentenceRoleClassifier(root.path("embedding").asText(), dimension, weights, bias,
                root.path("name").asText("sentence-roles") + "@" + checksum);
    }

    /** Name and checksum of the fitted model, for provenance: {@code sentence-roles-lr@3f2a...}. */
    public String identity() {
        return identity;
    }

    /**
     * The probability of each role (indexed by {@link SentenceRole#ordinal()}, summing to 1) of a sentence
     * with this embedding, at {@code index} of {@code count} sentences.
     */
    public double[] probabilities(float[] vector, int index, int count) {
        double[] x = features(vector, index, count);
        double[] p = new double[weights.length];
        double sum = 0;
        for (int k = 0; k < weights.length; k++) {
            double z = bias[k];
            for (int i = 0; i < x.length; i++) {
                z += weights[k][i] * x[i];
            }
            // One-vs-rest logistic regression, normalised as LIBLINEAR's predict_probability does.
            p[k] = 1 / (1 + Math.exp(-z));
            sum += p[k];
        }
        for (int k = 0; k < p.length; k++) {
            p[k] /= sum;
        }
        return p;
    }

    /** The features of a sentence: its embedding, the bin of its relative position, first, last. */
    static double[] features(float[] vector, int index, int count) {
        double[] x = new double[vector.length + POSITION_FEATURES];
        for (int i = 0; i < vector.length; i++) {
            x[i] = vector[i];
        }
        double relative = count <= 1 ? 0 : index / (double) (count - 1);
        x[vector.length + Math.min(POSITION_BINS - 1, (int) (relative * POSITION_BINS))] = 1;
        x[vector.length + POSITION_BINS] = index == 0 ? 1 : 0;
        x[vector.length + POSITION_BINS + 1] = index == count - 1 ? 1 : 0;
        return x;
    }
}
