package org.fairrag.fdo;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
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
import org.fairrag.store.PidRecord;
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
     * Publishes {@code drafts} into {@code graphIri}. Blocks (graph and registry I/O).
     *
     * Drafts of tombstoned PIDs are left out (counted unchanged): a withdrawn object never comes back.
     *
     * @param activityPid the PID of the activity that generated the content (an ingestion run), or null
     */
    public Outcome publish(String graphIri, List<FdoDraft> allDrafts, String activityPid) {
        if (allDrafts.isEmpty()) {
            return new Outcome(List.of(), List.of(), 0);
        }
        Set<String> tombstoned = registry.findAll(allDrafts.stream().map(FdoDraft::id).toList()).await().values().stream()
                .filter(PidRecord::tombstoned).map(PidRecord::id).collect(Collectors.toSet());
        List<FdoDraft> drafts = allDrafts.stream().filter(d -> !tombstoned.contains(d.id())).toList();
        if (drafts.isEmpty()) {
            return new Outcome(List.of(), List.of(), allDrafts.size());
        }
        Map<String, String> checksums = new HashMap<>();
        for (FdoDraft d : drafts) {
            checksums.put(d.id(), Checksums.of(d.content()));
        }
        Map<String, QuerySolution> state = kernelState(drafts);
        Model changed = ModelFactory.createDefaultModel();
        List<String> changedSubjects = new ArrayList<>();
        Literal now = changed.createTypedLiteral(Instant.now().toString(), XSDDatatype.XSDdateTime);
        for (FdoDraft d : drafts) {
            String pid = pidUrl(d.id());
            QuerySolution previous = state.get(pid);
            String checksum = checksums.get(d.id());
            if (previous != null && checksum.equals(previous.getLiteral("checksum").getString())) {
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
        PidRegistry.Outcome outcome = registry.register(registrations, activityId).await();
        return new Outcome(outcome.created(), outcome.updated(), outcome.unchanged() + tombstoned.size());
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
