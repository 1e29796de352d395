package org.fairrag.graph;

import java.io.OutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryExecution;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.QuerySolution;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.rdf.model.RDFNode;
import org.apache.jena.riot.RDFFormat;
import org.apache.jena.riot.system.StreamRDF;
import org.apache.jena.riot.system.StreamRDFWriter;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.modify.request.QuadAcc;
import org.apache.jena.sparql.modify.request.QuadDataAcc;
import org.apache.jena.sparql.modify.request.UpdateDataInsert;
import org.apache.jena.sparql.modify.request.UpdateDeleteWhere;
import org.apache.jena.sparql.modify.request.UpdateModify;
import org.apache.jena.sparql.syntax.ElementGroup;
import org.apache.jena.sparql.syntax.ElementNamedGraph;
import org.apache.jena.sparql.syntax.ElementPathBlock;
import org.apache.jena.update.UpdateExecution;
import org.apache.jena.update.UpdateRequest;

/**
 * {@link GraphStore} over a remote SPARQL 1.1 endpoint (standalone Fuseki, GraphDB, Virtuoso, ...):
 * queries through the SPARQL protocol, writes as SPARQL Update requests built from nodes, never from
 * text.
 */
public final class RemoteGraphStore implements GraphStore {

    private final String queryUrl;
    private final String updateUrl;
    private final Duration timeout;

    public RemoteGraphStore(String queryUrl, String updateUrl, Duration timeout) {
        this.queryUrl = queryUrl;
        this.updateUrl = updateUrl;
        this.timeout = timeout;
    }

    @Override
    public List<QuerySolution> select(Query query, Map<String, ? extends RDFNode> bindings) {
        try (QueryExecution qe = execution(query, bindings)) {
            List<QuerySolution> out = new ArrayList<>();
            qe.execSelect().materialise().forEachRemaining(out::add);
            return out;
        }
    }

    @Override
    public boolean ask(Query query, Map<String, ? extends RDFNode> bindings) {
        try (QueryExecution qe = execution(query, bindings)) {
            return qe.execAsk();
        }
    }

    @Override
    public Model construct(Query query, Map<String, ? extends RDFNode> bindings) {
        try (QueryExecution qe = execution(query, bindings)) {
            return qe.execConstruct(ModelFactory.createDefaultModel());
        }
    }

    private QueryExecution execution(Query query, Map<String, ? extends RDFNode> bindings) {
        var builder = QueryExecution.service(queryUrl).query(query).timeout(timeout.toMillis(), TimeUnit.MILLISECONDS);
        bindings.forEach(builder::substitution);
        return builder.build();
    }

    @Override
    public void replaceDescriptions(String graphIri, Collection<String> subjects, Model replacement) {
        Node g = NodeFactory.createURI(graphIri);
        UpdateRequest request = new UpdateRequest();
        for (String subject : subjects) {
            Node s = NodeFactory.createURI(subject);
            request.add(deleteFragments(g, s, subject));
            QuadAcc own = new QuadAcc();
            own.addQuad(Quad.create(g, s, Var.alloc("p"), Var.alloc("o")));
            request.add(new UpdateDeleteWhere(own));
        }
        if (!replacement.isEmpty()) {
            QuadDataAcc data = new QuadDataAcc();
            replacement.getGraph().find().forEachRemaining(t ->
                    data.addQuad(Quad.create(g, t.getSubject(), t.getPredicate(), t.getObject())));
            request.add(new UpdateDataInsert(data));
        }
        UpdateExecution.service(updateUrl).update(request).execute();
    }

    @Override
    public void update(String graphIri, UpdateRequest update) {
        UpdateExecution.service(updateUrl).update(update).execute();
    }

    @Override
    public void add(String graphIri, Graph statements) {
        if (statements.isEmpty()) {
            return;
        }
        Node g = NodeFactory.createURI(graphIri);
        QuadDataAcc data = new QuadDataAcc();
        statements.find().forEachRemaining(t -> data.addQuad(Quad.create(g, t)));
        UpdateExecution.service(updateUrl).update(new UpdateRequest(new UpdateDataInsert(data))).execute();
    }

    /** DELETE { GRAPH g { ?x ?p ?o } } WHERE { GRAPH g { s ?q ?x . ?x ?p ?o FILTER(STRSTARTS(STR(?x), "s#")) } } */
    private static UpdateModify deleteFragments(Node g, Node s, String subject) {
        Var x = Var.alloc("x"), p = Var.alloc("p"), o = Var.alloc("o"), q = Var.alloc("q");
        UpdateModify modify = new UpdateModify();
        modify.getDeleteAcc().addQuad(Quad.create(g, x, p, o));
        ElementPathBlock block = new ElementPathBlock();
        block.addTriple(org.apache.jena.graph.Triple.create(s, q, x));
        block.addTriple(org.apache.jena.graph.Triple.create(x, p, o));
        ElementGroup inner = new ElementGroup();
        inner.addElement(block);
        inner.addElementFilter(new org.apache.jena.sparql.syntax.ElementFilter(
                new org.apache.jena.sparql.expr.E_StrStartsWith(
                        new org.apache.jena.sparql.expr.E_Str(new org.apache.jena.sparql.expr.ExprVar(x)),
                        org.apache.jena.sparql.expr.NodeValue.makeString(subject + "#"))));
        ElementGroup where = new ElementGroup();
        where.addElement(new ElementNamedGraph(g, inner));
        modify.setElement(where);
        modify.setHasDeleteClause(true);
        modify.setHasInsertClause(false);
        return modify;
    }

    @Override
    public void dumpNTriples(Collection<String> graphIris, OutputStream out) {
        StreamRDF stream = StreamRDFWriter.getWriterStream(out, RDFFormat.NTRIPLES);
        stream.start();
        for (String graphIri : graphIris) {
            Query q = QueryFactory.create("CONSTRUCT { ?s ?p ?o } WHERE { GRAPH ?g { ?s ?p ?o } }");
            try (QueryExecution qe = execution(q, Map.of("g", ModelFactory.createDefaultModel().createResource(graphIri)))) {
                qe.execConstructTriples().forEachRemaining(stream::triple);
            }
        }
        stream.finish();
    }

    @Override
    public long size(Collection<String> graphIris) {
        long n = 0;
        Query q = QueryFactory.create("SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }");
        for (String graphIri : graphIris) {
            List<QuerySolution> rows = select(q, Map.of("g", ModelFactory.createDefaultModel().createResource(graphIri)));
            n += rows.isEmpty() ? 0 : rows.get(0).getLiteral("n").getLong();
        }
        return n;
    }

    @Override
    public String describe() {
        return "SPARQL endpoint " + queryUrl;
    }

    @Override
    public void close() {
        // nothing held open
    }
}
