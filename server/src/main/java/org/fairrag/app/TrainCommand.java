package org.fairrag.app;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.fairrag.embed.Embedder;
import org.fairrag.embed.LangChainEmbedder;
import org.fairrag.fdo.Checksums;
import org.fairrag.generate.SentenceRoleClassifier;
import org.fairrag.generate.SentenceRoleTraining;
import org.fairrag.ingest.ReadResult;
import org.fairrag.ingest.RecordReader;
import org.fairrag.ingest.read.SourceFormats;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code fairrag train ...}: fits the small models fairrag ships as resources, offline. */
@Command(name = "train", description = "Fit the small models shipped with fairrag (offline; the result is a file to commit).",
        subcommands = {TrainCommand.SentenceRoles.class})
final class TrainCommand {

    /** Sources left out of every training set: PubMedQA is the summary benchmark ({@code bench summarize}). */
    static final String BENCHMARK_SOURCE = "pubmedqa";

    @Command(name = "sentence-roles", description = "Fit the sentence-role classifier (background, methods, results, "
            + "conclusions) on the labelled sentences of the structured abstracts in article files (any format fairrag "
            + "ingests; PubMedQA records are left out), with the configured embedding model; prints the cross-validated "
            + "and held-back accuracies and writes the classifier's JSON.")
    static final class SentenceRoles implements Callable<Integer> {

        @Parameters(arity = "0..*", paramLabel = "FILE", description = "Article files (default: "
                + "../shared/data/pubmed/articles.jsonl.gz and articles-more.jsonl.gz; a clone without ../shared can "
                + "pass server/src/main/resources/fairrag/demo/articles.jsonl.gz).")
        List<Path> files;

        @Option(names = "--out", defaultValue = "server/src/main/resources" + SentenceRoleClassifier.BUNDLED,
                description = "Where the classifier's JSON goes (default ${DEFAULT-VALUE}).")
        Path out;

        @Override
        public Integer call() throws Exception {
            List<Path> inputs = files == null || files.isEmpty()
                    ? List.of(Path.of("../shared/data/pubmed/articles.jsonl.gz"), Path.of("../shared/data/pubmed/articles-more.jsonl.gz"))
                    : files;
            for (Path p : inputs) {
                if (!Files.isRegularFile(p)) {
                    throw new IllegalArgumentException("No such file: " + p.toAbsolutePath() + " (give article files as "
                            + "arguments, e.g. server/src/main/resources/fairrag/demo/articles.jsonl.gz)");
                }
            }
            Map<String, String> checksums = new LinkedHashMap<>();
            List<SentenceRoleTraining.LabelledAbstract> abstracts = new ArrayList<>();
            Set<String> seen = new HashSet<>();
            int benchmark = 0;
            for (Path p : inputs) {
                checksums.put(p.getFileName().toString(), Checksums.ofFile(p));
                try (RecordReader.Results results = SourceFormats.read(p)) {
                    while (results.hasNext()) {
                        if (results.next() instanceof ReadResult.Accepted accepted && accepted.record().abstractText() != null) {
                            if (accepted.record().source().startsWith(BENCHMARK_SOURCE)) {
                                benchmark++;
                            } else if (seen.add(accepted.record().pmid())) {
                                abstracts.add(new SentenceRoleTraining.LabelledAbstract(accepted.record().pmid(),
                                        accepted.record().abstractText()));
                            }
                        }
                    }
                }
            }
            System.out.printf("%d abstracts (one per PMID) from %s; %d PubMedQA records left out%n", abstracts.size(),
                    checksums.keySet(), benchmark);
            Embedder embedder = LangChainEmbedder.create(FairragConfig.fromEnvironment(System.getenv()).build().embedding());
            SentenceRoleTraining.Fitted fitted = new SentenceRoleTraining(embedder::embedAll, embedder.modelName(),
                    embedder.dimension(), System.out::println).fit(abstracts, checksums);
            System.out.println();
            fitted.report().forEach(System.out::println);
            Files.createDirectories(out.toAbsolutePath().getParent());
            Files.write(out, fitted.json());
            System.out.println("written to " + out.toAbsolutePath());
            return 0;
        }
    }
}
