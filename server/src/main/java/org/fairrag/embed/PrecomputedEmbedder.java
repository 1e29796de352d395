package org.fairrag.embed;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** An {@link Embedder} that answers known texts from {@link KnownVectors} and embeds only the others with the model. */
public final class PrecomputedEmbedder implements Embedder {

    private final Embedder model;
    private final KnownVectors known;
    private Counter fromKnown;
    private Counter fromModel;

    public PrecomputedEmbedder(Embedder model, KnownVectors known) {
        this.model = model;
        this.known = known;
    }

    /**
     * Counts the texts answered from the known vectors and those the model embedded, as
     * {@code fairrag.indexing.texts} tagged {@code vectors=known} or {@code vectors=model}.
     */
    public void bindTo(MeterRegistry registry) {
        fromKnown = counter(registry, "known");
        fromModel = counter(registry, "model");
    }

    private static Counter counter(MeterRegistry registry, String source) {
        return Counter.builder("fairrag.indexing.texts").tag("vectors", source)
                .description("Texts given vectors for indexing, by where the vector came from").register(registry);
    }

    @Override
    public List<float[]> embedAll(List<String> texts) {
        List<float[]> out = new ArrayList<>(texts.size());
        List<String> unknown = new ArrayList<>();
        List<Integer> unknownAt = new ArrayList<>();
        for (String text : texts) {
            Optional<float[]> v = known.vector(text);
            if (v.isEmpty()) {
                unknownAt.add(out.size());
                unknown.add(text);
            }
            out.add(v.orElse(null));
        }
        if (fromKnown != null) {
            fromKnown.increment(texts.size() - unknown.size());
            fromModel.increment(unknown.size());
        }
        if (!unknown.isEmpty()) {
            List<float[]> computed = model.embedAll(unknown);
            for (int i = 0; i < computed.size(); i++) {
                out.set(unknownAt.get(i), computed.get(i));
            }
        }
        return out;
    }

    @Override
    public int dimension() {
        return model.dimension();
    }

    @Override
    public String modelName() {
        return model.modelName();
    }
}
