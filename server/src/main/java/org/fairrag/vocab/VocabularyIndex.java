package org.fairrag.vocab;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The whole vocabulary in memory (MeSH is about 30,000 descriptors and 260,000 names): lookup by id,
 * PID, name and tree number, and the narrower closure for "explode". Immutable; a new index replaces
 * the old one after a vocabulary load.
 */
public final class VocabularyIndex {

    private static final Pattern WHITESPACE = Pattern.compile("\\s+");

    private final Map<String, Term> byId;
    private final Map<String, Term> byPid;
    private final Map<String, String> idByPrefLabel;
    private final Map<String, String> idByAltLabel;
    private final Map<String, String> idByTreeNumber;

    private VocabularyIndex(Map<String, Term> byId) {
        this.byId = byId;
        this.byPid = new HashMap<>(byId.size() * 2);
        this.idByPrefLabel = new HashMap<>(byId.size() * 2);
        this.idByTreeNumber = new HashMap<>(byId.size() * 3);
        Map<String, String> alt = new HashMap<>(byId.size() * 8);
        Set<String> ambiguousAlt = new HashSet<>();
        for (Term t : byId.values()) {
            byPid.put(t.pid(), t);
            idByPrefLabel.put(normalise(t.label()), t.id());
            t.treeNumbers().forEach(tn -> idByTreeNumber.put(tn, t.id()));
            for (String a : t.altLabels()) {
                String key = normalise(a);
                String previous = alt.putIfAbsent(key, t.id());
                if (previous != null && !previous.equals(t.id())) {
                    ambiguousAlt.add(key);
                }
            }
        }
        // An entry term shared by two descriptors says nothing certain about either.
        ambiguousAlt.forEach(alt::remove);
        this.idByAltLabel = alt;
    }

    public static VocabularyIndex empty() {
        return new VocabularyIndex(Map.of());
    }

    /** Builds the index from concepts; {@code pidOf} gives each concept id its PID URL. */
    public static VocabularyIndex of(Collection<Concept> concepts, Function<String, String> pidOf) {
        Map<String, List<String>> narrower = new HashMap<>();
        for (Concept c : concepts) {
            for (String b : c.broaderIds()) {
                narrower.computeIfAbsent(b, k -> new ArrayList<>()).add(c.id());
            }
        }
        Map<String, Term> byId = new HashMap<>(concepts.size() * 2);
        for (Concept c : concepts) {
            List<String> children = new ArrayList<>(narrower.getOrDefault(c.id(), List.of()));
            Collections.sort(children);
            byId.put(c.id(), new Term(c.id(), pidOf.apply(c.id()), c.sourceIri(), c.prefLabel(), c.altLabels(), c.notations(),
                    c.broaderIds(), List.copyOf(children), c.scopeNote()));
        }
        return new VocabularyIndex(byId);
    }

    /** An index of these terms, as they were (their narrower links included), e.g. read back from a snapshot. */
    public static VocabularyIndex ofTerms(Collection<Term> terms) {
        Map<String, Term> byId = new HashMap<>(terms.size() * 2);
        terms.forEach(t -> byId.put(t.id(), t));
        return new VocabularyIndex(byId);
    }

    /**
     * This vocabulary with {@code published} added (or replacing terms of the same id), as reading the
     * vocabulary graph back would give it once they are published: names, tree numbers and broader links
     * sorted and without repeats, broader links only to terms the vocabulary has.
     */
    public VocabularyIndex withPublished(Collection<Concept> published, Function<String, String> pidOf) {
        Map<String, Concept> all = new java.util.LinkedHashMap<>();
        Map<String, String> pids = new HashMap<>(byId.size() + published.size());
        for (Term t : byId.values()) {
            all.put(t.id(), new Concept(t.id(), t.sourceIri(), t.label(), t.altLabels(), t.treeNumbers(), t.broader(),
                    t.scopeNote()));
            pids.put(t.id(), t.pid());
        }
        for (Concept c : published) {
            all.put(c.id(), c);
            pids.put(c.id(), pidOf.apply(c.id()));
        }
        List<Concept> normalised = new ArrayList<>(all.size());
        for (Concept c : all.values()) {
            normalised.add(new Concept(c.id(), c.sourceIri(), c.prefLabel(), sortedDistinct(c.altLabels()),
                    sortedDistinct(c.notations()), sortedDistinct(c.broaderIds().stream().filter(all::containsKey).toList()),
                    c.scopeNote()));
        }
        return of(normalised, pids::get);
    }

    private static List<String> sortedDistinct(List<String> values) {
        return values.stream().distinct().sorted().toList();
    }

    public int size() {
        return byId.size();
    }

    public boolean isEmpty() {
        return byId.isEmpty();
    }

    public Optional<Term> byId(String id) {
        return Optional.ofNullable(byId.get(id));
    }

    public Optional<Term> byPid(String pid) {
        return Optional.ofNullable(byPid.get(pid));
    }

    public Collection<Term> terms() {
        return Collections.unmodifiableCollection(byId.values());
    }

    /**
     * The id of the term with this name: a preferred name first, then an entry term that belongs to one
     * term only. Case and surrounding whitespace do not matter.
     */
    public Optional<String> resolveName(String name) {
        String key = normalise(name);
        String id = idByPrefLabel.get(key);
        return Optional.ofNullable(id != null ? id : idByAltLabel.get(key));
    }

    public Optional<String> resolveTreeNumber(String treeNumber) {
        return Optional.ofNullable(idByTreeNumber.get(treeNumber.trim()));
    }

    /** The term and every term below it, following narrower links to any depth. */
    public Set<String> withDescendants(String id) {
        Set<String> out = new LinkedHashSet<>();
        Deque<String> todo = new ArrayDeque<>();
        todo.add(id);
        while (!todo.isEmpty()) {
            String next = todo.poll();
            if (out.add(next)) {
                Term t = byId.get(next);
                if (t != null) {
                    todo.addAll(t.narrower());
                }
            }
        }
        return out;
    }

    static String normalise(String name) {
        return WHITESPACE.matcher(name.trim()).replaceAll(" ").toLowerCase(Locale.ROOT);
    }
}
