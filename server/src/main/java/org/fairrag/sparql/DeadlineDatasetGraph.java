package org.fairrag.sparql;

import java.util.Iterator;
import org.apache.jena.atlas.iterator.Iter;
import org.apache.jena.atlas.iterator.IteratorCloseable;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.query.QueryCancelledException;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphWrapper;
import org.apache.jena.sparql.core.GraphView;
import org.apache.jena.sparql.core.Quad;

/**
 * A read-only view of a dataset whose every read fails with {@link QueryCancelledException} once a deadline
 * has passed, while an iterator is being walked too. ARQ checks its own timeout only between the solutions
 * it hands on, so a step that reads without producing a solution (the closure of a property path, a join
 * whose rows all fail a filter, an aggregate) would otherwise run on long after it; every such step reads
 * the store through here. The graphs of the view read through the view as well.
 */
final class DeadlineDatasetGraph extends DatasetGraphWrapper {

    /** Quads read between two looks at the clock. */
    private static final int CHECK_EVERY = 256;

    private final long deadlineNanos;

    DeadlineDatasetGraph(DatasetGraph dataset, long deadlineNanos) {
        super(dataset);
        this.deadlineNanos = deadlineNanos;
    }

    private void check() {
        if (System.nanoTime() - deadlineNanos > 0) {
            throw new QueryCancelledException();
        }
    }

    @Override
    protected DatasetGraph getR() {
        check();
        return super.getR();
    }

    @Override
    protected DatasetGraph getW() {
        throw new UnsupportedOperationException("a query view is read-only");
    }

    @Override
    public Iterator<Quad> find() {
        return guard(super.find());
    }

    @Override
    public Iterator<Quad> find(Quad quad) {
        return guard(super.find(quad));
    }

    @Override
    public Iterator<Quad> find(Node g, Node s, Node p, Node o) {
        return guard(super.find(g, s, p, o));
    }

    @Override
    public Iterator<Quad> findNG(Node g, Node s, Node p, Node o) {
        return guard(super.findNG(g, s, p, o));
    }

    @Override
    public Iterator<Node> listGraphNodes() {
        return guard(super.listGraphNodes());
    }

    @Override
    public Graph getDefaultGraph() {
        return GraphView.createDefaultGraph(this);
    }

    @Override
    public Graph getGraph(Node graphNode) {
        return GraphView.createNamedGraph(this, graphNode);
    }

    @Override
    public Graph getUnionGraph() {
        return GraphView.createUnionGraph(this);
    }

    private <T> Iterator<T> guard(Iterator<T> iterator) {
        return new IteratorCloseable<>() {
            private int untilCheck = CHECK_EVERY;

            @Override
            public boolean hasNext() {
                if (--untilCheck <= 0) {
                    untilCheck = CHECK_EVERY;
                    check();
                }
                return iterator.hasNext();
            }

            @Override
            public T next() {
                return iterator.next();
            }

            @Override
            public void close() {
                Iter.close(iterator);
            }
        };
    }
}
