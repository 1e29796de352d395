package org.fairrag.pid;

import static org.fairrag.graph.Vocab.*;
import static org.fairrag.pid.LandingPages.objects;
import static org.fairrag.pid.LandingPages.resource;
import static org.fairrag.pid.LandingPages.string;
import static org.fairrag.pid.LandingPages.strings;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Comparator;
import java.util.List;
import org.apache.jena.rdf.model.Property;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.rdf.model.ResourceFactory;
import org.apache.jena.rdf.model.Statement;

/**
 * The schema.org JSON-LD a landing page embeds for search engines and FAIR assessors: the PID as
 * {@code @id} and {@code identifier}, citation metadata, licence and provenance. The context is inline
 * ({@code @vocab}), so the document expands without fetching anything.
 */
public final class SchemaOrgJsonLd {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Writes {@code <}, {@code >} and {@code &} as {@code \}u escapes, so no value can close the script element. */
    private static final ObjectWriter SCRIPT_SAFE = JSON.writer().with(new ScriptSafeEscapes()).withDefaultPrettyPrinter();
    private static final Property VOID_DUMP = ResourceFactory.createProperty(VOID, "dataDump");
    private static final Property FOAF_NAME = ResourceFactory.createProperty(FOAF, "name");

    /** The schema.org properties this document gives IRIs as values of. */
    private static final List<String> LINKS = List.of("url", "sameAs", "license", "isBasedOn", "contentUrl");

    private final String baseUrl;

    public SchemaOrgJsonLd(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    /** The document, written to be placed inside {@code <script type="application/ld+json">}. */
    public String scriptContent(ResolvedFdo fdo) {
        try {
            return SCRIPT_SAFE.writeValueAsString(document(fdo));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON-LD", e);
        }
    }

    ObjectNode document(ResolvedFdo fdo) {
        Resource s = fdo.subject();
        SchemaTypes type = SchemaTypes.of(fdo.kind());
        ObjectNode d = JSON.createObjectNode();
        ObjectNode context = d.putObject("@context").put("@vocab", SCHEMA);
        for (String link : LINKS) {
            // Values that are IRIs in the object's RDF: typed here as IRIs too, so that the page says what the RDF says.
            context.putObject(link).put("@id", SCHEMA + link).put("@type", "@id");
        }
        d.put("@id", fdo.pid());
        d.put("@type", type.localName());
        d.put("identifier", fdo.pid());
        // As the object's RDF says: where the thing itself is (PubMed, NLM's MeSH, the dataset's page), else the PID.
        d.put("url", fdo.record().target() != null ? fdo.record().target() : fdo.pid());
        ObjectNode fairrag = d.putObject("sdPublisher").put("@type", "Organization").put("name", "fairrag at " + baseUrl)
                .put("url", baseUrl + "/");
        putAll(d, "license", objects(s, DCT_LICENSE));
        put(d, "dateCreated", string(s, DCT_CREATED));
        put(d, "dateModified", string(s, DCT_MODIFIED));
        if (fdo.tombstoned()) {
            d.put("creativeWorkStatus", "Withdrawn: " + fdo.record().tombstoneReason());
            d.put("expires", FdoLoader.dateTime(fdo.record().tombstonedAt()).getLexicalForm());
        }
        switch (fdo.kind()) {
            case ARTICLE -> {
                put(d, "name", string(s, DCT_TITLE));
                put(d, "headline", string(s, DCT_TITLE));
                put(d, "abstract", string(s, ABSTRACT));
                put(d, "datePublished", string(s, DATE_PUBLISHED));
                putAll(d, "sameAs", objects(s, SAME_AS));
                Resource journal = resource(s, IS_PART_OF);
                if (journal != null && string(journal, NAME) != null) {
                    d.putObject("isPartOf").put("@type", "Periodical").put("name", string(journal, NAME));
                }
                ArrayNode authors = JSON.createArrayNode();
                s.listProperties(AUTHOR).toList().stream().map(Statement::getResource)
                        .sorted(Comparator.comparing(a -> Long.parseLong(firstOr(strings(a, POSITION), "0"))))
                        .forEach(a -> {
                            ObjectNode p = authors.addObject().put("@type", "Person");
                            put(p, "name", string(a, NAME));
                            put(p, "familyName", string(a, FAMILY_NAME));
                            put(p, "givenName", string(a, GIVEN_NAME));
                            objects(a, SAME_AS).stream().findFirst().ifPresent(o -> p.put("sameAs", o));
                        });
                if (!authors.isEmpty()) {
                    d.set("author", authors);
                }
                ArrayNode about = JSON.createArrayNode();
                objects(s, ABOUT).forEach(t -> about.addObject().put("@id", t).put("@type", "DefinedTerm").put("name", fdo.labelOf(t)));
                if (!about.isEmpty()) {
                    d.set("about", about);
                }
                putAll(d, "isBasedOn", objects(s, WAS_DERIVED_FROM));
            }
            case TERM -> {
                put(d, "name", string(s, PREF_LABEL));
                put(d, "termCode", string(s, DCT_IDENTIFIER));
                putAll(d, "alternateName", strings(s, ALT_LABEL));
                put(d, "description", string(s, SCOPE_NOTE));
                putAll(d, "sameAs", objects(s, EXACT_MATCH));
                objects(s, IN_SCHEME).stream().findFirst().ifPresent(x -> d.putObject("inDefinedTermSet")
                        .put("@id", x).put("@type", "DefinedTermSet").put("name", fdo.labelOf(x)));
            }
            case DATASET -> {
                put(d, "name", string(s, DCT_TITLE));
                put(d, "description", string(s, DCT_DESCRIPTION));
                Resource publisher = resource(s, DCT_PUBLISHER);
                if (publisher != null) {
                    d.set("publisher", fairrag);
                    d.set("creator", fairrag);
                } else if (string(s, DCT_PUBLISHER) != null) {
                    ObjectNode organization = JSON.createObjectNode().put("@type", "Organization").put("name", string(s, DCT_PUBLISHER));
                    d.set("publisher", organization);
                    d.set("creator", organization);
                }
                putAll(d, "isBasedOn", objects(s, DCT_SOURCE).stream().filter(x -> !x.startsWith(fdo.pid() + "#")).toList());
                ArrayNode downloads = JSON.createArrayNode();
                objects(s, VOID_DUMP).forEach(u -> downloads.addObject().put("@type", "DataDownload").put("contentUrl", u)
                        .put("encodingFormat", MediaFormat.NTRIPLES.mediaType()));
                if (!downloads.isEmpty()) {
                    d.set("distribution", downloads);
                }
            }
            case SUMMARY -> {
                put(d, "name", firstOr(strings(s, DCT_TITLE), string(s, NAME)));
                put(d, "text", string(s, TEXT));
                putAll(d, "isBasedOn", objects(s, WAS_DERIVED_FROM));
                String model = string(s, GENERATED_WITH);
                if (model != null) {
                    d.putObject("creator").put("@type", "SoftwareApplication").put("name", model);
                }
                d.set("publisher", fairrag);
            }
            case INGESTION_RUN -> {
                put(d, "name", string(s, DCT_TITLE));
                put(d, "startTime", string(s, STARTED_AT));
                put(d, "endTime", string(s, ENDED_AT));
                put(d, "object", string(s, SOURCE_FILE));
                d.set("agent", fairrag);
            }
        }
        if (!d.has("publisher")) {
            d.set("publisher", fairrag);
        }
        return d;
    }

    private static void put(ObjectNode node, String key, String value) {
        if (value != null) {
            node.put(key, value);
        }
    }

    private static void putAll(ObjectNode node, String key, List<String> values) {
        if (values.size() == 1) {
            node.put(key, values.get(0));
        } else if (!values.isEmpty()) {
            ArrayNode array = node.putArray(key);
            values.forEach(array::add);
        }
    }

    private static String firstOr(List<String> values, String fallback) {
        return values.isEmpty() ? fallback : values.get(0);
    }

    private static final class ScriptSafeEscapes extends CharacterEscapes {
        private final int[] escapes;

        ScriptSafeEscapes() {
            escapes = CharacterEscapes.standardAsciiEscapesForJSON();
            escapes['<'] = CharacterEscapes.ESCAPE_STANDARD;
            escapes['>'] = CharacterEscapes.ESCAPE_STANDARD;
            escapes['&'] = CharacterEscapes.ESCAPE_STANDARD;
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return escapes;
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            return null;
        }
    }
}
