package org.fairrag.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.fairrag.terms.TermLexicon;
import org.fairrag.terms.TermMatch;
import org.fairrag.terms.TermSearch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code fairrag bench terms}: accuracy of term search on lay phrases whose correct descriptor is known.
 * Runs the search {@code /api/terms/search} runs, and as baselines of the same run, the lexicon alone
 * and the vectors alone.
 */
@Command(name = "terms", description = "Term linking: Acc@1 and Acc@5 of term search on lay phrases with their correct "
        + "MeSH descriptor (TSV: phrase, descriptor, ...), with the lexicon alone and the vectors alone as baselines. "
        + "Uses the configured data directory (loads the demo into an empty one).")
final class TermLinkingBench implements Callable<Integer> {

    @Mixin
    ConfigOptions options;

    @Parameters(arity = "0..1", paramLabel = "TSV", defaultValue = "server/src/test/resources/quality/term-linking-dev.tsv",
            description = "Phrases and descriptors (default ${DEFAULT-VALUE}; the held-out slice is term-linking-holdout.tsv).")
    Path file;

    @Option(names = "--misses", description = "Print every phrase whose descriptor is not first.")
    boolean misses;

    private record Case(String phrase, String descriptor) {}

    @Override
    public Integer call() throws Exception {
        List<Case> cases = read(file);
        try (Fairrag fairrag = Fairrag.open(options.config().toBuilder().port(0).build())) {
            fairrag.loadDemoIfEmpty(new ConsoleProgress());
            TermLexicon none = TermLexicon.empty();
            TermLexicon withoutLayNames = TermLexicon.withoutLayNames(fairrag.vocabulary());
            var variants = List.of(
                    new Variant("lexicon + vectors (the API)", new TermSearch(fairrag::termLexicon, fairrag::vocabulary,
                            fairrag.queryEmbedder(), fairrag.vectorIndex())),
                    new Variant("without the lay names", new TermSearch(() -> withoutLayNames, fairrag::vocabulary,
                            fairrag.queryEmbedder(), fairrag.vectorIndex())),
                    new Variant("lexicon alone", new TermSearch(fairrag::termLexicon, fairrag::vocabulary,
                            Optional.empty(), Optional.empty())),
                    new Variant("vectors alone", new TermSearch(() -> none, fairrag::vocabulary,
                            fairrag.queryEmbedder(), fairrag.vectorIndex())));
            System.out.printf("%d phrases from %s%n%n", cases.size(), file);
            System.out.printf("%-30s %7s %7s %10s%n", "variant", "Acc@1", "Acc@5", "ms/query");
            for (Variant v : variants) {
                int at1 = 0;
                int at5 = 0;
                long nanos = 0;
                List<String> missed = new ArrayList<>();
                for (Case c : cases) {
                    long t0 = System.nanoTime();
                    List<TermMatch> found = v.search.search(c.phrase, 5);
                    nanos += System.nanoTime() - t0;
                    int rank = rank(found, c.descriptor);
                    at1 += rank == 0 ? 1 : 0;
                    at5 += rank >= 0 ? 1 : 0;
                    if (rank != 0) {
                        missed.add(String.format("  %-40s want %s %s, rank %s, got %s", c.phrase, c.descriptor,
                                fairrag.vocabulary().byId(c.descriptor).map(t -> t.label()).orElse("?"),
                                rank < 0 ? ">5" : Integer.toString(rank + 1),
                                found.isEmpty() ? "nothing" : found.get(0).label() + " [" + found.get(0).matched() + "]"));
                    }
                }
                System.out.printf("%-30s %7.3f %7.3f %10.1f%n", v.name, at1 / (double) cases.size(),
                        at5 / (double) cases.size(), nanos / 1e6 / cases.size());
                if (misses && v == variants.get(0)) {
                    missed.forEach(System.out::println);
                }
            }
        }
        return 0;
    }

    private record Variant(String name, TermSearch search) {}

    private static int rank(List<TermMatch> found, String descriptor) {
        for (int i = 0; i < found.size(); i++) {
            if (found.get(i).id().equals(descriptor)) {
                return i;
            }
        }
        return -1;
    }

    private static List<Case> read(Path file) throws IOException {
        List<Case> out = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            if (line.isBlank() || line.startsWith("#") || line.startsWith("phrase\t")) {
                continue;
            }
            String[] cols = line.split("\t");
            out.add(new Case(cols[0], cols[1]));
        }
        return out;
    }
}
