package org.fairrag.vocab;

import static org.fairrag.graph.Vocab.*;

import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.vocabulary.RDF;

/**
 * The SKOS description of a term FDO and of its concept scheme: labels, tree numbers as notations,
 * broader and narrower links between PIDs, and the match to the publisher's IRI.
 */
public final class ConceptRdfMapper {

    private final VocabularyInfo info;
    private final String schemePid;
    private final VocabularyIndex index;
    private final String dumpUrl;

    /** @param dumpUrl where the vocabulary can be downloaded with the rest of the public graph */
    public ConceptRdfMapper(VocabularyInfo info, String schemePid, VocabularyIndex index, String dumpUrl) {
        this.info = info;
        this.schemePid = schemePid;
        this.index = index;
        this.dumpUrl = dumpUrl;
    }

    public Model describe(Term t) {
        Model m = ModelFactory.createDefaultModel();
        Resource scheme = m.createResource(schemePid);
        Resource c = m.createResource(t.pid())
                .addProperty(RDF.type, CONCEPT)
                .addProperty(RDF.type, DEFINED_TERM)
                .addProperty(RDF.type, FAIR_DIGITAL_OBJECT)
                .addProperty(IN_SCHEME, scheme)
                .addProperty(IDENTIFIER, t.pid())
                .addProperty(DCT_IDENTIFIER, t.id())
                .addProperty(PREF_LABEL, t.label(), "en")
                .addProperty(DCT_LICENSE, m.createResource(info.license()));
        if (t.sourceIri() != null) {
            c.addProperty(EXACT_MATCH, m.createResource(t.sourceIri()));
            c.addProperty(WAS_DERIVED_FROM, m.createResource(t.sourceIri()));
        } else {
            c.addProperty(WAS_DERIVED_FROM, scheme);
        }
        t.altLabels().forEach(a -> c.addProperty(ALT_LABEL, a, "en"));
        t.treeNumbers().forEach(n -> c.addProperty(NOTATION, n));
        if (t.scopeNote() != null) {
            c.addProperty(SCOPE_NOTE, t.scopeNote(), "en");
        }
        for (String b : t.broader()) {
            index.byId(b).ifPresent(bt -> c.addProperty(BROADER, m.createResource(bt.pid())));
        }
        for (String n : t.narrower()) {
            index.byId(n).ifPresent(nt -> c.addProperty(NARROWER, m.createResource(nt.pid())));
        }
        if (t.broader().isEmpty()) {
            c.addProperty(TOP_CONCEPT_OF, scheme);
        }
        return m;
    }

    public Model describeScheme(int conceptCount) {
        Model m = ModelFactory.createDefaultModel();
        m.createResource(schemePid)
                .addProperty(RDF.type, CONCEPT_SCHEME)
                .addProperty(RDF.type, DCAT_DATASET)
                .addProperty(RDF.type, FAIR_DIGITAL_OBJECT)
                .addProperty(IDENTIFIER, schemePid)
                .addProperty(DCT_TITLE, info.title())
                .addProperty(DCT_PUBLISHER, info.publisher())
                .addProperty(DCT_LICENSE, m.createResource(info.license()))
                .addProperty(DCT_SOURCE, m.createResource(info.source()))
                .addProperty(WAS_DERIVED_FROM, m.createResource(info.source()))
                .addProperty(m.createProperty(VOID, "dataDump"), m.createResource(dumpUrl))
                .addLiteral(m.createProperty(VOID, "entities"), integer(conceptCount));
        return m;
    }
}
