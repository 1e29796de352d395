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
    public static final String OA = "http://www.w3.org/ns/oa#";
    public static final String AS = "https://www.w3.org/ns/activitystreams#";

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
    public static final Resource SENTENCE = r(FR, "Sentence");
    public static final Property TEXT_PROPERTY = p(FR, "textProperty");
    public static final Property IN_SENTENCE = p(FR, "sentence");
    public static final Property SECTION = p(FR, "section");
    public static final Property CHUNK = p(FR, "chunk");
    public static final Property NEGATED = p(FR, "negated");
    public static final Property TEXT_CHECKSUM = p(FR, "textChecksum");
    public static final Property SUGGESTED_SUBJECT = p(FR, "suggestedSubject");
    public static final Resource ASSOCIATION = r(FR, "Association");
    public static final Property CONCEPT_OF = p(FR, "concept");
    public static final Property SENTENCE_COUNT = p(FR, "sentenceCount");
    public static final Property ARTICLE_COUNT = p(FR, "articleCount");
    public static final Property NPMI = p(FR, "npmi");
    public static final Property EVIDENCE = p(FR, "evidence");
    public static final Property SENTENCE_TOTAL = p(FR, "sentenceTotal");
    public static final Resource TYPED_RELATION = r(FR, "TypedRelation");
    public static final Property RELATION_TYPE = p(FR, "relationType");
    public static final Property OF_ASSOCIATION = p(FR, "association");
    public static final Property RELATION_SUBJECT = p(FR, "relationSubject");
    public static final Property RELATION_OBJECT = p(FR, "relationObject");

    // W3C Web Annotation and Activity Streams
    public static final Resource ANNOTATION = r(OA, "Annotation");
    public static final Resource SPECIFIC_RESOURCE = r(OA, "SpecificResource");
    public static final Resource TEXT_POSITION_SELECTOR = r(OA, "TextPositionSelector");
    public static final Resource TEXT_QUOTE_SELECTOR = r(OA, "TextQuoteSelector");
    public static final Resource IDENTIFYING = r(OA, "identifying");
    public static final Property HAS_BODY = p(OA, "hasBody");
    public static final Property HAS_TARGET = p(OA, "hasTarget");
    public static final Property HAS_SOURCE = p(OA, "hasSource");
    public static final Property HAS_SELECTOR = p(OA, "hasSelector");
    public static final Property MOTIVATED_BY = p(OA, "motivatedBy");
    public static final Property OA_START = p(OA, "start");
    public static final Property OA_END = p(OA, "end");
    public static final Property OA_EXACT = p(OA, "exact");
    public static final Property OA_PREFIX = p(OA, "prefix");
    public static final Property OA_SUFFIX = p(OA, "suffix");
    public static final Resource ORDERED_COLLECTION = r(AS, "OrderedCollection");
    public static final Property GENERATOR = p(AS, "generator");
    public static final Property TOTAL_ITEMS = p(AS, "totalItems");

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
    public static final Property SOFTWARE_VERSION = p(SCHEMA, "softwareVersion");

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
    public static final Property DCT_IS_PART_OF = p(DCT, "isPartOf");

    // PROV-O
    public static final Resource PROV_ENTITY = r(PROV, "Entity");
    public static final Resource PROV_ACTIVITY = r(PROV, "Activity");
    public static final Property WAS_DERIVED_FROM = p(PROV, "wasDerivedFrom");
    public static final Property WAS_GENERATED_BY = p(PROV, "wasGeneratedBy");
    public static final Property USED = p(PROV, "used");
    public static final Property STARTED_AT = p(PROV, "startedAtTime");
    public static final Property ENDED_AT = p(PROV, "endedAtTime");
    public static final Property INVALIDATED_AT = p(PROV, "invalidatedAtTime");
    public static final Property GENERATED_AT = p(PROV, "generatedAtTime");

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
