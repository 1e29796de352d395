package org.fairrag.vocab;

import java.util.List;
import java.util.Objects;

/**
 * One concept of a controlled vocabulary, independent of where it was read from (MeSH TSV, or any
 * SKOS file). Broader links are by {@link #id()} within the same vocabulary.
 *
 * @param id         the concept's id in its vocabulary: a MeSH descriptor UI ({@code D009062}), else
 *                   the local name or notation of the SKOS concept
 * @param sourceIri  the concept's IRI at its publisher, e.g. {@code http://id.nlm.nih.gov/mesh/D009062}
 * @param prefLabel  preferred name
 * @param altLabels  alternative names (MeSH entry terms), without the preferred name, without duplicates
 * @param notations  tree numbers or other notations, possibly empty
 * @param broaderIds ids of the direct broader concepts, possibly empty
 * @param scopeNote  scope note or definition, or null
 */
public record Concept(
        String id,
        String sourceIri,
        String prefLabel,
        List<String> altLabels,
        List<String> notations,
        List<String> broaderIds,
        String scopeNote) {

    public Concept {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(prefLabel, "prefLabel");
        altLabels = altLabels == null ? List.of() : List.copyOf(altLabels);
        notations = notations == null ? List.of() : List.copyOf(notations);
        broaderIds = broaderIds == null ? List.of() : List.copyOf(broaderIds);
    }
}
