package org.fairrag.fdo;

import io.vertx.core.Future;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QuerySolution;
import org.apache.jena.rdf.model.Literal;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.rdf.model.Resource;
import org.fairrag.graph.GraphStore;
import org.fairrag.graph.Queries;
import org.fairrag.graph.Vocab;
import org.fairrag.store.PidRegistry;

/**
 * Publishes FDOs: writes the descriptions whose content changed into the graph with their kernel
 * attributes (checksum, created, modified, generating activity), then registers their PIDs. Each
 * store compares checksums itself, so publishing the same drafts again changes nothing, and a
 * publication interrupted between the two stores is completed by the next one.
 */
public final class FdoPublisher {

    private static final Query KERNEL_STATE = Queries.load(FdoPublisher.class, "kernel-state.rq");

    /** What one publication changed. */
    public record Outcome(List<String> created, List<String> updated, int unchanged) {
        public int changed() {
            return created.size() + updated.size();
        }
    }

    private final GraphStore graph;
    private final PidRegistry registry;
    private final String baseUrl;

    public FdoPublisher(GraphStore graph, PidRegistry registry, String baseUrl) {
        this.graph = graph;
        this.registry = registry;
        this.baseUrl = baseUrl;
    }

    public String pidUrl(String id) {
        return baseUrl + "/pid/" + id;
    }

    /**
     * Publishes {@code drafts} into {@code graphIri}: writes the graph here and now (blocking: call it on a
     * worker or a thread of your own, never the event loop), then registers the PIDs; the future completes
     * when the registry has them.
     *
     * <p>Drafts of tombstoned objects are left out (counted unchanged): a withdrawn object never comes
     * back. The graph says so ({@code prov:invalidatedAtTime}) and the registry refuses to change a
     * tombstoned row, so neither store needs the other to be reachable from this thread.
     *
     * @param activityPid the PID of the activity that generated the content (an ingestion run), or null
     */
    public Future<Outcome> publish(String graphIri, List<FdoDraft> allDrafts, String activityPid) {
        if (allDrafts.isEmpty()) {
            return Future.succeededFuture(new Outcome(List.of(), List.of(), 0));
        }
        Map<String, QuerySolution> state = kernelState(allDrafts);
        List<FdoDraft> drafts = allDrafts.stream()
                .filter(d -> state.get(pidUrl(d.id())) == null || !state.get(pidUrl(d.id())).contains("invalidated"))
                .toList();
        int withdrawn = allDrafts.size() - drafts.size();
        if (drafts.isEmpty()) {
            return Future.succeededFuture(new Outcome(List.of(), List.of(), withdrawn));
        }
        Map<String, String> checksums = new HashMap<>();
        for (FdoDraft d : drafts) {
            checksums.put(d.id(), Checksums.of(d.content()));
        }
        Model changed = ModelFactory.createDefaultModel();
        List<String> changedSubjects = new ArrayList<>();
        Literal now = changed.createTypedLiteral(Instant.now().toString(), XSDDatatype.XSDdateTime);
        for (FdoDraft d : drafts) {
            String pid = pidUrl(d.id());
            QuerySolution previous = state.get(pid);
            String checksum = checksums.get(d.id());
            if (previous != null && previous.contains("checksum")
                    && checksum.equals(previous.getLiteral("checksum").getString())) {
                continue;
            }
            changed.add(d.content());
            Resource r = changed.createResource(pid)
                    .addProperty(Vocab.CHECKSUM, checksum)
                    .addProperty(Vocab.DCT_MODIFIED, now)
                    .addProperty(Vocab.DCT_CREATED, previous != null && previous.contains("created")
                            ? previous.getLiteral("created") : now);
            if (activityPid != null) {
                r.addProperty(Vocab.WAS_GENERATED_BY, changed.createResource(activityPid));
            }
            changedSubjects.add(pid);
        }
        if (!changedSubjects.isEmpty()) {
            graph.replaceDescriptions(graphIri, changedSubjects, changed);
        }
        List<PidRegistry.Registration> registrations = drafts.stream()
                .map(d -> new PidRegistry.Registration(d.id(), d.kind(), d.sourceKey(), d.target(),
                        checksums.get(d.id()), d.accessLevel()))
                .toList();
        String activityId = activityPid == null ? null : activityPid.substring(activityPid.lastIndexOf('/') + 1);
        return registry.register(registrations, activityId)
                .map(outcome -> new Outcome(outcome.created(), outcome.updated(), outcome.unchanged() + withdrawn));
    }

    /**
     * Runs {@code publications} with their graph writes committed together at the end (see
     * {@link GraphStore#inOneTransaction}); each registers its PIDs as it is made. Blocking.
     */
    public void inOneTransaction(Runnable publications) {
        graph.inOneTransaction(publications);
    }

    /** Removes the descriptions of these PIDs from {@code graphIri}, as when an object moves to another graph. Blocking. */
    public void withdrawDescriptions(String graphIri, List<String> pids) {
        graph.deleteDescriptions(graphIri, pids);
    }

    private Map<String, QuerySolution> kernelState(List<FdoDraft> drafts) {
        List<Node> subjects = drafts.stream().map(d -> NodeFactory.createURI(pidUrl(d.id()))).toList();
        Map<String, QuerySolution> out = new HashMap<>();
        for (QuerySolution row : graph.select(Queries.withValues(KERNEL_STATE, "s", subjects))) {
            out.put(row.getResource("s").getURI(), row);
        }
        return out;
    }
}
