package org.fairrag.embed;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link PrecomputedVectors} shipped in the jar for its bundled data, standing in for the model only
 * where they match it ({@link PrecomputedVectors#mismatch}). They are read and checked when first asked
 * for, and the log says which are used, or why not. Thread-safe.
 */
public final class BundledVectors implements KnownVectors {

    private static final Logger LOG = LoggerFactory.getLogger(BundledVectors.class);

    /** A file of precomputed vectors in the jar and the bundled files it was made from. */
    public record Source(String vectors, List<String> inputs) {
        public Source {
            inputs = List.copyOf(inputs);
        }
    }

    private final List<Source> sources;
    private final Embedder model;
    private final String chunkerVersion;
    private List<PrecomputedVectors> matching;

    /** @param model the model itself (not a {@link PrecomputedEmbedder}): it embeds the probes */
    public BundledVectors(List<Source> sources, Embedder model, String chunkerVersion) {
        this.sources = List.copyOf(sources);
        this.model = model;
        this.chunkerVersion = chunkerVersion;
    }

    @Override
    public Optional<float[]> vector(String text) {
        for (PrecomputedVectors t : matching()) {
            Optional<float[]> v = t.vector(text);
            if (v.isPresent()) {
                return v;
            }
        }
        return Optional.empty();
    }

    @Override
    public Optional<List<String>> chunks(String title, String abstractText) {
        for (PrecomputedVectors t : matching()) {
            Optional<List<String>> c = t.chunks(title, abstractText);
            if (c.isPresent()) {
                return c;
            }
        }
        return Optional.empty();
    }

    /** Lets go of the vectors read so far, once the bundled data is in; asked again, they are read again. */
    public synchronized void release() {
        matching = null;
    }

    private synchronized List<PrecomputedVectors> matching() {
        if (matching == null) {
            List<PrecomputedVectors> ok = new ArrayList<>();
            for (Source source : sources) {
                read(source).ifPresent(ok::add);
            }
            matching = ok;
        }
        return matching;
    }

    private Optional<PrecomputedVectors> read(Source source) {
        long t0 = System.nanoTime();
        try (InputStream in = BundledVectors.class.getResourceAsStream(source.vectors())) {
            if (in == null) {
                LOG.info("No precomputed vectors {} in the jar: the model computes them", source.vectors());
                return Optional.empty();
            }
            PrecomputedVectors vectors = PrecomputedVectors.read(in);
            Optional<String> mismatch = vectors.mismatch(model, chunkerVersion,
                    PrecomputedVectors.resourcesChecksum(source.inputs()));
            if (mismatch.isPresent()) {
                LOG.info("Not using the precomputed vectors {}: {}; the model computes them", source.vectors(),
                        mismatch.get());
                return Optional.empty();
            }
            LOG.info("Using the precomputed vectors {} ({} texts, {} articles; read and checked in {} ms)", source.vectors(),
                    vectors.size(), vectors.articleCount(), (System.nanoTime() - t0) / 1_000_000);
            return Optional.of(vectors);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the precomputed vectors " + source.vectors(), e);
        }
    }
}
