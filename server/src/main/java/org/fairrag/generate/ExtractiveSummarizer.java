package org.fairrag.generate;

import io.vertx.core.Future;
import java.text.BreakIterator;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.fairrag.http.WorkerPool;

/**
 * The summary that needs no language model: sentences of the chosen abstracts ranked by similarity to
 * the request and the selected terms, chosen by maximal marginal relevance so that they are relevant
 * and not redundant, near-duplicates merged into one statement citing every article that says it, and
 * ordered by article and position so the summary reads in a sensible order. Only the given articles
 * are ever used.
 */
public final class ExtractiveSummarizer implements Summarizer {

    /** Weight of relevance against novelty in maximal marginal relevance. */
    static final double LAMBDA = 0.7;
    /** Sentences more similar than this say the same thing. */
    static final double DUPLICATE = 0.9;
    static final int MIN_WORDS = 6;

    private static final Pattern SECTION_LABEL = Pattern.compile("^(?:[A-Z][A-Z /&-]{2,40}):\\s*");
    private static final Pattern WORD = Pattern.compile("\\p{L}+");

    private final Function<List<String>, List<float[]>> embed;
    private final String modelName;
    private final WorkerPool pool;

    /**
     * @param embed     embeds a batch of texts (unit-length or not; cosine is used)
     * @param embedding the embedding model's name, recorded in the summary's provenance
     */
    public ExtractiveSummarizer(Function<List<String>, List<float[]>> embed, String embedding, WorkerPool pool) {
        this.embed = embed;
        this.modelName = "extractive-mmr (" + embedding + ")";
        this.pool = pool;
    }

    @Override
    public String model() {
        return modelName;
    }

    @Override
    public Future<Outcome> summarize(SummaryInput input, Consumer<Statement> onStatement) {
        return pool.submit(() -> {
            List<Statement> statements = select(input);
            statements.forEach(onStatement);
            return new Outcome(statements, List.of());
        });
    }

    /** A candidate sentence: its text, its article's citation number and its position in the abstract. */
    private record Sentence(String text, SourceArticle source, int position) {}

    List<Statement> select(SummaryInput input) {
        List<Sentence> sentences = sentences(input.sources());
        if (sentences.isEmpty()) {
            return fallback(input);
        }
        String query = input.termLabels().isEmpty() ? input.prompt()
                : input.prompt() + " " + String.join(", ", input.termLabels());
        List<String> texts = new ArrayList<>(sentences.size() + 1);
        texts.add(query);
        sentences.forEach(s -> texts.add(s.text()));
        List<float[]> vectors = embed.apply(texts);
        float[] q = vectors.get(0);
        int n = sentences.size();
        double[] relevance = new double[n];
        for (int i = 0; i < n; i++) {
            relevance[i] = cosine(q, vectors.get(i + 1));
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
