package org.fairrag.pid;

import java.util.List;
import java.util.Optional;
import org.apache.jena.riot.RDFFormat;

/**
 * A representation a PID can be served in: its {@code ?format=} key, media type (and aliases a client
 * may ask for instead), and for RDF forms the Jena writer.
 */
public record MediaFormat(String key, String mediaType, List<String> aliases, String label, RDFFormat rdf) {

    public static final MediaFormat HTML = new MediaFormat("html", "text/html", List.of("application/xhtml+xml"),
            "HTML landing page", null);
    public static final MediaFormat TURTLE = new MediaFormat("ttl", "text/turtle", List.of("application/x-turtle"),
            "Turtle", RDFFormat.TURTLE_PRETTY);
    public static final MediaFormat JSONLD = new MediaFormat("jsonld", "application/ld+json", List.of("application/json"),
            "JSON-LD", RDFFormat.JSONLD11);
    public static final MediaFormat NTRIPLES = new MediaFormat("nt", "application/n-triples", List.of(),
            "N-Triples", RDFFormat.NTRIPLES);
    public static final MediaFormat RDFXML = new MediaFormat("rdf", "application/rdf+xml", List.of(),
            "RDF/XML", RDFFormat.RDFXML);
    /** The text of a summary: what Signposting calls its {@code item}. */
    public static final MediaFormat TEXT = new MediaFormat("txt", "text/plain", List.of(), "Plain text", null);
    public static final MediaFormat LINKSET_JSON = new MediaFormat("json", "application/linkset+json", List.of(),
            "Linkset (JSON)", null);
    public static final MediaFormat LINKSET = new MediaFormat("linkset", "application/linkset", List.of(),
            "Linkset", null);

    /** The machine-readable forms of every FDO, in the order they are offered. */
    public static final List<MediaFormat> RDF_FORMS = List.of(TURTLE, JSONLD, NTRIPLES, RDFXML);

    public boolean isRdf() {
        return rdf != null;
    }

    /** The {@code Content-Type} header value: every form fairrag writes is UTF-8 text. */
    public String contentType() {
        return mediaType + "; charset=utf-8";
    }

    public static Optional<MediaFormat> byKey(List<MediaFormat> offered, String key) {
        return offered.stream().filter(f -> f.key.equals(key)).findFirst();
    }

    boolean answers(String type) {
        return mediaType.equals(type) || aliases.contains(type);
    }
}
