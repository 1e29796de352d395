package org.fairrag.ingest;

import static org.fairrag.graph.Vocab.*;

import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.rdf.model.Literal;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.vocabulary.RDF;
import org.fairrag.fdo.DoiUrls;
import org.fairrag.ingest.ArticleRecord.Author;

/**
 * The RDF description of an article FDO (the README's "PIDs" section): a {@code schema:ScholarlyArticle}
 * whose IRI is its PID, with its MeSH subjects, citation metadata, licence and provenance. Fragment
 * resources ({@code <pid#journal>}, {@code <pid#author-1>}) hold the journal and the authors, so the
 * description has no blank nodes and its checksum is canonical.
 */
public final class ArticleRdfMapper {

    private final String datasetPid;

    public ArticleRdfMapper(String datasetPid) {
        this.datasetPid = datasetPid;
    }

    /** The content description, without the kernel attributes that change with time. */
    public Model describe(Article a) {
        Model m = ModelFactory.createDefaultModel();
        Resource r = m.createResource(a.pid())
                .addProperty(RDF.type, SCHOLARLY_ARTICLE)
                .addProperty(RDF.type, FAIR_DIGITAL_OBJECT)
                .addProperty(RDF.type, PROV_ENTITY)
                .addProperty(IDENTIFIER, a.pid())
                .addProperty(DCT_IDENTIFIER, a.pmid())
                .addProperty(PMID, a.pmid())
                .addProperty(SAME_AS, m.createResource(a.pubmedUrl()))
                .addProperty(DCT_LICENSE, m.createResource(a.license()))
                .addProperty(ACCESS_LEVEL, "restricted".equals(a.accessLevel()) ? RESTRICTED : PUBLIC)
                .addProperty(WAS_DERIVED_FROM, m.createResource(datasetPid));
        if (a.title() != null) {
            r.addProperty(DCT_TITLE, a.title());
        }
        if (a.abstractText() != null) {
            r.addProperty(ABSTRACT, a.abstractText());
        }
        if (a.date() != null) {
            r.addLiteral(DATE_PUBLISHED, dateLiteral(m, a.date()));
        }
        if (a.doi() != null) {
            r.addProperty(DOI, a.doi());
            r.addProperty(SAME_AS, m.createResource(DoiUrls.of(a.doi())));
        }
        if (a.journal() != null) {
            r.addProperty(IS_PART_OF, m.createResource(a.pid() + "#journal")
                    .addProperty(RDF.type, PERIODICAL)
                    .addProperty(NAME, a.journal()));
        }
        int position = 1;
        for (Author author : a.authors()) {
            Resource p = m.createResource(a.pid() + "#author-" + position)
                    .addProperty(RDF.type, PERSON)
                    .addProperty(NAME, author.name())
                    .addLiteral(POSITION, integer(position));
            if (author.family() != null) {
                p.addProperty(FAMILY_NAME, author.family());
            }
            if (author.given() != null) {
                p.addProperty(GIVEN_NAME, author.given());
            }
            if (author.orcid() != null) {
                p.addProperty(SAME_AS, m.createResource("https://orcid.org/" + author.orcid()));
            }
            r.addProperty(AUTHOR, p);
            position++;
        }
        for (Article.Subject s : a.subjects()) {
            Resource concept = m.createResource(s.termPid());
            r.addProperty(ABOUT, concept);
            if (s.major()) {
                r.addProperty(MAJOR_TOPIC, concept);
            }
        }
        for (Article.Subject s : a.suggestedSubjects()) {
            r.addProperty(SUGGESTED_SUBJECT, m.createResource(s.termPid()));
        }
        a.unresolvedHeadings().forEach(h -> r.addProperty(UNRESOLVED_HEADING, h));
        a.sources().forEach(s -> r.addProperty(SOURCE_COLLECTION, s));
        return m;
    }

    /** {@code 2019} as xsd:gYear, {@code 2019-09} as xsd:gYearMonth, {@code 2019-09-14} as xsd:date. */
    static Literal dateLiteral(Model m, String date) {
        XSDDatatype type = switch (date.length()) {
            case 4 -> XSDDatatype.XSDgYear;
            case 7 -> XSDDatatype.XSDgYearMonth;
            default -> XSDDatatype.XSDdate;
        };
        return m.createTypedLiteral(date, type);
    }
}
