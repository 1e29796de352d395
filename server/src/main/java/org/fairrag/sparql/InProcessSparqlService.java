package org.fairrag.sparql;

import io.micrometer.core.instrument.Counter;
import java.io.OutputStream;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.ARQ;
import org.apache.jena.sparql.ARQConstants;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DynamicDatasets;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.function.FunctionRegistry;
import org.apache.jena.sparql.pfunction.PropertyFunctionRegistry;
import org.apache.jena.sparql.service.ServiceExecutorRegistry;
import org.apache.jena.sparql.util.Context;
import org.fairrag.failure.ApiException;
import org.fairrag.graph.ReadTransactions;

/**
 * Runs public queries in this process on the embedded TDB2 (+ jena-text) dataset: no HTTP listener, no
 * loopback port. Each query runs in a read transaction over a dynamic dataset made of exactly the graphs of
 * its {@link PublicQuery}, read through a {@link DeadlineDatasetGraph} so that the time limit stops it inside
 * any step, with remote service execution switched off, whatever the query says, and with only the registered
 * functions ({@link RegisteredFunctions}).
 */
public final class InProcessSparqlService implements SparqlQueryService {

    private final DatasetGraph dataset;
    private final Duration timeout;
    private final Counter timeouts;
    private final FunctionRegistry functions;
    private final PropertyFunctionRegistry propertyFunctions;

    /**
     * @param dataset  the store; its context gets remote service execution switched off
     * @param timeout  how long a query may run, answer written included
     * @param timeouts counts the queries the time limit stopped
     */
    public InProcessSparqlService(DatasetGraph dataset, Duration timeout, Counter timeouts) {
        this.dataset = dataset;
        this.timeout = timeout;
        this.timeouts = timeouts;
        this.functions = RegisteredFunctions.functions();
        this.propertyFunctions = RegisteredFunctions.propertyFunctions();
        refuseServiceExecution(dataset.getContext());
        FunctionRegistry.set(dataset.getContext(), functions);
        PropertyFunctionRegistry.set(dataset.getContext(), propertyFunctions);
    }

    /**
     * Switches SERVICE off in an ARQ context: HTTP service calls are not allowed, and no service executor
     * is registered that could run one another way.
     */
    private static void refuseServiceExecution(Context context) {
        context.set(ARQ.httpServiceAllowed, false);
        ServiceExecutorRegistry.set(context, new ServiceExecutorRegistry());
    }

    @Override
    public void execute(PublicQuery query, ResultFormat format, OutputStream out) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            // Ended, never aborted, when the time limit stops it (see ReadTransactions).
            ReadTransactions.run(dataset, () -> {
                DatasetGraph scoped = DynamicDatasets.dynamicDataset(nodes(query.defaultGraphs()),
                        nodes(query.namedGraphs()), new DeadlineDatasetGraph(dataset, deadline), false);
                // Set one by one: a whole context given to the builder would replace the dataset's (the text index).
                try (QueryExec exec = QueryExec.dataset(scoped).query(query.query())
                        .set(ARQ.httpServiceAllowed, false)
                        .set(ARQConstants.registryServiceExecutors, new ServiceExecutorRegistry())
                        .set(ARQConstants.registryFunctions, functions)
                        .set(ARQConstants.registryPropertyFunctions, propertyFunctions)
                        .timeout(timeout.toMillis(), TimeUnit.MILLISECONDS).build()) {
                    QueryResultWriter.write(exec, query.query(), format, out);
                }
            });
        } catch (RuntimeException e) {
            if (SparqlFailures.cancelled(e)) {
                timeouts.increment();
                throw SparqlFailures.timeout(timeout);
            }
            throw SparqlFailures.queryFault(e).orElseThrow(() -> e);
        } catch (StackOverflowError e) {
            throw SparqlFailures.tooComplex();
        }
    }

    private static Collection<Node> nodes(List<String> iris) {
        return iris.stream().map(NodeFactory::createURI).toList();
    }

    @Override
    public String describe() {
        return "the embedded TDB2 dataset, in-process";
    }
}
