package org.fairrag.annotate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Supplier;
import org.fairrag.ingest.Article;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyIndex;

/**
 * Suggests subject terms for any text, as an indexer would choose them: the candidates are the terms the
 * text mentions ({@link MentionFinder}) and the subjects of its nearest tagged articles ({@link Neighbours})
 * (and, for a model that uses them, the terms with the nearest names and those next to a mentioned one in the tree),
 * each scored by the {@link SubjectModel} and kept when the score reaches its cut-off. Each suggestion comes
 * with its evidence: the mentions and the neighbours that have it. Nothing is stored. Blocking (embeds the
 * text); thread-safe.
 */
public final class SubjectSuggester {

    /** Suggestions returned at most, best first. */
    public static final int MAX_SUBJECTS = 25;
    private static final int MAX_EVIDENCE = 3;

    /** Why a term is suggested: a place the text mentions it, or a similar article that has it as a subject. */
    public sealed interface Evidence permits MentionEvidence, NeighbourEvidence, NameEvidence {}

    public record MentionEvidence(String text, TextPart part, int start, int end) implements Evidence {}

    public record NeighbourEvidence(String pid, String title, float similarity) implements Evidence {}

    /** The term's name is among those nearest to the meaning of the text's title: its similarity, its rank from 1. */
    public record NameEvidence(float similarity, int rank) implements Evidence {}

    /** A suggested term, its probability of being a subject, and why. */
    public record Subject(String termId, String termPid, String label, double score, List<Evidence> evidence) {}

    /** What a text mentions and the subjects suggested for it. */
    public record Suggestions(List<Mention> mentions, List<Subject> subjects) {}

    private final Supplier<MentionFinder> finder;
    private final Optional<Neighbours> neighbours;
    private final Optional<NearestNames> names;
    private final Supplier<SubjectStatistics> statistics;
    private final SubjectModel model;
    private final Supplier<VocabularyIndex> vocabulary;
    private final AtomicReference<CheckTagSet> checkTags = new AtomicReference<>();

    private record CheckTagSet(VocabularyIndex vocabulary, Set<String> ids, Map<String, StudiedAges.Interval> ageGroups) {}

    public SubjectSuggester(Supplier<MentionFinder> finder, Optional<Neighbours> neighbours,
                            Supplier<SubjectStatistics> statistics, SubjectModel model, Supplier<VocabularyIndex> vocabulary) {
        this(finder, neighbours, Optional.empty(), statistics, model, vocabulary);
    }

    /** @param names the terms with the nearest names, searched only when the model uses them ({@link SubjectModel#usesNames}) */
    public SubjectSuggester(Supplier<MentionFinder> finder, Optional<Neighbours> neighbours, Optional<NearestNames> names,
                            Supplier<SubjectStatistics> statistics, SubjectModel model, Supplier<VocabularyIndex> vocabulary) {
        this.finder = finder;
        this.neighbours = neighbours;
        this.names = names;
        this.statistics = statistics;
        this.model = model;
        this.vocabulary = vocabulary;
    }

    public SubjectModel model() {
        return model;
    }

    /** A suggester with another model (the bench compares models on the same texts). */
    public SubjectSuggester with(SubjectModel other) {
        return new SubjectSuggester(finder, neighbours, names, statistics, other, vocabulary);
    }

    /**
     * Mentions and suggested subjects of a text; neighbours are taken among articles of {@code accessLevels}.
     * Either part may be null, not both.
     */
    public Suggestions suggest(String title, String abstractText, Set<String> accessLevels) {
        MentionFinder.Found found = finder.get().find(title, abstractText);
        List<Neighbours.Neighbour> near = model.usesNeighbours() && neighbours.isPresent()
                ? neighbours.get().of(title, abstractText, accessLevels, Set.of()) : List.of();
        List<NearestNames.Match> named = names(title, abstractText);
        return new Suggestions(found.mentions(), subjects(WordClassifiers.words(title, abstractText), found.mentions(), near,
                named, StudiedAges.of(title, abstractText)));
    }

    /**
     * Subjects for an article that came without any, to be kept apart from indexers' subjects: neighbours
     * among public articles for a public article, among all for a restricted one.
     */
    public List<Article.Subject> forArticle(Article article) {
        if (isBlank(article.title()) && isBlank(article.abstractText())) {
            return List.of();
        }
        Set<String> levels = "restricted".equals(article.accessLevel()) ? Set.of("public", "restricted") : Set.of("public");
        return suggest(article.title(), article.abstractText(), levels).subjects().stream()
                .map(s -> new Article.Subject(s.termId(), s.termPid(), false)).toList();
    }

    private static boolean isBlank(String s) {
        return s == null || s.isBlank();
    }

    /**
     * The subjects suggested from the words of a text ({@link WordClassifiers#words}), its mentions and neighbours, the
     * terms whose names are nearest to its embedding, and the ages it states.
     */
    public List<Subject> subjects(Set<String> words, List<Mention> mentions, List<Neighbours.Neighbour> near,
                                  List<NearestNames.Match> named, StudiedAges ages) {
        VocabularyIndex vocab = vocabulary.get();
        List<Subject> out = new ArrayList<>();
        for (SubjectCandidates.Candidate c : candidates(mentions, near, named, ages)) {
            double score = model.score(c.termId(), c.features(), words);
            if (score < model.threshold()) {
                continue;
            }
            Optional<Term> term = vocab.byId(c.termId());
            if (term.isEmpty()) {
                continue;
            }
            out.add(new Subject(c.termId(), term.get().pid(), term.get().label(), score, evidence(c)));
        }
        out.sort(Comparator.comparingDouble(Subject::score).reversed().thenComparing(Subject::termId));
        return out.size() > MAX_SUBJECTS ? List.copyOf(out.subList(0, MAX_SUBJECTS)) : out;
    }

    /** Every candidate with its features, for fitting and measuring the model. */
    List<SubjectCandidates.Candidate> candidates(List<Mention> mentions, List<Neighbours.Neighbour> near,
                                                 List<NearestNames.Match> named, StudiedAges ages) {
        List<SubjectCandidates.Candidate> out = SubjectCandidates.of(mentions, near, model.usesNames() ? named : List.of(),
                statistics.get(), checkTags(), broader(), narrower(), model.usesMentions(), model.usesNeighbours(),
                model.usesTree(), model.checkTags().byTerm().keySet());
        SubjectCandidates.describeAges(out, ages, checkTagSet().ageGroups());
        return out;
    }

    /** The terms with the nearest names to a text, as {@link #suggest} finds them: empty unless its model uses them. */
    List<NearestNames.Match> names(String title, String abstractText) {
        return model.usesNames() ? names.map(n -> n.of(title, abstractText)).orElse(List.of()) : List.of();
    }

    Optional<NearestNames> nameSearch() {
        return names;
    }

    /** The neighbours of a text, as {@link #suggest} finds them, {@code exclude} left out; empty without a vector index. */
    List<Neighbours.Neighbour> neighbours(String title, String abstractText, Set<String> accessLevels, Set<String> exclude) {
        return neighbours.map(n -> n.of(title, abstractText, accessLevels, exclude)).orElse(List.of());
    }

    Optional<Neighbours> neighbourSearch() {
        return neighbours;
    }

    MentionFinder finder() {
        return finder.get();
    }

    /** The terms directly broader than a term, in the vocabulary loaded now. */
    Function<String, List<String>> broader() {
        VocabularyIndex vocab = vocabulary.get();
        return id -> vocab.byId(id).map(Term::broader).orElse(List.of());
    }

    /** The terms directly narrower than a term, in the vocabulary loaded now. */
    Function<String, List<String>> narrower() {
        VocabularyIndex vocab = vocabulary.get();
        return id -> vocab.byId(id).map(Term::narrower).orElse(List.of());
    }

    Set<String> checkTags() {
        return checkTagSet().ids();
    }

    /** The age groups among the check tags, each with its ages. */
    Map<String, StudiedAges.Interval> ageGroups() {
        return checkTagSet().ageGroups();
    }

    private CheckTagSet checkTagSet() {
        VocabularyIndex vocab = vocabulary.get();
        CheckTagSet set = checkTags.get();
        if (set == null || set.vocabulary() != vocab) {
            set = new CheckTagSet(vocab, CheckTags.ids(vocab), CheckTags.ageGroups(vocab));
            checkTags.set(set);
        }
        return set;
    }

    private static List<Evidence> evidence(SubjectCandidates.Candidate c) {
        List<Evidence> out = new ArrayList<>();
        c.mentions().stream().filter(m -> !m.negated()).limit(MAX_EVIDENCE)
                .forEach(m -> out.add(new MentionEvidence(m.exact(), m.part(), m.start(), m.end())));
        c.neighbours().stream().limit(MAX_EVIDENCE)
                .forEach(n -> out.add(new NeighbourEvidence(n.pid(), n.title(), n.similarity())));
        if (c.name() != null) {
            out.add(new NameEvidence(c.name().similarity(), c.name().rank() + 1));
        }
        return out;
    }
}
