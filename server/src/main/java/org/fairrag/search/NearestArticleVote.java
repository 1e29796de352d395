package org.fairrag.search;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fairrag.annotate.CheckTags;
import org.fairrag.vectors.ArticleFields;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyIndex;

/**
 * The descriptors the articles nearest to a query are indexed with, put to a vote, as PubMed's related
 * articles and MTI's neighbours suggest subjects: a descriptor that many of them carry (itself or a narrower
 * one) and that is much more frequent among them than among all articles is what the query is about, even
 * when no word of the query names it and its name is far from the query's meaning. Of a descriptor and a
 * broader one that both win, the narrower is kept: the broader wins alone only when its narrower ones split
 * the vote. Check tags (species, sex, age) are on most articles whatever their topic, so they do not vote.
 * Costs no search: the nearest articles and their stored subjects are already at hand.
 */
final class NearestArticleVote {

    /**
     * @param depth       how many of the nearest articles vote
     * @param minSupport  how many of them must be indexed with the descriptor or a narrower one
     * @param minLift     how many times more frequent among them than among all articles it must be
     * @param maxConcepts how many descriptors win at most
     */
    record Options(int depth, int minSupport, double minLift, int maxConcepts) {}

    /** A descriptor that won: {@code support} of the {@code voters} nearest articles, {@code lift} times the base rate. */
    record Vote(String id, Set<String> branch, int support, int voters, double lift) {}

    private final ArticleCounts counts;
    private final Options options;

    NearestArticleVote(ArticleCounts counts, Options options) {
        this.counts = counts;
        this.options = options;
    }

    Options options() {
        return options;
    }

    /**
     * The winners, most votes first.
     *
     * @param nearest     the nearest articles' PIDs, best first (only the first {@code depth} vote)
     * @param fields      their stored fields
     * @param accessLevels the access levels searched, for the base rates
     */
    List<Vote> vote(List<String> nearest, Map<String, ArticleFields> fields, VocabularyIndex vocab, Set<String> accessLevels) {
        Set<String> checkTags = CheckTags.ids(vocab);
        Map<String, Integer> support = new HashMap<>();
        Map<String, Set<String>> ancestors = new HashMap<>();
        int voters = 0;
        for (String pid : nearest) {
            if (voters == options.depth) {
                break;
            }
            ArticleFields f = fields.get(pid);
            if (f == null) {
                continue;
            }
            voters++;
            Set<String> credited = new HashSet<>();
            for (String tag : f.termIds()) {
                if (!checkTags.contains(tag)) {
                    credited.add(tag);
                    credited.addAll(ancestors.computeIfAbsent(tag, t -> ancestors(t, vocab)));
                }
            }
            credited.forEach(id -> support.merge(id, 1, Integer::sum));
        }
        if (voters == 0) {
            return List.of();
        }
        long all = counts.all(accessLevels);
        List<Vote> won = new ArrayList<>();
        for (Map.Entry<String, Integer> e : support.entrySet()) {
            if (e.getValue() < options.minSupport) {
                continue;
            }
            Set<String> branch = vocab.withDescendants(e.getKey());
            long about = counts.about(e.getKey(), branch, accessLevels);
            double lift = about == 0 ? 0 : (e.getValue() / (double) voters) / (about / (double) all);
            if (lift >= options.minLift) {
                won.add(new Vote(e.getKey(), branch, e.getValue(), voters, lift));
            }
        }
        // A winner with a narrower winner gives way to it.
        Set<String> broader = new HashSet<>();
        for (Vote v : won) {
            Set<String> up = new HashSet<>(ancestors.computeIfAbsent(v.id(), t -> ancestors(t, vocab)));
            up.remove(v.id());
            broader.addAll(up);
        }
        return won.stream().filter(v -> !broader.contains(v.id()))
                .sorted(Comparator.comparingInt((Vote v) -> -v.support()).thenComparingDouble(v -> -v.lift())
                        .thenComparing(Vote::id))
                .limit(options.maxConcepts).toList();
    }

    /** The term and every term above it. */
    private static Set<String> ancestors(String id, VocabularyIndex vocab) {
        Set<String> out = new HashSet<>();
        Deque<String> todo = new ArrayDeque<>(List.of(id));
        while (!todo.isEmpty()) {
            String next = todo.poll();
            if (out.add(next)) {
                vocab.byId(next).map(Term::broader).ifPresent(todo::addAll);
            }
        }
        return out;
    }
}
