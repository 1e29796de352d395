package org.fairrag.pid;

import static org.fairrag.graph.Vocab.*;

import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.jena.query.Query;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.rdf.model.Property;
import org.apache.jena.rdf.model.RDFNode;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.rdf.model.ResourceFactory;
import org.apache.jena.vocabulary.RDF;
import org.fairrag.fdo.Checksums;
import org.fairrag.fdo.FdoKind;
import org.fairrag.graph.GraphStore;
import org.fairrag.graph.Graphs;
import org.fairrag.graph.Queries;
import org.fairrag.ingest.ArticleIndex;
import org.fairrag.store.PidRecord;
import org.fairrag.store.PidRegistry;

/**
 * Withdraws the content of an article or a summary and leaves a tombstone: the PID record is marked
 * tombstoned with its reason and date, the description in the graph is cut down to what identifies and
 * licenses the object and where it came from ({@link #KEPT}), and the article indexes forget it, so
 * search, filter and summarize no longer see it. Re-ingesting never brings it back. Running it again
 * changes nothing, and completes a tombstoning interrupted between the stores. Blocking.
 */
public final class Tombstones {

    /** The statements of a tombstoned object's description that are kept: identity, citation, licence, provenance. */
    public static final Set<Property> KEPT = Set.of(RDF.type, IDENTIFIER, DCT_IDENTIFIER, PMID, DOI, SAME_AS, DCT_TITLE,
            NAME, DATE_PUBLISHED, DCT_LICENSE, ACCESS_LEVEL, WAS_DERIVED_FROM, SOURCE_COLLECTION, GENERATED_WITH,
            DCT_CREATED, WAS_GENERATED_BY);
    /** Only content objects can be withdrawn; vocabulary terms, the dataset and ingestion runs describe the collection. */
    /** Kernel attributes kept as they were; the checksum and modification date are the tombstone's own. */
    private static final Set<Property> KERNEL = Set.of(DCT_CREATED, WAS_GENERATED_BY);
    public static final Set<FdoKind> TOMBSTONABLE = Set.of(FdoKind.ARTICLE, FdoKind.SUMMARY);
    public static final int MAX_REASON_LENGTH = 1000;

    private static final Query DESCRIPTION = Queries.load(Tombstones.class, "description-in-graph.rq");

    /** The description a tombstone leaves in the graph, and the checksum of its content. */
    private record Tombstone(Model description, String checksum) {

        static Tombstone of(Model current, String pid, OffsetDateTime at, String reason, PidRecord record) {
            Resource subject = current.createResource(pid);
            Model content = ModelFactory.createDefaultModel();
            current.listStatements(subject, null, (RDFNode) null)
                    .filterKeep(st -> KEPT.contains(st.getPredicate()) && !KERNEL.contains(st.getPredicate()))
                    .forEachRemaining(content::add);
            content.createResource(pid)
                    .addProperty(INVALIDATED_AT, FdoLoader.dateTime(at))
                    .addProperty(TOMBSTONE_REASON, reason);
            String checksum = Checksums.of(content);

            Model description = ModelFactory.createDefaultModel().add(content);
            Resource d = description.createResource(pid)
                    .addProperty(CHECKSUM, checksum)
                    .addProperty(DCT_MODIFIED, FdoLoader.dateTime(at));
            for (Property kept : KERNEL) {
                current.listStatements(subject, kept, (RDFNode) null).forEachRemaining(description::add);
            }
            if (!d.hasProperty(DCT_CREATED)) {
                d.addProperty(DCT_CREATED, FdoLoader.dateTime(record.created()));
            }
            return new Tombstone(description, checksum);
        }
    }

    /** The PID record after tombstoning, and whether this call changed anything. */
    public record Outcome(PidRecord record, boolean changed) {}

    /** The object exists but is of a kind that cannot be tombstoned. */
    public static final class NotTombstonable extends RuntimeException {
        public NotTombstonable(String message) {
            super(message);
        }
    }

    private final GraphStore graph;
    private final Graphs graphs;
    private final PidRegistry registry;
    private final Supplier<List<ArticleIndex>> indexes;
    private final Runnable afterChange;
    private final Clock clock;
    private final String baseUrl;

    /**
     * @param indexes     the article indexes at the time of the call (the vector index registers late)
     * @param afterChange run after a PID was newly tombstoned (the dataset's counts change)
     */
    public Tombstones(GraphStore graph, Graphs graphs, PidRegistry registry, Supplier<List<ArticleIndex>> indexes,
                      Runnable afterChange, Clock clock, String baseUrl) {
        this.graph = graph;
        this.graphs = graphs;
        this.registry = registry;
        this.indexes = indexes;
        this.afterChange = afterChange;
        this.clock = clock;
        this.baseUrl = baseUrl;
    }

    /** Checks a reason given by a person; returns it trimmed. */
    public static String validReason(String reason) {
        if (reason == null || reason.isBlank()) {
            throw new IllegalArgumentException("A tombstone needs a reason: say why the content is withdrawn.");
        }
        String r = reason.strip();
        if (r.length() > MAX_REASON_LENGTH) {
            throw new IllegalArgumentException("The reason is longer than " + MAX_REASON_LENGTH + " characters.");
        }
        return r;
    }

    /** Tombstones the object with this id; empty when no such PID is registered. */
    public Optional<Outcome> tombstone(String id, String reason) {
        String why = validReason(reason);
        Optional<PidRecord> found = registry.find(id).await();
        if (found.isEmpty()) {
            return Optional.empty();
        }
        PidRecord record = found.get();
        if (!TOMBSTONABLE.contains(record.kind())) {
            String kind = record.kind().code();
            throw new NotTombstonable(("aeiou".indexOf(kind.charAt(0)) >= 0 ? "An " : "A ") + kind + " cannot be "
                    + "tombstoned: only articles and summaries are content that can be withdrawn.");
        }
        boolean wasActive = !record.tombstoned();
        // An existing tombstone keeps its first reason and date: running again only completes it.
        OffsetDateTime at = wasActive ? OffsetDateTime.now(clock).withOffsetSameInstant(ZoneOffset.UTC).truncatedTo(ChronoUnit.MILLIS)
                : record.tombstonedAt();
        String keptReason = wasActive ? why : record.tombstoneReason();
        String pid = baseUrl + "/pid/" + id;
        String graphIri = graphs.contentFor(record.accessLevel());

        Model current = graph.construct(DESCRIPTION, Map.of("s", ResourceFactory.createResource(pid),
                "g", ResourceFactory.createResource(graphIri)));
        Tombstone tombstone = Tombstone.of(current, pid, at, keptReason, record);

        PidRecord updated = record;
        if (wasActive) {
            updated = registry.tombstone(id, keptReason, at, tombstone.checksum()).await().orElseThrow();
            if (!updated.tombstonedAt().toInstant().equals(at.toInstant())) {
                // Another call tombstoned it first: complete that tombstone instead.
                return tombstone(id, reason).map(o -> new Outcome(o.record(), false));
            }
        }
        graph.replaceDescriptions(graphIri, List.of(pid), tombstone.description());
        if (record.kind() == FdoKind.ARTICLE) {
            for (ArticleIndex index : indexes.get()) {
                index.remove(List.of(pid));
            }
        }
        if (wasActive) {
            afterChange.run();
        }
        return Optional.of(new Outcome(updated, wasActive));
    }
}
