package org.fairrag.vocab.read;

import java.util.List;
import org.fairrag.vocab.Concept;

/**
 * What {@link SkosReader} found in one SKOS file.
 *
 * @param schemeIri       IRI of the file's {@code skos:ConceptScheme} (the first by IRI when it declares
 *                        several), or null
 * @param schemeTitle     the scheme's {@code dct:title}, {@code dc:title}, {@code rdfs:label} or
 *                        {@code skos:prefLabel}, or null
 * @param concepts        the concepts read, ordered by IRI
 * @param skippedConcepts {@code skos:Concept}s left out: without any label, or blank nodes without a
 *                        notation or identifier to name them by
 * @param rejections      lines of a line-based file left out for being longer than the record limit
 */
public record SkosVocabulary(String schemeIri, String schemeTitle, List<Concept> concepts, int skippedConcepts,
                             List<String> rejections) {

    public SkosVocabulary {
        concepts = List.copyOf(concepts);
        rejections = List.copyOf(rejections);
    }
}
