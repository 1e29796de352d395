package org.fairrag.ask;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fairrag.terms.TermMatch;
import org.fairrag.terms.TermSearch;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyIndex;

/**
 * Other readings of a question's topic words, offered when the term they were linked to holds almost no article
 * of the collection: the other terms a name of which covers the words too ("cold" is Common Cold, and also Cold
 * Temperature), and the broader terms that share a word with it (Nasopharyngeal Carcinoma, with one article in the
 * demo, is under Nasopharyngeal Neoplasms, with 134). Each reading holds more articles than the term taken, counted
 * by the query a count question runs, and comes as a question to ask instead. Blocking (one count query per term
 * looked at).
 */
final class OtherReadings {

    /** A term with fewer articles than this is worth another reading. */
    static final long FEW = 3;
    /** At most this many readings are offered per topic. */
    static final int MAX_PER_TOPIC = 3;

    /** How many articles are about a term or a narrower one, for the caller's graphs, counting no further than {@code upTo}. */
    interface Counter {
        long count(LinkedTerm term, Set<String> graphs, long upTo);
    }

    /**
     * @param instead  the term the words were linked to
     * @param term     the other reading
     * @param broader  whether it is a broader term of the one taken (else another term the words name)
     * @param articles how many articles it holds (with narrower terms), against {@code insteadArticles}
     * @param question the question with its words replaced by the reading's name
     */
    record Reading(LinkedTerm instead, long insteadArticles, LinkedTerm term, boolean broader, long articles,
                   String question) {}

    private final TermSearch terms;
    private final Supplier<VocabularyIndex> vocabulary;
    private final Counter counter;

    OtherReadings(TermSearch terms, Supplier<VocabularyIndex> vocabulary, Counter counter) {
        this.terms = terms;
        this.vocabulary = vocabulary;
        this.counter = counter;
    }

    /** The readings of each topic of a selection question whose term holds fewer than {@link #FEW} articles. */
    List<Reading> of(String question, Interpretation in, Set<String> graphs) {
        if (in.shape().subject() != Shape.Subject.SELECTION) {
            return List.of();
        }
        List<Reading> out = new ArrayList<>();
        for (Topic topic : in.selection().topics()) {
            for (LinkedTerm taken : topic.anyOf()) {
                long held = counter.count(taken, graphs, FEW);
                if (held >= FEW) {
                    continue;
                }
                List<Reading> readings = new ArrayList<>();
                Set<String> broader = Set.copyOf(vocabulary.get().byId(taken.id()).map(Term::broader).orElse(List.of()));
                for (LinkedTerm other : candidates(taken)) {
                    long n = counter.count(other, graphs, Long.MAX_VALUE);
                    String asked = replaced(question, taken.text(), other.label());
                    if (n > held && asked != null) {
                        readings.add(new Reading(taken, held, other, broader.contains(other.id()), n, asked));
                    }
                }
                readings.sort((a, b) -> Long.compare(b.articles(), a.articles()));
                out.addAll(readings.subList(0, Math.min(MAX_PER_TOPIC, readings.size())));
            }
        }
        return out;
    }

    /**
     * Other terms a name of which covers the words wholly (as the term taken does: one covering them only nearly
     * offered Cells for "HNSCC"), then the broader terms that share a word with the one taken.
     */
    private List<LinkedTerm> candidates(LinkedTerm taken) {
        VocabularyIndex vocab = vocabulary.get();
        Map<String, LinkedTerm> out = new LinkedHashMap<>();
        for (TermMatch m : terms.byName(taken.text(), 5)) {
            if (m.score() >= TopicLinker.WHOLE && !m.id().equals(taken.id())) {
                vocab.byId(m.id()).ifPresent(t -> out.putIfAbsent(t.id(), linked(taken.text(), t, m.matched())));
            }
        }
        Term term = vocab.byId(taken.id()).orElse(null);
        if (term != null) {
            Set<String> words = words(term.label());
            for (String id : term.broader()) {
                vocab.byId(id).filter(b -> words(b.label()).stream().anyMatch(words::contains))
                        .ifPresent(b -> out.putIfAbsent(b.id(), linked(taken.text(), b, b.label())));
            }
        }
        return List.copyOf(out.values());
    }

    private static LinkedTerm linked(String text, Term t, String matched) {
        return new LinkedTerm(text, t.id(), t.label(), t.pid(), matched);
    }

    private static Set<String> words(String label) {
        Set<String> out = new HashSet<>();
        for (String w : TopicLinker.fold(label).split(" ")) {
            if (w.length() > 2) {
                out.add(w);
            }
        }
        return out;
    }

    /** The question with the words (as folded) replaced by {@code name}; null when they cannot be found in it. */
    static String replaced(String question, String words, String name) {
        String[] parts = words.trim().split(" +");
        StringBuilder pattern = new StringBuilder("(?<![\\p{L}\\p{N}])");
        for (int i = 0; i < parts.length; i++) {
            pattern.append(i == 0 ? "" : "[^\\p{L}\\p{N}]+").append(Pattern.quote(parts[i]));
        }
        pattern.append("(?![\\p{L}\\p{N}])");
        Matcher m = Pattern.compile(pattern.toString(), Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE).matcher(question);
        return m.find() ? question.substring(0, m.start()) + name + question.substring(m.end()) : null;
    }

    /** The sentence an answer adds: what the term taken holds, and what the other readings do. */
    static String sentence(List<Reading> readings) {
        StringBuilder out = new StringBuilder();
        Map<LinkedTerm, List<Reading>> byTopic = new LinkedHashMap<>();
        readings.forEach(r -> byTopic.computeIfAbsent(r.instead(), k -> new ArrayList<>()).add(r));
        byTopic.forEach((taken, others) -> {
            out.append(out.isEmpty() ? "" : " ").append(taken.label()).append(" holds ")
                    .append(count(others.get(0).insteadArticles())).append(" here; other readings of \"")
                    .append(taken.text().toLowerCase(Locale.ROOT)).append("\" hold more: ");
            List<String> named = others.stream().map(r -> r.term().label() + (r.broader() ? ", a broader term" : "")
                    + " (" + count(r.articles()) + ")").toList();
            out.append(String.join("; ", named)).append('.');
        });
        return out.toString();
    }

    private static String count(long n) {
        return n + (n == 1 ? " article" : " articles");
    }
}
