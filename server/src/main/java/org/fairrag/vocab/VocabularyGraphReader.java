package org.fairrag.vocab;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.jena.query.Query;
import org.apache.jena.query.QuerySolution;
import org.apache.jena.rdf.model.ResourceFactory;
import org.fairrag.fdo.Checksums;
import org.fairrag.graph.GraphStore;
import org.fairrag.graph.Queries;

/** Reads the vocabulary graph back into a {@link VocabularyIndex}, at start-up and after a vocabulary load. */
public final class VocabularyGraphReader {

    private static final Query CONCEPTS = Queries.load(VocabularyGraphReader.class, "concepts.rq");
    private static final Query LINKS = Queries.load(VocabularyGraphReader.class, "concept-links.rq");
    private static final Query CHECKSUMS = Queries.load(VocabularyGraphReader.class, "concept-checksums.rq");

    private VocabularyGraphReader() {}

    /** Blocks for a few seconds on a full MeSH. */
    public static VocabularyIndex read(GraphStore graph, String vocabularyGraph) {
        var g = Map.of("g", ResourceFactory.createResource(vocabularyGraph));
        Map<String, Builder> byIri = new LinkedHashMap<>();
        for (QuerySolution row : graph.select(CONCEPTS, g)) {
            String iri = row.getResource("c").getURI();
            byIri.computeIfAbsent(iri, k -> new Builder(row.getLiteral("id").getString(),
                    row.getLiteral("label").getString(),
                    row.contains("source") ? row.getResource("source").getURI() : null,
                    row.contains("scope") ? row.getLiteral("scope").getString() : null));
        }
        Map<String, String> idByIri = new HashMap<>();
        byIri.forEach((iri, b) -> idByIri.put(iri, b.id));
        for (QuerySolution row : graph.select(LINKS, g)) {
            Builder b = byIri.get(row.getResource("c").getURI());
            if (b == null) {
                continue;
            }
            if (row.contains("alt")) {
                b.alt.add(row.getLiteral("alt").getString());
            } else if (row.contains("notation")) {
                b.notations.add(row.getLiteral("notation").getString());
            } else if (row.contains("broader")) {
                String broaderId = idByIri.get(row.getResource("broader").getURI());
                if (broaderId != null) {
                    b.broader.add(broaderId);
                }
            }
        }
        List<Concept> concepts = new ArrayList<>(byIri.size());
        Map<String, String> pidById = new HashMap<>();
        byIri.forEach((iri, b) -> {
            b.alt.sort(null);
            b.notations.sort(null);
            b.broader.sort(null);
            concepts.add(new Concept(b.id, b.source, b.label, b.alt, b.notations, b.broader, b.scope));
            pidById.put(b.id, iri);
        });
        return VocabularyIndex.of(concepts, pidById::get);
    }

    /**
     * A checksum of the whole vocabulary graph as {@link #read} would see it: of every concept's (and scheme's)
     * PID and the checksum of its description. Much cheaper than reading it.
     */
    public static String checksum(GraphStore graph, String vocabularyGraph) {
        List<String> lines = new ArrayList<>();
        for (QuerySolution row : graph.select(CHECKSUMS, Map.of("g", ResourceFactory.createResource(vocabularyGraph)))) {
            lines.add(row.getResource("c").getURI() + " " + row.getLiteral("checksum").getString());
        }
        lines.sort(null);
        return Checksums.of(String.join("\n", lines));
    }

    private static final class Builder {
        final String id;
        final String label;
        final String source;
        final String scope;
        final List<String> alt = new ArrayList<>();
        final List<String> notations = new ArrayList<>();
        final List<String> broader = new ArrayList<>();

        Builder(String id, String label, String source, String scope) {
            this.id = id;
            this.label = label;
            this.source = source;
            this.scope = scope;
        }
    }
}
