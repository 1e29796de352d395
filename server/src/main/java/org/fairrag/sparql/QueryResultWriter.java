package org.fairrag.sparql;

import java.io.OutputStream;
import java.util.Iterator;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Triple;
import org.apache.jena.query.Query;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.riot.RDFFormat;
import org.apache.jena.riot.system.StreamRDF;
import org.apache.jena.riot.system.StreamRDFOps;
import org.apache.jena.riot.system.StreamRDFWriter;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.graph.GraphFactory;
import org.apache.jena.sparql.resultset.ResultsWriter;

/** Writes the answer of a query execution in a {@link ResultFormat}, the same way for every store. */
final class QueryResultWriter {

    private QueryResultWriter() {}

    static void write(QueryExec exec, Query query, ResultFormat format, OutputStream out) {
        if (query.isSelectType()) {
            ResultsWriter.create().lang(format.lang()).write(out, exec.select());
        } else if (query.isAskType()) {
            ResultsWriter.create().lang(format.lang()).write(out, exec.ask());
        } else if (query.isConstructType()) {
            writeGraph(exec.constructTriples(), query, format, out);
        } else if (query.isDescribeType()) {
            writeGraph(exec.describeTriples(), query, format, out);
        } else {
            throw new IllegalArgumentException("not a query form that can be answered: " + query.queryType());
        }
    }

    private static void writeGraph(Iterator<Triple> triples, Query query, ResultFormat format, OutputStream out) {
        RDFFormat streaming = switch (format) {
            case TURTLE -> RDFFormat.TURTLE_BLOCKS;
            case N_TRIPLES -> RDFFormat.NTRIPLES;
            default -> null;
        };
        if (streaming != null) {
            StreamRDF stream = StreamRDFWriter.getWriterStream(out, streaming);
            stream.start();
            if (format == ResultFormat.TURTLE) {
                StreamRDFOps.sendPrefixesToStream(query.getPrefixMapping(), stream);
            }
            triples.forEachRemaining(stream::triple);
            stream.finish();
            return;
        }
        // JSON-LD and RDF/XML writers need the whole graph; the row cap bounds it.
        Graph graph = GraphFactory.createDefaultGraph();
        graph.getPrefixMapping().setNsPrefixes(query.getPrefixMapping());
        triples.forEachRemaining(graph::add);
        RDFDataMgr.write(out, graph, format.lang());
    }
}
