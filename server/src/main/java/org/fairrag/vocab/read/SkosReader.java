package org.fairrag.vocab.read;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.apache.jena.rdf.model.Literal;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.rdf.model.Property;
import org.apache.jena.rdf.model.RDFNode;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.rdf.model.Statement;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFLanguages;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.vocabulary.DCTerms;
import org.apache.jena.vocabulary.DC_11;
import org.apache.jena.vocabulary.RDF;
import org.apache.jena.vocabulary.RDFS;
import org.apache.jena.vocabulary.SKOS;
import org.fairrag.ingest.read.ReadLimits;
import org.fairrag.ingest.read.SourceFormats;
import org.fairrag.vocab.Concept;

/**
 * Reads the {@code skos:Concept}s of any SKOS vocabulary file. Labels are taken in English when
 * present, else untagged, else in the first language by tag; alternative labels are the
 * {@code skos:altLabel}s and {@code skos:hiddenLabel}s (hidden labels exist for matching, which is
 * what alternative labels are used for here) that are untagged, English or in the preferred label's
 * language.
 */
public final class SkosReader {

    private static final List<Property> SCHEME_TITLES = List.of(DCTerms.title, DC_11.title, RDFS.label, SKOS.prefLabel);
    private static final List<Property> IDENTIFIERS = List.of(DCTerms.identifier, DC_11.identifier);
    private static final String ENGLISH = "en";
    private static final Comparator<Literal> LANGUAGE_PREFERENCE = Comparator
            .comparingInt((Literal label) -> languageRank(label.getLanguage()))
            .thenComparing(Literal::getLanguage)
            .thenComparing(Literal::getLexicalForm);

    private SkosReader() {}

    /**
     * Reads a Turtle, N-Triples, RDF/XML or other RDF file, its syntax told by its extension
     * ({@code .ttl}, {@code .nt}, {@code .rdf}, ..., optionally followed by {@code .gz}); gzip content
     * is recognised by its magic bytes. No line longer than the record limit is held ({@link RdfLineLimit}).
     *
     * @throws IOException when the file cannot be read, its extension names no RDF syntax, or a line of a
     *                     syntax that is not line-based is longer than the record limit
     * @throws org.apache.jena.riot.RiotException when the content is not valid RDF
     */
    public static SkosVocabulary read(Path path, ReadLimits limits) throws IOException {
        Lang lang = RDFLanguages.pathnameToLang(path.getFileName().toString());
        if (lang == null) {
            throw new IOException("no RDF syntax known for the extension of " + path);
        }
        try (InputStream in = SourceFormats.decompressed(Files.newInputStream(path))) {
            return read(in, lang, path.toUri().toString(), limits);
        }
    }

    /** {@link #read(Path, ReadLimits)} with the default limits. */
    public static SkosVocabulary read(Path path) throws IOException {
        return read(path, ReadLimits.DEFAULT);
    }

    /** Reads RDF in syntax {@code lang} from {@code in}, which the caller closes. */
    public static SkosVocabulary read(InputStream in, Lang lang) throws IOException {
        return read(in, lang, null, ReadLimits.DEFAULT);
    }

    /**
     * Reads RDF in syntax {@code lang} from {@code in}, which the caller closes, within {@code limits}:
     * in N-Triples and N-Quads a line over the record limit is left out and reported in
     * {@link SkosVocabulary#rejections()}; in other syntaxes it fails the file.
     */
    public static SkosVocabulary read(InputStream in, Lang lang, String base, ReadLimits limits) throws IOException {
        boolean lineBased = RDFLanguages.sameLang(lang, Lang.NTRIPLES) || RDFLanguages.sameLang(lang, Lang.NQUADS);
        RdfLineLimit limited = new RdfLineLimit(in, limits.maxRecordChars(), lineBased);
        Model model = ModelFactory.createDefaultModel();
        try {
            RDFParser.source(limited).lang(lang).base(base).parse(model);
        } catch (RuntimeException e) {
            if (limited.failure() != null) {
                throw limited.failure();
            }
            throw e;
        }
        SkosVocabulary vocabulary = read(model);
        return new SkosVocabulary(vocabulary.schemeIri(), vocabulary.schemeTitle(), vocabulary.concepts(),
                vocabulary.skippedConcepts(), limited.dropped());
    }

    /** Reads the concepts of a model already loaded. */
    public static SkosVocabulary read(Model model) {
        List<Concept> concepts = new ArrayList<>();
        int skipped = 0;
        for (Resource resource : sortedByIri(model.listResourcesWithProperty(RDF.type, SKOS.Concept).toList())) {
            String id = idOf(resource);
            Literal prefLabel = preferred(resource, SKOS.prefLabel);
            if (prefLabel == null) {
                prefLabel = preferred(resource, RDFS.label);
            }
            if (id == null || prefLabel == null) {
                skipped++;
                continue;
            }
            concepts.add(new Concept(id, resource.getURI(), prefLabel.getLexicalForm().strip(),
                    altLabels(resource, prefLabel), List.copyOf(lexicalForms(resource, SKOS.notation)),
                    broaderIds(model, resource), scopeNote(resource)));
        }
        Resource scheme = sortedByIri(model.listResourcesWithProperty(RDF.type, SKOS.ConceptScheme).toList())
                .stream().findFirst().orElse(null);
        return new SkosVocabulary(scheme == null ? null : scheme.getURI(), scheme == null ? null : title(scheme),
                concepts, skipped, List.of());
    }

    /**
     * A concept's id: its notation if it has exactly one, else its {@code dct:identifier} or
     * {@code dc:identifier}, else the local name of its IRI; null for a blank node without either.
     */
    private static String idOf(Resource resource) {
        Set<String> notations = lexicalForms(resource, SKOS.notation);
        if (notations.size() == 1) {
            return notations.iterator().next();
        }
        for (Property identifier : IDENTIFIERS) {
            Set<String> values = lexicalForms(resource, identifier);
            if (!values.isEmpty()) {
                return values.iterator().next();
            }
        }
        if (!resource.isURIResource()) {
            return null;
        }
        String iri = resource.getURI();
        String localName = iri.substring(Math.max(iri.lastIndexOf('#'), iri.lastIndexOf('/')) + 1);
        return localName.isEmpty() ? iri : localName;
    }

    private static List<String> altLabels(Resource concept, Literal prefLabel) {
        String language = primaryLanguage(prefLabel.getLanguage());
        Set<String> labels = new TreeSet<>();
        for (Property property : List.of(SKOS.altLabel, SKOS.hiddenLabel)) {
            for (Literal label : literals(concept, property)) {
                String labelLanguage = primaryLanguage(label.getLanguage());
                if (labelLanguage.isEmpty() || labelLanguage.equals(ENGLISH) || labelLanguage.equals(language)) {
                    labels.add(label.getLexicalForm().strip());
                }
            }
        }
        labels.remove(prefLabel.getLexicalForm().strip());
        return List.copyOf(labels);
    }

    /** Ids of the objects of {@code skos:broader} and of the subjects of {@code skos:narrower}. */
    private static List<String> broaderIds(Model model, Resource concept) {
        Set<String> ids = new TreeSet<>();
        for (Statement broader : concept.listProperties(SKOS.broader).toList()) {
            addId(broader.getObject(), ids);
        }
        for (Resource narrowerOf : model.listSubjectsWithProperty(SKOS.narrower, concept).toList()) {
            addId(narrowerOf, ids);
        }
        return List.copyOf(ids);
    }

    private static void addId(RDFNode node, Set<String> ids) {
        String id = node.isResource() ? idOf(node.asResource()) : null;
        if (id != null) {
            ids.add(id);
        }
    }

    private static String scopeNote(Resource concept) {
        Literal note = preferred(concept, SKOS.scopeNote);
        if (note == null) {
            note = preferred(concept, SKOS.definition);
        }
        return note == null ? null : note.getLexicalForm().strip();
    }

    private static String title(Resource scheme) {
        for (Property property : SCHEME_TITLES) {
            Literal title = preferred(scheme, property);
            if (title != null) {
                return title.getLexicalForm().strip();
            }
        }
        return null;
    }

    /** The non-blank literal of {@code property} in the preferred language, or null. */
    private static Literal preferred(Resource subject, Property property) {
        return literals(subject, property).stream().min(LANGUAGE_PREFERENCE).orElse(null);
    }

    private static List<Literal> literals(Resource subject, Property property) {
        List<Literal> literals = new ArrayList<>();
        for (Statement statement : subject.listProperties(property).toList()) {
            RDFNode object = statement.getObject();
            if (object.isLiteral() && !object.asLiteral().getLexicalForm().isBlank()) {
                literals.add(object.asLiteral());
            }
        }
        return literals;
    }

    private static Set<String> lexicalForms(Resource subject, Property property) {
        Set<String> values = new TreeSet<>();
        for (Literal literal : literals(subject, property)) {
            values.add(literal.getLexicalForm().strip());
        }
        return values;
    }

    private static int languageRank(String language) {
        String primary = primaryLanguage(language);
        return primary.equals(ENGLISH) ? 0 : primary.isEmpty() ? 1 : 2;
    }

    /** {@code "en"} for {@code "en-GB"}; empty for an untagged literal. */
    private static String primaryLanguage(String language) {
        int dash = language.indexOf('-');
        return (dash < 0 ? language : language.substring(0, dash)).toLowerCase(Locale.ROOT);
    }

    private static List<Resource> sortedByIri(List<Resource> resources) {
        resources.sort(Comparator.comparing(Resource::toString));
        return resources;
    }
}
