package org.fairrag.sparql;

import java.io.OutputStream;
import java.time.Duration;
import java.util.List;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.rdf.model.Property;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.vocabulary.DCTerms;
import org.apache.jena.vocabulary.RDF;
import org.apache.jena.vocabulary.RDFS;

/**
 * The SPARQL 1.1 Service Description the endpoint answers a GET without a query with: its endpoint, language, the
 * result formats it writes, that the default graph is the union of the graphs a caller may read, and those graphs.
 */
public final class ServiceDescription {

    private static final String SD = "http://www.w3.org/ns/sparql-service-description#";

    private ServiceDescription() {}

    /**
     * The description of the endpoint at {@code endpoint} for a caller who may read {@code graphs}.
     *
     * @param dataset the PID of the dataset the endpoint serves
     */
    public static Model of(String endpoint, List<String> graphs, String dataset, int maxRows, Duration timeout) {
        Model m = ModelFactory.createDefaultModel();
        m.setNsPrefix("sd", SD);
        Resource service = m.createResource(endpoint)
                .addProperty(RDF.type, m.createResource(SD + "Service"))
                .addProperty(sd(m, "endpoint"), m.createResource(endpoint))
                .addProperty(sd(m, "supportedLanguage"), m.createResource(SD + "SPARQL11Query"))
                .addProperty(sd(m, "feature"), m.createResource(SD + "UnionDefaultGraph"))
                .addProperty(RDFS.seeAlso, m.createResource(dataset))
                .addProperty(DCTerms.description, "Read-only SPARQL 1.1 queries over the public graphs (and, with an "
                        + "API key that may read them, the restricted ones). At most " + maxRows + " result rows; a query "
                        + "stops after " + timeout.toSeconds() + " s.", "en");
        for (ResultFormat format : ResultFormat.values()) {
            service.addProperty(sd(m, "resultFormat"), m.createResource(format.formatIri()));
        }
        Resource defaultDataset = m.createResource().addProperty(RDF.type, m.createResource(SD + "Dataset"))
                .addProperty(sd(m, "defaultGraph"), m.createResource().addProperty(RDF.type, m.createResource(SD + "Graph")));
        for (String graph : graphs) {
            defaultDataset.addProperty(sd(m, "namedGraph"), m.createResource()
                    .addProperty(RDF.type, m.createResource(SD + "NamedGraph"))
                    .addProperty(sd(m, "name"), m.createResource(graph)));
        }
        service.addProperty(sd(m, "defaultDataset"), defaultDataset);
        return m;
    }

    /** Writes {@code description} in {@code format}, one of the RDF syntaxes. */
    public static void write(Model description, ResultFormat format, OutputStream out) {
        if (!format.forGraphs()) {
            throw new IllegalArgumentException("a service description is RDF, not " + format);
        }
        RDFDataMgr.write(out, description, format.lang());
    }

    private static Property sd(Model m, String name) {
        return m.createProperty(SD, name);
    }
}
