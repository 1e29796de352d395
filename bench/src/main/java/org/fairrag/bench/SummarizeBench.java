package org.fairrag.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fairrag.embed.CachingEmbedder;
import org.fairrag.embed.Chunker;
import org.fairrag.embed.Embedder;
import org.fairrag.embed.EmbeddingSettings;
import org.fairrag.embed.LangChainEmbedder;
import org.fairrag.generate.AbstractSentences;
import org.fairrag.generate.ExtractiveSummarizer;
import org.fairrag.generate.SentenceRoleClassifier;
import org.fairrag.generate.SourceArticle;
import org.fairrag.generate.Statement;
import org.fairrag.generate.SummaryInput;
import org.fairrag.ingest.read.SourceFormats;
import org.fairrag.vectors.IndexedChunk;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code fairrag-bench summarize}: the extractive summarizer on PubMedQA, or on structured abstracts whose
 * last section is their conclusion ({@link StructuredConclusions}). Each record's abstract is its context
 * followed by its conclusion; the summarizer gets the context alone with the record's question (or title) as
 * the request, and its first statement and whole summary are scored against the conclusion (ROUGE-L F1
 * and embedding cosine), beside lead-2, last-2 and random sentences of the same context and the summarizer
 * as it was before sentence roles (at its own length and at the new one), all in the same run, with bootstrap
 * confidence intervals. Then the time of a summary of 10 articles, both summarizers.
 */
@Command(name = "summarize", description = "Extractive summaries on PubMedQA (pubmedqa_pqal), or on structured abstracts "
        + "(--set): the context of each abstract summarized with its question (or title) as the request, scored against "
        + "its conclusion; baselines lead-2, "
        + "last-2, random 2 and the summarizer before sentence roles from the same run; then summarize p50 for 10 "
        + "articles. Needs no data directory and no server.")
final class SummarizeBench implements Callable<Integer> {

    static final String DEFAULT_FILE = "../shared/data/pubmed/articles.jsonl.gz";
    static final String MORE_FILE = "../shared/data/pubmed/articles-more.jsonl.gz";
    private static final Pattern TOKEN = Pattern.compile("[\\p{L}\\p{N}]+");

    /** Which records: PubMedQA's even PMIDs are for development, the odd ones for the final figure only. */
    enum Half { EVEN, ODD, ALL }

    /**
     * Which summaries: PubMedQA's (the question as the request), or structured abstracts whose last section is
     * their conclusion (the title as the request), either those the sentence-role classifier was fitted on (for
     * development) or those held back from its fitting (the final figure: run it once).
     */
    enum RecordSet { PUBMEDQA, STRUCTURED_DEV, STRUCTURED_HELD_OUT }

    @Parameters(arity = "0..*", paramLabel = "FILE", description = "JSON lines holding the records, gzip or not. For "
            + "pubmedqa: the PubMedQA records (source pubmedqa_pqal, with question, abstract and conclusion; default "
            + DEFAULT_FILE + "). For the structured sets: any article files fairrag ingests (default " + DEFAULT_FILE
            + " and " + MORE_FILE + ", the files the sentence-role classifier was fitted on). A clone without ../shared "
            + "gives the paths of its copies.")
    List<Path> files;

    @Option(names = "--set", defaultValue = "pubmedqa", description = "pubmedqa (the default), structured-dev or "
            + "structured-held-out (the final figure, spent on 2026-11-24).")
    String set;

    @Option(names = "--half", defaultValue = "even", description = "With --set pubmedqa: even (development, the default), "
            + "odd (the final figure, spent on 2026-11-22) or all.")
    String half;

    @Option(names = "--limit", description = "Only the first N records of the half (quick runs).")
    Integer limit;

    @Option(names = "--seeds", defaultValue = "5", description = "Random baselines, one per seed (default ${DEFAULT-VALUE}).")
    int seeds;

    @Option(names = "--resamples", defaultValue = "2000", description = "Bootstrap resamples (default ${DEFAULT-VALUE}).")
    int resamples;

    @Option(names = "--speed-runs", defaultValue = "30", description = "Summaries of 10 articles timed per summarizer "
            + "(default ${DEFAULT-VALUE}; 0 skips the timing).")
    int speedRuns;

    /**
     * One record to summarize: the context (the abstract without its conclusion), the request (PubMedQA's question
     * or the article's title) and the conclusion.
     */
    record QaRecord(String pmid, String question, String context, String conclusion) {

        /** The abstract as stored: the context followed by the conclusion. */
        String abstractText() {
            return context + " " + conclusion;
        }
    }

    /** A summary as scored: its first statement and all its statements. */
    record Output(String first, String whole) {}

    @Override
    public Integer call() throws Exception {
        Half which = Half.valueOf(half.toUpperCase(Locale.ROOT));
        RecordSet chosen = java.util.Arrays.stream(RecordSet.values())
                .filter(r -> r.name().replace('_', '-').equalsIgnoreCase(set)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("--set must be pubmedqa, structured-dev or structured-held-out, "
                        + "not " + set));
        List<Path> inputs = files != null && !files.isEmpty() ? files
                : chosen == RecordSet.PUBMEDQA ? List.of(Path.of(DEFAULT_FILE)) : List.of(Path.of(DEFAULT_FILE), Path.of(MORE_FILE));
        for (Path p : inputs) {
            if (!Files.isRegularFile(p)) {
                throw new IllegalArgumentException("No such file: " + p.toAbsolutePath() + ": give the path of articles.jsonl.gz"
                        + (chosen == RecordSet.PUBMEDQA ? " (the records with source pubmedqa_pqal)" : " and articles-more.jsonl.gz")
                        + " as arguments");
            }
        }
        List<QaRecord> records = chosen == RecordSet.PUBMEDQA ? read(inputs.get(0), which)
                : StructuredConclusions.read(inputs, chosen == RecordSet.STRUCTURED_HELD_OUT);
        String described = chosen == RecordSet.PUBMEDQA ? "PubMedQA records with " + which.name().toLowerCase(Locale.ROOT) + " PMIDs"
                : "structured abstracts " + (chosen == RecordSet.STRUCTURED_HELD_OUT ? "held back from" : "fitted on by")
                + " the sentence-role classifier, their conclusion section taken off";
        if (limit != null) {
            records = records.subList(0, Math.min(limit, records.size()));
        }
        LangChainEmbedder embedder = LangChainEmbedder.create(EmbeddingSettings.DEFAULT);
        Optional<SentenceRoleClassifier> roles = SentenceRoleClassifier.bundledFor(embedder.modelName(), embedder.dimension());
        Chunker chunker = new Chunker();
        // Both versions of a record and both summarizers embed the same texts: once each. The timed summaries
        // (speed) embed everything they need, as the server does.
        CachingEmbedder cached = new CachingEmbedder(embedder, 200_000);
        Map<String, List<IndexedChunk>> chunks = new LinkedHashMap<>();
        System.out.printf("%d %s, from %s; embedding their chunks as the index would ...%n", records.size(), described, inputs);
        for (QaRecord r : records) {
            chunks.put(pid(r), chunks(chunker, cached, r.context()));
            chunks.put(servedPid(r), chunks(chunker, cached, r.abstractText()));
        }
        ExtractiveSummarizer findings = summarizer(cached, roles, chunks, ExtractiveSummarizer.Method.FINDINGS);
        ExtractiveSummarizer before = summarizer(cached, roles, chunks, ExtractiveSummarizer.Method.RELEVANCE);
        ExtractiveSummarizer beforeSameLength = new ExtractiveSummarizer(cached::embedAll, cached.modelName(),
                pid -> chunks.getOrDefault(pid, List.of()), null, roles, ExtractiveSummarizer.Method.RELEVANCE,
                ExtractiveSummarizer.Method.FINDINGS.statements);
        System.out.printf("summarizers: %s; before: %s, as long as it was and as long as the new one%n%n", findings.model(),
                before.model());

        Map<String, List<Output>> outputs = new LinkedHashMap<>();
        List<String> methods = new ArrayList<>(List.of("findings first (new)", "relevance (before)", "relevance, new length",
                "lead-2", "last-2"));
        for (int s = 1; s <= seeds; s++) {
            methods.add("random-2 seed " + s);
        }
        methods.forEach(m -> outputs.put(m, new ArrayList<>()));
        int invalid = 0;
        int statements = 0;
        int[] conclusionFirst = new int[2];
        int done = 0;
        for (QaRecord r : records) {
            if (++done % 100 == 0) {
                System.out.printf("  summarized %d of %d%n", done, records.size());
            }
            // As served, the abstract keeps its conclusion: is the first statement one of its sentences?
            SummaryInput served = new SummaryInput(r.question(), List.of(new SourceArticle(1, servedPid(r), r.pmid(), null,
                    r.abstractText(), null, "public")), List.of());
            conclusionFirst[0] += inConclusion(findings.select(served), r) ? 1 : 0;
            conclusionFirst[1] += inConclusion(before.select(served), r) ? 1 : 0;

            SummaryInput input = new SummaryInput(r.question(), List.of(article(r, 1)), List.of());
            List<Statement> made = findings.select(input);
            invalid += (int) made.stream().filter(st -> !st.cites().equals(List.of(pid(r)))).count();
            statements += made.size();
            outputs.get(methods.get(0)).add(output(made.stream().map(Statement::text).toList()));
            outputs.get(methods.get(1)).add(output(before.select(input).stream().map(Statement::text).toList()));
            outputs.get(methods.get(2)).add(output(beforeSameLength.select(input).stream().map(Statement::text).toList()));
            List<String> sentences = AbstractSentences.of(r.context()).stream().map(AbstractSentences.Sentence::text)
                    .filter(t -> ExtractiveSummarizer.words(t) >= ExtractiveSummarizer.MIN_WORDS).toList();
            outputs.get(methods.get(3)).add(output(sentences.subList(0, Math.min(2, sentences.size()))));
            outputs.get(methods.get(4)).add(output(sentences.subList(Math.max(0, sentences.size() - 2), sentences.size())));
            for (int s = 1; s <= seeds; s++) {
                outputs.get(methods.get(4 + s)).add(output(randomTwo(sentences, new Random(s * 1_000_003L + Long.parseLong(r.pmid())))));
            }
        }
        System.out.printf("new summarizer: %d statements (%.2f a record), %d citing anything but the given article%n",
                statements, statements / (double) records.size(), invalid);
        System.out.printf("as served (the abstract with its conclusion): the first statement is a sentence of the conclusion "
                + "for %d of %d records (%.1f%%) with the new summarizer, %d (%.1f%%) before%n%n", conclusionFirst[0],
                records.size(), 100.0 * conclusionFirst[0] / records.size(), conclusionFirst[1],
                100.0 * conclusionFirst[1] / records.size());

        List<String> conclusions = records.stream().map(QaRecord::conclusion).toList();
        List<float[]> conclusionVectors = cached.embedAll(conclusions);
        Map<String, double[][]> scores = new LinkedHashMap<>();
        for (String m : methods) {
            List<Output> out = outputs.get(m);
            List<float[]> first = cached.embedAll(out.stream().map(Output::first).toList());
            List<float[]> whole = cached.embedAll(out.stream().map(Output::whole).toList());
            double[][] s = new double[4][records.size()];
            for (int i = 0; i < records.size(); i++) {
                s[0][i] = rougeL(out.get(i).first(), conclusions.get(i));
                s[1][i] = rougeL(out.get(i).whole(), conclusions.get(i));
                s[2][i] = dot(first.get(i), conclusionVectors.get(i));
                s[3][i] = dot(whole.get(i), conclusionVectors.get(i));
            }
            scores.put(m, s);
        }
        String[] metrics = {"ROUGE-L F1, first statement", "ROUGE-L F1, whole summary", "cosine, first statement",
                "cosine, whole summary"};
        System.out.printf("Against the conclusion, %d records (mean [95%% bootstrap CI, %d resamples])%n", records.size(), resamples);
        System.out.printf("%-22s", "method");
        for (String metric : metrics) {
            System.out.printf(" %28s", metric);
        }
        System.out.printf(" %10s%n", "words");
        for (String m : methods) {
            if (m.startsWith("random") && !m.endsWith("seed 1")) {
                continue;
            }
            System.out.printf("%-22s", m.startsWith("random") ? "random-2 (seed 1)" : m);
            for (int k = 0; k < metrics.length; k++) {
                double[] ci = bootstrap(scores.get(m)[k], null, resamples);
                System.out.printf(" %10.4f [%.4f, %.4f]", mean(scores.get(m)[k]), ci[0], ci[1]);
            }
            System.out.printf(" %10.1f%n", outputs.get(m).stream().mapToInt(o -> tokens(o.whole()).size()).average().orElse(0));
        }
        System.out.printf("%nrandom-2 over %d seeds (mean, min to max of the seeds' means):%n", seeds);
        for (int k = 0; k < metrics.length; k++) {
            int metric = k;
            double[] means = methods.stream().filter(m -> m.startsWith("random")).mapToDouble(m -> mean(scores.get(m)[metric]))
                    .toArray();
            System.out.printf("  %-28s %.4f (%.4f to %.4f)%n", metrics[k], mean(means),
                    Arrays.stream(means).min().orElse(0), Arrays.stream(means).max().orElse(0));
        }
        System.out.printf("%nDifference, new minus each baseline (paired bootstrap 95%% CI; > 0 throughout = better beyond the spread)%n");
        for (String m : methods.subList(1, 6)) {
            System.out.printf("%-22s", m.startsWith("random") ? "random-2 (seed 1)" : m);
            for (int k = 0; k < metrics.length; k++) {
                double[] ci = bootstrap(scores.get(methods.get(0))[k], scores.get(m)[k], resamples);
                System.out.printf(" %+10.4f [%+.4f, %+.4f]", mean(scores.get(methods.get(0))[k]) - mean(scores.get(m)[k]),
                        ci[0], ci[1]);
            }
            System.out.println();
        }
        if (speedRuns > 0) {
            speed(records, summarizer(embedder, roles, chunks, ExtractiveSummarizer.Method.FINDINGS),
                    summarizer(embedder, roles, chunks, ExtractiveSummarizer.Method.RELEVANCE));
        }
        return 0;
    }

    private static ExtractiveSummarizer summarizer(Embedder embedder, Optional<SentenceRoleClassifier> roles,
                                                   Map<String, List<IndexedChunk>> chunks, ExtractiveSummarizer.Method method) {
        return new ExtractiveSummarizer(embedder::embedAll, embedder.modelName(), pid -> chunks.getOrDefault(pid, List.of()),
                null, roles, method);
    }

    /** Summaries of 10 articles (consecutive records, the first one's question as the request), timed. */
    private void speed(List<QaRecord> records, ExtractiveSummarizer findings, ExtractiveSummarizer before) {
        int groups = records.size() / 10;
        if (groups == 0) {
            System.out.println("\nfewer than 10 records: no timing");
            return;
        }
        List<Long> findingsNanos = new ArrayList<>();
        List<Long> beforeNanos = new ArrayList<>();
        int everyArticleCited = 0;
        int warmUp = 3;
        for (int run = 0; run < speedRuns + warmUp; run++) {
            List<QaRecord> group = records.subList((run % groups) * 10, (run % groups) * 10 + 10);
            List<SourceArticle> sources = new ArrayList<>();
            for (QaRecord r : group) {
                sources.add(article(r, sources.size() + 1));
            }
            SummaryInput input = new SummaryInput(group.get(0).question(), sources, List.of());
            long t0 = System.nanoTime();
            List<Statement> made = findings.select(input);
            long t1 = System.nanoTime();
            before.select(input);
            long t2 = System.nanoTime();
            if (run >= warmUp) {
                findingsNanos.add(t1 - t0);
                beforeNanos.add(t2 - t1);
                long cited = made.stream().flatMap(s -> s.cites().stream()).distinct().count();
                everyArticleCited += cited == 10 ? 1 : 0;
            }
        }
        double p50 = percentile(findingsNanos, 50) / 1e6;
        double p50Before = percentile(beforeNanos, 50) / 1e6;
        System.out.printf("%nSummarize 10 articles (in-JVM %s, chunk vectors precomputed as in the index; %d runs after %d "
                        + "warm-up): new p50 %.0f ms, p90 %.0f ms; before p50 %.0f ms, p90 %.0f ms; new/before %.2fx; "
                        + "every one of the 10 articles cited in %d of %d summaries%n", "all-minilm-l6-v2", speedRuns, warmUp,
                p50, percentile(findingsNanos, 90) / 1e6, p50Before, percentile(beforeNanos, 90) / 1e6, p50 / p50Before,
                everyArticleCited, speedRuns);
    }

    /** The PubMedQA records of one half whose abstract ends with their conclusion, in file order. */
    static List<QaRecord> read(Path file, Half half) throws java.io.IOException {
        ObjectMapper json = new ObjectMapper();
        List<QaRecord> out = new ArrayList<>();
        int unsplit = 0;
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(
                SourceFormats.decompressed(Files.newInputStream(file)), StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode r = json.readTree(line);
                if (!r.path("source").asText("").startsWith("pubmedqa")) {
                    continue;
                }
                String pmid = r.path("pmid").asText();
                boolean even = Long.parseLong(pmid) % 2 == 0;
                if (half == Half.EVEN && !even || half == Half.ODD && even) {
                    continue;
                }
                String abstractText = r.path("abstract").asText("").strip();
                String conclusion = r.path("conclusion").asText("").strip();
                if (conclusion.isEmpty() || !abstractText.endsWith(conclusion)) {
                    unsplit++;
                    continue;
                }
                String context = abstractText.substring(0, abstractText.length() - conclusion.length()).strip();
                out.add(new QaRecord(pmid, r.path("question").asText(), context, conclusion));
            }
        }
        if (unsplit > 0) {
            System.out.printf("%d records left out: their abstract does not end with their conclusion%n", unsplit);
        }
        return out;
    }

    private static boolean inConclusion(List<Statement> statements, QaRecord r) {
        return !statements.isEmpty() && r.conclusion().replaceAll("\\s+", " ")
                .contains(statements.get(0).text().replaceAll("\\s+", " "));
    }

    private static SourceArticle article(QaRecord r, int number) {
        return new SourceArticle(number, pid(r), r.pmid(), null, r.context(), null, "public");
    }

    private static String pid(QaRecord r) {
        return "bench:pubmedqa:" + r.pmid();
    }

    private static String servedPid(QaRecord r) {
        return "bench:pubmedqa-served:" + r.pmid();
    }

    /** The chunks of a text with their vectors, as the index keeps them. */
    private static List<IndexedChunk> chunks(Chunker chunker, Embedder embedder, String text) {
        List<String> texts = chunker.chunks(null, text);
        List<float[]> vectors = embedder.embedAll(texts);
        List<IndexedChunk> out = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
            out.add(new IndexedChunk(texts.get(i), vectors.get(i)));
        }
        return out;
    }

    private static Output output(List<String> sentences) {
        return new Output(sentences.isEmpty() ? "" : sentences.get(0), String.join(" ", sentences));
    }

    private static List<String> randomTwo(List<String> sentences, Random random) {
        List<Integer> indexes = new ArrayList<>();
        for (int i = 0; i < sentences.size(); i++) {
            indexes.add(i);
        }
        java.util.Collections.shuffle(indexes, random);
        return indexes.subList(0, Math.min(2, indexes.size())).stream().sorted().map(sentences::get).toList();
    }

    /** ROUGE-L F1 of {@code candidate} against {@code reference}: the longest common subsequence of their words. */
    static double rougeL(String candidate, String reference) {
        List<String> c = tokens(candidate);
        List<String> r = tokens(reference);
        if (c.isEmpty() || r.isEmpty()) {
            return 0;
        }
        int[][] lcs = new int[c.size() + 1][r.size() + 1];
        for (int i = 1; i <= c.size(); i++) {
            for (int j = 1; j <= r.size(); j++) {
                lcs[i][j] = c.get(i - 1).equals(r.get(j - 1)) ? lcs[i - 1][j - 1] + 1 : Math.max(lcs[i - 1][j], lcs[i][j - 1]);
            }
        }
        double l = lcs[c.size()][r.size()];
        if (l == 0) {
            return 0;
        }
        double precision = l / c.size();
        double recall = l / r.size();
        return 2 * precision * recall / (precision + recall);
    }

    static List<String> tokens(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = TOKEN.matcher(text.toLowerCase(Locale.ROOT));
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }

    /**
     * The 95% percentile bootstrap interval of the mean of {@code a}, or of the mean paired difference
     * {@code a - b} when {@code b} is given; the resampling is seeded, so a run repeats exactly.
     */
    static double[] bootstrap(double[] a, double[] b, int resamples) {
        Random random = new Random(42);
        int n = a.length;
        double[] means = new double[resamples];
        for (int k = 0; k < resamples; k++) {
            double sum = 0;
            for (int i = 0; i < n; i++) {
                int j = random.nextInt(n);
                sum += b == null ? a[j] : a[j] - b[j];
            }
            means[k] = sum / n;
        }
        Arrays.sort(means);
        return new double[] {means[(int) Math.floor(0.025 * (resamples - 1))], means[(int) Math.ceil(0.975 * (resamples - 1))]};
    }

    private static double mean(double[] xs) {
        return Arrays.stream(xs).average().orElse(0);
    }

    private static double dot(float[] a, float[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += a[i] * b[i];
        }
        return sum;
    }

    private static double percentile(List<Long> xs, int p) {
        List<Long> sorted = xs.stream().sorted().toList();
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1));
    }
}
