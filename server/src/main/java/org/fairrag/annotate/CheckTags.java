package org.fairrag.annotate;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.fairrag.vocab.VocabularyIndex;

/**
 * MeSH check tags: the descriptors NLM's indexers consider for every article whatever its topic (species,
 * sex, age groups, pregnancy, historical periods). They make up a large share of any article's subjects and
 * are suggested mostly from the neighbours, so quality figures are reported with and without them, as
 * BioASQ does.
 */
public final class CheckTags {

    /** Their preferred names in MeSH 2024. */
    static final List<String> NAMES = List.of("Humans", "Animals", "Male", "Female", "Pregnancy", "Infant, Newborn",
            "Infant", "Child, Preschool", "Child", "Adolescent", "Young Adult", "Adult", "Middle Aged", "Aged",
            "Aged, 80 and over", "Cats", "Cattle", "Chick Embryo", "Dogs", "Guinea Pigs", "Cricetinae", "Mice", "Rabbits",
            "Rats", "History, Ancient", "History, Medieval", "History, 15th Century", "History, 16th Century",
            "History, 17th Century", "History, 18th Century", "History, 19th Century", "History, 20th Century",
            "History, 21st Century");

    private CheckTags() {}

    /** The ids of the check tags the vocabulary has (none for a vocabulary other than MeSH). */
    public static Set<String> ids(VocabularyIndex vocabulary) {
        Set<String> out = new HashSet<>();
        for (String name : NAMES) {
            vocabulary.resolveName(name).ifPresent(out::add);
        }
        return Set.copyOf(out);
    }
}
