package org.fairrag.pid;

import org.apache.jena.rdf.model.Resource;
import org.apache.jena.rdf.model.ResourceFactory;
import org.fairrag.fdo.FdoKind;
import org.fairrag.graph.Vocab;

/** The schema.org type and the human name of each kind of FDO, as landing pages and Signposting state them. */
public record SchemaTypes(String localName, String label) {

    /** Signposting names schema.org types with https IRIs; the graph uses the http namespace. */
    public static final String SIGNPOSTING_NS = "https://schema.org/";

    public static SchemaTypes of(FdoKind kind) {
        return switch (kind) {
            case ARTICLE -> new SchemaTypes("ScholarlyArticle", "Article");
            case TERM -> new SchemaTypes("DefinedTerm", "Vocabulary term");
            case DATASET -> new SchemaTypes("Dataset", "Dataset");
            case SUMMARY -> new SchemaTypes("CreativeWork", "Summary");
            case INGESTION_RUN -> new SchemaTypes("CreateAction", "Ingestion run");
        };
    }

    /** The type as an RDF resource in the namespace the graph uses. */
    public Resource rdfType() {
        return ResourceFactory.createResource(Vocab.SCHEMA + localName);
    }

    public String signpostingIri() {
        return SIGNPOSTING_NS + localName;
    }
}
