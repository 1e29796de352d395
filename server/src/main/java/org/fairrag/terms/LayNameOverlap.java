package org.fairrag.terms;

import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * Which phrases of an evaluation set the bundled lay-name lexicon already lists, compared as the lexicon
 * files names ({@link LayNames#key}: case, plurals, hyphens and word order aside). A phrase it lists
 * measures recall of the lexicon, not what term search does with words it was never given.
 */
public final class LayNameOverlap {

    private final LayNames layNames;
    private final Set<String> rowKeys;

    private LayNameOverlap(LayNames layNames) {
        this.layNames = layNames;
        this.rowKeys = layNames.keys();
    }

    /** Against the bundled lexicon, {@code fairrag/terms/lay-names.tsv}. */
    public static LayNameOverlap bundled() {
        return new LayNameOverlap(LayNames.bundled());
    }

    /** Whether a row of the lexicon names {@code phrase}. */
    public boolean listed(String phrase) {
        return rowKeys.contains(LayNames.key(phrase));
    }

    /** The phrases a row of the lexicon names, in their order. */
    public List<String> listedAmong(Collection<String> phrases) {
        return phrases.stream().filter(this::listed).toList();
    }

    /** How many rows of the lexicon name one of {@code phrases}: what {@link TermLexicon#withoutLayNamesFor} takes out. */
    public int rowsNaming(Collection<String> phrases) {
        return layNames.size() - layNames.without(phrases).size();
    }
}
