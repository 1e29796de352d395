package org.fairrag.fdo;

import static org.fairrag.graph.Vocab.*;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.vocabulary.RDF;
import org.fairrag.store.IngestionRuns;

/**
 * The descriptions of the collection-level FDOs: the dataset (DCAT and VoID, with counts, sources
 * and their terms of use, SPARQL endpoint and dump) and each ingestion run (a PROV activity).
 */
public final class DatasetFdo {

    /** The natural key of the one dataset FDO a fairrag instance publishes. */
    public static final String SOURCE_KEY = "dataset:fairrag";
    public static final String ID = PidScheme.idFor(SOURCE_KEY);

    private static final String TITLE = "fairrag biomedical literature collection";
    private static final String DESCRIPTION = "PubMed articles with their MeSH subject headings, published as "
            + "FAIR Digital Objects with persistent identifiers, for semantic search, knowledge-graph filtering "
            + "and cited summaries. Article records keep the terms of use of their sources: CC0 for the records "
            + "derived from the Kaggle PubMed multi-label dataset, MIT for PubMedQA, and NLM's terms and "
            + "conditions for PubMed/MEDLINE records; MeSH is used under NLM's terms.";

    private static final String DUMP_RIGHTS = "Holds records under several terms of use: MeSH and PubMed/MEDLINE "
            + "records under NLM's terms and conditions, records of other sources under their licences (each "
            + "article's dct:license says which), and fairrag's own descriptions and summaries under CC0.";

    private final String baseUrl;

    public DatasetFdo(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    public String pid() {
        return baseUrl + "/pid/" + ID;
    }

    /** The counts the dataset states. */
    public record Statistics(long articles, long terms, long summaries, long triples, Map<String, Long> articlesBySource) {}

    public FdoDraft draft(Statistics stats, List<IngestionRuns.Run> runs) {
        Model m = ModelFactory.createDefaultModel();
        Resource d = m.createResource(pid())
                .addProperty(RDF.type, DCAT_DATASET)
                .addProperty(RDF.type, VOID_DATASET)
                .addProperty(RDF.type, SCHEMA_DATASET)
                .addProperty(RDF.type, FAIR_DIGITAL_OBJECT)
                .addProperty(IDENTIFIER, pid())
                .addProperty(DCT_TITLE, TITLE, "en")
                .addProperty(DCT_DESCRIPTION, DESCRIPTION, "en")
                .addProperty(DCT_PUBLISHER, m.createResource(baseUrl + "/")
                        .addProperty(RDF.type, m.createResource(FOAF + "Agent"))
                        .addProperty(m.createProperty(FOAF, "name"), "fairrag at " + baseUrl))
                .addProperty(m.createProperty(VOID, "sparqlEndpoint"), m.createResource(baseUrl + "/sparql"))
                .addProperty(m.createProperty(VOID, "dataDump"), m.createResource(baseUrl + "/dataset/dump"))
                .addProperty(m.createProperty(VOID, "vocabulary"), m.createResource(SKOS))
                .addProperty(m.createProperty(VOID, "vocabulary"), m.createResource(SCHEMA))
                .addLiteral(m.createProperty(VOID, "triples"), integer(stats.triples()))
                .addLiteral(m.createProperty(VOID, "entities"), integer(stats.articles() + stats.terms() + stats.summaries()));
        Resource dump = m.createResource(pid() + "#dump")
                .addProperty(RDF.type, DCAT_DISTRIBUTION)
                .addProperty(DCT_TITLE, "N-Triples dump of the public graph", "en")
                .addProperty(m.createProperty(DCAT, "downloadURL"), m.createResource(baseUrl + "/dataset/dump"))
                .addProperty(m.createProperty(DCAT, "mediaType"),
                        m.createResource("https://www.iana.org/assignments/media-types/application/n-triples"))
                .addProperty(m.createProperty(DCT, "rights"), DUMP_RIGHTS, "en");
        // The dataset holds MeSH and the articles' records, so it and its dump carry their terms, not only fairrag's
        // own CC0: one licence for the whole would tell a harvester that NLM's records are in the public domain.
        for (String licence : dumpLicences(stats.articlesBySource().keySet())) {
            d.addProperty(DCT_LICENSE, m.createResource(licence));
            dump.addProperty(DCT_LICENSE, m.createResource(licence));
        }
        d.addProperty(m.createProperty(DCT, "rights"), DUMP_RIGHTS, "en");
        d.addProperty(m.createProperty(DCAT, "distribution"), dump);
        d.addProperty(m.createProperty(VOID, "classPartition"), m.createResource(pid() + "#articles")
                .addProperty(m.createProperty(VOID, "class"), SCHOLARLY_ARTICLE)
                .addLiteral(m.createProperty(VOID, "entities"), integer(stats.articles())));
        d.addProperty(m.createProperty(VOID, "classPartition"), m.createResource(pid() + "#terms")
                .addProperty(m.createProperty(VOID, "class"), CONCEPT)
                .addLiteral(m.createProperty(VOID, "entities"), integer(stats.terms())));
        stats.articlesBySource().forEach((source, count) -> d.addProperty(DCT_SOURCE, m.createResource(pid() + "#source-" + source)
                .addProperty(DCT_TITLE, source)
                .addProperty(DCT_LICENSE, m.createResource(Licenses.forSource(source)))
                .addLiteral(m.createProperty(VOID, "entities"), integer(count))));
        for (IngestionRuns.Run run : runs) {
            if (run.completed()) {
                d.addProperty(WAS_GENERATED_BY, m.createResource(baseUrl + "/pid/" + run.id()));
            }
        }
        return new FdoDraft(ID, FdoKind.DATASET, SOURCE_KEY, baseUrl + "/dataset", m, "public");
    }

    /** The licences of what a dump holds: NLM's terms (MeSH), each source's, CC0 (fairrag's own), in that order. */
    static List<String> dumpLicences(Collection<String> sources) {
        LinkedHashSet<String> out = new LinkedHashSet<>();
        out.add(Licenses.NLM_TERMS);
        sources.stream().sorted().map(Licenses::forSource).forEach(out::add);
        out.add(Licenses.FAIRRAG_METADATA);
        return List.copyOf(out);
    }

    /**
     * The description of an ingestion run, a PROV activity that used one source file. A run of restricted
     * articles is restricted too: its file name and counts are not for everyone.
     */
    public FdoDraft runDraft(IngestionRuns.Run run) {
        Model m = ModelFactory.createDefaultModel();
        String pid = baseUrl + "/pid/" + run.id();
        Resource source = m.createResource(pid + "#source")
                .addProperty(RDF.type, PROV_ENTITY)
                .addProperty(NAME, run.sourceName())
                .addProperty(CHECKSUM, run.sourceChecksum());
        Resource r = m.createResource(pid)
                .addProperty(RDF.type, INGESTION_RUN)
                .addProperty(RDF.type, PROV_ACTIVITY)
                .addProperty(RDF.type, FAIR_DIGITAL_OBJECT)
                .addProperty(IDENTIFIER, pid)
                .addProperty(DCT_TITLE, "Ingestion of " + run.sourceName(), "en")
                .addProperty(DCT_LICENSE, m.createResource(Licenses.FAIRRAG_METADATA))
                .addProperty(USED, source)
                .addProperty(SOURCE_FILE, run.sourceName())
                .addProperty(SOURCE_FORMAT, run.format())
                .addProperty(ACCESS_LEVEL, "restricted".equals(run.accessLevel()) ? RESTRICTED : PUBLIC)
                .addLiteral(RECORDS_READ, integer(run.counts().read()))
                .addLiteral(RECORDS_ACCEPTED, integer(run.counts().accepted()))
                .addLiteral(RECORDS_REJECTED, integer(run.counts().rejected()))
                .addLiteral(OBJECTS_CREATED, integer(run.counts().created()))
                .addLiteral(OBJECTS_UPDATED, integer(run.counts().updated()))
                .addProperty(STARTED_AT, m.createTypedLiteral(run.startedAt().toInstant().toString(), XSDDatatype.XSDdateTime));
        if (run.endedAt() != null) {
            r.addProperty(ENDED_AT, m.createTypedLiteral(run.endedAt().toInstant().toString(), XSDDatatype.XSDdateTime));
        }
        return new FdoDraft(run.id(), FdoKind.INGESTION_RUN, "ingestion-run:" + run.sourceChecksum() + ":" + run.accessLevel(),
                null, m, run.accessLevel());
    }
}
