package org.fairrag.pid;

import java.util.Map;
import org.fairrag.graph.Vocab;

/** The namespace prefixes RDF forms of FDOs are written with. */
final class Prefixes {

    static final Map<String, String> STANDARD = Map.of(
            "fr", Vocab.FR,
            "schema", Vocab.SCHEMA,
            "dct", Vocab.DCT,
            "prov", Vocab.PROV,
            "dcat", Vocab.DCAT,
            "void", Vocab.VOID,
            "skos", Vocab.SKOS,
            "xsd", Vocab.XSD,
            "foaf", Vocab.FOAF,
            "rdf", "http://www.w3.org/1999/02/22-rdf-syntax-ns#");

    private Prefixes() {}
}
