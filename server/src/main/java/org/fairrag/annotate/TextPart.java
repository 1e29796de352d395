package org.fairrag.annotate;

import org.apache.jena.rdf.model.Property;
import org.fairrag.graph.Vocab;

/** The text of an article a mention's offsets count in: its title or its abstract, each as stored. */
public enum TextPart {
    TITLE(Vocab.DCT_TITLE),
    ABSTRACT(Vocab.ABSTRACT);

    private final Property property;

    TextPart(Property property) {
        this.property = property;
    }

    /** The property whose literal holds the text. */
    public Property property() {
        return property;
    }
}
