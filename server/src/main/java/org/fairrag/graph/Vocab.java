package org.fairrag.graph;

import org.apache.jena.rdf.model.Property;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.rdf.model.ResourceFactory;

/**
 * The namespaces fairrag writes and its own small vocabulary ({@code ontologies/fairrag.ttl}), as
 * Jena constants. Standard vocabularies (schema.org, Dublin Core, PROV, DCAT, VoID, SKOS) come first;
 * a term of our own exists only where none of them has one.
 */
public final class Vocab {

    public static final String FR = "https://w3id.org/fairrag/ns#";
    public static final String SCHEMA = "http://schema.org/";
    public static final String DCT = "http://purl.org/dc/terms/";
    public static final String PROV = "http://www.w3.org/ns/prov#";
    public static final String DCAT = "http://www.w3.org/ns/dcat#";
    public static final String VOID = "http://rdfs.org/ns/void#";
    public static final String SKOS = "http://www.w3.org/2004/02/skos/core#";
    public static final String XSD = "http://www.w3.org/2001/XMLSchema#";
    public static final String FOAF = "http://xmlns.com/foaf/0.1/";

    // fairrag's own terms
    public static final Resource FAIR_DIGITAL_OBJECT = r(FR, "FairDigitalObject");
    public static final Resource INGESTION_RUN = r(FR, "IngestionRun");
    public static final Resource SUMMARY = r(FR, "Summary");
    public static final Resource PUBLIC = r(FR, "Public");
    public static final Resource RESTRICTED = r(FR, "Restricted");
    public static final Property CHECKSUM = p(FR, "checksum");
    public static final Property ACCESS_LEVEL = p(FR, "accessLevel");
    public static final Property MAJOR_TOPIC = p(FR, "majorTopic");
    public static final Property PMID = p(FR, "pmid");
    public static final Property DOI = p(FR, "doi");
    public static final Property SOURCE_COLLECTION = p(FR, "sourceCollection");
    public static final Property UNRESOLVED_HEADING = p(FR, "unresolvedHeading");
    public static final Property POSITION = p(FR, "position");
    public static final Property RECORDS_READ = p(FR, "recordsRead");
    public static final Property RECORDS_ACCEPTED = p(FR, "recordsAccepted");
    public static final Property RECORDS_REJECTED = p(FR, "recordsRejected");
    public static final Property OBJECTS_CREATED = p(FR, "objectsCreated");
    public static final Property OBJECTS_UPDATED = p(FR, "objectsUpdated");
    public static final Property SOURCE_FILE = p(FR, "sourceFile");
    public static final Property SOURCE_FORMAT = p(FR, "sourceFormat");
    public static final Property TOMBSTONE_REASON = p(FR, "tombstoneReason");
    public static final Property PROMPT = p(FR, "prompt");
    public static final Property GENERATED_WITH = p(FR, "generatedWith");

    // schema.org
    public static final Resource SCHOLARLY_ARTICLE = r(SCHEMA, "ScholarlyArticle");
    public static final Resource PERIODICAL = r(SCHEMA, "Periodical");
    public static final Resource PERSON = r(SCHEMA, "Person");
    public static final Resource CREATIVE_WORK = r(SCHEMA, "CreativeWork");
    public static final Resource SCHEMA_DATASET = r(SCHEMA, "Dataset");
    public static final Resource DEFINED_TERM = r(SCHEMA, "DefinedTerm");
    public static final Property ABSTRACT = p(SCHEMA, "abstract");
    public static final Property ABOUT = p(SCHEMA, "about");
    public static final Property AUTHOR = p(SCHEMA, "author");
    public static final Property NAME = p(SCHEMA, "name");
    public static final Property FAMILY_NAME = p(SCHEMA, "familyName");
    public static final Property GIVEN_NAME = p(SCHEMA, "givenName");
    public static final Property IS_PART_OF = p(SCHEMA, "isPartOf");
    public static final Property DATE_PUBLISHED = p(SCHEMA, "datePublished");
    public static final Property SAME_AS = p(SCHEMA, "sameAs");
    public static final Property IDENTIFIER = p(SCHEMA, "identifier");
    public static final Property TEXT = p(SCHEMA, "text");
    public static final Property URL = p(SCHEMA, "url");
    public static final Property HAS_PART = p(SCHEMA, "hasPart");
    public static final Property CITATION = p(SCHEMA, "citation");

    // Dublin Core terms
    public static final Property DCT_IDENTIFIER = p(DCT, "identifier");
    public static final Property DCT_TITLE = p(DCT, "title");
    public static final Property DCT_DESCRIPTION = p(DCT, "description");
    public static final Property DCT_LICENSE = p(DCT, "license");
    public static final Property DCT_CREATED = p(DCT, "created");
    public static final Property DCT_MODIFIED = p(DCT, "modified");
    public static final Property DCT_PUBLISHER = p(DCT, "publisher");
    public static final Property DCT_SOURCE = p(DCT, "source");
    public static final Property DCT_SUBJECT = p(DCT, "subject");
    public static final Property DCT_ACCESS_RIGHTS = p(DCT, "accessRights");
    public static final Property DCT_CONFORMS_TO = p(DCT, "conformsTo");

    // PROV-O
    public static final Resource PROV_ENTITY = r(PROV, "Entity");
    public static final Resource PROV_ACTIVITY = r(PROV, "Activity");
    public static final Property WAS_DERIVED_FROM = p(PROV, "wasDerivedFrom");
    public static final Property WAS_GENERATED_BY = p(PROV, "wasGeneratedBy");
    public static final Property USED = p(PROV, "used");
    public static final Property STARTED_AT = p(PROV, "startedAtTime");
    public static final Property ENDED_AT = p(PROV, "endedAtTime");
    public static final Property INVALIDATED_AT = p(PROV, "invalidatedAtTime");

    // DCAT and VoID
    public static final Resource DCAT_DATASET = r(DCAT, "Dataset");
    public static final Resource DCAT_DISTRIBUTION = r(DCAT, "Distribution");
    public static final Resource VOID_DATASET = r(VOID, "Dataset");

    // SKOS
    public static final Resource CONCEPT = r(SKOS, "Concept");
    public static final Resource CONCEPT_SCHEME = r(SKOS, "ConceptScheme");
    public static final Property PREF_LABEL = p(SKOS, "prefLabel");
    public static final Property ALT_LABEL = p(SKOS, "altLabel");
    public static final Property NOTATION = p(SKOS, "notation");
    public static final Property BROADER = p(SKOS, "broader");
    public static final Property NARROWER = p(SKOS, "narrower");
    public static final Property IN_SCHEME = p(SKOS, "inScheme");
    public static final Property TOP_CONCEPT_OF = p(SKOS, "topConceptOf");
    public static final Property HAS_TOP_CONCEPT = p(SKOS, "hasTopConcept");
    public static final Property EXACT_MATCH = p(SKOS, "exactMatch");
    public static final Property SCOPE_NOTE = p(SKOS, "scopeNote");

    private Vocab() {}

    /** An {@code xsd:integer} literal (Jena's typed literal of a Java int or long would be xsd:int or xsd:long). */
    public static org.apache.jena.rdf.model.Literal integer(long value) {
        return ResourceFactory.createTypedLiteral(Long.toString(value),
                org.apache.jena.datatypes.xsd.XSDDatatype.XSDinteger);
    }

    private static Resource r(String ns, String local) {
        return ResourceFactory.createResource(ns + local);
    }

    private static Property p(String ns, String local) {
        return ResourceFactory.createProperty(ns + local);
    }
}
