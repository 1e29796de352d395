package org.fairrag.terms;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.cache.CaffeineCacheMetrics;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
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
 *       covers well, and is covered by, are taken first, and the words left are tried in shorter runs.
 *       Each word stands for one concept at most, so every concept explains words of its own, and a
 *       broader concept is not found again inside a phrase that named a narrower one ("mouth cancer" is
 *       Mouth Neoplasms, not also Mouth and Neoplasms);</li>
 *   <li>by its meaning: the concepts whose names are nearest to the query's embedding, which finds what
 *       a query describes without naming it ("kids who are too fat").</li>
 * </ul>
 * How much each concept should count is for the search to judge, against the articles (a link is a
 * hypothesis). Results are cached per query text, for as long as the lexicon and vocabulary they came
 * from are current. Thread-safe; blocking (CPU, and the term vector search).
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

    /** The lexicon and vocabulary cached concepts come from; a new one empties the cache. */
    private record Source(TermLexicon lexicon, VocabularyIndex vocabulary, long generation) {}

    private record Linked(long generation, List<QueryConcept> concepts) {}

    private final AtomicReference<Source> source = new AtomicReference<>(new Source(null, null, 0));

    /**
     * The concepts of the query: those its words name, in the order of the words, then those only its
     * meaning found, nearest first; a concept found both ways comes once, with both.
     *
     * @param queryVector the query's embedding (only read when the query is not cached)
     */
    public List<QueryConcept> link(String query, float[] queryVector) {
        TermLexicon names = lexicon.get();
        VocabularyIndex vocab = vocabulary.get();
        Source from = source.updateAndGet(s -> s.lexicon == names && s.vocabulary == vocab ? s
                : new Source(names, vocab, s.generation + 1));
        Linked known = cache.getIfPresent(query);
        if (known != null && known.generation == from.generation) {
            return known.concepts;
        }
        Map<String, QueryConcept> byId = new LinkedHashMap<>();
        for (QueryConcept c : named(query, names, vocab)) {
            byId.putIfAbsent(c.id(), c);
        }
        if (termVectors.isPresent() && options.nearest > 0) {
            for (TermHit hit : termVectors.get().nearestTerms(queryVector, options.nearest)) {
                Term term = vocab.byId(hit.termId()).orElse(null);
                if (term == null) {
                    continue;
                }
                QueryConcept named = byId.get(term.id());
                if (named == null) {
                    byId.put(term.id(), new QueryConcept(term.id(), term.label(), hit.name(), query, 0, hit.score()));
                } else if (!named.near()) {
                    byId.put(term.id(), new QueryConcept(term.id(), term.label(), named.matched(), named.text(), named.score(),
                            hit.score()));
                }
            }
        }
        List<QueryConcept> concepts = List.copyOf(byId.values());
        cache.put(query, new Linked(from.generation, concepts));
        return concepts;
    }

    /** The concepts the query's words name, in the order of the words. */
    public List<QueryConcept> named(String query) {
        return named(query, lexicon.get(), vocabulary.get());
    }

    private List<QueryConcept> named(String query, TermLexicon names, VocabularyIndex vocab) {
        List<TermWords.Located> words = analyzer.located(query);
        boolean[] taken = new boolean[words.size()];
        List<Found> found = new ArrayList<>();
        for (int length = Math.min(options.maxWords, words.size()); length >= 1; length--) {
            for (int from = 0; from + length <= words.size(); from++) {
                if (anyTaken(taken, from, from + length)) {
                    continue;
                }
                String text = query.substring(words.get(from).start(), words.get(from + length - 1).end());
                List<TermLexicon.Match> best = names.match(text, 1);
                if (best.isEmpty() || best.get(0).score() < options.minScore) {
                    continue;
                }
                TermLexicon.Match m = best.get(0);
                Term term = vocab.byId(m.termId()).orElse(null);
                if (term == null) {
                    continue;
                }
                for (int i = from; i < from + length; i++) {
                    taken[i] = true;
                }
                found.add(new Found(from, new QueryConcept(term.id(), term.label(), m.name(), text, m.score(), 0)));
            }
        }
        found.sort(Comparator.comparingInt(Found::position));
        return found.stream().map(Found::concept).toList();
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
