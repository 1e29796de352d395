package org.fairrag.pid;

import java.util.List;
import java.util.Map;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.Resource;
import org.fairrag.fdo.FdoKind;
import org.fairrag.store.PidRecord;

/**
 * An FDO as a PID resolves to it: the registry record, the RDF description (with the kernel attributes
 * from the registry added), labels for the PIDs it links to and, for a term, the articles about it and the
 * concepts the public articles mention with it.
 */
public record ResolvedFdo(PidRecord record, String pid, Model description, Map<String, String> labels,
                          List<Labelled> taggedArticles, long taggedCount, List<Associated> associated) {

    /** A linked resource and its human label. */
    public record Labelled(String iri, String label) {}

    /** A concept mentioned in the same sentences as a term: how strongly (NPMI) and how often. */
    public record Associated(String iri, String label, double npmi, int sentences, int articles, String relation) {}

    public Resource subject() {
        return description.createResource(pid);
    }

    public FdoKind kind() {
        return record.kind();
    }

    public boolean tombstoned() {
        return record.tombstoned();
    }

    public boolean restricted() {
        return "restricted".equals(record.accessLevel());
    }

    /** The label of a linked resource, or its IRI when it has none. */
    public String labelOf(String iri) {
        return labels.getOrDefault(iri, iri);
    }
}
