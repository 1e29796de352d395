package org.fairrag.ingest;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.fairrag.fdo.FdoDraft;
import org.fairrag.fdo.FdoKind;
import org.fairrag.fdo.FdoPublisher;
import org.fairrag.fdo.PidScheme;
import org.fairrag.graph.Graphs;
import org.fairrag.vocab.Concept;
import org.fairrag.vocab.ConceptRdfMapper;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyIndex;
import org.fairrag.vocab.VocabularyInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads a vocabulary (MeSH, or any SKOS scheme) as term FDOs in the vocabulary graph: one concept
 * scheme and one {@code skos:Concept} per term, each with a PID. Loading the same vocabulary again
 * changes only the terms whose description changed. Blocking.
 */
public final class VocabularyIngest {

    private static final Logger LOG = LoggerFactory.getLogger(VocabularyIngest.class);
    private static final int BATCH_SIZE = 2000;

    /** What a vocabulary load did; {@code published} are the concepts now in the graph (with prefixed ids). */
    public record Report(String schemePid, int terms, int created, int updated, int unchanged, int rejected,
                         List<String> rejections, List<Concept> published) {}

    private final FdoPublisher publisher;
    private final Graphs graphs;
    private final ShaclCheck shacl = ShaclCheck.bundled();

    public VocabularyIngest(FdoPublisher publisher, Graphs graphs) {
        this.publisher = publisher;
        this.graphs = graphs;
    }

    public static String termId(VocabularyInfo info, String termId) {
        return PidScheme.idFor(info.termSourceKey(termId));
    }

    /** The concepts with their ids (and broader links) as the vocabulary's terms have them: prefixed with its key, if it has one. */
    public static List<Concept> prefixed(VocabularyInfo info, List<Concept> concepts) {
        return concepts.stream().map(c -> new Concept(info.termId(c.id()), c.sourceIri(),
                c.prefLabel(), c.altLabels(), c.notations(), c.broaderIds().stream().map(info::termId).toList(),
                c.scopeNote())).toList();
    }

    /** The PID URL of each term of the vocabulary, by its (prefixed) id. */
    public Function<String, String> pidOf(VocabularyInfo info) {
        return id -> publisher.pidUrl(termId(info, id));
    }

    public Report load(VocabularyInfo info, List<Concept> concepts, IngestProgress progress) {
        List<Concept> prefixed = prefixed(info, concepts);
        VocabularyIndex index = VocabularyIndex.of(prefixed, pidOf(info));
        String schemeId = PidScheme.idFor(info.schemeSourceKey());
        String schemePid = publisher.pidUrl(schemeId);
        ConceptRdfMapper mapper = new ConceptRdfMapper(info, schemePid, index, graphs.baseUrl() + "/dataset/dump");
        String graph = graphs.vocabulary();

        publisher.publish(graph, List.of(new FdoDraft(schemeId, FdoKind.DATASET, info.schemeSourceKey(),
                info.source(), mapper.describeScheme(index.size()), "public")), null).await();

        progress.start("Loading " + info.title(), prefixed.size(), "terms");
        Tally tally = new Tally();
        List<String> rejections = new ArrayList<>();
        List<Concept> published = new ArrayList<>(prefixed.size());
        try {
            // A vocabulary is one large write: one transaction writes it several times faster than one per batch.
            publisher.inOneTransaction(() -> {
                for (int i = 0; i < prefixed.size(); i += BATCH_SIZE) {
                    List<Concept> batch = prefixed.subList(i, Math.min(prefixed.size(), i + BATCH_SIZE));
                    Model all = ModelFactory.createDefaultModel();
                    List<FdoDraft> drafts = new ArrayList<>(batch.size());
                    List<Model> descriptions = new ArrayList<>(batch.size());
                    for (Concept c : batch) {
                        Model d = mapper.describe(index.byId(c.id()).orElseThrow());
                        descriptions.add(d);
                        all.add(d);
                    }
                    var violations = shacl.violations(all);
                    for (int k = 0; k < batch.size(); k++) {
                        Term t = index.byId(batch.get(k).id()).orElseThrow();
                        String violation = violations.get(t.pid());
                        if (violation != null) {
                            rejections.add(t.id() + ": " + violation);
                            continue;
                        }
                        drafts.add(new FdoDraft(termId(info, t.id()), FdoKind.TERM, info.termSourceKey(t.id()),
                                t.sourceIri(), descriptions.get(k), "public"));
                        published.add(batch.get(k));
                    }
                    tally.add(publisher.publish(graph, drafts, null).await());
                    tally.done += batch.size();
                    progress.advanceTo(tally.done);
                }
            });
        } finally {
            progress.finish();
        }
        LOG.info("{}: {} terms, {} created, {} updated, {} unchanged, {} rejected", info.title(), prefixed.size(),
                tally.created, tally.updated, tally.unchanged, rejections.size());
        return new Report(schemePid, prefixed.size(), tally.created, tally.updated, tally.unchanged, rejections.size(),
                rejections, published);
    }

    /** What the batches of one load did so far. */
    private static final class Tally {
        int created;
        int updated;
        int unchanged;
        int done;

        void add(FdoPublisher.Outcome outcome) {
            created += outcome.created().size();
            updated += outcome.updated().size();
            unchanged += outcome.unchanged();
        }
    }
}
