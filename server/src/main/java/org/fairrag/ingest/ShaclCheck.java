package org.fairrag.ingest;

import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.jena.graph.Graph;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.shacl.ShaclValidator;
import org.apache.jena.shacl.Shapes;
import org.apache.jena.shacl.ValidationReport;
import org.apache.jena.sparql.graph.GraphFactory;

/** Validates descriptions against the SHACL shapes shipped in {@code ontologies/fairrag-shapes.ttl}. */
public final class ShaclCheck {

    private static final String SHAPES = "/fairrag/ontologies/fairrag-shapes.ttl";

    private final Shapes shapes;

    private ShaclCheck(Shapes shapes) {
        this.shapes = shapes;
    }

    public static ShaclCheck bundled() {
        Graph g = GraphFactory.createDefaultGraph();
        try (InputStream in = ShaclCheck.class.getResourceAsStream(SHAPES)) {
            if (in == null) {
                throw new IllegalStateException("Missing resource " + SHAPES);
            }
            RDFParser.source(in).lang(Lang.TURTLE).parse(g);
        } catch (IOException e) {
            throw new IllegalStateException("Cannot read " + SHAPES, e);
        }
        return new ShaclCheck(Shapes.parse(g));
    }

    /**
     * The violations in {@code data}, keyed by the FDO they belong to (a fragment resource such as
     * {@code <pid#author-1>} counts for {@code <pid>}); empty when the data conforms.
     */
    public Map<String, String> violations(Model data) {
        ValidationReport report = ShaclValidator.get().validate(shapes, data.getGraph());
        Map<String, String> out = new LinkedHashMap<>();
        if (report.conforms()) {
            return out;
        }
        report.getEntries().forEach(e -> {
            String focus = e.focusNode().isURI() ? e.focusNode().getURI() : e.focusNode().toString();
            int hash = focus.indexOf('#');
            String owner = hash < 0 ? focus : focus.substring(0, hash);
            String path = e.resultPath() == null ? "" : " at " + e.resultPath();
            String message = "SHACL: " + e.message() + path;
            out.merge(owner, message, (a, b) -> a.contains(message) ? a : a + "; " + message);
        });
        return out;
    }
}
