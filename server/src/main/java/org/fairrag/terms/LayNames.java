package org.fairrag.terms;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyIndex;

/**
 * Everyday names for MeSH descriptors that MeSH does not list ("belly button" for Umbilicus), from the
 * bundled consumer-health lexicon {@code fairrag/terms/lay-names.tsv} (see its header for how it was
 * made). Rows name their descriptor by UI and preferred name; a vocabulary whose ids are not MeSH UIs
 * gets the rows whose preferred name it has, and rows whose descriptor the vocabulary lacks are ignored.
 * Immutable.
 */
final class LayNames {

    static final String RESOURCE = "/fairrag/terms/lay-names.tsv";

    private static final TermWords WORDS = new TermWords();

    private record Row(String layName, String descriptor, String preferredName) {}

    private final List<Row> rows;

    private LayNames(List<Row> rows) {
        this.rows = List.copyOf(rows);
    }

    static LayNames none() {
        return new LayNames(List.of());
    }

    static LayNames bundled() {
        List<Row> rows = new ArrayList<>();
        for (String[] cells : BundledTable.resource(RESOURCE, 3)) {
            rows.add(new Row(cells[0], cells[1], cells[2]));
        }
        return new LayNames(rows);
    }

    /** The lay names of each term of the vocabulary that has some, by term id. */
    Map<String, List<String>> byTermId(VocabularyIndex vocabulary) {
        Map<String, List<String>> out = new HashMap<>();
        for (Row r : rows) {
            vocabulary.byId(r.descriptor)
                    .or(() -> vocabulary.resolveName(r.preferredName).flatMap(vocabulary::byId))
                    .filter(t -> t.label().equalsIgnoreCase(r.preferredName))
                    .map(Term::id)
                    .ifPresent(id -> out.computeIfAbsent(id, k -> new ArrayList<>()).add(r.layName));
        }
        return out;
    }

    /**
     * These lay names without the rows that name one of {@code names} as the lexicon compares names: by
     * {@link #key}, so "Belly-Buttons" takes out the row "belly button".
     */
    LayNames without(Collection<String> names) {
        Set<String> drop = names.stream().map(LayNames::key).collect(Collectors.toSet());
        return new LayNames(rows.stream().filter(r -> !drop.contains(key(r.layName))).toList());
    }

    /** The {@link #key} of every row. */
    Set<String> keys() {
        return rows.stream().map(r -> key(r.layName)).collect(Collectors.toUnmodifiableSet());
    }

    /**
     * The form under which the lexicon files a name: its words ({@link TermWords}: case, accents, plurals,
     * possessives, hyphens and function words aside) as a set, so word order does not count either.
     */
    static String key(String name) {
        return String.join(" ", new TreeSet<>(WORDS.of(name)));
    }

    /** Every row's lay name, in the table's order. */
    List<String> names() {
        return rows.stream().map(Row::layName).toList();
    }

    int size() {
        return rows.size();
    }
}
