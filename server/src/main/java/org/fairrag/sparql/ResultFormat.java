package org.fairrag.sparql;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.resultset.ResultSetLang;

/**
 * The formats a SPARQL answer is written in: result formats for {@code SELECT} and {@code ASK}, RDF
 * syntaxes for {@code CONSTRUCT} and {@code DESCRIBE}.
 *
 * @param name      the value of the {@code format} parameter that asks for it
 * @param mediaType its media type
 * @param w3cName   its name in the W3C's format IRIs ({@code http://www.w3.org/ns/formats/...}), which service
 *                  descriptions use
 * @param aliases   other media types clients send for it
 * @param graph     whether it is an RDF syntax (for graphs) rather than a result format
 */
public enum ResultFormat {
    JSON("json", "application/sparql-results+json", "SPARQL_Results_JSON", ResultSetLang.RS_JSON, false, "application/json"),
    XML("xml", "application/sparql-results+xml", "SPARQL_Results_XML", ResultSetLang.RS_XML, false, "application/xml", "text/xml"),
    CSV("csv", "text/csv", "SPARQL_Results_CSV", ResultSetLang.RS_CSV, false),
    TSV("tsv", "text/tab-separated-values", "SPARQL_Results_TSV", ResultSetLang.RS_TSV, false),
    TURTLE("turtle", "text/turtle", "Turtle", Lang.TURTLE, true, "application/x-turtle"),
    JSON_LD("jsonld", "application/ld+json", "JSON-LD", Lang.JSONLD, true),
    N_TRIPLES("ntriples", "application/n-triples", "N-Triples", Lang.NTRIPLES, true, "text/plain"),
    RDF_XML("rdfxml", "application/rdf+xml", "RDF_XML", Lang.RDFXML, true);

    private final String name;
    private final String mediaType;
    private final String w3cName;
    private final Lang lang;
    private final boolean graph;
    private final List<String> aliases;

    ResultFormat(String name, String mediaType, String w3cName, Lang lang, boolean graph, String... aliases) {
        this.name = name;
        this.mediaType = mediaType;
        this.w3cName = w3cName;
        this.lang = lang;
        this.graph = graph;
        this.aliases = List.of(aliases);
    }

    public String mediaType() {
        return mediaType;
    }

    /** The {@code Content-Type} of an answer in this format: every one of them is UTF-8 text. */
    public String contentType() {
        return mediaType + "; charset=utf-8";
    }

    /** The W3C's IRI of this format. */
    public String formatIri() {
        return "http://www.w3.org/ns/formats/" + w3cName;
    }

    Lang lang() {
        return lang;
    }

    /** Whether this is an RDF syntax (for CONSTRUCT and DESCRIBE) rather than a result format (SELECT, ASK). */
    public boolean forGraphs() {
        return graph;
    }

    /** The format a {@code format} parameter names ({@code json}, {@code turtle}, {@code ttl}, {@code nt}, ...). */
    public static Optional<ResultFormat> named(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(f -> f.name.equals(n)
                || (f == TURTLE && n.equals("ttl")) || (f == N_TRIPLES && n.equals("nt"))).findFirst();
    }

    /** The format of a media type, for answers of the kind given ({@code graph}: CONSTRUCT or DESCRIBE). */
    public static Optional<ResultFormat> ofMediaType(String mediaType, boolean graph) {
        String m = mediaType.toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(f -> f.graph == graph && (f.mediaType.equals(m) || f.aliases.contains(m)))
                .findFirst();
    }

    /** What a client gets when it does not say: JSON results, or Turtle for a graph. */
    public static ResultFormat defaultFor(boolean graph) {
        return graph ? TURTLE : JSON;
    }

    /** The formats of one kind, as a list for messages. */
    public static String namesFor(boolean graph) {
        return String.join(", ", Arrays.stream(values()).filter(f -> f.graph == graph).map(f -> f.name).toList());
    }
}
