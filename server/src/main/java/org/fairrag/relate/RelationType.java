package org.fairrag.relate;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import org.fairrag.graph.Vocab;

/** The kinds of relation a language model may give an association: the subject concept ... the object concept. */
public enum RelationType {
    TREATS("treats"), CAUSES("causes"), PREVENTS("prevents"), DIAGNOSES("diagnoses"), ASSOCIATED_WITH("associated_with");

    private final String code;

    RelationType(String code) {
        this.code = code;
    }

    /** The name in JSON and prompts ({@code associated_with}). */
    public String code() {
        return code;
    }

    /** The IRI in the graph ({@code fr:treats}). */
    public String iri() {
        return Vocab.FR + (this == ASSOCIATED_WITH ? "associatedWith" : code);
    }

    public static Optional<RelationType> ofCode(String code) {
        if (code == null) {
            return Optional.empty();
        }
        String c = code.strip().toLowerCase(Locale.ROOT).replace(' ', '_');
        return Arrays.stream(values()).filter(t -> t.code.equals(c)).findFirst();
    }

    public static Optional<RelationType> ofIri(String iri) {
        return Arrays.stream(values()).filter(t -> t.iri().equals(iri)).findFirst();
    }
}
