package org.fairrag.bench;

import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.QueryFactory;
import org.fairrag.app.AskServices;
import org.fairrag.app.ConfigOptions;
import org.fairrag.app.ConsoleProgress;
import org.fairrag.app.Fairrag;
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
 * {@code fairrag-bench ask}: accuracy and coverage of {@code /api/ask} on a question set with gold SPARQL, by
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
            description = "Questions (id, category, register, question, gold_sparql, answer_var, notes; {base} in a "
                    + "question or gold query stands for the base URL; default ${DEFAULT-VALUE}).")
    Path file;

    @Option(names = "--misses", description = "Print every question the parser got wrong or did not answer (refused "
            + "for a held-out file, whose questions must not be seen).")
    boolean misses;

    @Option(names = "--runs", defaultValue = "5", description = "Times each question is answered for the timing "
            + "(the first run warms up and is not counted; default ${DEFAULT-VALUE}).")
    int runs;

    /** A file name that marks a held-out set: its questions and per-question answers must not be printed. */
    private static final Pattern HELD_OUT = Pattern.compile("(?i)held-?out|hold-?out");
    /** What a question set writes for the server's base URL (FAIRRAG_BASE_URL), in questions and gold queries. */
    static final String BASE_PLACEHOLDER = "{base}";

    record Question(String id, String category, String register, String text, String gold, String answerVar) {

        /** The question and its gold query with {@link #BASE_PLACEHOLDER} replaced by {@code baseUrl}. */
        Question withBase(String baseUrl) {
            return new Question(id, category, register, text.replace(BASE_PLACEHOLDER, baseUrl),
                    gold.replace(BASE_PLACEHOLDER, baseUrl), answerVar);
        }
    }

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
        if (misses && HELD_OUT.matcher(file.getFileName().toString()).find()) {
            System.err.println("--misses prints the questions of " + file + ", a held-out set: only its aggregate "
                    + "figures may be seen.");
            return 2;
        }
        List<Question> raw = read(file);
        try (Fairrag fairrag = Fairrag.open(options.config().toBuilder().port(0).build())) {
            fairrag.loadDemoIfEmpty(new ConsoleProgress());
            // As a server answers: with the concept mentions in memory, so that answers carry their evidence.
            fairrag.mentionMap().load();
            List<Question> questions = raw.stream().map(q -> q.withBase(fairrag.config().baseUrl())).toList();
            ScopedQueries queries = AskServices.endpointQueries(fairrag.sparqlQueryService(),
                    fairrag.config().sparqlMaxRows());
            TermSearch terms = new TermSearch(fairrag::termLexicon, fairrag::vocabulary, fairrag.queryEmbedder(),
                    fairrag.vectorIndex());
            AskService ask = AskServices.create(fairrag.config(), fairrag.graph(), fairrag.graphs(), fairrag::vocabulary,
                    fairrag.anchoredContext(), queries, terms);
            Set<String> graphs = Set.of(fairrag.graphs().vocabulary(), fairrag.graphs().publicContent());

            Map<String, Map<String, Tally>> tallies = new LinkedHashMap<>();
            Map<String, int[]> explained = new LinkedHashMap<>();
            List<Long> nanos = new ArrayList<>();
            List<Long> baselineNanos = new ArrayList<>();
            double loadBefore = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
            List<String> missed = new ArrayList<>();
            int goldFailures = 0;
            System.out.printf("%d questions from %s; gold answers from their gold SPARQL on this store (%s)%n%n",
                    questions.size(), file, fairrag.graph().describe());
            for (Question q : questions) {
                JsonObject gold;
                try {
                    gold = queries.run(q.gold(), graphs);
                } catch (RuntimeException e) {
                    goldFailures++; // counted, not shown: the message may quote the question's query
                    continue;
                }
                Answer parsed = timed(() -> Answer.of(() -> ask.byParser(q.text(), graphs)), nanos);
                boolean parserCorrect = parsed.correct(gold, q.answerVar());
                count(tallies, "parser", q, parsed.answered(), parserCorrect);
                explain(explained, "parser", parsed);
                if (!parserCorrect) {
                    missed.add(String.format("  %s %-9s %s%n      %s%n      %s", q.id(), parsed.answered() ? "WRONG"
                            : "ABSTAINED", q.text(), parsed.text(), parsed.answered() ? "gold: "
                            + AnswerMatch.values(gold, q.answerVar()).stream().limit(5).toList() : ""));
                }
                JsonObject baseline = timed(() -> baseline(q.text(), terms, fairrag, queries, graphs), baselineNanos);
                count(tallies, "baseline: count about the first linked term", q, baseline != null,
                        baseline != null && AnswerMatch.holds(gold, q.answerVar(), baseline));
                if (ask.model().isPresent()) {
                    String method = "llm:" + ask.model().get();
                    Answer byModel = Answer.of(() -> ask.byModel(q.text(), graphs).orElse(null));
                    count(tallies, method, q, byModel.answered(), byModel.correct(gold, q.answerVar()));
                    explain(explained, method, byModel);
                }
            }
            if (goldFailures > 0) {
                System.out.printf("%d gold queries failed on this store; their questions are left out of every figure%n%n",
                        goldFailures);
            }
            print(tallies);
            explained.forEach((method, n) -> System.out.printf("%s: %d of %d answers carry their SPARQL and at least one "
                    + "PID; %d answers failed with an error (counted as wrong)%n", method, n[1], n[0], n[2]));
            nanos.sort(Long::compare);
            baselineNanos.sort(Long::compare);
            System.out.printf("%ntime per question, %d timed runs each (system load average %.1f before, %.1f after, on %d "
                            + "cores):%n", Math.max(1, runs - 1), loadBefore,
                    ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                    Runtime.getRuntime().availableProcessors());
            System.out.printf("  parser, whole answer (parse, compose, query, objects): p50 %.1f ms, p90 %.1f ms, max %.1f ms%n",
                    percentile(nanos, 0.5), percentile(nanos, 0.9), nanos.get(nanos.size() - 1) / 1e6);
            System.out.printf("  baseline (term search, one count query):              p50 %.1f ms, p90 %.1f ms, max %.1f ms%n",
                    percentile(baselineNanos, 0.5), percentile(baselineNanos, 0.9),
                    baselineNanos.get(baselineNanos.size() - 1) / 1e6);
            System.out.printf("  parser / baseline: p50 %.2f, p90 %.2f%n", percentile(nanos, 0.5)
                    / percentile(baselineNanos, 0.5), percentile(nanos, 0.9) / percentile(baselineNanos, 0.9));
            if (misses && !missed.isEmpty()) {
                System.out.println("\nThe parser's misses:");
                missed.forEach(System.out::println);
            }
        }
        return 0;
    }

    /**
     * One method's answer to a question: the service's answer, none (not answered), or the error it failed
     * with (answered, since the question was taken for understood, and wrong).
     */
    private record Answer(AskService.Answer answer, RuntimeException error) {

        static Answer of(Supplier<AskService.Answer> ask) {
            try {
                return new Answer(ask.get(), null);
            } catch (RuntimeException e) {
                return new Answer(null, e);
            }
        }

        boolean answered() {
            return error != null || answer != null && answer.understood();
        }

        boolean correct(JsonObject gold, String answerVar) {
            return error == null && answered() && AnswerMatch.holds(gold, answerVar, answer.result());
        }

        boolean explained() {
            return error == null && answer.showsItsSources();
        }

        String text() {
            return error != null ? "error: " + error.getMessage() : answer.answer();
        }
    }

    /** What {@code work} gives, done {@link #runs} times: each run but the first (a warm-up) timed into {@code nanos}. */
    private <T> T timed(Supplier<T> work, List<Long> nanos) {
        T out = null;
        for (int run = 0; run < Math.max(1, runs); run++) {
            long t0 = System.nanoTime();
            out = work.get();
            if (run > 0 || runs <= 1) {
                nanos.add(System.nanoTime() - t0);
            }
        }
        return out;
    }

    /** Per method: answered, answered with SPARQL and a PID, failed with an error. */
    private static void explain(Map<String, int[]> explained, String method, Answer a) {
        int[] n = explained.computeIfAbsent(method, k -> new int[3]);
        if (a.answered()) {
            n[0]++;
            n[1] += a.explained() ? 1 : 0;
            n[2] += a.error() != null ? 1 : 0;
        }
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
