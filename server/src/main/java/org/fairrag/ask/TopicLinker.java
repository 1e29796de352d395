package org.fairrag.ask;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.fairrag.terms.TermMatch;
import org.fairrag.terms.TermSearch;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyIndex;

/**
 * Links the topic words of a question to vocabulary terms through the term search's lexicon (so lay
 * words work: "heart attacks", "water pills"), and reads how they combine: "X or Y" is one topic with
 * alternatives, "X and Y" and "X in Y" are two topics, "X but not Y" excludes Y. A phrase is linked
 * only when a name of a term covers it wholly (lexical score of 1 or more): the parser would rather
 * not answer than answer about the wrong term.
 */
final class TopicLinker {

    /** A lexical score from which a name covers the phrase wholly and is wholly covered by it. */
    static final double WHOLE = 1.0;
    /** A lexical score from which a name that stands clearly above the next one is taken for a phrase. */
    static final double NEARLY_WHOLE = 0.85;
    static final double CLEAR_MARGIN = 0.1;

    /** Words that stand for nothing in a topic: the frame of the question around it. */
    static final Set<String> FILLERS = Set.of(
            "a", "an", "the", "any", "some", "all", "every", "each", "this", "that", "these", "those", "which", "what",
            "who", "whom", "whose", "how", "many", "much", "number", "count", "total", "overall", "altogether",
            "article", "articles", "paper", "papers", "publication", "publications", "pubs", "document", "documents",
            "record", "records", "literature", "abstract", "abstracts", "item", "items", "entry", "entries", "works",
            "about", "regarding", "concerning", "re", "on", "around", "related", "relating", "relate", "relates",
            "relevant", "dealing", "deal", "deals", "discussing", "discuss", "discusses", "discussed", "mentioning",
            "mention", "mentions", "mentioned", "covering", "cover", "covers", "covered", "addressing", "address",
            "addresses", "talking", "talk", "talks", "looking", "looked", "look", "looks", "at", "investigating",
            "investigate", "investigated", "examining", "examine", "examined", "exploring", "explore", "explored",
            "describing", "describe", "described", "focusing", "focused", "focus", "focuses", "tagged", "indexed",
            "labelled", "labeled", "classified", "filed", "is", "are", "was", "were", "be", "been", "being", "has",
            "have", "had", "having", "do", "does", "did", "there", "published", "publish", "publishing", "written",
            "write", "wrote", "came", "come", "comes", "out", "appeared", "appear", "appears", "released", "printed",
            "exist", "exists", "existing", "available", "i", "me", "my", "we", "us", "our", "you", "your", "can",
            "could", "would", "should", "will", "shall", "may", "might", "please", "find", "found", "show", "list",
            "give", "get", "tell", "know", "want", "need", "like", "see", "search", "fetch", "retrieve", "return",
            "collection", "database", "dataset", "corpus", "library", "fairrag", "here", "in total", "so", "far",
            "yet", "already", "ever", "still", "also", "just", "only", "even", "very", "really", "it", "its", "they",
            "them", "their", "topic", "subject", "matter", "mesh", "term", "terms", "heading", "headings", "to",
            "publishes", "writes", "contain", "contains", "hold", "holds", "include", "includes", "done", "conducted",
            "carried", "performed", "undertaken", "made", "run", "said", "reported", "researched", "read", "reading",
            "learn", "learning", "understand",
            "represented", "included", "contained", "listed", "stored", "held", "kept",
            "of", "by", "anything", "something", "stuff", "things", "thing", "kind", "sort");

    /** Words dropped from a phrase only when it does not link with them ("mouse studies" is about mice). */
    static final Set<String> SOFT_FILLERS = Set.of("study", "studies", "research", "researches", "work", "trial",
            "trials", "patient", "patients", "people", "person", "persons", "individuals", "subjects", "participants",
            "population", "populations", "treatment", "treatments", "treating", "therapy", "therapies", "management",
            "role", "effect", "effects", "impact", "outcome", "outcomes", "use", "using", "evidence", "information",
            "data", "field", "area", "condition", "conditions", "problem", "problems", "issue", "issues", "findings",
            "results", "case", "cases", "report", "reports", "review", "reviews", "new");

    private static final Set<String> NOT_WORDS = Set.of("not", "without", "excluding", "exclude", "except", "minus",
            "nor", "neither", "unrelated", "apart", "other", "no");
    private static final Set<String> OR_WORDS = Set.of("or", "either", "and/or");
    private static final Set<String> AND_WORDS = Set.of("and", "plus", "both", "together", "along", "combined", "as");
    /** Words that join two topics more loosely ("asthma in children", "patients with diabetes"). */
    private static final Set<String> WEAK_WORDS = Set.of("in", "with", "among", "amongst", "for", "versus", "vs",
            "v", "against", "during", "after", "following");

    /** Topics read from words, or the words that could not be linked. */
    record Result(List<Topic> topics, List<Topic> excluded, List<String> unlinked) {
        boolean linked() {
            return unlinked.isEmpty();
        }
    }

    private final TermSearch terms;
    private final Supplier<VocabularyIndex> vocabulary;
    /** The lexicon's answers for the phrases of one question, asked once each. */
    private final Map<String, List<TermMatch>> looked = new HashMap<>();

    /** A linker for one question (it remembers the phrases it looked up). */
    TopicLinker(TermSearch terms, Supplier<VocabularyIndex> vocabulary) {
        this.terms = terms;
        this.vocabulary = vocabulary;
    }

    private List<TermMatch> byName(String phrase) {
        return looked.computeIfAbsent(phrase, p -> terms.byName(p, 3));
    }

    /**
     * Reads the topics of the words left of a question once its frame is removed. {@code treeNumbers} and
     * {@code meshIds} give the values of the {@link QuestionText#TREE} and {@link QuestionText#MESH_ID}
     * placeholders, in order.
     */
    Result topics(String words, boolean major, List<String> meshIds, List<String> treeNumbers) {
        Iterator<String> ids = meshIds.iterator();
        Iterator<String> trees = treeNumbers.iterator();
        List<String> tokens = new ArrayList<>();
        for (String w : words.split(" ")) {
            if (!w.isBlank() && !FILLERS.contains(w)) {
                tokens.add(w);
            }
        }
        tokens = keepNamesWhole(tokens);
        int not = notIndex(tokens);
        List<String> positive = not < 0 ? tokens : tokens.subList(0, not);
        List<String> negative = not < 0 ? List.of() : tokens.subList(not, tokens.size());
        List<String> unlinked = new ArrayList<>();
        List<Topic> topics = conjunction(trimConnectors(positive), major, ids, trees, unlinked);
        List<Topic> excluded = new ArrayList<>();
        List<String> negativeWords = trimConnectors(negative.stream().filter(w -> !NOT_WORDS.contains(w)
                && !w.equals("but") && !w.equals("than") && !w.equals("from")).toList());
        if (not >= 0 && negativeWords.isEmpty()) {
            unlinked.add(String.join(" ", negative)); // "not" with nothing to exclude
        }
        // Everything after "not" is excluded, each alternative on its own ("not about X or Y").
        for (Topic t : conjunction(negativeWords, false, ids, trees, unlinked)) {
            t.anyOf().forEach(term -> excluded.add(new Topic(List.of(term), false)));
        }
        return new Result(topics, excluded, unlinked);
    }

    /** The one term a phrase names, or empty. */
    Optional<LinkedTerm> term(String phrase, List<String> meshIds, List<String> treeNumbers) {
        List<String> tokens = new ArrayList<>();
        for (String w : phrase.split(" ")) {
            if (!w.isBlank() && !FILLERS.contains(w)) {
                tokens.add(w);
            }
        }
        List<String> unlinked = new ArrayList<>();
        List<LinkedTerm> found = phrase(tokens, meshIds.iterator(), treeNumbers.iterator(), unlinked);
        return unlinked.isEmpty() && found.size() == 1 ? Optional.of(found.get(0)) : Optional.empty();
    }

    /**
     * The terms some run of words (at most four, longest first, not overlapping) names wholly: what a question
     * that could not be read still says, for the answer that offers questions about it.
     */
    List<LinkedTerm> recognise(String words) {
        List<String> tokens = new ArrayList<>();
        for (String w : words.split(" ")) {
            if (!w.isBlank() && !FILLERS.contains(w) && !w.startsWith("#")) {
                tokens.add(w);
            }
        }
        tokens = keepNamesWhole(tokens);
        List<LinkedTerm> found = new ArrayList<>();
        int i = 0;
        while (i < tokens.size()) {
            int taken = 0;
            for (int n = Math.min(4, tokens.size() - i); n >= 1 && taken == 0; n--) {
                List<String> run = tokens.subList(i, i + n);
                if (run.stream().anyMatch(TopicLinker::isConnector) || SOFT_FILLERS.containsAll(run)) {
                    continue;
                }
                String phrase = String.join(" ", run);
                Optional<TermMatch> m = best(phrase);
                if (m.isPresent()) {
                    found.add(linked(phrase, m.get()));
                    taken = n;
                }
            }
            i += Math.max(1, taken);
        }
        return found;
    }

    /** The longest run of words, joining words included, that one name holds whole, as tried first. */
    private static final int LONGEST_NAME = 6;

    /**
     * The tokens with each run that a term's name holds whole, joining words included, made one token, so that no
     * split at "and", "or" or "in" cuts it: "head and neck cancer and smoking" is two topics, not three, and "head and
     * neck cancer in children" two. A run starts and ends with a word that joins nothing; the longest, leftmost wins.
     */
    private List<String> keepNamesWhole(List<String> tokens) {
        if (tokens.stream().noneMatch(TopicLinker::joins)) {
            return tokens;
        }
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < tokens.size()) {
            int end = -1;
            for (int j = Math.min(tokens.size(), i + LONGEST_NAME); j >= i + 3 && end < 0; j--) {
                List<String> run = tokens.subList(i, j);
                if (!isConnector(run.get(0)) && !isConnector(run.get(run.size() - 1))
                        && run.stream().anyMatch(TopicLinker::joins) && run.stream().noneMatch(w -> w.startsWith("#"))
                        && namedWhole(run)) {
                    end = j;
                }
            }
            if (end < 0) {
                out.add(tokens.get(i++));
            } else {
                out.add(String.join(" ", tokens.subList(i, end)));
                i = end;
            }
        }
        return out;
    }

    /** Whether a term's name covers the run wholly and holds each of its joining words. */
    private boolean namedWhole(List<String> run) {
        return best(String.join(" ", run)).map(m -> {
            Set<String> nameWords = Set.of(fold(m.matched()).split(" "));
            return run.stream().filter(TopicLinker::joins).allMatch(nameWords::contains);
        }).orElse(false);
    }

    private static boolean joins(String w) {
        return AND_WORDS.contains(w) || OR_WORDS.contains(w) || WEAK_WORDS.contains(w);
    }

    private static int notIndex(List<String> tokens) {
        for (int i = 0; i < tokens.size(); i++) {
            String w = tokens.get(i);
            boolean twoWord = i + 1 < tokens.size() && (w.equals("other") && tokens.get(i + 1).equals("than")
                    || w.equals("apart") && tokens.get(i + 1).equals("from"));
            if (twoWord || NOT_WORDS.contains(w) && !w.equals("other") && !w.equals("apart")) {
                return i;
            }
        }
        return -1;
    }

    /** Topics all of which must hold: split at "and", each part split at "or", each alternative linked. */
    private List<Topic> conjunction(List<String> tokens, boolean major, Iterator<String> ids, Iterator<String> trees,
                                    List<String> unlinked) {
        if (tokens.isEmpty()) {
            return List.of();
        }
        Optional<LinkedTerm> whole = wholly(tokens, AND_WORDS, ids, trees);
        if (whole.isPresent()) {
            return List.of(new Topic(List.of(whole.get()), major));
        }
        List<Topic> out = new ArrayList<>();
        for (List<String> part : split(tokens, AND_WORDS)) {
            List<LinkedTerm> alternatives = new ArrayList<>();
            List<List<String>> disjuncts = split(part, OR_WORDS);
            Optional<LinkedTerm> wholePart = disjuncts.size() > 1 ? wholly(part, OR_WORDS, ids, trees) : Optional.empty();
            if (wholePart.isPresent()) {
                out.add(new Topic(List.of(wholePart.get()), major));
                continue;
            }
            List<List<LinkedTerm>> perDisjunct = new ArrayList<>();
            for (List<String> disjunct : disjuncts) {
                perDisjunct.add(phrase(disjunct, ids, trees, unlinked));
            }
            if (disjuncts.size() == 1) {
                // One phrase may stand for several topics joined loosely ("asthma in children").
                perDisjunct.get(0).forEach(t -> out.add(new Topic(List.of(t), major)));
            } else {
                perDisjunct.forEach(alternatives::addAll);
                if (!alternatives.isEmpty()) {
                    out.add(new Topic(alternatives, major));
                }
            }
        }
        return out;
    }

    /**
     * The term words joined by connectors name as a whole, when a name of it holds the connector itself
     * ("head and neck cancer", but not "obesity and child", which asks for both).
     */
    private Optional<LinkedTerm> wholly(List<String> tokens, Set<String> connectors, Iterator<String> ids,
                                        Iterator<String> trees) {
        if (tokens.stream().noneMatch(connectors::contains)) {
            return Optional.empty();
        }
        String phrase = String.join(" ", tokens);
        return best(phrase).filter(m -> {
            Set<String> nameWords = Set.of(fold(m.matched()).split(" "));
            return tokens.stream().filter(connectors::contains).allMatch(nameWords::contains);
        }).map(m -> linked(phrase, m));
    }

    /**
     * The terms of a phrase without "and"/"or": the phrase as a whole, or split at a loose connector
     * ("in", "with"), or without the words that only frame a topic ("studies").
     */
    private List<LinkedTerm> phrase(List<String> tokens, Iterator<String> ids, Iterator<String> trees,
                                    List<String> unlinked) {
        List<String> words = trimConnectors(tokens);
        if (words.isEmpty()) {
            return List.of();
        }
        String text = String.join(" ", words);
        if (words.size() == 1 && (words.get(0).equals(QuestionText.MESH_ID) || words.get(0).equals(QuestionText.TREE))) {
            Optional<LinkedTerm> byCode = words.get(0).equals(QuestionText.MESH_ID)
                    ? (ids.hasNext() ? byId(ids.next()) : Optional.empty())
                    : (trees.hasNext() ? byTreeNumber(trees.next()) : Optional.empty());
            if (byCode.isEmpty()) {
                unlinked.add(text);
                return List.of();
            }
            return List.of(byCode.get());
        }
        boolean loose = words.stream().anyMatch(WEAK_WORDS::contains);
        Optional<TermMatch> whole = best(text);
        if (whole.isPresent() && (!loose || unambiguous(text))) {
            return List.of(linked(text, whole.get()));
        }
        if (loose) {
            List<LinkedTerm> parts = new ArrayList<>();
            List<String> failed = new ArrayList<>();
            for (List<String> part : split(words, WEAK_WORDS)) {
                parts.addAll(phrase(part, ids, trees, failed));
            }
            if (failed.isEmpty() && !parts.isEmpty()) {
                return parts;
            }
            if (whole.isPresent()) {
                return List.of(linked(text, whole.get()));
            }
        }
        List<String> kept = words.stream().filter(w -> !SOFT_FILLERS.contains(w)).toList();
        if (kept.isEmpty()) {
            return List.of(); // only framing words: no topic
        }
        if (kept.size() < words.size()) {
            return phrase(kept, ids, trees, unlinked);
        }
        Optional<TermMatch> nearly = loose ? Optional.empty() : nearlyWhole(text);
        if (nearly.isPresent()) {
            return List.of(linked(text, nearly.get()));
        }
        unlinked.add(text);
        return List.of();
    }

    /** The term a phrase names wholly, if one does. */
    private Optional<TermMatch> best(String phrase) {
        List<TermMatch> found = byName(phrase);
        if (found.isEmpty() || found.get(0).score() < WHOLE) {
            return Optional.empty();
        }
        return Optional.of(found.get(0));
    }

    /**
     * The term whose name covers most of a phrase that no name covers wholly, when it stands clearly above
     * the others ("covid vaccines" is COVID-19 Vaccines, whose name has one word more).
     */
    private Optional<TermMatch> nearlyWhole(String phrase) {
        List<TermMatch> found = byName(phrase);
        if (found.isEmpty() || found.get(0).score() < NEARLY_WHOLE) {
            return Optional.empty();
        }
        boolean clear = found.size() < 2 || found.get(0).score() - found.get(1).score() >= CLEAR_MARGIN;
        return clear ? Optional.of(found.get(0)) : Optional.empty();
    }

    /** Whether one term alone names the phrase wholly (two terms tying for it make it ambiguous). */
    private boolean unambiguous(String phrase) {
        List<TermMatch> found = byName(phrase);
        return found.size() < 2 || found.get(1).score() < found.get(0).score()
                || fold(found.get(0).matched()).equals(fold(phrase));
    }

    private LinkedTerm linked(String text, TermMatch m) {
        Term t = vocabulary.get().byId(m.id()).orElseThrow();
        return new LinkedTerm(text, t.id(), t.label(), t.pid(), m.matched());
    }

    private Optional<LinkedTerm> byId(String id) {
        return vocabulary.get().byId(id).map(t -> new LinkedTerm(id, t.id(), t.label(), t.pid(), t.id()));
    }

    private Optional<LinkedTerm> byTreeNumber(String treeNumber) {
        VocabularyIndex vocab = vocabulary.get();
        return vocab.resolveTreeNumber(treeNumber).flatMap(vocab::byId)
                .map(t -> new LinkedTerm(treeNumber, t.id(), t.label(), t.pid(), treeNumber));
    }

    private static List<List<String>> split(List<String> tokens, Set<String> connectors) {
        List<List<String>> parts = new ArrayList<>();
        List<String> current = new ArrayList<>();
        for (String w : tokens) {
            if (connectors.contains(w)) {
                if (!current.isEmpty()) {
                    parts.add(current);
                }
                current = new ArrayList<>();
            } else {
                current.add(w);
            }
        }
        if (!current.isEmpty()) {
            parts.add(current);
        }
        return parts;
    }

    private static List<String> trimConnectors(List<String> tokens) {
        int from = 0;
        int to = tokens.size();
        while (from < to && isConnector(tokens.get(from))) {
            from++;
        }
        while (to > from && isConnector(tokens.get(to - 1))) {
            to--;
        }
        return tokens.subList(from, to);
    }

    private static boolean isConnector(String w) {
        return AND_WORDS.contains(w) || OR_WORDS.contains(w) || WEAK_WORDS.contains(w) || NOT_WORDS.contains(w)
                || w.equals("but") || w.equals("with");
    }

    static String fold(String text) {
        String s = Normalizer.normalize(text, Normalizer.Form.NFD).replaceAll("\\p{M}+", "")
                .toLowerCase(Locale.ROOT).replaceAll("[^\\p{Alnum}/]+", " ").trim();
        return String.join(" ", Arrays.stream(s.split(" ")).filter(w -> !w.isEmpty()).toList());
    }
}
