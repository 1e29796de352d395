package org.fairrag.ingest;

/** The article formats fairrag ingests. */
public enum SourceFormat {
    /** NLM {@code PubmedArticleSet} XML, as the PubMed baseline distributes it. */
    PUBMED_XML,
    /** MEDLINE/PubMed text format ({@code PMID- }, {@code TI  - }, ...). */
    MEDLINE,
    /** The Kaggle "PubMed Multi Label Text Classification" CSV. */
    KAGGLE_CSV,
    /** One JSON object a line with {@code pmid, title, abstract, mesh, mesh_ui, ...}. */
    JSONL
}
