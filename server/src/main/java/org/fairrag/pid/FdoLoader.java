package org.fairrag.pid;

import static org.fairrag.graph.Vocab.*;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QuerySolution;
import org.apache.jena.rdf.model.Literal;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.rdf.model.RDFNode;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.rdf.model.ResourceFactory;
import org.apache.jena.vocabulary.RDF;
import org.fairrag.fdo.ArticleName;
import org.fairrag.fdo.FdoKind;
import org.fairrag.graph.GraphStore;
import org.fairrag.graph.Graphs;
import org.fairrag.graph.Queries;
import org.fairrag.store.PidRecord;

/**
 * Reads what a PID resolves to from the graph: the FDO's description from the vocabulary and content
 * graphs (a restricted object, to a caller who may not read it, shows only its registry record), plus
 * the registry's kernel attributes and the labels a landing page needs. Blocking: call it on a worker pool.
 */
public final class FdoLoader {

    private static final Query DESCRIPTION = Queries.load(FdoLoader.class, "description.rq");
    private static final Query LABELS = Queries.load(FdoLoader.class, "labels.rq");
    private static final Query TAGGED = Queries.load(FdoLoader.class, "tagged-articles.rq");
    private static final Query TAGGED_COUNT = Queries.load(FdoLoader.class, "tagged-count.rq");

    private final GraphStore graph;
    private final Graphs graphs;
    private final String baseUrl;

    public FdoLoader(GraphStore graph, Graphs graphs, String baseUrl) {
        this.graph = graph;
        this.graphs = graphs;
        this.baseUrl = baseUrl;
    }

    /**
     * @param full whether the caller may read the object's content: false shows a restricted object's
     *             registry record only
     */
    public ResolvedFdo load(PidRecord record, boolean full) {
        String pid = baseUrl + "/pid/" + record.id();
        Resource s = ResourceFactory.createResource(pid);
        boolean restricted = "restricted".equals(record.accessLevel());
        List<Node> scope = new ArrayList<>(List.of(NodeFactory.createURI(graphs.vocabulary()),
                NodeFactory.createURI(graphs.publicContent())));
        if (restricted && full) {
            scope.add(NodeFactory.createURI(graphs.restrictedContent()));
        }
        Model description = ModelFactory.createDefaultModel();
        if (!restricted || full) {
            description.add(graph.construct(Queries.bindValues(DESCRIPTION.cloneQuery(), "g", scope), Map.of("s", s)));
        }
        addKernel(description, record, pid, !restricted || full);
        description.setNsPrefixes(Prefixes.STANDARD);

        Map<String, String> labels = labels(description, pid, scope);
        List<ResolvedFdo.Labelled> tagged = List.of();
        long taggedCount = 0;
        if (record.kind() == FdoKind.TERM && !record.tombstoned()) {
            Map<String, RDFNode> bindings = Map.of("t", s, "g", ResourceFactory.createResource(graphs.publicContent()));
            tagged = new ArrayList<>();
            for (QuerySolution row : graph.select(TAGGED, bindings)) {
                tagged.add(new ResolvedFdo.Labelled(row.getResource("a").getURI(), row.getLiteral("title").getString()));
            }
            taggedCount = graph.select(TAGGED_COUNT, bindings).get(0).getLiteral("n").getLong();
        }
        return new ResolvedFdo(record, pid, description, labels, tagged, taggedCount);
    }

    /**
     * What the registry knows and the graph may not: the object's location, and for a restricted object
     * whose description is not shown ({@code described} false) its type, identifier, access level and dates.
     */
    private void addKernel(Model m, PidRecord record, String pid, boolean described) {
        Resource r = m.createResource(pid)
                .addProperty(RDF.type, FAIR_DIGITAL_OBJECT)
                .addProperty(IDENTIFIER, pid)
                .addProperty(CHECKSUM, record.checksum());
        if (record.target() != null && record.target().startsWith("http")) {
            r.addProperty(URL, m.createResource(record.target()));
        }
        if (!described) {
            r.addProperty(RDF.type, SchemaTypes.of(record.kind()).rdfType())
                    .addProperty(ACCESS_LEVEL, RESTRICTED)
                    .addProperty(DCT_CREATED, dateTime(record.created()))
                    .addProperty(DCT_MODIFIED, dateTime(record.modified()));
        }
        if (record.tombstoned()) {
            r.addProperty(INVALIDATED_AT, dateTime(record.tombstonedAt()))
                    .addProperty(TOMBSTONE_REASON, record.tombstoneReason());
        }
    }

    private Map<String, String> labels(Model description, String pid, List<Node> scope) {
        Set<Node> linked = new HashSet<>();
        description.listObjects().forEachRemaining(o -> {
            if (o.isURIResource() && o.asResource().getURI().startsWith(baseUrl + "/pid/")
                    && !o.asResource().getURI().startsWith(pid)) {
                linked.add(NodeFactory.createURI(o.asResource().getURI()));
            }
        });
        Map<String, String> out = new HashMap<>();
        if (linked.isEmpty()) {
            return out;
        }
        for (QuerySolution row : graph.select(Queries.bindValues(Queries.withValues(LABELS, "r", linked), "g", scope))) {
            String label = row.contains("label") ? row.getLiteral("label").getString()
                    : ArticleName.of(null, row.getLiteral("pmid").getString());
            out.putIfAbsent(row.getResource("r").getURI(), label);
        }
        return out;
    }

    /** An {@code xsd:dateTime} literal of a registry time, written the same way wherever fairrag writes one. */
    public static Literal dateTime(OffsetDateTime time) {
        return ResourceFactory.createTypedLiteral(time.toInstant().toString(), XSDDatatype.XSDdateTime);
    }
}
