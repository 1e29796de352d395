package org.fairrag.graph;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.jena.fuseki.main.FusekiServer;
import org.apache.jena.fuseki.server.DataAccessPoint;
import org.apache.jena.query.ARQ;
import org.apache.jena.query.Dataset;
import org.apache.jena.query.DatasetFactory;
import org.apache.jena.rdf.model.Literal;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.rdf.model.Property;
import org.apache.jena.rdf.model.ResourceFactory;
import org.apache.jena.rdf.model.Statement;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphWrapper;
import org.apache.jena.tdb2.DatabaseMgr;
import org.apache.jena.tdb2.sys.TDBInternal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fuseki main running inside the fairrag JVM, listening on a loopback port only, with the TDB2 +
 * jena-text dataset described by the Fuseki configuration file. Vert.x is the public listener and
 * forwards SPARQL requests here.
 */
public final class EmbeddedFuseki implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedFuseki.class);

    private static final String TEXT_NS = "http://jena.apache.org/text#";

    /** The bundled configuration, a copy of {@code fuseki-config/fairrag.ttl}. */
    public static final String BUNDLED_CONFIG = "/fairrag/fuseki-config/fairrag.ttl";
    /** The name of the dataset service in the configuration. */
    public static final String SERVICE = "/fairrag";

    private static final Property TDB2_LOCATION = ResourceFactory.createProperty("http://jena.apache.org/2016/tdb#location");
    private static final Property TEXT_DIRECTORY = ResourceFactory.createProperty("http://jena.apache.org/text#directory");

    private final FusekiServer server;
    private final Dataset dataset;

    private EmbeddedFuseki(FusekiServer server, Dataset dataset) {
        this.server = server;
        this.dataset = dataset;
    }

    /**
     * Starts Fuseki on a free loopback port over the dataset in {@code storeDir}.
     *
     * @param config       the Fuseki configuration; relative store locations in it resolve against {@code storeDir}
     * @param queryTimeout the limit for every SPARQL query executed on the dataset
     */
    public static EmbeddedFuseki start(Model config, Path storeDir, Duration queryTimeout) throws IOException {
        Files.createDirectories(storeDir);
        long t0 = System.nanoTime();
        Model resolved = resolveLocations(config, storeDir);
        FusekiServer server = FusekiServer.create()
                .loopback(true)
                .port(0)
                .parseConfig(resolved)
                .build();
        DataAccessPoint dap = server.getDataAccessPointRegistry().get(SERVICE);
        if (dap == null) {
            throw new IllegalStateException("The Fuseki configuration must define the service " + SERVICE);
        }
        Dataset dataset = DatasetFactory.wrap(dap.getDataService().getDataset());
        dataset.getContext().set(ARQ.queryTimeout, Long.toString(queryTimeout.toMillis()));
        server.start();
        LOG.info("Embedded Fuseki started on 127.0.0.1:{} (store {}) in {} ms", server.getHttpPort(), storeDir,
                (System.nanoTime() - t0) / 1_000_000);
        return new EmbeddedFuseki(server, dataset);
    }

    /** The bundled Fuseki configuration. */
    public static Model bundledConfig() {
        Model m = ModelFactory.createDefaultModel();
        try (InputStream in = EmbeddedFuseki.class.getResourceAsStream(BUNDLED_CONFIG)) {
            if (in == null) {
                throw new IllegalStateException("Missing resource " + BUNDLED_CONFIG + " (is the jar complete?)");
            }
            RDFDataMgr.read(m, in, Lang.TURTLE);
        } catch (IOException e) {
            throw new IllegalStateException("Cannot read " + BUNDLED_CONFIG, e);
        }
        return m;
    }

    /**
     * The same configuration with the jena-text layer removed: each service serves the TDB2 dataset
     * directly. Faster ingestion, no {@code text:query}.
     */
    public static Model withoutTextIndex(Model config) {
        Model copy = ModelFactory.createDefaultModel().add(config);
        Property fusekiDataset = copy.createProperty("http://jena.apache.org/fuseki#dataset");
        Property textDataset = copy.createProperty(TEXT_NS + "dataset");
        for (Statement st : copy.listStatements(null, fusekiDataset, (org.apache.jena.rdf.model.RDFNode) null).toList()) {
            org.apache.jena.rdf.model.Resource wrapped = st.getResource();
            if (wrapped.hasProperty(textDataset)) {
                copy.remove(st);
                copy.add(st.getSubject(), fusekiDataset, wrapped.getPropertyResourceValue(textDataset));
            }
        }
        return copy;
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

    public int port() {
        return server.getHttpPort();
    }

    /** The loopback URL of the read-only query endpoint. */
    public String queryUrl() {
        return "http://127.0.0.1:" + port() + SERVICE + "/query";
    }

    @Override
    public void close() {
        server.stop();
        DatasetGraph tdb = tdb2Of(dataset.asDatasetGraph());
        dataset.close();
        if (tdb != null) {
            // TDB2 caches an open database per location; expelling it lets a later open in this JVM start
            // afresh instead of registering the text index twice with the old transaction coordinator.
            TDBInternal.expel(tdb);
        }
        LOG.info("Embedded Fuseki stopped");
    }

    private static DatasetGraph tdb2Of(DatasetGraph dsg) {
        DatasetGraph current = dsg;
        while (current != null && !DatabaseMgr.isTDB2(current)) {
            current = current instanceof DatasetGraphWrapper w ? w.getWrapped() : null;
        }
        return current;
    }
}
