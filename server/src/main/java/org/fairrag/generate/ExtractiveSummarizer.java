package org.fairrag.generate;

import io.vertx.core.Future;
import java.text.BreakIterator;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.fairrag.work.WorkerPool;
import org.fairrag.vectors.IndexedChunk;

/**
 * The summary that needs no language model: sentences of the chosen abstracts ranked by similarity to
 * the request and the selected terms, chosen by maximal marginal relevance so that they are relevant
 * and not redundant, near-duplicates merged into one statement citing every article that says it, and
 * ordered by article and position so the summary reads in a sensible order. Only the given articles
 * are ever used.
 *
 * <p>The chunk vectors kept by the vector index are reused twice: chunks far less relevant than the
 * best are not split into sentences at all (so a summary of many articles embeds a few dozen
 * sentences, not hundreds), and a sentence's relevance is blended with its chunk's.
 */
public final class ExtractiveSummarizer implements Summarizer {

    /** Weight of relevance against novelty in maximal marginal relevance. */
    static final double LAMBDA = 0.7;
    /** Sentences more similar than this say the same thing. */
    static final double DUPLICATE = 0.9;
    static final int MIN_WORDS = 6;
    /** Chunks whose similarity to the request is this far below the best chunk's are skipped. */
    static final double CHUNK_MARGIN = 0.2;
    static final int MAX_CHUNKS = 24;
    /** Weight of the chunk's similarity in a sentence's relevance. */
    static final double CHUNK_WEIGHT = 0.2;

    private static final Pattern SECTION_LABEL = Pattern.compile("^(?:[A-Z][A-Z /&-]{2,40}):\\s*");
    private static final Pattern WORD = Pattern.compile("\\p{L}+");
    private static final Pattern SPACES = Pattern.compile("\\s+");

    private final Function<List<String>, List<float[]>> embed;
    private final Function<String, List<IndexedChunk>> chunksOf;
    private final String modelName;
    private final WorkerPool pool;

    /**
     * @param embed     embeds a batch of texts (unit-length or not; cosine is used)
     * @param embedding the embedding model's name, recorded in the summary's provenance
     * @param chunksOf  the indexed chunks of an article with their vectors, empty when not indexed
     */
    public ExtractiveSummarizer(Function<List<String>, List<float[]>> embed, String embedding,
                                Function<String, List<IndexedChunk>> chunksOf, WorkerPool pool) {
        this.embed = embed;
        this.chunksOf = chunksOf;
        this.modelName = "extractive-mmr (" + embedding + ")";
        this.pool = pool;
    }

    @Override
    public String model() {
        return modelName;
    }

    @Override
    public Future<Outcome> summarize(SummaryInput input, Consumer<Statement> onStatement, Cancellation cancellation) {
        return pool.submit(() -> {
            cancellation.check();
            List<Statement> statements = select(input);
            cancellation.check();
            statements.forEach(onStatement);
            return new Outcome(statements, List.of());
        });
    }

    /** A candidate sentence: its text, its article's citation number and its position in the abstract. */
    private record Sentence(String text, SourceArticle source, int position) {}

    List<Statement> select(SummaryInput input) {
        String query = input.termLabels().isEmpty() ? input.prompt()
                : input.prompt() + " " + String.join(", ", input.termLabels());
        float[] q = embed.apply(List.of(query)).get(0);
        List<Sentence> sentences = new ArrayList<>();
        List<Double> chunkRelevance = new ArrayList<>();
        relevantSentences(input.sources(), q, sentences, chunkRelevance);
        if (sentences.isEmpty()) {
            return fallback(input);
        }
        List<float[]> vectors = new ArrayList<>(sentences.size() + 1);
        vectors.add(q);
        vectors.addAll(embed.apply(sentences.stream().map(Sentence::text).toList()));
        int n = sentences.size();
        double[] relevance = new double[n];
        for (int i = 0; i < n; i++) {
            double own = cosine(q, vectors.get(i + 1));
            Double chunk = chunkRelevance.get(i);
            relevance[i] = chunk == null ? own : (1 - CHUNK_WEIGHT) * own + CHUNK_WEIGHT * chunk;
        }

        int budget = Math.min(n, Math.max(3, Math.min(10, 2 + input.sources().size())));
        List<Integer> chosen = new ArrayList<>();
        List<Set<SourceArticle>> citations = new ArrayList<>();
        boolean[] used = new boolean[n];
        while (chosen.size() < budget) {
            int best = -1;
            double bestScore = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < n; i++) {
                if (used[i]) {
                    continue;
                }
                double redundancy = 0;
                for (int c : chosen) {
                    redundancy = Math.max(redundancy, cosine(vectors.get(i + 1), vectors.get(c + 1)));
                }
                double mmr = LAMBDA * relevance[i] - (1 - LAMBDA) * redundancy;
                if (mmr > bestScore) {
                    bestScore = mmr;
                    best = i;
                }
            }
            if (best < 0) {
                break;
            }
            used[best] = true;
            chosen.add(best);
            Set<SourceArticle> cites = new LinkedHashSet<>();
            cites.add(sentences.get(best).source());
            // Near-duplicates from other articles are not repeated: they add their article to the citations.
            for (int i = 0; i < n; i++) {
                if (!used[i] && cosine(vectors.get(i + 1), vectors.get(best + 1)) >= DUPLICATE) {
                    used[i] = true;
                    cites.add(sentences.get(i).source());
                }
            }
            citations.add(cites);
        }

        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < chosen.size(); i++) {
            order.add(i);
        }
        order.sort(Comparator.comparingInt((Integer i) -> sentences.get(chosen.get(i)).source().number())
                .thenComparingInt(i -> sentences.get(chosen.get(i)).position()));
        List<Statement> out = new ArrayList<>();
        for (int i : order) {
            Sentence s = sentences.get(chosen.get(i));
            List<SourceArticle> cites = new ArrayList<>(citations.get(i));
            cites.sort(Comparator.comparingInt(SourceArticle::number));
            out.add(new Statement(s.text(), cites.stream().map(SourceArticle::pid).toList()));
        }
        return out;
    }

    /**
     * The candidate sentences, each with the relevance of the chunk it lies in (null when the article's
     * chunks are not indexed). Sentences of chunks well below the best chunk are left out.
     */
    private void relevantSentences(List<SourceArticle> sources, float[] q, List<Sentence> out, List<Double> chunkOut) {
        Map<String, List<IndexedChunk>> chunks = new HashMap<>();
        List<Double> all = new ArrayList<>();
        for (SourceArticle a : sources) {
            List<IndexedChunk> c = chunksOf.apply(a.pid());
            chunks.put(a.pid(), c);
            c.forEach(chunk -> all.add(cosine(q, chunk.vector())));
        }
        all.sort(Comparator.reverseOrder());
        double floor = all.isEmpty() ? Double.NEGATIVE_INFINITY
                : Math.max(all.get(0) - CHUNK_MARGIN, all.get(Math.min(all.size(), MAX_CHUNKS) - 1));
        for (Sentence s : sentences(sources)) {
            List<IndexedChunk> articleChunks = chunks.get(s.source().pid());
            if (articleChunks.isEmpty()) {
                out.add(s);
                chunkOut.add(null);
                continue;
            }
            String key = normalised(s.text());
            IndexedChunk home = articleChunks.stream().filter(c -> normalised(c.text()).contains(key)).findFirst()
                    .orElse(null);
            double relevance = home == null ? Double.NaN : cosine(q, home.vector());
            if (home == null || relevance >= floor) {
                out.add(s);
                chunkOut.add(home == null ? null : relevance);
            }
        }
    }

    private static String normalised(String text) {
        return SPACES.matcher(text).replaceAll(" ").strip();
    }

    /** Articles too short for any full sentence: state each title, citing it. */
    private static List<Statement> fallback(SummaryInput input) {
        List<Statement> out = new ArrayList<>();
        for (SourceArticle a : input.sources()) {
            if (a.title() != null) {
                out.add(new Statement(a.title(), List.of(a.pid())));
            }
        }
        return out;
    }

    static List<Sentence> sentences(List<SourceArticle> sources) {
        List<Sentence> out = new ArrayList<>();
        BreakIterator it = BreakIterator.getSentenceInstance(Locale.ENGLISH);
        for (SourceArticle a : sources) {
            if (a.abstractText() == null) {
                continue;
            }
            it.setText(a.abstractText());
            int position = 0;
            for (int start = it.first(), end = it.next(); end != BreakIterator.DONE; start = end, end = it.next()) {
                String text = SECTION_LABEL.matcher(a.abstractText().substring(start, end).strip()).replaceFirst("");
                if (WORD.matcher(text).results().count() >= MIN_WORDS) {
                    out.add(new Sentence(text, a, position++));
                }
            }
        }
        return out;
    }

    static double cosine(float[] a, float[] b) {
        double dot = 0, na = 0, nb = 0;
        for (int i = 0; i < a.length; i++) {
            dot += a[i] * b[i];
            na += a[i] * a[i];
            nb += b[i] * b[i];
        }
        return na == 0 || nb == 0 ? 0 : dot / Math.sqrt(na * nb);
    }
}
