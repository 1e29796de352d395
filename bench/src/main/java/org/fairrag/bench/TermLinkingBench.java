package org.fairrag.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.fairrag.app.ConfigOptions;
import org.fairrag.app.ConsoleProgress;
import org.fairrag.app.Fairrag;
import org.fairrag.terms.LayNameOverlap;
import org.fairrag.terms.TermLexicon;
import org.fairrag.terms.TermMatch;
import org.fairrag.terms.TermSearch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code fairrag-bench terms}: accuracy of term search on lay phrases whose correct descriptor is known.
 * Runs the search {@code /api/terms/search} runs, and as baselines of the same run, the lexicon alone
 * and the vectors alone. The second variant takes out of the lay-name lexicon every row that names one of
 * the set's phrases as the lexicon compares names (case, plurals, hyphens and word order aside), so that
 * each phrase is found without a row that names it; the output says how many phrases were rows.
 */
@Command(name = "terms", description = "Term linking: Acc@1 and Acc@5 of term search on lay phrases with their correct "
        + "MeSH descriptor (TSV: phrase, descriptor, ...), with the lexicon alone and the vectors alone as baselines. "
        + "Uses the configured data directory (loads the demo into an empty one).")
final class TermLinkingBench implements Callable<Integer> {

    @Mixin
    ConfigOptions options;

    @Parameters(arity = "0..1", paramLabel = "TSV", defaultValue = "server/src/test/resources/quality/term-linking-dev.tsv",
            description = "Phrases and descriptors (default ${DEFAULT-VALUE}; the recall sets are term-linking-recall-*.tsv, "
                    + "the held-out set term-linking-holdout-4.tsv).")
    Path file;

    @Option(names = "--misses", description = "Print every phrase whose descriptor is not first.")
    boolean misses;

    /** @param listed whether MeSH lists the phrase as a name of the descriptor (4th column), or null if unknown */
    private record Case(String phrase, String descriptor, Boolean listed) {}

    @Override
    public Integer call() throws Exception {
        List<Case> cases = read(file);
        List<String> phrases = cases.stream().map(Case::phrase).toList();
        try (Fairrag fairrag = Fairrag.open(options.config().toBuilder().port(0).build())) {
            fairrag.loadDemoIfEmpty(new ConsoleProgress());
            TermLexicon none = TermLexicon.empty();
            TermLexicon withoutLayNames = TermLexicon.withoutLayNames(fairrag.vocabulary());
            TermLexicon notLayNames = TermLexicon.withoutLayNamesFor(fairrag.vocabulary(), phrases);
            var variants = List.of(
                    new Variant("lexicon + vectors (the API)", new TermSearch(fairrag::termLexicon, fairrag::vocabulary,
                            fairrag.queryEmbedder(), fairrag.vectorIndex())),
                    new Variant("the API, phrases not lay names", new TermSearch(() -> notLayNames, fairrag::vocabulary,
                            fairrag.queryEmbedder(), fairrag.vectorIndex())),
                    new Variant("without the lay names", new TermSearch(() -> withoutLayNames, fairrag::vocabulary,
                            fairrag.queryEmbedder(), fairrag.vectorIndex())),
                    new Variant("lexicon alone", new TermSearch(fairrag::termLexicon, fairrag::vocabulary,
                            Optional.empty(), Optional.empty())),
                    new Variant("vectors alone", new TermSearch(() -> none, fairrag::vocabulary,
                            fairrag.queryEmbedder(), fairrag.vectorIndex())));
            LayNameOverlap overlap = LayNameOverlap.bundled();
            System.out.printf("%d phrases from %s%n", cases.size(), file);
            System.out.printf("%d of them are rows of the lay-name lexicon (case, plurals, hyphens and word order aside); "
                    + "the second variant takes out the %d rows that name one of them%n%n",
                    overlap.listedAmong(phrases).size(), overlap.rowsNaming(phrases));
            long listed = cases.stream().filter(c -> Boolean.TRUE.equals(c.listed)).count();
            System.out.printf("%-30s %7s %7s %10s   %s%n", "variant", "Acc@1", "Acc@5", "ms/query", String.format(
                    "Acc@1/Acc@5 on the %d phrases MeSH lists as names | on the %d it does not", listed, cases.size() - listed));
            for (Variant v : variants) {
                int at1 = 0;
                int at5 = 0;
                int[] listedHits = new int[4];
                long nanos = 0;
                List<String> missed = new ArrayList<>();
                for (Case c : cases) {
                    long t0 = System.nanoTime();
                    List<TermMatch> found = v.search.search(c.phrase, 5);
                    nanos += System.nanoTime() - t0;
                    int rank = rank(found, c.descriptor);
                    at1 += rank == 0 ? 1 : 0;
                    at5 += rank >= 0 ? 1 : 0;
                    int subset = Boolean.TRUE.equals(c.listed) ? 0 : 2;
                    listedHits[subset] += rank == 0 ? 1 : 0;
                    listedHits[subset + 1] += rank >= 0 ? 1 : 0;
                    if (rank != 0) {
                        missed.add(String.format("  %-40s want %s %s, rank %s, got %s", c.phrase, c.descriptor,
                                fairrag.vocabulary().byId(c.descriptor).map(t -> t.label()).orElse("?"),
                                rank < 0 ? ">5" : Integer.toString(rank + 1),
                                found.isEmpty() ? "nothing" : found.get(0).label() + " [" + found.get(0).matched() + "]"));
                    }
                }
                long unlisted = cases.size() - listed;
                System.out.printf("%-30s %7.3f %7.3f %10.1f   %.3f/%.3f | %.3f/%.3f%n", v.name, at1 / (double) cases.size(),
                        at5 / (double) cases.size(), nanos / 1e6 / cases.size(), listedHits[0] / (double) Math.max(1, listed),
                        listedHits[1] / (double) Math.max(1, listed), listedHits[2] / (double) Math.max(1, unlisted),
                        listedHits[3] / (double) Math.max(1, unlisted));
                if (misses && variants.indexOf(v) < 2) {
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
            out.add(new Case(cols[0], cols[1], cols.length > 3 ? Boolean.valueOf("yes".equals(cols[3])) : null));
        }
        return out;
    }
}
