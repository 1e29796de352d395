package org.fairrag.terms;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.cache.CaffeineCacheMetrics;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
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
 *   <li>by its meaning: the concepts whose names (preferred and everyday) are nearest to the query's embedding,
 *       which finds what a query describes without naming it ("kids who are too fat").</li>
 * </ul>
 * How much each concept should count is for the search to judge, against the articles (a link is a
 * hypothesis). Results are cached per query text, and the best name of each run of words per run, for as long as
 * the lexicon and vocabulary they came from are current. Thread-safe; blocking (CPU, and the term vector search).
 */
public final class ConceptLinker {

    /**
     * @param maxWords the longest run of query words tried as one concept's name
     * @param minScore the lexicon score a run's best name must reach (1 means the name and the words
     *                 cover each other, above 1 is an exact name)
     * @param nearest  how many concepts nearest in meaning to the query are taken
     */
    public record Options(int maxWords, double minScore, int nearest) {
        public static final Options DEFAULT = new Options(5, 0.8, Integer.getInteger("fairrag.exp.nearest", 8));
    }

    /** The lexicon score from which a name covers the words fully (above it is an exact name). */
    public static final double FULL_COVER = 1.0;
    /**
     * Runs of query words whose best name is kept, for every query: distinct queries share words ("cancer", "in
     * children"), and looking a run up in the lexicon was a third of linking a query (JFR, 2026-11-23).
     */
    static final int RUNS_KEPT = 50_000;
    /**
     * Names read for each concept wanted by meaning: a term has its preferred name and its lay names in the index, so
     * the nearest names hold fewer distinct concepts than names.
     */
    static final int NAMES_PER_CONCEPT = 3;

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
                          Cache<String, Optional<TermLexicon.Match>> runs) {}

    private record Linked(long generation, List<QueryConcept> concepts) {}

    private final AtomicReference<Source> source = new AtomicReference<>(new Source(null, null, 0, null));

    /** The current lexicon and vocabulary, and what was looked up in them. */
    private Source current() {
        TermLexicon names = lexicon.get();
        VocabularyIndex vocab = vocabulary.get();
        return source.updateAndGet(s -> s.lexicon == names && s.vocabulary == vocab ? s
                : new Source(names, vocab, s.generation + 1, Caffeine.newBuilder().maximumSize(RUNS_KEPT).build()));
    }

    /**
     * The concepts of the query: those its words name, in the order of the words, then those only its
     * meaning found, nearest first; a concept found both ways comes once, with both.
     *
     * @param queryVector the query's embedding (only read when the query is not cached)
     */
    public List<QueryConcept> link(String query, float[] queryVector) {
        Source from = current();
        VocabularyIndex vocab = from.vocabulary;
        Linked known = cache.getIfPresent(query);
        if (known != null && known.generation == from.generation) {
            return known.concepts;
        }
        Map<String, QueryConcept> byId = new LinkedHashMap<>();
        for (QueryConcept c : named(query, from)) {
            byId.putIfAbsent(c.id(), c);
        }
        if (termVectors.isPresent() && options.nearest > 0) {
            Set<String> near = new HashSet<>();
            for (TermHit hit : termVectors.get().nearestTerms(queryVector, NAMES_PER_CONCEPT * options.nearest)) {
                if (near.size() == options.nearest) {
                    break;
                }
                Term term = vocab.byId(hit.termId()).orElse(null);
                // A lay name the lexicon was built without does not count; each concept counts once, by its nearest name.
                if (term == null || !from.lexicon.counts(term, hit.name()) || !near.add(term.id())) {
                    continue;
                }
                QueryConcept named = byId.get(term.id());
                if (named == null) {
                    byId.put(term.id(), new QueryConcept(term.id(), term.label(), hit.name(), query, 0, hit.score(), 0));
                } else if (!named.near()) {
                    byId.put(term.id(), new QueryConcept(term.id(), term.label(), named.matched(), named.text(), named.score(),
                            hit.score(), named.words()));
                }
            }
        }
        List<QueryConcept> concepts = List.copyOf(byId.values());
        cache.put(query, new Linked(from.generation, concepts));
        return concepts;
    }

    /** The concepts the query's words name, in the order of the words. */
    public List<QueryConcept> named(String query) {
        return named(query, current());
    }

    private List<QueryConcept> named(String query, Source looked) {
        VocabularyIndex vocab = looked.vocabulary;
        List<TermWords.Word> words = analyzer.located(query);
        Spans spans = new Spans(query, words, text -> looked.runs.get(text, t -> {
            List<TermLexicon.Match> best = looked.lexicon.match(t, 1);
            return best.isEmpty() ? Optional.empty() : Optional.of(best.get(0));
        }));
        List<Span> candidates = new ArrayList<>();
        for (int length = Math.min(options.maxWords, words.size()); length >= 1; length--) {
            for (int from = 0; from + length <= words.size(); from++) {
                Span span = spans.best(from, from + length);
                if (span != null && span.match.score() >= options.minScore && vocab.byId(span.match.termId()).isPresent()) {
                    candidates.add(span);
                }
            }
        }
        // The longest runs first; of runs as long, the best named: "treatments for mouth cancer" is the exact
        // name "mouth cancer", not "treatments for mouth" read in part as Mouth Rehabilitation.
        candidates.sort(Comparator.comparingInt((Span c) -> -(c.to - c.from))
                .thenComparingDouble(c -> -c.match.score())
                .thenComparingInt(c -> c.from));
        boolean[] taken = new boolean[words.size()];
        List<Found> found = new ArrayList<>();
        for (Span candidate : candidates) {
            if (anyTaken(taken, candidate.from, candidate.to)) {
                continue;
            }
            Span span = trimmed(candidate, spans);
            for (int i = span.from; i < span.to; i++) {
                taken[i] = true;
            }
            Term term = vocab.byId(span.match.termId()).orElseThrow();
            found.add(new Found(span.from, new QueryConcept(term.id(), term.label(), span.match.name(), span.text,
                    span.match.score(), 0, span.to - span.from)));
        }
        found.sort(Comparator.comparingInt(Found::position));
        return found.stream().map(Found::concept).toList();
    }

    /** How many words of the query its concepts may name (function words do not count). */
    public int wordCount(String query) {
        return analyzer.located(query).size();
    }

    /** Words {@code from} to {@code to} (exclusive) of the query, and the best name for them. */
    private record Span(int from, int to, String text, TermLexicon.Match match) {}

    /** The best name of each run of the query's words, each run looked up once (trimming asks again for shorter runs). */
    private static final class Spans {
        private final String query;
        private final List<TermWords.Word> words;
        private final Function<String, Optional<TermLexicon.Match>> bestName;
        private final Map<Integer, Optional<Span>> known = new HashMap<>();

        Spans(String query, List<TermWords.Word> words, Function<String, Optional<TermLexicon.Match>> bestName) {
            this.query = query;
            this.words = words;
            this.bestName = bestName;
        }

        /** Words {@code from} to {@code to} (exclusive) and their best name, or null when no name matches them. */
        Span best(int from, int to) {
            return known.computeIfAbsent(from * (words.size() + 1) + to, k -> {
                String text = query.substring(words.get(from).start(), words.get(to - 1).end());
                return bestName.apply(text).map(match -> new Span(from, to, text, match));
            }).orElse(null);
        }
    }

    /**
     * The span without the words at its ends that its concept does not need: a word whose removal leaves
     * the same concept with a better score was not explained by it ("Epstein-Barr virus in children" is
     * Epstein-Barr virus, and "children" is left for a concept of its own).
     */
    private static Span trimmed(Span span, Spans spans) {
        while (span.to - span.from > 1) {
            Span better = null;
            for (Span shorter : new Span[] {spans.best(span.from + 1, span.to), spans.best(span.from, span.to - 1)}) {
                if (shorter != null && shorter.match.termId().equals(span.match.termId())
                        && shorter.match.score() > span.match.score()
                        && (better == null || shorter.match.score() > better.match.score())) {
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
