package org.fairrag.fdo;

import java.util.Map;

/** The licences and terms of use of the sources fairrag ingests, by source collection key. */
public final class Licenses {

    public static final String CC0 = "https://creativecommons.org/publicdomain/zero/1.0/";
    public static final String MIT = "https://spdx.org/licenses/MIT.html";
    public static final String NLM_TERMS = "https://www.nlm.nih.gov/databases/download/terms_and_conditions.html";
    /** What fairrag itself publishes (its own metadata, the dataset description, summaries). */
    public static final String FAIRRAG_METADATA = CC0;

    private static final Map<String, String> BY_SOURCE = Map.of(
            "kaggle_pubmed_multilabel", CC0,
            "pubmedqa_pqal", MIT,
            "pubmed_xml", NLM_TERMS,
            "medline_txt", NLM_TERMS);

    private static final Map<String, String> LABELS = Map.of(
            CC0, "CC0 1.0 Universal (public domain dedication)",
            MIT, "MIT License",
            NLM_TERMS, "NLM terms and conditions for PubMed/MEDLINE data");

    private Licenses() {}

    /** The licence of records from a source collection; NLM's terms for PubMed-derived sources not listed. */
    public static String forSource(String source) {
        return BY_SOURCE.getOrDefault(source, NLM_TERMS);
    }

    public static String label(String licenseIri) {
        return LABELS.getOrDefault(licenseIri, licenseIri);
    }
}
