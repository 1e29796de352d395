package org.fairrag.terms;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.fairrag.vectors.ArticleFilter;
import org.fairrag.vectors.VectorIndex;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyIndex;

/**
 * One term with its neighbourhood: broader and narrower terms, and how many articles the caller may see
 * are tagged with it, directly or through a narrower term (from the vector index, which keeps each article's
 * direct tags). Blocking when it counts articles.
 */
public final class TermDetails {

    private final Supplier<VocabularyIndex> vocabulary;
    private final Optional<VectorIndex> index;

    public TermDetails(Supplier<VocabularyIndex> vocabulary, Optional<VectorIndex> index) {
        this.vocabulary = vocabulary;
        this.index = index;
    }

    /**
     * @param articleCount         visible articles tagged with the term; null without a vector index
     * @param articleCountExploded visible articles tagged with it or any narrower term; null likewise
     */
    public record Detail(Term term, List<TermRef> broader, List<TermRef> narrower, Long articleCount,
                         Long articleCountExploded) {}

    /**
     * A term and its narrower terms to some depth; {@code hasChildren} tells a leaf from a term whose narrower
     * terms lie below the depth asked for (both have no {@code children} there).
     */
    public record Node(String id, String label, boolean hasChildren, List<Node> children) {}

    /** @param accessLevels the access levels of the articles counted: those the caller may see */
    public Optional<Detail> detail(String id, Set<String> accessLevels) {
        VocabularyIndex vocab = vocabulary.get();
        return vocab.byId(id).map(t -> {
            Long direct = index.map(i -> i.countArticles(ArticleFilter.taggedWithAny(Set.of(id), accessLevels))).orElse(null);
            Long exploded = index.map(i -> i.countArticles(ArticleFilter.taggedWithAny(vocab.withDescendants(id), accessLevels)))
                    .orElse(null);
            return new Detail(t, refs(t.broader(), vocab), refs(t.narrower(), vocab), direct, exploded);
        });
    }

    /** The term's narrower terms, and theirs, down to {@code depth} levels (1 = children only). */
    public Optional<Node> narrower(String id, int depth) {
        VocabularyIndex vocab = vocabulary.get();
        return vocab.byId(id).map(t -> node(t, depth, vocab));
    }

    private static Node node(Term t, int depth, VocabularyIndex vocab) {
        List<Node> children = new ArrayList<>();
        if (depth > 0) {
            for (String child : t.narrower()) {
                vocab.byId(child).ifPresent(c -> children.add(node(c, depth - 1, vocab)));
            }
            children.sort(Comparator.comparing(Node::label));
        }
        boolean hasChildren = t.narrower().stream().anyMatch(child -> vocab.byId(child).isPresent());
        return new Node(t.id(), t.label(), hasChildren, children);
    }

    private static List<TermRef> refs(List<String> ids, VocabularyIndex vocab) {
        List<TermRef> out = new ArrayList<>(ids.size());
        for (String id : ids) {
            vocab.byId(id).ifPresent(t -> out.add(new TermRef(t.id(), t.label())));
        }
        out.sort(Comparator.comparing(TermRef::label));
        return out;
    }
}
