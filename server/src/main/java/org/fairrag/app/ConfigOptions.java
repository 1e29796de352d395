package org.fairrag.app;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The configuration flags every command shares. Each flag overrides its environment variable;
 * unset flags and variables take the defaults of {@link FairragConfig}.
 */
public final class ConfigOptions {

    @Option(names = "--port", description = "HTTP port (env FAIRRAG_PORT, default 8080).")
    Integer port;

    @Option(names = "--host", description = "Interface to listen on (env FAIRRAG_HOST, default 0.0.0.0).")
    String host;

    @Option(names = "--data-dir", description = "Where the stores keep their data (env FAIRRAG_DATA_DIR, default ./fairrag-data).")
    Path dataDir;

    @Option(names = "--base-url", description = "Public base URL; PIDs are <base>/pid/<id> (env FAIRRAG_BASE_URL, default http://localhost:<port>).")
    String baseUrl;

    @Option(names = "--pg-url", description = "postgresql://user:pass@host:port/db of an external PostgreSQL (env FAIRRAG_PG_URL; unset = embedded).")
    String pgUrl;

    @Option(names = "--sparql-url", description = "Query endpoint of an external SPARQL store (env FAIRRAG_SPARQL_URL; unset = the embedded store, in-process).")
    String sparqlUrl;

    @Option(names = "--no-demo", description = "Do not load the bundled demo on an empty data directory (env FAIRRAG_DEMO=false).")
    boolean noDemo;

    public FairragConfig config() {
        FairragConfig.Builder b = FairragConfig.fromEnvironment(System.getenv());
        if (port != null) b.port(port);
        if (host != null) b.host(host);
        if (dataDir != null) b.dataDir(dataDir);
        if (baseUrl != null) b.baseUrl(baseUrl);
        if (pgUrl != null) b.pgUrl(pgUrl);
        if (sparqlUrl != null) b.sparqlUrl(sparqlUrl);
        if (noDemo) b.loadDemo(false);
        return b.build();
    }

    /**
     * The configuration of a command that works on the collection without serving it (no demo is loaded), once
     * its data directory is known to be usable: {@code mayCreate} for a command that may start a collection
     * (ingest); any other needs the directory fairrag made, unless the database is outside it.
     *
     * @throws DataDirectory.Unusable when it is not
     */
    public FairragConfig offline(boolean mayCreate) {
        FairragConfig config = config().toBuilder().loadDemo(false).build();
        DataDirectory.check(config.dataDir(), mayCreate || config.pgUrl().isPresent());
        return config;
    }
}
