package org.fairrag.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.Dataset;
import org.apache.jena.query.DatasetFactory;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.rdf.model.ResourceFactory;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.riot.RDFFormat;
import org.apache.jena.system.Txn;
import org.fairrag.app.Fairrag;
import org.fairrag.app.FairragConfig;
import org.fairrag.filter.FilterService;
import org.fairrag.filter.TermSelection;
import org.fairrag.graph.GraphStore;
import org.fairrag.graph.TdbGraphStore;
import org.fairrag.ingest.IngestProgress;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code fairrag-bench filter}: the knowledge-graph filter (10 PIDs × 5 terms, exploded) as fairrag
 * runs it on its triple store, against the way the original tutorial did it: serialise the graph to
 * Turtle, parse the dump into an in-memory RDF store, query it. Both run the same SPARQL in the same
 * process and run.
 */
@Command(name = "filter", description = "Filter latency: fairrag's triple store vs parsing a Turtle dump per request.")
final class FilterBench implements Callable<Integer> {

    private static final List<String> TERMS = List.of("D009062", "D006258", "D002294", "D009303", "D014062");

    @Option(names = "--data-dir", description = "A data directory holding the demo (loaded there if empty; default: a temp dir).")
    Path dataDir;

    @Option(names = "--requests", defaultValue = "300", description = "Measured requests against fairrag (default ${DEFAULT-VALUE}).")
    int requests;

    @Option(names = "--baseline-requests", defaultValue = "5", description = "Measured requests of the tutorial way (default ${DEFAULT-VALUE}).")
    int baselineRequests;

    @Override
    public Integer call() throws Exception {
        Path dir = dataDir != null ? dataDir : Files.createTempDirectory("fairrag-bench-filter");
        FairragConfig config = FairragConfig.fromEnvironment(System.getenv()).dataDir(dir).port(0).build();
        try (Fairrag fairrag = Fairrag.open(config)) {
            fairrag.loadDemoIfEmpty(IngestProgress.NONE);
            List<FilterService.Candidate> candidates = candidates(fairrag);
            TermSelection selection = TermSelection.validated(TERMS, "any", true, List.of(), fairrag.vocabulary());
            List<String> visible = List.of(fairrag.graphs().publicContent());
            System.out.printf("Filtering %d articles by %d terms (explode, any) over %d terms and %d articles%n",
                    candidates.size(), TERMS.size(), fairrag.vocabulary().size(),
                    fairrag.registry().countByKind().await().getOrDefault(org.fairrag.fdo.FdoKind.ARTICLE, 0L));

            FilterService onStore = new FilterService(fairrag.graph(), fairrag.graphs(), fairrag::vocabulary);
            int kept = onStore.filter(candidates, selection, visible, null, null).results().size();
            for (int i = 0; i < 30; i++) {
                onStore.filter(candidates, selection, visible, null, null);
            }
            long[] fairragNs = new long[requests];
            for (int i = 0; i < requests; i++) {
                long t0 = System.nanoTime();
                onStore.filter(candidates, selection, visible, null, null);
                fairragNs[i] = System.nanoTime() - t0;
            }

            Path vocabularyDump = Files.createTempFile("fairrag-vocabulary", ".ttl");
            Path contentDump = Files.createTempFile("fairrag-public", ".ttl");
            dump(fairrag.graph(), fairrag.graphs().vocabulary(), vocabularyDump);
            dump(fairrag.graph(), fairrag.graphs().publicContent(), contentDump);
            System.out.printf("Turtle dumps for the tutorial way: %.1f MB%n",
                    (Files.size(vocabularyDump) + Files.size(contentDump)) / 1e6);
            long[] tutorialNs = new long[baselineRequests];
            int keptTutorial = -1;
            for (int i = 0; i < baselineRequests; i++) {
                long t0 = System.nanoTime();
                Dataset parsed = parse(fairrag, vocabularyDump, contentDump);
                keptTutorial = new FilterService(new TdbGraphStore(parsed, "in-memory", Set.of()), fairrag.graphs(), fairrag::vocabulary)
                        .filter(candidates, selection, visible, null, null).results().size();
                tutorialNs[i] = System.nanoTime() - t0;
            }
            Dataset preloaded = parse(fairrag, vocabularyDump, contentDump);
            FilterService inMemory = new FilterService(new TdbGraphStore(preloaded, "in-memory", Set.of()), fairrag.graphs(),
                    fairrag::vocabulary);
            long[] preloadedNs = new long[requests];
            for (int i = 0; i < requests; i++) {
                long t0 = System.nanoTime();
                inMemory.filter(candidates, selection, visible, null, null);
                preloadedNs[i] = System.nanoTime() - t0;
            }
            Files.delete(vocabularyDump);
            Files.delete(contentDump);

            if (kept != keptTutorial) {
                throw new IllegalStateException("the two ways disagree: " + kept + " vs " + keptTutorial + " articles kept");
            }
            System.out.printf("%nBoth ways keep %d of %d articles.%n%n", kept, candidates.size());
            System.out.printf("%-52s %10s %10s %9s%n", "way", "p50 ms", "p99 ms", "requests");
            row("fairrag: TDB2 triple store, bound SPARQL", fairragNs);
            row("tutorial: parse Turtle dump + query, per request", tutorialNs);
            row("in-memory store parsed once (query only)", preloadedNs);
            System.out.printf("%nfairrag is %.0fx faster than the tutorial way at p50 (baseline measured in the same run)%n",
                    percentile(tutorialNs, 50) / percentile(fairragNs, 50));
            return 0;
        }
    }

    /** Ten articles as a search would return them: five about head and neck cancer, five about something else. */
    private static List<FilterService.Candidate> candidates(Fairrag fairrag) {
        String termPid = fairrag.vocabulary().byId("D006258").orElseThrow().pid();
        var rows = fairrag.graph().select(QueryFactory.create("""
                PREFIX schema: <http://schema.org/> PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
                SELECT ?a WHERE {
                  { SELECT DISTINCT ?a WHERE { ?a schema:about/skos:broader* ?t } ORDER BY ?a LIMIT 5 }
                  UNION
                  { SELECT ?a WHERE { ?a a schema:ScholarlyArticle FILTER NOT EXISTS { ?a schema:about/skos:broader* ?t } }
                    ORDER BY ?a LIMIT 5 }
                }"""),
                Map.of("t", ResourceFactory.createResource(termPid)));
        List<FilterService.Candidate> out = new ArrayList<>();
        rows.forEach(r -> out.add(new FilterService.Candidate(r.getResource("a").getURI(), null)));
        return out;
    }

    private static void dump(GraphStore graph, String graphIri, Path file) throws IOException {
        var model = graph.construct(QueryFactory.create("CONSTRUCT { ?s ?p ?o } WHERE { GRAPH ?g { ?s ?p ?o } }"),
                Map.of("g", ResourceFactory.createResource(graphIri)));
        try (OutputStream out = Files.newOutputStream(file)) {
            RDFDataMgr.write(out, model, RDFFormat.TURTLE_BLOCKS);
        }
    }

    private static Dataset parse(Fairrag fairrag, Path vocabulary, Path content) {
        Dataset ds = DatasetFactory.createTxnMem();
        Txn.executeWrite(ds, () -> {
            RDFDataMgr.read(ds.getNamedModel(NodeFactory.createURI(fairrag.graphs().vocabulary()).getURI()),
                    vocabulary.toString(), Lang.TURTLE);
            RDFDataMgr.read(ds.getNamedModel(fairrag.graphs().publicContent()), content.toString(), Lang.TURTLE);
        });
        return ds;
    }

    private static void row(String label, long[] ns) {
        System.out.printf("%-52s %10.2f %10.2f %9d%n", label, percentile(ns, 50) / 1e6, percentile(ns, 99) / 1e6, ns.length);
    }

    static double percentile(long[] ns, int p) {
        long[] sorted = ns.clone();
        Arrays.sort(sorted);
        int index = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }
}
