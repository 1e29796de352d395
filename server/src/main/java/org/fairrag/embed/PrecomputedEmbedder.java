package org.fairrag.embed;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** An {@link Embedder} that answers known texts from {@link KnownVectors} and embeds only the others with the model. */
public final class PrecomputedEmbedder implements Embedder {

    private final Embedder model;
    private final KnownVectors known;

    public PrecomputedEmbedder(Embedder model, KnownVectors known) {
        this.model = model;
        this.known = known;
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
