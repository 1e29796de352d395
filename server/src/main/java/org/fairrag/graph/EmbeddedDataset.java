package org.fairrag.graph;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.jena.query.Dataset;
import org.apache.jena.query.DatasetFactory;
import org.apache.jena.rdf.model.Literal;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.rdf.model.Property;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.rdf.model.ResourceFactory;
import org.apache.jena.rdf.model.Statement;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphWrapper;
import org.apache.jena.tdb2.DatabaseMgr;
import org.apache.jena.tdb2.sys.TDBInternal;
import org.apache.jena.vocabulary.RDF;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The embedded triple store: the TDB2 dataset, with its jena-text (Lucene) index, that
 * {@code fuseki-config/fairrag.ttl} describes, built in this process by Jena's assembler. It has no listener
 * of its own: fairrag reads and writes it in-process, and answers the public's queries through
 * {@code /sparql} only.
 */
public final class EmbeddedDataset implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedDataset.class);

    /** The bundled description, a copy of {@code fuseki-config/fairrag.ttl}. */
    public static final String BUNDLED_CONFIG = "/fairrag/fuseki-config/fairrag.ttl";

    private static final String TEXT_NS = "http://jena.apache.org/text#";
    private static final String TDB2_NS = "http://jena.apache.org/2016/tdb#";
    private static final Resource TEXT_DATASET = ResourceFactory.createResource(TEXT_NS + "TextDataset");
    private static final Resource TDB2_DATASET = ResourceFactory.createResource(TDB2_NS + "DatasetTDB2");
    private static final Property TDB2_LOCATION = ResourceFactory.createProperty(TDB2_NS + "location");
    private static final Property TEXT_DIRECTORY = ResourceFactory.createProperty(TEXT_NS + "directory");

    private final Dataset dataset;

    private EmbeddedDataset(Dataset dataset) {
        this.dataset = dataset;
    }

    /**
     * Opens (creating if need be) the dataset the description defines in {@code storeDir}.
     *
     * @param description  the assembler description; relative store locations in it resolve against {@code storeDir}
     * @param textIndex    whether to keep the jena-text layer (without it: faster ingestion, no {@code text:query})
     */
    public static EmbeddedDataset open(Model description, Path storeDir, boolean textIndex) throws IOException {
        Files.createDirectories(storeDir);
        long t0 = System.nanoTime();
        Model resolved = resolveLocations(description, storeDir);
        Resource root = textIndex && !resolved.listSubjectsWithProperty(RDF.type, TEXT_DATASET).toList().isEmpty()
                ? single(resolved, TEXT_DATASET) : single(resolved, TDB2_DATASET);
        // No time limit in the dataset's context: fairrag's own reads (the whole vocabulary at start-up) may take
        // long on a busy machine; the public's queries get theirs from the SPARQL service.
        Dataset dataset = DatasetFactory.assemble(root);
        LOG.info("Embedded triple store opened in-process ({}, store {}) in {} ms",
                root.hasProperty(RDF.type, TEXT_DATASET) ? "TDB2 + jena-text" : "TDB2", storeDir,
                (System.nanoTime() - t0) / 1_000_000);
        return new EmbeddedDataset(dataset);
    }

    /** The bundled description. */
    public static Model bundledConfig() {
        Model m = ModelFactory.createDefaultModel();
        try (InputStream in = EmbeddedDataset.class.getResourceAsStream(BUNDLED_CONFIG)) {
            if (in == null) {
                throw new IllegalStateException("Missing resource " + BUNDLED_CONFIG + " (is the jar complete?)");
            }
            RDFDataMgr.read(m, in, Lang.TURTLE);
        } catch (IOException e) {
            throw new IllegalStateException("Cannot read " + BUNDLED_CONFIG, e);
        }
        return m;
    }

    private static Resource single(Model description, Resource type) {
        List<Resource> found = description.listSubjectsWithProperty(RDF.type, type).toList();
        if (found.size() != 1) {
            throw new IllegalStateException("The store description must define exactly one " + type.getURI()
                    + ", found " + found.size());
        }
        return found.get(0);
    }

    private static Model resolveLocations(Model config, Path storeDir) {
        Model copy = ModelFactory.createDefaultModel().add(config);
        copy.setNsPrefixes(config.getNsPrefixMap());
        for (Property p : List.of(TDB2_LOCATION, TEXT_DIRECTORY)) {
            for (Statement st : copy.listStatements(null, p, (org.apache.jena.rdf.model.RDFNode) null).toList()) {
                String value = st.getObject().isLiteral() ? st.getString() : st.getResource().getURI();
                if (value.startsWith("file:")) {
                    value = value.substring("file:".length());
                }
                Path location = storeDir.resolve(value).toAbsolutePath().normalize();
                Literal literal = copy.createLiteral(location.toString());
                copy.remove(st);
                copy.add(st.getSubject(), p, p.equals(TEXT_DIRECTORY)
                        ? copy.createResource(location.toUri().toString()) : literal);
            }
        }
        return copy;
    }

    public Dataset dataset() {
        return dataset;
    }

    /**
     * What a compaction did: the TDB2 database's size on disk before and after, and how long it took.
     */
    public record Compaction(long bytesBefore, long bytesAfter, long millis) {}

    /**
     * Writes the database's live data into a new generation and deletes the old one. TDB2 never overwrites a
     * block a reader may still use, so every committed write transaction leaves the blocks it replaced behind;
     * after an ingest of many batches the store can be ten times the size of what it holds (100,000 articles
     * in batches of 500: 24 GB, most of it in the indexes that are not subject-first). Called only by commands
     * that hold the data directory, with no server running on it (how it behaves under concurrent writers is
     * untested here). The text index is not touched.
     */
    public Compaction compact() throws IOException {
        DatasetGraph tdb = tdb2Of(dataset.asDatasetGraph());
        if (tdb == null) {
            throw new IllegalStateException("Not a TDB2 database: nothing to compact");
        }
        long before = databaseBytes();
        long t0 = System.nanoTime();
        DatabaseMgr.compact(tdb, true);
        long millis = (System.nanoTime() - t0) / 1_000_000;
        long after = databaseBytes();
        LOG.info("Triple store compacted: {} MB to {} MB in {} ms", before >> 20, after >> 20, millis);
        return new Compaction(before, after, millis);
    }

    /** The size on disk of the TDB2 database (every generation it keeps), without the text index. */
    public long databaseBytes() throws IOException {
        DatasetGraph tdb = tdb2Of(dataset.asDatasetGraph());
        Path location = TDBInternal.getDatabaseContainer(tdb).getContainerPath();
        try (var files = Files.walk(location)) {
            return files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
        }
    }

    @Override
    public void close() {
        DatasetGraph tdb = tdb2Of(dataset.asDatasetGraph());
        dataset.close();
        if (tdb != null) {
            // TDB2 caches an open database per location; expelling it lets a later open in this JVM start
            // afresh instead of registering the text index twice with the old transaction coordinator.
            TDBInternal.expel(tdb);
        }
        LOG.info("Embedded triple store closed");
    }

    private static DatasetGraph tdb2Of(DatasetGraph dsg) {
        DatasetGraph current = dsg;
        while (current != null && !DatabaseMgr.isTDB2(current)) {
            current = current instanceof DatasetGraphWrapper w ? w.getWrapped() : null;
        }
        return current;
    }
}
