package org.fairrag.embed;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.fairrag.fdo.Checksums;

/**
 * Vectors computed ahead of time for known texts, as shipped with fairrag for the bundled data (the MeSH
 * names, the demo articles' chunks): each vector in 8-bit integers with a scale of its own, and for
 * articles, the chunks the chunker made of them. A {@link Stamp} says what made the vectors (the model, a
 * few probe texts with their exact vectors, the chunker's version) and from what (a checksum of the input
 * files), so that they stand in for the model only when all of that still holds ({@link #mismatch}).
 *
 * <p>The file is gzip-compressed: a magic number and format version, the stamp as JSON, the entries
 * (text, scale, one byte per dimension), then the chunk lists of articles (a key of the article's text,
 * the indexes of its chunks among the entries). Immutable and thread-safe once read.
 */
public final class PrecomputedVectors implements KnownVectors {

    private static final int MAGIC = 0x46525056; // "FRPV"
    private static final int FORMAT = 1;
    /** Least cosine between a probe's stored vector and the model's vector of it today (float noise aside). */
    static final double PROBE_MIN_COSINE = 0.9999;
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A text with the model's exact vector of it. */
    public record Probe(String text, float[] vector) {}

    /**
     * What made the vectors: {@code model} and {@code dimension} as the embedder names them, the probes,
     * the chunker's {@linkplain Chunker#version() version} (empty when nothing was chunked) and the checksum
     * of the input files ({@link #inputsChecksum}).
     */
    public record Stamp(String model, int dimension, List<Probe> probes, String chunker, String inputs) {
        public Stamp {
            probes = List.copyOf(probes);
        }
    }

    private final Stamp stamp;
    private final Map<String, Integer> indexByText;
    private final float[] scales;
    private final byte[] values;
    private final Map<String, int[]> chunksByArticle;
    private final String[] texts;

    private PrecomputedVectors(Stamp stamp, String[] texts, float[] scales, byte[] values, Map<String, int[]> chunksByArticle) {
        this.stamp = stamp;
        this.texts = texts;
        this.scales = scales;
        this.values = values;
        this.chunksByArticle = chunksByArticle;
        this.indexByText = new HashMap<>(texts.length * 2);
        for (int i = 0; i < texts.length; i++) {
            indexByText.put(texts[i], i);
        }
    }

    public Stamp stamp() {
        return stamp;
    }

    /** Number of texts with a vector. */
    public int size() {
        return texts.length;
    }

    @Override
    public Optional<float[]> vector(String text) {
        Integer i = indexByText.get(text);
        return i == null ? Optional.empty() : Optional.of(vectorAt(i));
    }

    @Override
    public Optional<List<String>> chunks(String title, String abstractText) {
        int[] indexes = chunksByArticle.get(articleKey(title, abstractText));
        if (indexes == null) {
            return Optional.empty();
        }
        List<String> out = new ArrayList<>(indexes.length);
        for (int i : indexes) {
            out.add(texts[i]);
        }
        return Optional.of(out);
    }

    /** Number of articles with their chunks. */
    public int articleCount() {
        return chunksByArticle.size();
    }

    private float[] vectorAt(int i) {
        int dimension = stamp.dimension();
        return Quantization.fromInt8(java.util.Arrays.copyOfRange(values, i * dimension, (i + 1) * dimension), scales[i]);
    }

    /**
     * Why these vectors cannot stand in for {@code model}'s vectors of the same texts, or empty when they can:
     * another model or dimension, a probe the model now embeds otherwise, another chunker, other inputs.
     * Embeds the probes (blocking).
     */
    public Optional<String> mismatch(Embedder model, String chunkerVersion, String inputs) {
        if (!stamp.model().equals(model.modelName()) || stamp.dimension() != model.dimension()) {
            return Optional.of("they were made with " + stamp.model() + " (" + stamp.dimension() + " dimensions), the server uses "
                    + model.modelName() + " (" + model.dimension() + ")");
        }
        if (!stamp.inputs().equals(inputs)) {
            return Optional.of("they were made from other data (" + stamp.inputs() + ", the bundled data is " + inputs + ")");
        }
        if (!stamp.chunker().isEmpty() && !stamp.chunker().equals(chunkerVersion)) {
            return Optional.of("the articles were chunked by " + stamp.chunker() + ", the server chunks by " + chunkerVersion);
        }
        List<float[]> now = model.embedAll(stamp.probes().stream().map(Probe::text).toList());
        for (int i = 0; i < now.size(); i++) {
            double cosine = Vectors.dot(now.get(i), stamp.probes().get(i).vector());
            if (cosine < PROBE_MIN_COSINE) {
                return Optional.of(String.format("the model embeds the probe \"%s\" otherwise than when they were made "
                        + "(cosine %.5f)", stamp.probes().get(i).text(), cosine));
            }
        }
        return Optional.empty();
    }

    /** The key of an article's text among the chunk lists. */
    static String articleKey(String title, String abstractText) {
        return Checksums.of((title == null ? "" : title) + "\u0000" + (abstractText == null ? "" : abstractText));
    }

    /** {@link #inputsChecksum} of resources on the class path, by name; a missing one is an error. */
    public static String resourcesChecksum(List<String> resources) throws IOException {
        List<InputStream> inputs = new ArrayList<>();
        for (String resource : resources) {
            InputStream in = PrecomputedVectors.class.getResourceAsStream(resource);
            if (in == null) {
                throw new IOException("missing bundled resource " + resource);
            }
            inputs.add(in);
        }
        return inputsChecksum(inputs);
    }

    /** The checksum of input files, in order: what the stamp's {@code inputs} holds. */
    public static String inputsChecksum(List<InputStream> inputs) throws IOException {
        StringBuilder sums = new StringBuilder();
        for (InputStream in : inputs) {
            try (in) {
                sums.append(Checksums.of(in)).append('\n');
            }
        }
        return Checksums.of(sums.toString());
    }

    /** Builds the contents of a file: texts with their exact vectors, and articles with their chunks (texts among them). */
    public static final class Builder {
        private final Stamp stamp;
        private final Map<String, float[]> vectors = new LinkedHashMap<>();
        private final Map<String, List<String>> chunks = new LinkedHashMap<>();

        public Builder(Stamp stamp) {
            this.stamp = stamp;
        }

        public Builder add(String text, float[] vector) {
            if (vector.length != stamp.dimension()) {
                throw new IllegalArgumentException("a vector of " + vector.length + " dimensions, expected " + stamp.dimension());
            }
            vectors.put(text, vector);
            return this;
        }

        public Builder addArticle(String title, String abstractText, List<String> articleChunks) {
            chunks.put(articleKey(title, abstractText), List.copyOf(articleChunks));
            return this;
        }

        /** Writes the file; every chunk of every article must have been added with its vector. */
        public void write(OutputStream target) throws IOException {
            List<String> texts = new ArrayList<>(vectors.keySet());
            Map<String, Integer> index = new HashMap<>();
            for (int i = 0; i < texts.size(); i++) {
                index.put(texts.get(i), i);
            }
            GZIPOutputStream gzip = new GZIPOutputStream(target, 1 << 16);
            DataOutputStream out = new DataOutputStream(new BufferedOutputStream(gzip, 1 << 16));
            out.writeInt(MAGIC);
            out.writeInt(FORMAT);
            writeBytes(out, JSON.writeValueAsBytes(stamp));
            out.writeInt(texts.size());
            byte[] quantized = new byte[stamp.dimension()];
            for (String text : texts) {
                writeBytes(out, text.getBytes(StandardCharsets.UTF_8));
                out.writeFloat(Quantization.int8(vectors.get(text), quantized));
                out.write(quantized);
            }
            out.writeInt(chunks.size());
            for (Map.Entry<String, List<String>> article : chunks.entrySet()) {
                writeBytes(out, article.getKey().getBytes(StandardCharsets.UTF_8));
                out.writeInt(article.getValue().size());
                for (String chunk : article.getValue()) {
                    Integer i = index.get(chunk);
                    if (i == null) {
                        throw new IllegalStateException("a chunk without its vector: " + chunk);
                    }
                    out.writeInt(i);
                }
            }
            out.flush();
            gzip.finish();
        }
    }

    /** Reads a file written by {@link Builder#write}. */
    public static PrecomputedVectors read(InputStream source) throws IOException {
        DataInputStream in = new DataInputStream(new BufferedInputStream(new GZIPInputStream(source, 1 << 16), 1 << 16));
        if (in.readInt() != MAGIC) {
            throw new IOException("not a file of precomputed vectors");
        }
        int format = in.readInt();
        if (format != FORMAT) {
            throw new IOException("precomputed vectors of format " + format + ", this server reads format " + FORMAT);
        }
        Stamp stamp = JSON.readValue(readBytes(in), Stamp.class);
        int count = in.readInt();
        String[] texts = new String[count];
        float[] scales = new float[count];
        byte[] values = new byte[count * stamp.dimension()];
        for (int i = 0; i < count; i++) {
            texts[i] = new String(readBytes(in), StandardCharsets.UTF_8);
            scales[i] = in.readFloat();
            in.readFully(values, i * stamp.dimension(), stamp.dimension());
        }
        int articles = in.readInt();
        Map<String, int[]> chunks = new HashMap<>(articles * 2);
        for (int a = 0; a < articles; a++) {
            String key = new String(readBytes(in), StandardCharsets.UTF_8);
            int[] indexes = new int[in.readInt()];
            for (int c = 0; c < indexes.length; c++) {
                indexes[c] = in.readInt();
            }
            chunks.put(key, indexes);
        }
        return new PrecomputedVectors(stamp, texts, scales, values, chunks);
    }

    private static void writeBytes(DataOutputStream out, byte[] bytes) throws IOException {
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static byte[] readBytes(DataInputStream in) throws IOException {
        byte[] bytes = new byte[in.readInt()];
        in.readFully(bytes);
        return bytes;
    }
}
