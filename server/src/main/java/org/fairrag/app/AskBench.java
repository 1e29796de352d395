package org.fairrag.app;

import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Function;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.QueryFactory;
import org.fairrag.ask.AnswerMatch;
import org.fairrag.ask.AskService;
import org.fairrag.ask.ScopedQueries;
import org.fairrag.graph.Queries;
import org.fairrag.terms.TermMatch;
import org.fairrag.terms.TermSearch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code fairrag bench ask}: accuracy and coverage of {@code /api/ask} on a question set with gold SPARQL, by
 * category and register, for the question parser, the chat model when one is configured, and a baseline of
 * the same run (the number of articles about the question's first linked term, whatever was asked); and the
 * parser's time per question. Each gold answer is computed by running its gold SPARQL on the same store;
 * {@link AnswerMatch} says when an answer holds it. A question not understood is not answered.
 */
@Command(name = "ask", description = "Questions in plain language: accuracy (correct / answered), coverage (answered / "
        + "all) and correct / all of the question parser, the chat model (when FAIRRAG_LLM is set) and a baseline, per "
        + "category and register, on a TSV of questions with gold SPARQL; and the parser's time per question. Uses the "
        + "configured data directory (loads the demo into an empty one).")
final class AskBench implements Callable<Integer> {

    private static final String BASELINE = Queries.loadText(AskBench.class, "ask-baseline.rq");

    @Mixin
    ConfigOptions options;

    @Parameters(arity = "0..1", paramLabel = "TSV", defaultValue = "server/src/test/resources/ask/dev.tsv",
            description = "Questions (id, category, register, question, gold_sparql, answer_var, notes; default "
                    + "${DEFAULT-VALUE}).")
    Path file;

    @Option(names = "--misses", description = "Print every question the parser got wrong or did not answer.")
    boolean misses;

    @Option(names = "--runs", defaultValue = "5", description = "Times each question is answered for the timing "
            + "(the first run warms up and is not counted; default ${DEFAULT-VALUE}).")
    int runs;

    record Question(String id, String category, String register, String text, String gold, String answerVar) {}

    /** Counts of one method on one slice of the set. */
    private static final class Tally {
        int all;
        int answered;
        int correct;

        void add(boolean answeredIt, boolean correctIt) {
            all++;
            answered += answeredIt ? 1 : 0;
            correct += correctIt ? 1 : 0;
        }

        String row() {
            return String.format("%4d %8d %7d   %8s %8s %11s", all, answered, correct, ratio(correct, answered),
                    ratio(answered, all), ratio(correct, all));
        }

        private static String ratio(int a, int b) {
            return b == 0 ? "-" : String.format("%.3f", a / (double) b);
        }
    }

    @Override
    public Integer call() throws Exception {
        List<Question> questions = read(file);
        try (Fairrag fairrag = Fairrag.open(options.config().toBuilder().port(0).build())) {
            fairrag.loadDemoIfEmpty(new ConsoleProgress());
            ScopedQueries queries = AskServices.endpointQueries(fairrag.sparqlQueryService(),
                    fairrag.config().sparqlMaxRows());
            TermSearch terms = new TermSearch(fairrag::termLexicon, fairrag::vocabulary, fairrag.queryEmbedder(),
                    fairrag.vectorIndex());
            AskService ask = AskServices.create(fairrag, queries, terms);
            Set<String> graphs = Set.of(fairrag.graphs().vocabulary(), fairrag.graphs().publicContent());

            Map<String, Map<String, Tally>> tallies = new LinkedHashMap<>();
            List<Long> nanos = new ArrayList<>();
            List<String> missed = new ArrayList<>();
            System.out.printf("%d questions from %s; gold answers from their gold SPARQL on this store (%s)%n%n",
                    questions.size(), file, fairrag.graph().describe());
            for (Question q : questions) {
                JsonObject gold = queries.run(q.gold(), graphs);
                AskService.Answer parsed = null;
                for (int run = 0; run < Math.max(1, runs); run++) {
                    long t0 = System.nanoTime();
                    parsed = ask.byParser(q.text(), graphs);
                    if (run > 0 || runs <= 1) {
                        nanos.add(System.nanoTime() - t0);
                    }
                }
                boolean parserCorrect = parsed.understood() && AnswerMatch.holds(gold, q.answerVar(), parsed.result());
                count(tallies, "parser", q, parsed.understood(), parserCorrect);
                if (!parserCorrect) {
                    missed.add(String.format("  %s %-9s %s%n      %s%n      %s", q.id(), parsed.understood() ? "WRONG"
                            : "ABSTAINED", q.text(), parsed.answer(), parsed.understood() ? "gold: "
                            + AnswerMatch.values(gold, q.answerVar()).stream().limit(5).toList() : ""));
                }
                JsonObject baseline = baseline(q.text(), terms, fairrag, queries, graphs);
                count(tallies, "baseline: count about the first linked term", q, baseline != null,
                        baseline != null && AnswerMatch.holds(gold, q.answerVar(), baseline));
                if (ask.model().isPresent()) {
                    Optional<AskService.Answer> byModel = ask.byModel(q.text(), graphs);
                    count(tallies, "llm:" + ask.model().get(), q, byModel.isPresent(),
                            byModel.isPresent() && AnswerMatch.holds(gold, q.answerVar(), byModel.get().result()));
                }
            }
            print(tallies);
            nanos.sort(Long::compare);
            System.out.printf("%nparser, whole answer (parse, compose, query, objects) per question, %d timed runs each: "
                    + "p50 %.1f ms, p90 %.1f ms, max %.1f ms%n", Math.max(1, runs - 1), percentile(nanos, 0.5),
                    percentile(nanos, 0.9), nanos.get(nanos.size() - 1) / 1e6);
            if (misses && !missed.isEmpty()) {
                System.out.println("\nThe parser's misses:");
                missed.forEach(System.out::println);
            }
        }
        return 0;
    }

    /** The baseline's answer: the articles about the question's first linked term; null when no term is linked. */
    private static JsonObject baseline(String question, TermSearch terms, Fairrag fairrag, ScopedQueries queries,
                                       Set<String> graphs) {
        List<TermMatch> found = terms.search(question, 1);
        if (found.isEmpty()) {
            return null;
        }
        String pid = fairrag.vocabulary().byId(found.get(0).id()).orElseThrow().pid();
        var query = Queries.bindValues(QueryFactory.create(BASELINE), "topic", List.of(NodeFactory.createURI(pid)));
        return queries.run(query.serialize(), graphs);
    }

    private static void count(Map<String, Map<String, Tally>> tallies, String method, Question q, boolean answered,
                              boolean correct) {
        Map<String, Tally> byMethod = tallies.computeIfAbsent(method, k -> new LinkedHashMap<>());
        for (String slice : List.of(q.category(), q.register(), "all")) {
            byMethod.computeIfAbsent(slice, k -> new Tally()).add(answered, correct);
        }
    }

    private static void print(Map<String, Map<String, Tally>> tallies) {
        List<String> order = List.of("general", "metadata", "ontology", "lay", "expert", "all");
        tallies.forEach((method, slices) -> {
            System.out.println(method);
            System.out.printf("  %-10s %4s %8s %7s   %8s %8s %11s%n", "slice", "n", "answered", "correct", "accuracy",
                    "coverage", "correct/all");
            Function<String, Integer> rank = s -> order.contains(s) ? order.indexOf(s) : order.size();
            slices.keySet().stream().sorted((a, b) -> rank.apply(a) - rank.apply(b))
                    .forEach(slice -> System.out.printf("  %-10s %s%n", slice, slices.get(slice).row()));
            System.out.println();
        });
    }

    private static double percentile(List<Long> sorted, double p) {
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.floor(p * sorted.size()))) / 1e6;
    }

    static List<Question> read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        List<String> header = Arrays.asList(lines.get(0).split("\t", -1));
        List<String> needed = List.of("id", "category", "register", "question", "gold_sparql", "answer_var");
        if (!header.containsAll(needed)) {
            throw new IllegalArgumentException(file + " needs the columns " + needed + " in a header row");
        }
        List<Question> out = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            if (line.isBlank()) {
                continue;
            }
            String[] cols = line.split("\t", -1);
            Function<String, String> col = name -> cols[header.indexOf(name)].strip();
            out.add(new Question(col.apply("id"), col.apply("category"), col.apply("register"), col.apply("question"),
                    col.apply("gold_sparql"), col.apply("answer_var")));
        }
        return out;
    }
}
