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
import org.fairrag.relate.RelatedConcepts;
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

    /** Associated concepts a term's page lists. */
    static final int ASSOCIATED = 10;

    private final GraphStore graph;
    private final Graphs graphs;
    private final RelatedConcepts related;
    private final String baseUrl;

    public FdoLoader(GraphStore graph, Graphs graphs, RelatedConcepts related, String baseUrl) {
        this.graph = graph;
        this.graphs = graphs;
        this.related = related;
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
        List<ResolvedFdo.Associated> associated = List.of();
        if (record.kind() == FdoKind.TERM && !record.tombstoned()) {
            Map<String, RDFNode> bindings = Map.of("t", s, "g", ResourceFactory.createResource(graphs.publicContent()));
            tagged = new ArrayList<>();
            for (QuerySolution row : graph.select(TAGGED, bindings)) {
                tagged.add(new ResolvedFdo.Labelled(row.getResource("a").getURI(), row.getLiteral("title").getString()));
            }
            taggedCount = graph.select(TAGGED_COUNT, bindings).get(0).getLiteral("n").getLong();
            String termId = LandingPages.string(description.createResource(pid), DCT_IDENTIFIER);
            if (termId != null) {
                // Public articles only, as for the articles above: a page is the same for every caller.
                associated = related.related(termId, ASSOCIATED, Set.of("public"), 0).related().stream()
                        .map(r -> new ResolvedFdo.Associated(r.termPid(), r.label(), r.npmi(), r.sentences(), r.articles(),
                                r.typed() == null ? null : relation(r, termId)))
                        .toList();
            }
        }
        return new ResolvedFdo(record, pid, description, labels, tagged, taggedCount, associated);
    }

    /** "treats Asthma" or "is treated by Albuterol": the typed relation read from the term's side. */
    private static String relation(RelatedConcepts.Related r, String termId) {
        String verb = r.typed().relation().code().replace('_', ' ');
        return r.typed().subjectId().equals(termId) ? verb : "is " + switch (r.typed().relation()) {
            case TREATS -> "treated by";
            case CAUSES -> "caused by";
            case PREVENTS -> "prevented by";
            case DIAGNOSES -> "diagnosed by";
            case ASSOCIATED_WITH -> "associated with";
        };
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
