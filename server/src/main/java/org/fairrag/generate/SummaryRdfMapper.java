package org.fairrag.generate;

import static org.fairrag.graph.Vocab.*;

import java.util.LinkedHashSet;
import java.util.Set;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.vocabulary.RDF;

/**
 * The RDF description of a summary FDO: a {@code fr:Summary} ({@code schema:CreativeWork},
 * {@code prov:Entity}) with its text, request, model, one {@code <pid#statement-n>} part per statement
 * citing its articles (with {@code dct:subject} the selected term it is about), and {@code prov:wasDerivedFrom} every source. Its licences are those of its
 * sources, whose sentences it may quote.
 */
final class SummaryRdfMapper {

    private SummaryRdfMapper() {}

    static Model describe(Summary s) {
        Model m = ModelFactory.createDefaultModel();
        String title = s.prompt().length() > 100 ? s.prompt().substring(0, 100) + "…" : s.prompt();
        Resource r = m.createResource(s.pid())
                .addProperty(RDF.type, SUMMARY)
                .addProperty(RDF.type, CREATIVE_WORK)
                .addProperty(RDF.type, PROV_ENTITY)
                .addProperty(RDF.type, FAIR_DIGITAL_OBJECT)
                .addProperty(IDENTIFIER, s.pid())
                .addProperty(DCT_TITLE, "Summary: " + title, "en")
                .addProperty(TEXT, s.text())
                .addProperty(PROMPT, s.prompt())
                .addProperty(GENERATED_WITH, s.model());
        boolean restricted = s.sources().stream().anyMatch(a -> "restricted".equals(a.accessLevel()));
        r.addProperty(ACCESS_LEVEL, restricted ? RESTRICTED : PUBLIC);
        Set<String> licenses = new LinkedHashSet<>();
        for (SourceArticle a : s.sources()) {
            r.addProperty(WAS_DERIVED_FROM, m.createResource(a.pid()));
            if (a.license() != null) {
                licenses.add(a.license());
            }
        }
        licenses.forEach(l -> r.addProperty(DCT_LICENSE, m.createResource(l)));
        int position = 1;
        for (Statement st : s.statements()) {
            Resource part = m.createResource(s.pid() + "#statement-" + position)
                    .addProperty(TEXT, st.text())
                    .addLiteral(POSITION, integer(position));
            st.cites().forEach(pid -> part.addProperty(CITATION, m.createResource(pid)));
            if (st.term() != null) {
                s.term(st.term()).ifPresent(t -> part.addProperty(DCT_SUBJECT, m.createResource(t.pid())));
            }
            r.addProperty(HAS_PART, part);
            position++;
        }
        return m;
    }
}
