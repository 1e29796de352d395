package org.fairrag.vocab;

import java.util.Objects;

/**
 * What fairrag states about a vocabulary it loads: the concept scheme's key (used in PID keys and,
 * for vocabularies other than MeSH, as the prefix of term ids), title, publisher, licence and origin.
 */
public record VocabularyInfo(String key, String title, String publisher, String license, String source,
                             boolean prefixIds) {

    public VocabularyInfo {
        Objects.requireNonNull(key, "key");
        if (!key.matches("[a-z][a-z0-9_-]{0,31}")) {
            throw new IllegalArgumentException("vocabulary key must be lower-case letters, digits, '-' or '_': " + key);
        }
    }

    public static final VocabularyInfo MESH_2024 = new VocabularyInfo("mesh",
            "Medical Subject Headings (MeSH) 2024", "U.S. National Library of Medicine",
            "https://www.nlm.nih.gov/databases/download/terms_and_conditions.html",
            "https://www.nlm.nih.gov/mesh/", false);

    /** The id fairrag uses for a concept of this vocabulary: the MeSH UI as is, others as a CURIE. */
    public String termId(String conceptId) {
        return prefixIds ? key + ":" + conceptId : conceptId;
    }

    /** The natural key a term's PID is derived from. */
    public String termSourceKey(String termId) {
        return "term:" + key + ":" + termId;
    }

    public String schemeSourceKey() {
        return "scheme:" + key;
    }
}
