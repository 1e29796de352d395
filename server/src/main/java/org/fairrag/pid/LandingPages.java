package org.fairrag.pid;

import static org.fairrag.graph.Vocab.*;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.apache.jena.rdf.model.Property;
import org.apache.jena.rdf.model.RDFNode;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.rdf.model.ResourceFactory;
import org.apache.jena.rdf.model.Statement;
import org.fairrag.fdo.ArticleName;
import org.fairrag.fdo.DoiUrls;
import org.fairrag.fdo.FdoKind;
import org.fairrag.fdo.Licenses;
import org.fairrag.pid.LandingPage.Citation;
import org.fairrag.pid.LandingPage.Field;
import org.fairrag.pid.LandingPage.Paragraph;
import org.fairrag.pid.LandingPage.Section;
import org.fairrag.pid.LandingPage.Value;

/** Builds the landing page of each kind of FDO from its RDF description. */
public final class LandingPages {

    private static final Property FOAF_NAME = ResourceFactory.createProperty(FOAF, "name");
    private static final Property VOID_TRIPLES = ResourceFactory.createProperty(VOID, "triples");
    private static final Property VOID_ENTITIES = ResourceFactory.createProperty(VOID, "entities");
    private static final Property VOID_SPARQL = ResourceFactory.createProperty(VOID, "sparqlEndpoint");
    private static final Property VOID_DUMP = ResourceFactory.createProperty(VOID, "dataDump");
    private static final Property VOID_CLASS = ResourceFactory.createProperty(VOID, "class");
    private static final Property VOID_PARTITION = ResourceFactory.createProperty(VOID, "classPartition");

    private final String baseUrl;

    public LandingPages(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    public LandingPage build(ResolvedFdo fdo, String jsonLd) {
        Resource s = fdo.subject();
        SchemaTypes type = SchemaTypes.of(fdo.kind());
        Content c = switch (fdo.kind()) {
            case ARTICLE -> article(fdo, s);
            case TERM -> term(fdo, s);
            case DATASET -> dataset(fdo, s);
            case SUMMARY -> summary(fdo, s);
            case INGESTION_RUN -> run(s);
        };
        String title = fdo.kind() == FdoKind.ARTICLE ? ArticleName.of(c.title, string(s, PMID))
                : c.title != null ? c.title : type.label() + " " + fdo.record().id();
        List<Value> licences = objects(s, DCT_LICENSE).stream().map(l -> Value.link(Licenses.label(l), l)).toList();
        List<Value> forms = new ArrayList<>();
        for (MediaFormat f : MediaFormat.RDF_FORMS) {
            forms.add(new Value(f.label() + " (" + f.mediaType() + ")", Signposts.formUrl(fdo.pid(), f), f.mediaType()));
        }
        forms.add(new Value("Signposting linkset (" + MediaFormat.LINKSET_JSON.mediaType() + ")",
                Signposts.linksetUrl(fdo.pid()), MediaFormat.LINKSET_JSON.mediaType()));
        LandingPage.Tombstone tombstone = fdo.tombstoned()
                ? new LandingPage.Tombstone(fdo.record().tombstoneReason(), FdoLoader.dateTime(fdo.record().tombstonedAt()).getLexicalForm())
                : null;
        String notice = fdo.restricted()
                ? "Access to this object's content is restricted; its identifier and registry record are public." : null;
        return new LandingPage(fdo.pid(), title, type.label(), type.signpostingIri(), c.fields, c.bodyHeading, c.body,
                c.sections, citation(fdo, s, title, type), licences, provenance(fdo, s), forms, tombstone, notice, jsonLd,
                baseUrl + "/");
    }

    /** The parts of a page that differ by kind. */
    private static final class Content {
        String title;
        final List<Field> fields = new ArrayList<>();
        String bodyHeading;
        final List<Paragraph> body = new ArrayList<>();
        final List<Section> sections = new ArrayList<>();

        void field(String label, List<Value> values) {
            if (!values.isEmpty()) {
                fields.add(new Field(label, values));
            }
        }

        void field(String label, String text) {
            if (text != null) {
                fields.add(new Field(label, List.of(Value.text(text))));
            }
        }

        void text(String heading, String text) {
            if (text != null) {
                bodyHeading = heading;
                text.lines().filter(l -> !l.isBlank()).forEach(l -> body.add(new Paragraph(l.strip(), List.of())));
            }
        }

        void section(String heading, String note, List<Value> items) {
            if (!items.isEmpty() || note != null) {
                sections.add(new Section(heading, note, items));
            }
        }
    }

    private Content article(ResolvedFdo fdo, Resource s) {
        Content c = new Content();
        c.title = string(s, DCT_TITLE);
        c.field("Authors", authors(s).stream().map(a -> Value.link(a.name, a.orcid)).toList());
        Resource journal = resource(s, IS_PART_OF);
        c.field("Journal", journal == null ? null : string(journal, NAME));
        c.field("Published", string(s, DATE_PUBLISHED));
        String pmid = string(s, PMID);
        if (pmid != null) {
            c.field("PMID", List.of(Value.link(pmid, fdo.record().target())));
        }
        String doi = string(s, DOI);
        if (doi != null) {
            c.field("DOI", List.of(Value.link(doi, DoiUrls.of(doi))));
        }
        c.field("Access", accessLevel(s));
        c.field("Source collections", strings(s, SOURCE_COLLECTION).stream().map(Value::text).toList());
        c.text("Abstract", string(s, ABSTRACT));
        List<String> major = objects(s, MAJOR_TOPIC);
        List<Value> subjects = objects(s, ABOUT).stream()
                .map(t -> Value.link(fdo.labelOf(t) + (major.contains(t) ? " (major topic)" : ""), t))
                .sorted(Comparator.comparing(Value::text)).toList();
        List<String> unresolved = strings(s, UNRESOLVED_HEADING);
        c.section("MeSH subjects", unresolved.isEmpty() ? null
                : "Headings given by the source that match no loaded term: " + String.join("; ", unresolved) + ".", subjects);
        List<Value> suggested = objects(s, SUGGESTED_SUBJECT).stream().map(t -> Value.link(fdo.labelOf(t), t))
                .sorted(Comparator.comparing(Value::text)).toList();
        if (!suggested.isEmpty()) {
            c.section("Suggested subjects", "Not assigned by indexers: the source gave no subject headings, so fairrag "
                    + "suggests these from the terms the text mentions and the subjects of the most similar articles.", suggested);
        }
        return c;
    }

    private Content term(ResolvedFdo fdo, Resource s) {
        Content c = new Content();
        c.title = string(s, PREF_LABEL);
        String id = string(s, DCT_IDENTIFIER);
        String source = objects(s, EXACT_MATCH).stream().findFirst().orElse(null);
        if (id != null) {
            c.field("Identifier", List.of(Value.link(id, source)));
        }
        c.field("Alternative names", strings(s, ALT_LABEL).stream().map(Value::text).toList());
        c.field("Tree numbers", strings(s, NOTATION).stream().map(Value::text).toList());
        c.field("Vocabulary", objects(s, IN_SCHEME).stream().map(x -> Value.link(fdo.labelOf(x), x)).toList());
        c.text("Scope note", string(s, SCOPE_NOTE));
        c.section("Broader terms", null, labelledLinks(fdo, s, BROADER));
        c.section("Narrower terms", null, labelledLinks(fdo, s, NARROWER));
        if (!fdo.tombstoned()) {
            String note = fdo.taggedCount() == 0 ? "No article in this collection is about this term."
                    : fdo.taggedCount() + " article" + (fdo.taggedCount() == 1 ? "" : "s") + " in this collection"
                    + (fdo.taggedCount() > fdo.taggedArticles().size() ? "; the first " + fdo.taggedArticles().size() + " are listed." : ".");
            c.section("Articles about this term", note,
                    fdo.taggedArticles().stream().map(a -> Value.link(a.label(), a.iri())).toList());
            c.section("In the literature", fdo.associated().isEmpty()
                    ? "No concept is mentioned in the same sentences as this one in enough public articles."
                    : "Concepts the public abstracts mention in the same sentences as this one, most strongly associated "
                    + "first (normalised pointwise mutual information over sentences). The evidence sentences: "
                    + baseUrl + "/api/terms/" + id + "/related",
                    fdo.associated().stream().map(a -> Value.link(a.label() + (a.relation() == null ? "" : " (" + a.relation() + ")")
                            + " · NPMI " + String.format(Locale.ROOT, "%.2f", a.npmi()) + ", " + a.sentences()
                            + " sentences in " + a.articles() + " articles", a.iri())).toList());
        }
        return c;
    }

    private Content dataset(ResolvedFdo fdo, Resource s) {
        Content c = new Content();
        c.title = string(s, DCT_TITLE);
        c.text("Description", string(s, DCT_DESCRIPTION));
        Resource publisher = resource(s, DCT_PUBLISHER);
        c.field("Publisher", publisher != null && publisher.isURIResource() ? List.of(Value.link(Objects.requireNonNullElse(string(publisher, FOAF_NAME),
                publisher.getURI()), publisher.getURI())) : strings(s, DCT_PUBLISHER).stream().map(Value::text).toList());
        for (Statement st : s.listProperties(VOID_PARTITION).toList()) {
            Resource partition = st.getResource();
            String cls = objects(partition, VOID_CLASS).stream().findFirst().orElse("");
            c.field(cls.endsWith("ScholarlyArticle") ? "Articles" : cls.endsWith("Concept") ? "Terms" : cls,
                    string(partition, VOID_ENTITIES));
        }
        c.field("Entities", string(s, VOID_ENTITIES));
        c.field("Triples", string(s, VOID_TRIPLES));
        c.field("SPARQL endpoint", objects(s, VOID_SPARQL).stream().map(x -> Value.link(x, x)).toList());
        c.field("Data dump (N-Triples)", objects(s, VOID_DUMP).stream().map(x -> Value.link(x, x)).toList());
        List<Value> sources = new ArrayList<>();
        for (Statement st : s.listProperties(DCT_SOURCE).toList()) {
            if (st.getObject().isURIResource() && st.getResource().getURI().startsWith(fdo.pid() + "#")) {
                Resource src = st.getResource();
                String licence = objects(src, DCT_LICENSE).stream().findFirst().orElse(null);
                sources.add(Value.link(string(src, DCT_TITLE) + ": " + string(src, VOID_ENTITIES) + " articles, "
                        + (licence == null ? "terms unknown" : Licenses.label(licence)), licence));
            } else if (st.getObject().isURIResource()) {
                sources.add(Value.link(st.getResource().getURI(), st.getResource().getURI()));
            }
        }
        c.section("Sources and their terms of use", null,
                sources.stream().sorted(Comparator.comparing(Value::text)).toList());
        c.section("Ingestion runs", null, labelledLinks(fdo, s, WAS_GENERATED_BY));
        return c;
    }

    private Content summary(ResolvedFdo fdo, Resource s) {
        Content c = new Content();
        c.title = string(s, DCT_TITLE) != null ? string(s, DCT_TITLE) : string(s, NAME);
        c.field("Prompt", string(s, PROMPT));
        c.field("Model", string(s, GENERATED_WITH));
        c.field("Created", string(s, DCT_CREATED));
        List<String> sources = objects(s, WAS_DERIVED_FROM);
        Map<String, Integer> number = new LinkedHashMap<>();
        sources.forEach(src -> number.put(src, number.size() + 1));
        List<Resource> statements = s.listProperties(HAS_PART).toList().stream().map(Statement::getObject)
                .filter(RDFNode::isResource).map(RDFNode::asResource)
                .sorted(Comparator.comparing((Resource r) -> integer(r, POSITION))).toList();
        if (!statements.isEmpty()) {
            c.bodyHeading = "Summary";
            for (Resource st : statements) {
                List<Citation> cites = new ArrayList<>();
                for (String cited : objects(st, CITATION)) {
                    int n = number.computeIfAbsent(cited, k -> number.size() + 1);
                    cites.add(new Citation(Integer.toString(n), cited, fdo.labelOf(cited)));
                }
                cites.sort(Comparator.comparing(x -> Integer.parseInt(x.label())));
                c.body.add(new Paragraph(Objects.requireNonNullElse(string(st, TEXT), ""), cites));
            }
        } else {
            c.text("Summary", string(s, TEXT));
        }
        List<Value> numbered = new ArrayList<>();
        number.forEach((src, n) -> numbered.add(Value.link("[" + n + "] " + fdo.labelOf(src), src)));
        c.section("Sources", null, numbered);
        return c;
    }

    private Content run(Resource s) {
        Content c = new Content();
        c.title = string(s, DCT_TITLE);
        c.field("Source file", string(s, SOURCE_FILE));
        c.field("Format", string(s, SOURCE_FORMAT));
        Resource used = resource(s, USED);
        c.field("Source checksum", used == null ? null : string(used, CHECKSUM));
        c.field("Records read", string(s, RECORDS_READ));
        c.field("Records accepted", string(s, RECORDS_ACCEPTED));
        c.field("Records rejected", string(s, RECORDS_REJECTED));
        c.field("Objects created", string(s, OBJECTS_CREATED));
        c.field("Objects updated", string(s, OBJECTS_UPDATED));
        c.field("Started", string(s, STARTED_AT));
        c.field("Ended", string(s, ENDED_AT));
        c.field("Access level of what it ingested", accessLevel(s));
        return c;
    }

    private List<Field> provenance(ResolvedFdo fdo, Resource s) {
        List<Field> out = new ArrayList<>();
        List<Value> derived = labelledLinks(fdo, s, WAS_DERIVED_FROM);
        if (!derived.isEmpty() && fdo.kind() != FdoKind.SUMMARY) {
            out.add(new Field("Derived from", derived));
        }
        if (fdo.kind() != FdoKind.DATASET) {
            List<Value> generated = labelledLinks(fdo, s, WAS_GENERATED_BY);
            if (!generated.isEmpty()) {
                out.add(new Field("Generated by", generated));
            }
        }
        for (var e : List.of(Map.entry("Record created", DCT_CREATED), Map.entry("Record modified", DCT_MODIFIED),
                Map.entry("Checksum of the description", CHECKSUM))) {
            String v = string(s, e.getValue());
            if (v != null) {
                out.add(new Field(e.getKey(), List.of(Value.text(v))));
            }
        }
        return out;
    }

    private String citation(ResolvedFdo fdo, Resource s, String title, SchemaTypes type) {
        if (fdo.kind() == FdoKind.ARTICLE) {
            List<Author> authors = authors(s);
            String names = authors.isEmpty() ? "" : authors.size() > 3
                    ? authors.get(0).name + " et al. " : String.join(", ", authors.stream().map(a -> a.name).toList()) + ". ";
            String date = string(s, DATE_PUBLISHED);
            Resource journal = resource(s, IS_PART_OF);
            return names + (date != null ? "(" + date.substring(0, Math.min(4, date.length())) + "). " : "")
                    + ArticleName.sentence(title) + " "
                    + (journal != null && string(journal, NAME) != null ? ArticleName.sentence(string(journal, NAME)) + " " : "")
                    + (string(s, PMID) != null ? "PMID: " + string(s, PMID) + ". " : "") + fdo.pid();
        }
        String created = string(s, DCT_CREATED);
        return ArticleName.sentence(title) + " " + type.label() + ", fairrag" + (created != null ? " (" + created.substring(0, 4) + ")" : "")
                + ". " + fdo.pid();
    }

    private record Author(String name, String orcid, long position) {}

    private static List<Author> authors(Resource s) {
        List<Author> out = new ArrayList<>();
        for (Statement st : s.listProperties(AUTHOR).toList()) {
            if (st.getObject().isResource()) {
                Resource a = st.getResource();
                String orcid = objects(a, SAME_AS).stream().filter(o -> o.startsWith("https://orcid.org/")).findFirst().orElse(null);
                out.add(new Author(Objects.requireNonNullElse(string(a, NAME), "?"), orcid, integer(a, POSITION)));
            }
        }
        out.sort(Comparator.comparingLong(Author::position));
        return out;
    }

    private static List<Value> labelledLinks(ResolvedFdo fdo, Resource s, Property p) {
        return objects(s, p).stream().map(x -> Value.link(fdo.labelOf(x), x))
                .sorted(Comparator.comparing(Value::text)).toList();
    }

    private static String accessLevel(Resource s) {
        return objects(s, ACCESS_LEVEL).stream().findFirst().map(a -> a.equals(RESTRICTED.getURI()) ? "restricted" : "public")
                .orElse(null);
    }

    /** The first literal value of {@code p} (in lexical order, so a page is stable), or null. */
    static String string(Resource s, Property p) {
        return strings(s, p).stream().findFirst().orElse(null);
    }

    static List<String> strings(Resource s, Property p) {
        return s.listProperties(p).toList().stream().map(Statement::getObject).filter(RDFNode::isLiteral)
                .map(o -> o.asLiteral().getLexicalForm()).sorted().toList();
    }

    static List<String> objects(Resource s, Property p) {
        return s.listProperties(p).toList().stream().map(Statement::getObject).filter(RDFNode::isURIResource)
                .map(o -> o.asResource().getURI()).sorted().toList();
    }

    static Resource resource(Resource s, Property p) {
        Statement st = s.getProperty(p);
        return st != null && st.getObject().isResource() ? st.getResource() : null;
    }

    private static long integer(Resource s, Property p) {
        try {
            String v = string(s, p);
            return v == null ? Long.MAX_VALUE : Long.parseLong(v);
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE;
        }
    }
}
