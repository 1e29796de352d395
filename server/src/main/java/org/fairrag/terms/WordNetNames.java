package org.fairrag.terms;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyIndex;

/**
 * WordNet's names for MeSH descriptors, from the bundled {@code fairrag/terms/wordnet-names.tsv} (generated from
 * WordNet 3.1 by {@code tools/wordnet/WordNetNames.java}; its header says how): a WordNet noun that no MeSH name
 * is, with the descriptor named by another word of one of its synsets ("heat hyperpyrexia" is a synonym of
 * "heatstroke", Heat Stroke), or by a word of that synset's direct hypernym. Rows name their descriptor by UI and
 * preferred name, as {@link LayNames} rows do. Immutable.
 */
final class WordNetNames {

    static final String RESOURCE = "/fairrag/terms/wordnet-names.tsv";

    /** How a WordNet word is related to the descriptor's name. */
    enum Relation { SYNONYM, HYPERNYM }

    /**
     * A descriptor a WordNet word stands for.
     *
     * @param word  the WordNet word, as WordNet writes it
     * @param via   the descriptor's name (preferred or entry term) that is a word of the same synset, or of its hypernym
     * @param sense the rank of that synset among the word's noun senses, 1 being the most frequent
     */
    record Link(String termId, String word, String via, Relation relation, int sense) {}

    private record Row(String word, String descriptor, String preferredName, String via, Relation relation, int sense) {}

    private final List<Row> rows;

    private WordNetNames(List<Row> rows) {
        this.rows = List.copyOf(rows);
    }

    static WordNetNames none() {
        return new WordNetNames(List.of());
    }

    static WordNetNames bundled() {
        List<Row> rows = new ArrayList<>();
        for (String[] c : BundledTable.resource(RESOURCE, 7)) {
            rows.add(new Row(c[0], c[1], c[2], c[3], Relation.valueOf(c[4].toUpperCase(java.util.Locale.ROOT)),
                    Integer.parseInt(c[5])));
        }
        return new WordNetNames(rows);
    }

    /**
     * The links of the words, by the words' {@link LayNames#key} (the form under which the lexicon files names), for
     * the descriptors the vocabulary has, up to sense {@code maxSense}; the synonyms of a word, when it has some, else
     * its hypernyms (when {@code hypernyms}).
     */
    Map<String, List<Link>> byKey(VocabularyIndex vocabulary, int maxSense, boolean hypernyms) {
        Map<String, List<Link>> synonyms = new HashMap<>();
        Map<String, List<Link>> broader = new HashMap<>();
        for (Row r : rows) {
            if (r.sense > maxSense || (r.relation == Relation.HYPERNYM && !hypernyms)) {
                continue;
            }
            vocabulary.byId(r.descriptor)
                    .or(() -> vocabulary.resolveName(r.preferredName).flatMap(vocabulary::byId))
                    .filter(t -> t.label().equalsIgnoreCase(r.preferredName))
                    .map(Term::id)
                    .ifPresent(id -> (r.relation == Relation.SYNONYM ? synonyms : broader)
                            .computeIfAbsent(LayNames.key(r.word), k -> new ArrayList<>())
                            .add(new Link(id, r.word, r.via, r.relation, r.sense)));
        }
        broader.forEach(synonyms::putIfAbsent);
        return synonyms;
    }

    int size() {
        return rows.size();
    }
}
