package org.fairrag.annotate;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fairrag.annotate.StudiedAges.Interval;
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

    /**
     * The age groups by their MeSH scope notes: Infant, Newborn birth to 1 month; Infant 1 to 23 months; Child, Preschool 2
     * to 5 years; Child 6 to 12; Adolescent 13 to 18; Young Adult 19 to 24; Adult 19 to 44; Middle Aged 45 to 64; Aged 65
     * to 79; Aged, 80 and over 80 and more. Each from its first age to before the next group's.
     */
    static final Map<String, Interval> AGE_GROUPS = Map.of("Infant, Newborn", new Interval(0, 1 / 12.0),
            "Infant", new Interval(1 / 12.0, 2), "Child, Preschool", new Interval(2, 6), "Child", new Interval(6, 13),
            "Adolescent", new Interval(13, 19), "Young Adult", new Interval(19, 25), "Adult", new Interval(19, 45),
            "Middle Aged", new Interval(45, 65), "Aged", new Interval(65, 80),
            "Aged, 80 and over", new Interval(80, StudiedAges.OLDEST));

    private CheckTags() {}

    /** The ids of the age groups the vocabulary has, each with its ages (none for a vocabulary other than MeSH). */
    public static Map<String, Interval> ageGroups(VocabularyIndex vocabulary) {
        Map<String, Interval> groups = new HashMap<>();
        AGE_GROUPS.forEach((name, ages) -> vocabulary.resolveName(name).ifPresent(id -> groups.put(id, ages)));
        return Map.copyOf(groups);
    }

    /** The ids of the check tags the vocabulary has (none for a vocabulary other than MeSH). */
    public static Set<String> ids(VocabularyIndex vocabulary) {
        Set<String> out = new HashSet<>();
        for (String name : NAMES) {
            vocabulary.resolveName(name).ifPresent(out::add);
        }
        return Set.copyOf(out);
    }
}
