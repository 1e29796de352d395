package org.fairrag.vectors;

import java.util.List;

/** A vocabulary term as indexed: the checksum of its embedded names and one vector per name. */
public record IndexedTerm(String id, String checksum, List<Name> names) {

    public IndexedTerm {
        names = List.copyOf(names);
    }

    /** One embedded name of the term (its preferred name, or an alternative name). */
    public record Name(String text, float[] vector) {}
}
