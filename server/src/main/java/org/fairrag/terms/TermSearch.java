package org.fairrag.terms;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.fairrag.embed.Embedder;
import org.fairrag.vectors.TermHit;
import org.fairrag.vectors.VectorIndex;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyIndex;

/**
 * Finds vocabulary terms from plain words: the {@link TermLexicon}'s matches (names, entry terms, word
 * parts) fused with the term names nearest in meaning to the query (vectors), as a weighted sum of the
 * lexical score and the cosine similarity. A lexical match that covers the query well
 * ({@link #CONFIDENT_LEXICAL} or more) comes first whatever the vectors say: on the lay-phrase dev set,
 * the lexicon's first hit is right more often than the fused one, while the fused order is better below
 * it. Without a vector index, the lexicon alone. Blocking.
 */
public final class TermSearch {

    /** Weight of the lexical score; the cosine similarity gets the rest. */
    static final double LEXICAL_WEIGHT = 0.6;
    /** A lexical score from which the lexicon's first match leads the results. */
    static final double CONFIDENT_LEXICAL = 0.7;
    /** Candidates taken from each side before fusing. */
    private static final int LEXICAL_CANDIDATES = 50;
    private static final int VECTOR_CANDIDATES = 100;

    private final Supplier<TermLexicon> lexicon;
    private final Supplier<VocabularyIndex> vocabulary;
    private final Optional<Embedder> queryEmbedder;
    private final Optional<VectorIndex> index;

    public TermSearch(Supplier<TermLexicon> lexicon, Supplier<VocabularyIndex> vocabulary,
                      Optional<Embedder> queryEmbedder, Optional<VectorIndex> index) {
        this.lexicon = lexicon;
        this.vocabulary = vocabulary;
        this.queryEmbedder = queryEmbedder;
        this.index = index;
    }

    public List<TermMatch> search(String query, int k) {
        VocabularyIndex vocab = vocabulary.get();
        TermLexicon names = lexicon.get();
        Map<String, Candidate> byTerm = new LinkedHashMap<>();
        for (TermLexicon.Match m : names.match(query, Math.max(k, LEXICAL_CANDIDATES))) {
            byTerm.put(m.termId(), new Candidate(m.termId(), m.name(), m.score(), null, null));
        }
        // A lay name's vector counts only while the lexicon has that name (a lexicon may be built without some).
        List<TermHit> near = queryEmbedder.isPresent() && index.isPresent()
                ? index.get().nearestTerms(queryEmbedder.get().embed(query), VECTOR_CANDIDATES).stream()
                        .filter(h -> vocab.byId(h.termId()).map(t -> names.counts(t, h.name())).orElse(false))
                        .toList()
                : List.of();
        // A term the vectors did not bring back is at most as similar as the last one they did.
        float floor = near.isEmpty() ? 0 : near.get(near.size() - 1).score();
        for (TermHit h : near) {
            byTerm.merge(h.termId(), new Candidate(h.termId(), null, 0, h.name(), h.score()), Candidate::merge);
        }
        String confident = byTerm.values().stream().filter(c -> c.lexical >= CONFIDENT_LEXICAL)
                .max(Comparator.comparingDouble(Candidate::lexical)).map(Candidate::id).orElse(null);
        List<TermMatch> out = new ArrayList<>();
        for (Candidate c : byTerm.values()) {
            Optional<Term> term = vocab.byId(c.id);
            if (term.isEmpty()) {
                continue;
            }
            double similarity = c.similarity != null ? c.similarity : floor;
            double score = near.isEmpty() ? c.lexical : LEXICAL_WEIGHT * c.lexical + (1 - LEXICAL_WEIGHT) * similarity;
            out.add(new TermMatch(c.id, term.get().label(), c.lexicalName != null ? c.lexicalName : c.vectorName,
                    score, term.get().treeNumbers()));
        }
        out.sort(Comparator.comparing((TermMatch m) -> !m.id().equals(confident))
                .thenComparingDouble(m -> -m.score()).thenComparingInt(m -> m.label().length()).thenComparing(TermMatch::id));
        return List.copyOf(out.subList(0, Math.min(k, out.size())));
    }

    /**
     * The terms one of whose names says what {@code phrase} says, by the lexicon alone (no vectors), best
     * first; {@code score} is the lexical score: 1 or more when a name covers the phrase and is covered by
     * it, more for an exact name. For callers that must know how surely a phrase names a term.
     */
    public List<TermMatch> byName(String phrase, int k) {
        VocabularyIndex vocab = vocabulary.get();
        List<TermMatch> out = new ArrayList<>();
        for (TermLexicon.Match m : lexicon.get().match(phrase, k)) {
            vocab.byId(m.termId()).ifPresent(t -> out.add(new TermMatch(t.id(), t.label(), m.name(), m.score(),
                    t.treeNumbers())));
        }
        return out;
    }

    private record Candidate(String id, String lexicalName, float lexical, String vectorName, Float similarity) {
        Candidate merge(Candidate other) {
            return new Candidate(id, lexicalName != null ? lexicalName : other.lexicalName, Math.max(lexical, other.lexical),
                    vectorName != null ? vectorName : other.vectorName,
                    similarity != null ? similarity : other.similarity);
        }
    }
}
