package org.fairrag.graph;

import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.query.Dataset;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryExecution;
import org.apache.jena.query.QuerySolution;
import org.apache.jena.query.ResultSet;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.rdf.model.RDFNode;
import org.apache.jena.query.text.DatasetGraphText;
import org.apache.jena.riot.system.StreamRDF;
import org.apache.jena.riot.system.StreamRDFWriter;
import org.apache.jena.riot.RDFFormat;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.system.Txn;
import org.apache.jena.sparql.exec.UpdateExec;
import org.apache.jena.tdb2.store.DatasetGraphTDB;
import org.apache.jena.tdb2.sys.TDBInternal;
import org.apache.jena.atlas.iterator.Iter;
import org.apache.jena.update.UpdateRequest;

/**
 * {@link GraphStore} over an in-process dataset (TDB2 with its text index), in transactions. Graphs named
 * unindexed are written past the text index: {@code text:query} is open to every caller of the public
 * SPARQL endpoint and answers from one index for all graphs, so restricted content must never enter it.
 */
public final class TdbGraphStore implements GraphStore {

    private final Dataset dataset;
    private final String description;
    private final Set<String> unindexedGraphs;

    public TdbGraphStore(Dataset dataset, String description, Set<String> unindexedGraphs) {
        this.dataset = dataset;
        this.description = description;
        this.unindexedGraphs = Set.copyOf(unindexedGraphs);
    }

    public Dataset dataset() {
        return dataset;
    }

    @Override
    public List<QuerySolution> select(Query query, Map<String, ? extends RDFNode> bindings) {
        return read(() -> {
            try (QueryExecution qe = execution(query, bindings)) {
                ResultSet rs = qe.execSelect();
                List<QuerySolution> out = new ArrayList<>();
                rs.materialise().forEachRemaining(out::add);
                return out;
            }
        });
    }

    @Override
    public boolean ask(Query query, Map<String, ? extends RDFNode> bindings) {
        return read(() -> {
            try (QueryExecution qe = execution(query, bindings)) {
                return qe.execAsk();
            }
        });
    }

    @Override
    public Model construct(Query query, Map<String, ? extends RDFNode> bindings) {
        return read(() -> {
            try (QueryExecution qe = execution(query, bindings)) {
                Model m = ModelFactory.createDefaultModel();
                m.add(qe.execConstruct());
                return m;
            }
        });
    }

    private QueryExecution execution(Query query, Map<String, ? extends RDFNode> bindings) {
        var builder = QueryExecution.dataset(dataset).query(query);
        bindings.forEach(builder::substitution);
        return builder.build();
    }

    /**
     * A read that is ended, never aborted ({@link ReadTransactions}). Inside {@link #inOneTransaction} it runs in
     * that write transaction instead (it sees the writes so far), which ends itself.
     */
    private <T> T read(Supplier<T> action) {
        return dataset.isInTransaction() ? action.get() : ReadTransactions.read(dataset, action);
    }

    @Override
    public void replaceDescriptions(String graphIri, Collection<String> subjects, Model replacement) {
        Node g = NodeFactory.createURI(graphIri);
        Txn.executeWrite(dataset, () -> {
            for (String subject : subjects) {
                deleteDescription(g, subject);
            }
            replacement.getGraph().find().forEach(t -> writeTarget(graphIri, t.getPredicate())
                    .add(g, t.getSubject(), t.getPredicate(), t.getObject()));
        });
    }

    @Override
    public void inOneTransaction(Runnable writes) {
        Txn.executeWrite(dataset, writes);
    }

    @Override
    public void update(String graphIri, UpdateRequest update) {
        Txn.executeWrite(dataset, () -> UpdateExec.dataset(graphTarget(graphIri)).update(update).execute());
    }

    @Override
    public void add(String graphIri, Graph statements) {
        Node g = NodeFactory.createURI(graphIri);
        Txn.executeWrite(dataset, () -> statements.find().forEachRemaining(t -> writeTarget(graphIri, t.getPredicate())
                .add(g, t.getSubject(), t.getPredicate(), t.getObject())));
    }

    /** The dataset to write {@code graphIri} through: the text-indexed one, or for an unindexed graph the one beneath it. */
    private DatasetGraph graphTarget(String graphIri) {
        DatasetGraph dsg = dataset.asDatasetGraph();
        return unindexedGraphs.contains(graphIri) && dsg instanceof DatasetGraphText text ? text.getWrapped() : dsg;
    }

    /**
     * The dataset to write a statement with {@code predicate} into {@code graphIri} through: the text-indexed
     * one when the text index maps the predicate, else the one beneath it. The text layer looks each statement
     * up before writing it (it indexes only what is new): a sixth of the time MeSH took to write, whose
     * statements are seven in ten not labels.
     */
    private DatasetGraph writeTarget(String graphIri, Node predicate) {
        DatasetGraph dsg = graphTarget(graphIri);
        if (dsg instanceof DatasetGraphText text && text.getTextIndex().getDocDef().getField(predicate) == null) {
            return text.getWrapped();
        }
        return dsg;
    }

    private void deleteDescription(Node g, String subject) {
        DatasetGraph dsg = dataset.asDatasetGraph();
        Node s = NodeFactory.createURI(subject);
        String fragmentPrefix = subject + "#";
        List<Quad> doomed = new ArrayList<>();
        dsg.find(g, s, Node.ANY, Node.ANY).forEachRemaining(q -> {
            doomed.add(q);
            Node o = q.getObject();
            if (o.isURI() && o.getURI().startsWith(fragmentPrefix)) {
                dsg.find(g, o, Node.ANY, Node.ANY).forEachRemaining(doomed::add);
            }
        });
        // Deleting quad by quad (not deleteAny) lets the text index see each removal of a label.
        doomed.forEach(q -> writeTarget(g.getURI(), q.getPredicate()).delete(q));
    }

    @Override
    public void dumpNTriples(Collection<String> graphIris, OutputStream out) {
        StreamRDF stream = StreamRDFWriter.getWriterStream(out, RDFFormat.NTRIPLES);
        read(() -> {
            stream.start();
            for (String graphIri : graphIris) {
                dataset.asDatasetGraph().find(NodeFactory.createURI(graphIri), Node.ANY, Node.ANY, Node.ANY)
                        .forEachRemaining(q -> stream.triple(Triple.create(q.getSubject(), q.getPredicate(), q.getObject())));
            }
            stream.finish();
            return null;
        });
    }

    /**
     * Counted in TDB2's quad index by node ids: a graph's own {@code size()} turns every quad back into nodes,
     * which for MeSH and the demo took seconds at every change of the dataset's description.
     */
    @Override
    public long size(Collection<String> graphIris) {
        DatasetGraph dsg = dataset.asDatasetGraph();
        DatasetGraphTDB tdb = TDBInternal.getDatasetGraphTDB(dsg instanceof DatasetGraphText text ? text.getWrapped() : dsg);
        return read(() -> {
            long n = 0;
            for (String graphIri : graphIris) {
                Node g = NodeFactory.createURI(graphIri);
                n += tdb != null ? Iter.count(tdb.getQuadTable().getNodeTupleTable().findAsNodeIds(g, Node.ANY, Node.ANY, Node.ANY))
                        : dataset.asDatasetGraph().getGraph(g).size();
            }
            return n;
        });
    }

    @Override
    public String describe() {
        return description;
    }

    @Override
    public void close() {
        dataset.close();
    }
}
