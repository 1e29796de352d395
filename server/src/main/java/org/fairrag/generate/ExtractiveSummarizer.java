package org.fairrag.generate;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntUnaryOperator;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.fairrag.work.WorkerPool;
import org.fairrag.vectors.IndexedChunk;

/**
 * The summary that needs no language model: sentences of the chosen abstracts, near-duplicates merged
 * into one statement citing every article that says it. Only the given articles are ever used.
 *
 * <p>{@link Method#FINDINGS} (the default) prefers what the studies found: a sentence's relevance to the
 * request and the selected terms is raised by the probability that it reports results or conclusions
 * (its section label in a structured abstract, else the {@link SentenceRoleClassifier}). With at most
 * {@value #CITE_EVERY_ARTICLE_UP_TO} articles, every article is cited at least once. Statements are
 * grouped by the selected term they are about (in the order the terms were selected) and, within a group,
 * the strongest comes first. {@link Method#RELEVANCE} is the summarizer as it was before: relevance
 * alone, ordered by article and position; {@code bench summarize} compares the two.
 *
 * <p>The chunk vectors kept by the vector index are reused twice: chunks far less relevant than the
 * best are not split into sentences at all (so a summary of many articles embeds a few dozen
 * sentences, not hundreds), and a sentence's relevance is blended with its chunk's.
 */
public final class ExtractiveSummarizer implements Summarizer {

    /** How sentences are chosen and ordered. */
    public enum Method {
        /**
         * Relevance and maximal marginal relevance, ordered by article and position: the summarizer before roles, as it
         * was, two statements more than articles and at least three.
         */
        RELEVANCE("extractive-mmr", articles -> Math.max(3, Math.min(MAX_STATEMENTS, articles + 2))),
        /**
         * Findings that answer the request first, every article heard, grouped by selected term; one statement per
         * article and one more, so two for a single abstract, about the length of its own conclusion (three read as a
         * précis of the abstract rather than its upshot).
         */
        FINDINGS("extractive-findings", articles -> Math.min(MAX_STATEMENTS, articles + 1));

        final String modelName;
        /** How many statements a summary of so many articles has (fewer when there are not enough sentences). */
        public final IntUnaryOperator statements;

        Method(String modelName, IntUnaryOperator statements) {
            this.modelName = modelName;
            this.statements = statements;
        }
    }

    /** Weight of relevance against novelty in maximal marginal relevance. */
    static final double LAMBDA = 0.7;
    /** Sentences more similar than this say the same thing. */
    static final double DUPLICATE = 0.9;
    /** Shorter sentences are not stated. */
    public static final int MIN_WORDS = 6;
    /** Chunks whose similarity to the request is this far below the best chunk's are skipped. */
    static final double CHUNK_MARGIN = 0.2;
    static final int MAX_CHUNKS = 24;
    /** Weight of the chunk's similarity in a sentence's relevance. */
    static final double CHUNK_WEIGHT = 0.2;
    /** Up to this many articles, each is cited at least once. */
    public static final int CITE_EVERY_ARTICLE_UP_TO = 10;
    /** The most statements a summary has. */
    static final int MAX_STATEMENTS = 10;

    private static final Pattern WORD = Pattern.compile("\\p{L}+");
    private static final Pattern SPACES = Pattern.compile("\\s+");
    private static final double[] UNKNOWN_ROLE = uniform();

    private final Function<List<String>, List<float[]>> embed;
    private final Function<String, List<IndexedChunk>> chunksOf;
    private final Optional<SentenceRoleClassifier> roles;
    private final Method method;
    private final Weights weights;
    private final IntUnaryOperator statements;
    private final String modelName;
    private final WorkerPool pool;

    /**
     * @param embed     embeds a batch of texts (unit-length or not; cosine is used)
     * @param embedding the embedding model's name, recorded in the summary's provenance
     * @param chunksOf  the indexed chunks of an article with their vectors, empty when not indexed
     * @param roles     the sentence-role classifier fitted for this embedding model; empty: roles only from
     *                  section labels
     */
    public ExtractiveSummarizer(Function<List<String>, List<float[]>> embed, String embedding,
                                Function<String, List<IndexedChunk>> chunksOf, WorkerPool pool,
                                Optional<SentenceRoleClassifier> roles, Method method) {
        this(embed, embedding, chunksOf, pool, roles, method, Weights.DEFAULT, method.statements);
    }

    /**
     * The same with another length than the method's own ({@code bench summarize} compares methods at one length).
     *
     * @param statements how many statements a summary of so many articles has
     */
    public ExtractiveSummarizer(Function<List<String>, List<float[]>> embed, String embedding,
                                Function<String, List<IndexedChunk>> chunksOf, WorkerPool pool,
                                Optional<SentenceRoleClassifier> roles, Method method, IntUnaryOperator statements) {
        this(embed, embedding, chunksOf, pool, roles, method, Weights.DEFAULT, statements);
    }

    /**
     * What adds to a sentence's relevance in {@link Method#FINDINGS}: the probability of each role (in
     * {@link SentenceRole} order) times its weight, and its similarity to its article's centroid (how
     * central it is to what the article says) times {@code centrality}. Chosen on PubMedQA's even PMIDs
     * ({@code bench summarize}): conclusions raised most (as served, they then come first), methods lowered.
     * A sentence that mentions a selected term or a narrower one (a concept mention) gains {@code mentioned}.
     */
    record Weights(double[] roles, double centrality, double mentioned) {
        static final Weights DEFAULT = new Weights(new double[] {0, -0.1, 0.05, 0.2}, 0.5, 0.1);
    }

    ExtractiveSummarizer(Function<List<String>, List<float[]>> embed, String embedding,
                         Function<String, List<IndexedChunk>> chunksOf, WorkerPool pool,
                         Optional<SentenceRoleClassifier> roles, Method method, Weights weights, IntUnaryOperator statements) {
        this.weights = weights;
        this.statements = statements;
        this.embed = embed;
        this.chunksOf = chunksOf;
        this.roles = roles;
        this.method = method;
        this.modelName = method.modelName + " (" + embedding + (method == Method.RELEVANCE ? ""
                : ", " + roles.map(SentenceRoleClassifier::identity).orElse("section labels only")) + ")";
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

    /**
     * A candidate sentence: its article, its position among the article's candidates, where it lies in the abstract,
     * and its offset in the abstract as stored (-1 when not found there).
     */
    private record Candidate(String text, SourceArticle source, int position, AbstractSentences.Sentence sentence, int start) {}

    /** A chosen sentence and the articles that say it (its own first). */
    record Pick(int sentence, Set<Integer> articles) {}

    /** The statements of a summary of {@code input}, in order (blocking: embeds). */
    public List<Statement> select(SummaryInput input) {
        String query = input.termLabels().isEmpty() ? input.prompt()
                : input.prompt() + " " + String.join(", ", input.termLabels());
        float[] q = embed.apply(List.of(query)).get(0);
        List<Candidate> sentences = new ArrayList<>();
        List<Double> chunkRelevance = new ArrayList<>();
        int mustCite = method == Method.FINDINGS && input.sources().size() <= CITE_EVERY_ARTICLE_UP_TO
                ? input.sources().size() : 0;
        relevantSentences(input.sources(), q, mustCite > 0, sentences, chunkRelevance);
        if (sentences.isEmpty()) {
            return fallback(input);
        }
        boolean grouped = method == Method.FINDINGS && !input.terms().isEmpty();
        List<String> texts = new ArrayList<>(sentences.stream().map(Candidate::text).toList());
        if (grouped) {
            texts.addAll(input.termLabels());
        }
        List<float[]> embedded = embed.apply(texts);
        int n = sentences.size();
        float[][] vectors = embedded.subList(0, n).toArray(float[][]::new);
        double[] relevance = new double[n];
        for (int i = 0; i < n; i++) {
            double own = cosine(q, vectors[i]);
            Double chunk = chunkRelevance.get(i);
            relevance[i] = chunk == null ? own : (1 - CHUNK_WEIGHT) * own + CHUNK_WEIGHT * chunk;
        }
        int[] article = sentences.stream().mapToInt(s -> s.source().number() - 1).toArray();
        int budget = Math.min(n, statements.applyAsInt(input.sources().size()));

        if (method == Method.RELEVANCE) {
            List<Pick> picks = choose(relevance, vectors, article, 0, budget);
            picks.sort(Comparator.comparingInt((Pick p) -> sentences.get(p.sentence()).source().number())
                    .thenComparingInt(p -> sentences.get(p.sentence()).position()));
            return statements(picks, sentences, input, null);
        }

        float[][] centroids = centroids(vectors, article, input.sources().size());
        List<Set<Integer>> mentioned = mentionedTerms(sentences, input);
        double[] score = new double[n];
        for (int i = 0; i < n; i++) {
            double[] p = roleProbabilities(sentences.get(i).sentence(), vectors[i]);
            score[i] = relevance[i] + weights.centrality() * cosine(vectors[i], centroids[article[i]])
                    + (mentioned.get(i).isEmpty() ? 0 : weights.mentioned());
            for (int k = 0; k < p.length; k++) {
                score[i] += weights.roles()[k] * p[k];
            }
        }
        List<Pick> picks = choose(score, vectors, article, mustCite, budget);
        int[] termOf = new int[n];
        if (grouped) {
            float[][] termVectors = embedded.subList(n, embedded.size()).toArray(float[][]::new);
            for (Pick p : picks) {
                termOf[p.sentence()] = termAbout(sentences.get(p.sentence()).text(), vectors[p.sentence()], input.terms(),
                        termVectors, mentioned.get(p.sentence()));
            }
        }
        List<Pick> ordered = grouped(picks, termOf, score);
        return statements(ordered, sentences, input, grouped ? termOf : null);
    }

    /** For each candidate, the selected terms (by index) its article's concept mentions put in it. */
    private static List<Set<Integer>> mentionedTerms(List<Candidate> sentences, SummaryInput input) {
        Map<String, Integer> termIndex = new HashMap<>();
        for (int t = 0; t < input.terms().size(); t++) {
            termIndex.put(input.terms().get(t).id(), t);
        }
        Map<String, List<TermMention>> byArticle = new HashMap<>();
        input.mentions().forEach(m -> byArticle.computeIfAbsent(m.articlePid(), a -> new ArrayList<>()).add(m));
        List<Set<Integer>> out = new ArrayList<>(sentences.size());
        for (Candidate c : sentences) {
            Set<Integer> terms = new LinkedHashSet<>();
            if (c.start() >= 0) {
                int end = c.start() + c.text().length();
                for (TermMention m : byArticle.getOrDefault(c.source().pid(), List.of())) {
                    Integer t = termIndex.get(m.termId());
                    if (t != null && m.start() >= c.start() && m.end() <= end) {
                        terms.add(t);
                    }
                }
            }
            out.add(terms);
        }
        return out;
    }

    /** The mean vector of each article's candidate sentences. */
    private static float[][] centroids(float[][] vectors, int[] article, int articles) {
        float[][] out = new float[articles][vectors[0].length];
        for (int i = 0; i < vectors.length; i++) {
            for (int d = 0; d < vectors[i].length; d++) {
                out[article[i]][d] += vectors[i][d];
            }
        }
        return out;
    }

    /** The role probabilities of a sentence: its section's label when it names one, else the classifier's. */
    private double[] roleProbabilities(AbstractSentences.Sentence sentence, float[] vector) {
        if (sentence.section().isPresent()) {
            double[] p = new double[SentenceRole.values().length];
            p[sentence.section().get().ordinal()] = 1;
            return p;
        }
        return roles.map(c -> c.probabilities(vector, sentence.index(), sentence.count())).orElse(UNKNOWN_ROLE);
    }

    /**
     * Chooses up to {@code budget} sentences by maximal marginal relevance over {@code score}; while one of
     * the first {@code mustCite} articles is not yet cited, only sentences of uncited articles compete. A
     * chosen sentence takes its unchosen near-duplicates with it: their articles join its citations.
     *
     * @param article the article (from 0) of each sentence
     */
    static List<Pick> choose(double[] score, float[][] vectors, int[] article, int mustCite, int budget) {
        int n = score.length;
        boolean[] used = new boolean[n];
        Set<Integer> cited = new LinkedHashSet<>();
        List<Pick> picks = new ArrayList<>();
        while (picks.size() < budget) {
            boolean covering = false;
            for (int i = 0; i < n && !covering; i++) {
                covering = !used[i] && article[i] < mustCite && !cited.contains(article[i]);
            }
            int best = -1;
            double bestScore = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < n; i++) {
                if (used[i] || covering && (article[i] >= mustCite || cited.contains(article[i]))) {
                    continue;
                }
                double redundancy = 0;
                for (Pick p : picks) {
                    redundancy = Math.max(redundancy, cosine(vectors[i], vectors[p.sentence()]));
                }
                double mmr = LAMBDA * score[i] - (1 - LAMBDA) * redundancy;
                if (mmr > bestScore) {
                    bestScore = mmr;
                    best = i;
                }
            }
            if (best < 0) {
                break;
            }
            used[best] = true;
            Set<Integer> articles = new LinkedHashSet<>();
            articles.add(article[best]);
            // Near-duplicates from other articles are not repeated: they add their article to the citations.
            for (int i = 0; i < n; i++) {
                if (!used[i] && cosine(vectors[i], vectors[best]) >= DUPLICATE) {
                    used[i] = true;
                    articles.add(article[i]);
                }
            }
            cited.addAll(articles);
            picks.add(new Pick(best, articles));
        }
        return picks;
    }

    /**
     * The selected term a sentence is about (its index): among the terms it names (preferred name or another
     * name, as whole words, perhaps plural, or as its concept mentions say: {@code mentioned}), else among all,
     * the one whose name is nearest in meaning.
     */
    static int termAbout(String text, float[] vector, List<SelectedTerm> terms, float[][] termVectors, Set<Integer> mentioned) {
        List<Integer> named = new ArrayList<>();
        for (int t = 0; t < terms.size(); t++) {
            if (mentioned.contains(t) || names(terms.get(t)).matcher(text).find()) {
                named.add(t);
            }
        }
        List<Integer> among = named.isEmpty() ? java.util.stream.IntStream.range(0, terms.size()).boxed().toList() : named;
        int best = among.get(0);
        for (int t : among) {
            if (cosine(vector, termVectors[t]) > cosine(vector, termVectors[best])) {
                best = t;
            }
        }
        return best;
    }

    private static Pattern names(SelectedTerm term) {
        List<String> names = new ArrayList<>();
        names.add(term.label());
        names.addAll(term.altLabels());
        return Pattern.compile(names.stream().map(Pattern::quote).collect(Collectors.joining("|", "(?i)(?<![\\p{L}\\p{N}])(?:",
                ")(?:e?s)?(?![\\p{L}\\p{N}])")));
    }

    /** The picks grouped by term (in the terms' order), the highest score first within a group. */
    static List<Pick> grouped(List<Pick> picks, int[] termOf, double[] score) {
        List<Pick> out = new ArrayList<>(picks);
        out.sort(Comparator.comparingInt((Pick p) -> termOf[p.sentence()])
                .thenComparing(Comparator.comparingDouble((Pick p) -> score[p.sentence()]).reversed()));
        return out;
    }

    private static List<Statement> statements(List<Pick> picks, List<Candidate> sentences, SummaryInput input, int[] termOf) {
        List<Statement> out = new ArrayList<>();
        for (Pick p : picks) {
            List<String> cites = p.articles().stream().sorted().map(a -> input.sources().get(a).pid()).toList();
            String term = termOf == null ? null : input.terms().get(termOf[p.sentence()]).id();
            out.add(new Statement(sentences.get(p.sentence()).text(), cites, term));
        }
        return out;
    }

    /**
     * The candidate sentences, each with the relevance of the chunk it lies in (null when the article's
     * chunks are not indexed). Sentences of chunks well below the best chunk are left out, unless
     * {@code everyArticle} and the chunk is its article's most relevant.
     */
    private void relevantSentences(List<SourceArticle> sources, float[] q, boolean everyArticle, List<Candidate> out,
                                   List<Double> chunkOut) {
        Map<String, List<IndexedChunk>> chunks = new HashMap<>();
        Map<String, IndexedChunk> bestOf = new HashMap<>();
        List<Double> all = new ArrayList<>();
        for (SourceArticle a : sources) {
            List<IndexedChunk> c = chunksOf.apply(a.pid());
            chunks.put(a.pid(), c);
            c.forEach(chunk -> all.add(cosine(q, chunk.vector())));
            c.stream().max(Comparator.comparingDouble(chunk -> cosine(q, chunk.vector())))
                    .ifPresent(best -> bestOf.put(a.pid(), best));
        }
        all.sort(Comparator.reverseOrder());
        double floor = all.isEmpty() ? Double.NEGATIVE_INFINITY
                : Math.max(all.get(0) - CHUNK_MARGIN, all.get(Math.min(all.size(), MAX_CHUNKS) - 1));
        for (Candidate s : sentences(sources)) {
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
            if (home == null || relevance >= floor || everyArticle && home == bestOf.get(s.source().pid())) {
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

    private static List<Candidate> sentences(List<SourceArticle> sources) {
        List<Candidate> out = new ArrayList<>();
        for (SourceArticle a : sources) {
            int position = 0;
            int from = 0;
            for (AbstractSentences.Sentence s : AbstractSentences.of(a.abstractText())) {
                int start = a.abstractText() == null ? -1 : a.abstractText().indexOf(s.text(), from);
                if (start >= 0) {
                    from = start + s.text().length();
                }
                if (words(s.text()) >= MIN_WORDS) {
                    out.add(new Candidate(s.text(), a, position++, s, start));
                }
            }
        }
        return out;
    }

    /** How many words (runs of letters) a text has. */
    public static long words(String text) {
        return WORD.matcher(text).results().count();
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

    private static double[] uniform() {
        double[] p = new double[SentenceRole.values().length];
        java.util.Arrays.fill(p, 1.0 / p.length);
        return p;
    }
}
