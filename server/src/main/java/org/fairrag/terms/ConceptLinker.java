package org.fairrag.terms;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.cache.CaffeineCacheMetrics;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.fairrag.vectors.TermHit;
import org.fairrag.vectors.VectorIndex;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyIndex;

/**
 * Finds the vocabulary concepts a query speaks of, the two ways {@link TermSearch} finds terms, applied
 * to a whole query:
 * <ul>
 *   <li>by its words, as PubMed's automatic term mapping does: the longest runs of the query's words
 *       that a concept's name (preferred, entry term or everyday name, through the {@link TermLexicon})
 *       covers well, and is covered by, are taken first (of runs as long, the best named), and the words
 *       left are tried in shorter runs; a run is trimmed of end words its concept does not explain.
 *       Each word stands for one concept at most, so every concept explains words of its own, and a
 *       broader concept is not found again inside a phrase that named a narrower one ("mouth cancer" is
 *       Mouth Neoplasms, not also Mouth and Neoplasms);</li>
 *   <li>by its meaning: the concepts whose names are nearest to the query's embedding, which finds what
 *       a query describes without naming it ("kids who are too fat").</li>
 * </ul>
 * How much each concept should count is for the search to judge, against the articles (a link is a
 * hypothesis). The search may also find a named concept implausible ({@link Links#resolve}): then the run's next
 * best name is tried, and failing that its words are left to shorter runs, so that a name of the wrong sense does
 * not keep the words from the right one. Links are cached per query text, and the best names of each run of words
 * per run, for as long as the lexicon and vocabulary they came from are current. Thread-safe; blocking (CPU, and
 * the term vector search).
 */
public final class ConceptLinker {

    /**
     * @param maxWords the longest run of query words tried as one concept's name
     * @param minScore the lexicon score a run's best name must reach (1 means the name and the words
     *                 cover each other, above 1 is an exact name)
     * @param nearest  how many concepts nearest in meaning to the query are taken
     */
    public record Options(int maxWords, double minScore, int nearest) {
        public static final Options DEFAULT = new Options(5, 0.8, 8);
    }

    /** The lexicon score from which a name covers the words fully (above it is an exact name). */
    public static final double FULL_COVER = 1.0;
    /**
     * Runs of query words whose best name is kept, for every query: distinct queries share words ("cancer", "in
     * children"), and looking a run up in the lexicon was a third of linking a query (JFR, 2026-11-23).
     */
    static final int RUNS_KEPT = 50_000;
    /** How many names of a run of words are kept, best first, to try in turn when the search rejects the best. */
    static final int NAMES_PER_RUN = 3;

    private final TermWords analyzer = new TermWords();
    private final Supplier<TermLexicon> lexicon;
    private final Supplier<VocabularyIndex> vocabulary;
    private final Optional<VectorIndex> termVectors;
    private final Options options;
    private final Cache<String, Linked> cache;

    /**
     * @param termVectors where the term names' vectors are, for concepts found by meaning; empty for words only
     * @param cacheSize   how many queries' concepts to keep; 0 keeps none
     */
    public ConceptLinker(Supplier<TermLexicon> lexicon, Supplier<VocabularyIndex> vocabulary,
                         Optional<VectorIndex> termVectors, Options options, int cacheSize) {
        this.lexicon = lexicon;
        this.vocabulary = vocabulary;
        this.termVectors = termVectors;
        this.options = options;
        this.cache = Caffeine.newBuilder().maximumSize(cacheSize).recordStats().build();
    }

    /** Concepts named by the query's words only, nothing cached. */
    public ConceptLinker(Supplier<TermLexicon> lexicon, Supplier<VocabularyIndex> vocabulary) {
        this(lexicon, vocabulary, Optional.empty(), Options.DEFAULT, 0);
    }

    public Options options() {
        return options;
    }

    /** Publishes the cache's hits, misses, size and evictions as {@code cache.*} meters named {@code query_concepts}. */
    public void bindTo(MeterRegistry registry) {
        CaffeineCacheMetrics.monitor(registry, cache, "query_concepts");
    }

    /**
     * The lexicon and vocabulary cached concepts come from; a new one empties the cache. {@code runs}: the best name
     * of each run of words looked up in that lexicon.
     */
    private record Source(TermLexicon lexicon, VocabularyIndex vocabulary, long generation,
                          Cache<String, List<TermLexicon.Match>> runs) {}

    private record Linked(long generation, Links links) {}

    private final AtomicReference<Source> source = new AtomicReference<>(new Source(null, null, 0, null));

    /** The current lexicon and vocabulary, and what was looked up in them. */
    private Source current() {
        TermLexicon names = lexicon.get();
        VocabularyIndex vocab = vocabulary.get();
        return source.updateAndGet(s -> s.lexicon == names && s.vocabulary == vocab ? s
                : new Source(names, vocab, s.generation + 1, Caffeine.newBuilder().maximumSize(RUNS_KEPT).build()));
    }

    /**
     * The concepts of the query, every named one taken as plausible: those its words name, in the order of the
     * words, then those only its meaning found, nearest first; a concept found both ways comes once, with both.
     *
     * @param queryVector the query's embedding (only read when the query is not cached)
     */
    public List<QueryConcept> link(String query, float[] queryVector) {
        return links(query, queryVector).resolve(c -> true);
    }

    /**
     * What the query's words and meaning could link to, for the search to {@link Links#resolve resolve} against
     * the articles.
     *
     * @param queryVector the query's embedding (only read when the query is not cached)
     */
    public Links links(String query, float[] queryVector) {
        Source from = current();
        VocabularyIndex vocab = from.vocabulary;
        Linked known = cache.getIfPresent(query);
        if (known != null && known.generation == from.generation) {
            return known.links;
        }
        List<QueryConcept> nearest = new ArrayList<>();
        if (termVectors.isPresent() && options.nearest > 0) {
            for (TermHit hit : termVectors.get().nearestTerms(queryVector, options.nearest)) {
                vocab.byId(hit.termId()).ifPresent(term ->
                        nearest.add(new QueryConcept(term.id(), term.label(), hit.name(), query, 0, hit.score(), 0)));
            }
        }
        Links links = new Links(candidates(query, from), nearest);
        cache.put(query, new Linked(from.generation, links));
        return links;
    }

    /** The concepts the query's words name, in the order of the words. */
    public List<QueryConcept> named(String query) {
        return new Links(candidates(query, current()), List.of()).resolve(c -> true);
    }

    /**
     * A query's possible links: runs of its words with the names that cover them, longest runs first, and the
     * concepts nearest to its meaning. Immutable.
     */
    public static final class Links {
        private final List<Run> runs;
        private final List<QueryConcept> nearest;

        private Links(List<Run> runs, List<QueryConcept> nearest) {
            this.runs = runs;
            this.nearest = nearest;
        }

        /** Whether nothing could be linked. */
        public boolean isEmpty() {
            return runs.isEmpty() && nearest.isEmpty();
        }

        /**
         * The concepts linked, each word standing for one concept at most: the runs are taken longest first, each by
         * the best of its names whose concept is {@code plausible} (a run none of whose concepts is leaves its words
         * to shorter runs); named concepts in the order of the words, then those only the meaning found.
         */
        public List<QueryConcept> resolve(Predicate<QueryConcept> plausible) {
            int words = runs.stream().mapToInt(Run::to).max().orElse(0);
            boolean[] taken = new boolean[words];
            List<Found> found = new ArrayList<>();
            for (Run run : runs) {
                if (anyTaken(taken, run.from, run.to)) {
                    continue;
                }
                boolean any = false;
                for (Found name : run.names) {
                    if (plausible.test(name.concept)) {
                        for (int i = name.position; i < name.position + name.concept.words(); i++) {
                            taken[i] = true;
                        }
                        found.add(name);
                        any = true;
                        break;
                    }
                }
                if (!any && !Boolean.getBoolean("fairrag.fallback.free")) {
                    Found best = run.names.get(0);
                    for (int i = best.position; i < best.position + best.concept.words(); i++) {
                        taken[i] = true;
                    }
                }
            }
            found.sort(Comparator.comparingInt(Found::position));
            Map<String, QueryConcept> byId = new LinkedHashMap<>();
            for (Found f : found) {
                byId.putIfAbsent(f.concept.id(), f.concept);
            }
            for (QueryConcept near : nearest) {
                QueryConcept named = byId.get(near.id());
                if (named == null) {
                    byId.put(near.id(), near);
                } else if (!named.near()) {
                    byId.put(near.id(), new QueryConcept(named.id(), named.label(), named.matched(), named.text(),
                            named.score(), near.similarity(), named.words()));
                }
            }
            return List.copyOf(byId.values());
        }
    }

    /** Words {@code from} to {@code to} (exclusive) and the concepts that could stand for them, best first, each trimmed. */
    private record Run(int from, int to, List<Found> names) {}

    private List<Run> candidates(String query, Source looked) {
        VocabularyIndex vocab = looked.vocabulary;
        List<TermWords.Word> words = analyzer.located(query);
        Spans spans = new Spans(query, words, text -> looked.runs.get(text, t -> looked.lexicon.match(t, NAMES_PER_RUN)));
        List<Run> runs = new ArrayList<>();
        List<Double> bestScores = new ArrayList<>();
        for (int length = Math.min(options.maxWords, words.size()); length >= 1; length--) {
            for (int from = 0; from + length <= words.size(); from++) {
                Span span = spans.best(from, from + length);
                if (span == null) {
                    continue;
                }
                List<Found> names = new ArrayList<>();
                for (TermLexicon.Match match : span.matches) {
                    Term term = vocab.byId(match.termId()).orElse(null);
                    if (match.score() >= options.minScore && term != null) {
                        Span trimmed = trimmed(span, match, spans);
                        TermLexicon.Match kept = trimmed.match(match.termId());
                        names.add(new Found(trimmed.from, new QueryConcept(term.id(), term.label(), kept.name(), trimmed.text,
                                kept.score(), 0, trimmed.to - trimmed.from)));
                    }
                }
                if (!names.isEmpty()) {
                    runs.add(new Run(from, from + length, List.copyOf(names)));
                    bestScores.add((double) span.matches.get(0).score());
                }
            }
        }
        // The longest runs first; of runs as long, the best named: "treatments for mouth cancer" is the exact
        // name "mouth cancer", not "treatments for mouth" read in part as Mouth Rehabilitation.
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            order.add(i);
        }
        order.sort(Comparator.comparingInt((Integer i) -> -(runs.get(i).to - runs.get(i).from))
                .thenComparingDouble(i -> -bestScores.get(i))
                .thenComparingInt(i -> runs.get(i).from));
        return order.stream().map(runs::get).toList();
    }

    /** How many words of the query its concepts may name (function words do not count). */
    public int wordCount(String query) {
        return analyzer.located(query).size();
    }

    /** Words {@code from} to {@code to} (exclusive) of the query, and the best names for them, best first. */
    private record Span(int from, int to, String text, List<TermLexicon.Match> matches) {

        /** The name of the concept among this run's names, or null. */
        TermLexicon.Match match(String termId) {
            return matches.stream().filter(m -> m.termId().equals(termId)).findFirst().orElse(null);
        }
    }

    /** The best name of each run of the query's words, each run looked up once (trimming asks again for shorter runs). */
    private static final class Spans {
        private final String query;
        private final List<TermWords.Word> words;
        private final Function<String, List<TermLexicon.Match>> bestNames;
        private final Map<Integer, Optional<Span>> known = new HashMap<>();

        Spans(String query, List<TermWords.Word> words, Function<String, List<TermLexicon.Match>> bestNames) {
            this.query = query;
            this.words = words;
            this.bestNames = bestNames;
        }

        /** Words {@code from} to {@code to} (exclusive) and their best names, or null when no name matches them. */
        Span best(int from, int to) {
            return known.computeIfAbsent(from * (words.size() + 1) + to, k -> {
                String text = query.substring(words.get(from).start(), words.get(to - 1).end());
                List<TermLexicon.Match> matches = bestNames.apply(text);
                return matches.isEmpty() ? Optional.<Span>empty() : Optional.of(new Span(from, to, text, matches));
            }).orElse(null);
        }
    }

    /**
     * The span without the words at its ends that its concept does not need: a word whose removal leaves
     * the same concept with a better score was not explained by it ("Epstein-Barr virus in children" is
     * Epstein-Barr virus, and "children" is left for a concept of its own).
     */
    private static Span trimmed(Span span, TermLexicon.Match name, Spans spans) {
        String termId = name.termId();
        while (span.to - span.from > 1) {
            Span better = null;
            float score = span.match(termId).score();
            for (Span shorter : new Span[] {spans.best(span.from + 1, span.to), spans.best(span.from, span.to - 1)}) {
                TermLexicon.Match same = shorter == null ? null : shorter.match(termId);
                if (same != null && same.score() > score && (better == null || same.score() > better.match(termId).score())) {
                    better = shorter;
                }
            }
            if (better == null) {
                return span;
            }
            span = better;
        }
        return span;
    }

    private static boolean anyTaken(boolean[] taken, int from, int to) {
        for (int i = from; i < to; i++) {
            if (taken[i]) {
                return true;
            }
        }
        return false;
    }

    private record Found(int position, QueryConcept concept) {}
}
