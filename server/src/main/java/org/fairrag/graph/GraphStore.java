package org.fairrag.graph;

import java.io.OutputStream;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.jena.graph.Graph;
import org.apache.jena.query.Query;
import org.apache.jena.query.QuerySolution;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.RDFNode;
import org.apache.jena.update.UpdateRequest;

/**
 * The RDF store behind fairrag: the embedded TDB2 dataset or any SPARQL 1.1 endpoint. Every method
 * blocks, so callers on the event loop go through a worker pool. Queries take their variable bindings
 * separately ({@code bindings}), never spliced into query text.
 */
public interface GraphStore extends AutoCloseable {

    /** Runs a SELECT with the given variables bound; the results are fully materialised. */
    List<QuerySolution> select(Query query, Map<String, ? extends RDFNode> bindings);

    default List<QuerySolution> select(Query query) {
        return select(query, Map.of());
    }

    boolean ask(Query query, Map<String, ? extends RDFNode> bindings);

    Model construct(Query query, Map<String, ? extends RDFNode> bindings);

    /**
     * Replaces, in one transaction, the descriptions of {@code subjects} in {@code graphIri} by the
     * statements of {@code replacement}. A subject's description is its own triples plus those of its
     * fragment resources ({@code <subject#...>}), such as an article's authors.
     */
    void replaceDescriptions(String graphIri, Collection<String> subjects, Model replacement);

    /** Removes the descriptions of {@code subjects} (as defined above) from {@code graphIri}. */
    default void deleteDescriptions(String graphIri, Collection<String> subjects) {
        replaceDescriptions(graphIri, subjects, org.apache.jena.rdf.model.ModelFactory.createDefaultModel());
    }

    /**
     * Runs {@code writes} so that everything they write is committed together, at their end: for a large
     * load, cheaper than a transaction per write (TDB2 copies the index blocks a transaction changes) and all
     * or nothing. A store without such transactions (a remote endpoint) commits each write on its own.
     */
    default void inOneTransaction(Runnable writes) {
        writes.run();
    }

    /**
     * Runs, in one transaction, a SPARQL update that writes into {@code graphIri} only (an update built from
     * nodes or a template whose values are bound, never spliced text): for derived data whose resources are
     * found by pattern rather than as fragments of one subject.
     */
    void update(String graphIri, UpdateRequest update);

    /**
     * Adds {@code statements} to {@code graphIri} and removes nothing, in one transaction: for derived data
     * written whole and known to be new, which needs no update to be parsed, matched or evaluated.
     */
    void add(String graphIri, Graph statements);

    /** Writes the given named graphs as N-Triples, streaming, without building them in memory. */
    void dumpNTriples(Collection<String> graphIris, OutputStream out);

    /** Total number of triples in the given named graphs. */
    long size(Collection<String> graphIris);

    /** A short description for logs and health checks. */
    String describe();

    @Override
    void close();
}
